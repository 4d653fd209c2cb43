import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, auditQuery } from '@gm/contract/audit.contract.ts';
import type { Page } from '@gm/contract/errors.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

export type GmLogFilters = ListFilters<typeof auditQuery>;

export const gmLogKeys = {
  all: ['gm-log'] as const,
  lists: () => [...gmLogKeys.all, 'list'] as const,
  list: (filters: GmLogFilters) => [...gmLogKeys.lists(), filters] as const,
};

export function gmLogQueryOptions(filters: GmLogFilters) {
  return queryOptions({
    queryKey: gmLogKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<AuditEntry>>(
        `${ADMIN_API}/get-log`,
        {
          page: filters.page - 1,
          size: filters.size,
          operator: filters.operator,
          code: filters.code,
          target: filters.target,
          outcome: filters.outcome,
          from: filters.from,
          to: filters.to,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
