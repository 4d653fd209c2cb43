import { z } from 'zod';
import { secret } from './common.contract.ts';
import { SIGN_IN_PASSWORD_MIN } from './constants.ts';

/** Operator account names: letters, digits, dot, dash, underscore. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const PASSWORD_MAX = 128;

/** Sign-in keeps the spec's 5-character rule and messages; new passwords follow `newPassword`. */
export const signInBody = z.object({
  account: z
    .string({ error: 'validation.accountRequired' })
    .trim()
    .min(1, { error: 'validation.accountRequired' })
    .regex(/^[A-Za-z0-9._-]{1,32}$/, { error: 'validation.correctUsername' }),
  password: secret(
    z
      .string({ error: 'validation.passwordMin5' })
      .min(SIGN_IN_PASSWORD_MIN, { error: 'validation.passwordMin5' })
      .max(PASSWORD_MAX, { error: 'validation.passwordMax' }),
  ),
  otp: secret(
    z
      .string()
      .trim()
      .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: 'validation.otpFormat' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  ),
});
export type SignInBody = z.infer<typeof signInBody>;

/**
 * A new password: at least `min` characters (configurable, never below the spec's 5).
 * The server also refuses common passwords; that list lives on the server only.
 */
export function newPassword(min: number) {
  const floor = Math.max(min, SIGN_IN_PASSWORD_MIN);
  return secret(
    z
      .string({ error: 'validation.passwordRequired' })
      .min(floor, { error: 'validation.passwordMin' })
      .max(PASSWORD_MAX, { error: 'validation.passwordMax' }),
  );
}

export const accountName = z
  .string({ error: 'validation.accountRequired' })
  .trim()
  .regex(ACCOUNT_PATTERN, { error: 'validation.accountFormat' });

/** Sign-up's field is labelled Name (spec section 2), so an empty one asks for a name. */
const signUpName = z.string({ error: 'validation.nameRequired' }).trim().min(1, { error: 'validation.nameRequired' }).pipe(accountName);

export function signUpBody(passwordMin: number) {
  return z
    .object({ name: signUpName, password: newPassword(passwordMin), confirm: secret(z.string()) })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], error: 'validation.passwordMismatch' });
}
export type SignUpBody = z.infer<ReturnType<typeof signUpBody>>;

export const userContext = z.object({
  resourceIds: z.array(z.number()),
  roleId: z.string().nullable(),
  userName: z.string(),
  buttons: z.array(z.number()),
  account: z.string(),
  operatorId: z.string(),
  roleName: z.string().nullable(),
  totpEnabled: z.boolean(),
  /** The role requires a second factor the operator has not set up yet: only the profile works. */
  mustEnrollTotp: z.boolean(),
});
export type UserContext = z.infer<typeof userContext>;

export const contextResult = z.object({ userContext });

export const authPolicy = z.object({
  passwordMinLength: z.number(),
  idleMinutes: z.number(),
  maxHours: z.number(),
  /** Self sign-up is open (SIGNUP=on); new accounts wait for an administrator to give them a role. */
  signUp: z.boolean(),
});
export type AuthPolicy = z.infer<typeof authPolicy>;

export const changePasswordBody = (min: number) =>
  z
    .object({ current: secret(z.string().min(1, { error: 'validation.required' })), password: newPassword(min), confirm: secret(z.string()) })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], error: 'validation.passwordMismatch' });

export const totpSetupResult = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpEnableBody = z.object({ code: secret(z.string().trim().regex(/^\d{6}$/, { error: 'validation.otpFormat' })) });
export const totpEnableResult = z.object({ recoveryCodes: z.array(z.string()) });
export const totpDisableBody = z.object({ password: secret(z.string().min(1, { error: 'validation.required' })) });

export const sessionInfo = z.object({
  id: z.string(),
  operatorId: z.string(),
  account: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
