import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExceptionDetail, ExceptionPage, GameCallPage } from '@gm/contract/system-logs.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import type { ExceptionFilters, GameCallFilters } from './system-log-filters.ts';

export const systemLogKeys = {
  all: ['system-logs'] as const,
  exceptions: (filters: ExceptionFilters) => [...systemLogKeys.all, 'exceptions', filters] as const,
  exception: (id: string) => [...systemLogKeys.all, 'exception', id] as const,
  gameCalls: (filters: GameCallFilters) => [...systemLogKeys.all, 'game-calls', filters] as const,
};

export function exceptionsQueryOptions(filters: ExceptionFilters) {
  return queryOptions({
    queryKey: systemLogKeys.exceptions(filters),
    queryFn: ({ signal }) =>
      api.get<ExceptionPage>(
        `${ADMIN_API}/system/exceptions`,
        { page: filters.page - 1, size: filters.size, start: filters.start, end: filters.end, source: filters.source, what: filters.what, operator: filters.operator },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function exceptionDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: systemLogKeys.exception(id),
    queryFn: ({ signal }) => api.get<ExceptionDetail>(`${ADMIN_API}/system/exceptions/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function gameCallsQueryOptions(filters: GameCallFilters) {
  return queryOptions({
    queryKey: systemLogKeys.gameCalls(filters),
    queryFn: ({ signal }) =>
      api.get<GameCallPage>(
        `${ADMIN_API}/system/game-calls`,
        { page: filters.page - 1, size: filters.size, start: filters.start, end: filters.end, kind: filters.kind, outcome: filters.outcome, name: filters.name, operator: filters.operator },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
