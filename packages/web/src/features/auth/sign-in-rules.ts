import type { FormRule } from 'antd';
import { SIGN_IN_PASSWORD_MIN } from '@gm/contract/constants.ts';
import { translateKey } from '../../shared/translate.ts';

/**
 * The sign-in form's rules: the contract's `signInBody` (spec section 4) mirrored without zod.
 * Every other form takes its rules from the zod schemas (`form-rules.ts`); this one does not, so
 * the sign-in page does not download zod (a tenth of its budget, docs/performance.md). The
 * server still checks `signInBody`, and sign-in-rules.test.ts proves the two agree.
 */
const ACCOUNT = /^[A-Za-z0-9._-]{1,32}$/;
const OTP = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;
/** `PASSWORD_MAX` of auth.contract.ts (importing it would bring zod along). */
export const SIGN_IN_PASSWORD_MAX = 128;

export type SignInField = 'account' | 'password' | 'otp';

/** The message key (and its values) of the first problem of a field, as the schema reports it. */
export function signInProblem(field: SignInField, value: unknown): { key: string; values?: Record<string, unknown> } | null {
  const text = typeof value === 'string' ? value : undefined;
  switch (field) {
    case 'account': {
      const account = text?.trim() ?? '';
      if (!account) return { key: 'validation:accountRequired' };
      return ACCOUNT.test(account) ? null : { key: 'validation:correctUsername' };
    }
    case 'password':
      if (text === undefined || text.length < SIGN_IN_PASSWORD_MIN) return { key: 'validation:passwordMin5' };
      return text.length > SIGN_IN_PASSWORD_MAX ? { key: 'validation:passwordMax', values: { maximum: SIGN_IN_PASSWORD_MAX } } : null;
    case 'otp':
      // Optional: absent or empty passes; anything else must be a code once trimmed.
      if (text === undefined || text === '') return null;
      return OTP.test(text.trim()) ? null : { key: 'validation:otpFormat' };
  }
}

/** An antd rule for one field of the sign-in form. */
export function signInRule(field: SignInField): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = signInProblem(field, value);
      if (problem) throw new Error(translateKey(problem.key, problem.values));
    },
  };
}
