import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@gm/contract/auth.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import { sessionKeys } from '../../shared/user-context.tsx';

export const profileKeys = {
  all: ['profile'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};

export function mySessionsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.sessions(),
    queryFn: async ({ signal }) => (await api.get<SessionInfo[]>(`${ADMIN_API}/me/sessions`, undefined, { signal })) ?? [],
  });
}

export interface ChangePasswordValues {
  current: string;
  password: string;
  confirm: string;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      api.post<{ ok: true }>(`${ADMIN_API}/me/password`, values, { quiet: isFieldError }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: () => api.post<{ secret: string; otpauthUrl: string }>(`${ADMIN_API}/me/totp/setup`),
  });
}

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>(`${ADMIN_API}/me/totp/enable`, { code }, { quiet: isFieldError }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.context() }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<{ ok: true }>(`${ADMIN_API}/me/totp/disable`, { password }, { quiet: isFieldError }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.context() }),
  });
}

export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`${ADMIN_API}/me/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
