import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import { OPERATION_LOG_PAGE_SIZE } from '@gm/contract/constants.ts';
import type { Page } from '@gm/contract/errors.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

/** The operation-log drawer: `GET get-log?page=0&size=30`, newest first so the oldest is last. */
export const layoutKeys = {
  all: ['layout'] as const,
  operationLog: () => [...layoutKeys.all, 'operation-log'] as const,
};

export function newestFirst(entries: readonly AuditEntry[]): AuditEntry[] {
  return [...entries].sort((a, b) => b.stamp - a.stamp);
}

export function operationLogQueryOptions() {
  return queryOptions({
    queryKey: layoutKeys.operationLog(),
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<AuditEntry>>(`${ADMIN_API}/get-log`, { page: 0, size: OPERATION_LOG_PAGE_SIZE }, { signal });
      return newestFirst(page?.results ?? []);
    },
  });
}
