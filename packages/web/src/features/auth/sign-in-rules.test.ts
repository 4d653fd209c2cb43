import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, signInBody } from '@gm/contract/auth.contract.ts';
import { issueKey } from '../../shared/form-rules.ts';
import { SIGN_IN_PASSWORD_MAX, signInProblem, type SignInField } from './sign-in-rules.ts';

/** What the contract's schema says about a value: the message key of its first issue, or null. */
function schemaProblem(field: SignInField, value: unknown): string | null {
  const parsed = signInBody.shape[field].safeParse(value);
  return parsed.success ? null : issueKey(parsed.error.issues[0] ?? { code: 'custom', message: '', path: [], input: value });
}

const SAMPLES: Record<SignInField, unknown[]> = {
  account: [undefined, null, 7, '', '   ', 'a', ' admin ', 'admin', 'a.b-c_d', 'x'.repeat(32), 'x'.repeat(33), 'ad min', '管理员', 'admin!'],
  password: [undefined, null, '', 'abcd', 'abcde', '     ', 'x'.repeat(128), 'x'.repeat(129), '密码密码密码'],
  otp: [undefined, '', ' ', '12345', '123456', ' 123456 ', '1234567', 'abcde-fghij', 'abcdefghij', 'abcde--fghij', 'abc', 'abcde_fghij'],
};

describe('sign-in rules without zod', () => {
  it('keep the contract maximum', () => {
    expect(SIGN_IN_PASSWORD_MAX).toBe(PASSWORD_MAX);
  });

  for (const [field, values] of Object.entries(SAMPLES) as [SignInField, unknown[]][]) {
    it(`agree with signInBody.${field}`, () => {
      for (const value of values) {
        expect({ value, key: signInProblem(field, value)?.key ?? null }).toEqual({ value, key: schemaProblem(field, value) });
      }
    });
  }
});
