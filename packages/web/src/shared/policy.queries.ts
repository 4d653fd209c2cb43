import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthPolicy } from '@gm/contract/auth.contract.ts';
import { SIGN_IN_PASSWORD_MIN } from '@gm/contract/constants.ts';
import { ADMIN_API, api } from './api-client.ts';

/** `GET /sessions/policy.json` (public): the minimum length of new passwords, session limits. */
export const policyKeys = {
  all: ['policy'] as const,
};

/** Used until the policy arrives; the server's default for new passwords. */
export const DEFAULT_PASSWORD_MIN = 8;

export function policyQueryOptions() {
  return queryOptions({
    queryKey: policyKeys.all,
    queryFn: ({ signal }) => api.get<AuthPolicy>(`${ADMIN_API}/sessions/policy.json`, undefined, { signal, quiet: true }),
    staleTime: 10 * 60_000,
  });
}

/** Self sign-up is open (the server's SIGNUP setting); assumed open until the policy arrives. */
export function useSignUpOpen(): boolean {
  const policy = useQuery(policyQueryOptions());
  return policy.data?.signUp ?? true;
}

/** The minimum length of a new password, never below the spec's 5. */
export function usePasswordMinimum(): number {
  const policy = useQuery(policyQueryOptions());
  return Math.max(policy.data?.passwordMinLength ?? DEFAULT_PASSWORD_MIN, SIGN_IN_PASSWORD_MIN);
}
