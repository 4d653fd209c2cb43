import { useMutation } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';

/** Sign-in and sign-up are mutations only; the password policy query is shared (`policy.queries.ts`). */
export const authKeys = {
  all: ['auth'] as const,
};

/** Errors the sign-in form explains itself instead of a toast. */
const SIGN_IN_INLINE: readonly number[] = [
  ErrorCode.BAD_CREDENTIALS,
  ErrorCode.ACCOUNT_LOCKED,
  ErrorCode.OTP_REQUIRED,
  ErrorCode.OTP_INVALID,
  ErrorCode.ACCOUNT_DISABLED,
  ErrorCode.TOO_MANY_REQUESTS,
];

export function signInHandledInline(error: ApiError): boolean {
  return SIGN_IN_INLINE.includes(error.code) || isFieldError(error);
}

export interface SignInValues {
  account: string;
  password: string;
  otp?: string | undefined;
}

/** `POST /sessions/new.json`, form-encoded as the spec says; the result is the token. */
export function useSignIn() {
  return useMutation({
    mutationFn: (values: SignInValues) =>
      api.postForm<string>(
        `${ADMIN_API}/sessions/new.json`,
        { account: values.account.trim(), password: values.password, otp: values.otp?.trim() || undefined },
        { quiet: signInHandledInline },
      ),
  });
}

export interface SignUpValues {
  name: string;
  password: string;
  confirm: string;
}

export function useSignUp() {
  return useMutation({
    mutationFn: (values: SignUpValues) =>
      api.post<{ account: string }>(`${ADMIN_API}/registrations.json`, values, {
        quiet: (error) => isFieldError(error) || error.code === ErrorCode.CONFLICT,
      }),
  });
}
