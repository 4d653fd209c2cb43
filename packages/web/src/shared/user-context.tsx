import { createContext, useContext, type ReactNode } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { UserContext } from '@gm/contract/auth.contract.ts';
import { api, ADMIN_API } from './api-client.ts';
import { can } from './access.ts';

/**
 * The signed-in operator's user context (spec section 3: resourceIds, roleId, userName,
 * buttons), fetched by `PUT /sessions/context.json` and handed down by the session guard.
 */
export const sessionKeys = {
  all: ['session'] as const,
  context: () => [...sessionKeys.all, 'context'] as const,
};

export interface ContextResult {
  userContext?: UserContext | null;
}

/** `null` when the server answered without a user context (the spec's "missing context"). */
export async function fetchUserContext(options: { signal?: AbortSignal; token?: string } = {}): Promise<UserContext | null> {
  const result = await api.put<ContextResult | null>(`${ADMIN_API}/sessions/context.json`, undefined, {
    ...options,
    quiet: true,
    silentLogout: true,
  });
  return result?.userContext ?? null;
}

/** Ends the session on the server; quiet, since the caller is leaving anyway. */
export async function endCurrentSession(token?: string): Promise<void> {
  try {
    await api.delete(`${ADMIN_API}/sessions/current.json`, { quiet: true, silentLogout: true, ...(token ? { token } : {}) });
  } catch {
    // Already gone on the server: nothing more to end.
  }
}

export function contextQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.context(),
    queryFn: ({ signal }) => fetchUserContext({ signal }),
    staleTime: 60_000,
    retry: false,
  });
}

const UserContextReact = createContext<UserContext | null>(null);

export function UserContextProvider({ value, children }: { value: UserContext; children: ReactNode }) {
  return <UserContextReact.Provider value={value}>{children}</UserContextReact.Provider>;
}

/** The operator's context; only null outside the signed-in part of the app. */
export function useUserContext(): UserContext | null {
  return useContext(UserContextReact);
}

/** `isGranted` of the contract for the signed-in operator: in resourceIds and not denied. */
export function useCan(code: number): boolean {
  return can(useUserContext(), code);
}
