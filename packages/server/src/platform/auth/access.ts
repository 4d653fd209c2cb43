import { isGranted, withAncestors } from '@gm/contract/permissions.ts';

/** What a route requires: a catalogue code, no token at all, or any signed-in operator. */
export type RoutePermission = number | 'public' | 'session';

export interface Principal {
  operatorId: string;
  sessionId: string;
  account: string;
  name: string;
  roleId: string | null;
  roleName: string | null;
  resourceIds: number[];
  buttons: number[];
  totpEnabled: boolean;
  mustEnrollTotp: boolean;
}

/**
 * Pure decision used by the request gate; see access.test.ts. `selfService` routes are the
 * operator's own context and profile: the only ones open while a second factor must be set up,
 * and the only ones open to an operator with no permission at all (a fresh sign-up), who must
 * not learn even who else is signed in.
 */
export function decide(
  permission: RoutePermission,
  principal: Pick<Principal, 'resourceIds' | 'buttons' | 'mustEnrollTotp'> | null,
  selfService = false,
): 'allow' | 'logged-out' | 'enroll-totp' | 'denied' {
  if (permission === 'public') return 'allow';
  if (!principal) return 'logged-out';
  if (principal.mustEnrollTotp && !selfService) return 'enroll-totp';
  if (selfService) return permission === 'session' || isGranted(principal, permission) ? 'allow' : 'denied';
  if (principal.resourceIds.length === 0) return 'denied';
  if (permission === 'session') return 'allow';
  return isGranted(principal, permission) ? 'allow' : 'denied';
}

/** Codes as stored on a role: known codes with their ancestors, sorted. */
export function normalizeCodes(codes: readonly number[]): number[] {
  return withAncestors(codes);
}
