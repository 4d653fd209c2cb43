import type { UserContext } from '@gm/contract/auth.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';

/**
 * What the session guard does with the answer of `PUT /sessions/context.json` (spec section 4):
 * a 10002 means the token is dead; a missing context clears the token and raises the error;
 * an empty permission list clears the session with the no-permission error. An operator whose
 * role demands two-factor sign-in has permissions but must enrol first, so that is not empty.
 */
export type SessionProblem = 'loggedOut' | 'missingContext' | 'noPermission';

export function sessionProblem(state: { status: 'pending' | 'error' | 'success'; data?: UserContext | null; errorCode?: number | undefined }): SessionProblem | null {
  if (state.status === 'pending') return null;
  if (state.status === 'error') return state.errorCode === ErrorCode.LOGGED_OUT ? 'loggedOut' : null;
  if (!state.data) return 'missingContext';
  if (state.data.resourceIds.length === 0 && !state.data.mustEnrollTotp) return 'noPermission';
  return null;
}
