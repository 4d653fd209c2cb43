import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import type { SessionInfo } from '@gm/contract/auth.contract.ts';
import type { Page } from '@gm/contract/errors.ts';
import type { DashboardStats } from '@gm/contract/statistics.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

/** `GET /sessions/active`: every live session; IP and agent are empty without permission 25001. */
export type ActiveSession = SessionInfo;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  activeSessions: () => [...dashboardKeys.all, 'active-sessions'] as const,
  recentOperations: (account: string) => [...dashboardKeys.all, 'recent-operations', account] as const,
  gameFigures: () => [...dashboardKeys.all, 'game-figures'] as const,
};

export function activeSessionsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.activeSessions(),
    queryFn: async ({ signal }) => (await api.get<ActiveSession[]>(`${ADMIN_API}/sessions/active`, undefined, { signal })) ?? [],
    refetchInterval: 60_000,
  });
}

/** The operator's own last ten audit entries. */
export function recentOperationsQueryOptions(account: string) {
  return queryOptions({
    queryKey: dashboardKeys.recentOperations(account),
    queryFn: ({ signal }) =>
      api.get<Page<AuditEntry>>(`${ADMIN_API}/get-log`, { page: 0, size: 10, operator: account }, { signal }),
  });
}

/** The game's figures (online now and the last 24 h, today against yesterday at this hour), asked again every minute. */
export function gameFiguresQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.gameFigures(),
    queryFn: ({ signal }) => api.get<DashboardStats>(`${ADMIN_API}/statistics/dashboard`, undefined, { signal, quiet: true }),
    refetchInterval: 60_000,
  });
}
