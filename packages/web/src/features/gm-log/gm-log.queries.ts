import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditOutcome } from '@gm/contract/audit.contract.ts';
import type { Page } from '@gm/contract/errors.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

export interface GmLogFilters {
  operator?: string | undefined;
  code?: number | undefined;
  target?: string | undefined;
  outcome?: AuditOutcome | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** 1-based, as shown; the API's page is 0-based. */
  page: number;
  size: number;
}

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
