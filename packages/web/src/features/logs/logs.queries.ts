import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CustomQueryBody, CustomQueryResult, LogQueryBodyInput, LogQueryResult } from '@gm/contract/logs.contract.ts';
import { ADMIN_API, api, isApiError } from '../../shared/api-client.ts';
import { queryClock } from './log-query-clock.ts';

/** The custom query's request as the page keeps it: the contract's body after its defaults, the range left out when there is none. */
export type CustomQueryRequest = Omit<CustomQueryBody, 'start' | 'end'> & Partial<Pick<CustomQueryBody, 'start' | 'end'>>;

export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (path: string) => [...logKeys.lists(), path] as const,
  page: (path: string, body: LogQueryBodyInput) => [...logKeys.list(path), body] as const,
  customs: () => [...logKeys.all, 'custom'] as const,
  custom: (request: CustomQueryRequest) => [...logKeys.customs(), request] as const,
};

/**
 * Runs a request that may be a new query under the 10-second rule, keeping the clock: it starts
 * when the query goes out, restarts when the answer comes (the server claimed the slot in
 * between), follows the server's `retryAfter` on 10006, and is put back on any other refusal.
 */
async function timed<T>(isNew: boolean, run: () => Promise<T>): Promise<T> {
  if (!isNew) return run();
  const before = queryClock.now();
  queryClock.started();
  try {
    const result = await run();
    queryClock.started();
    return result;
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.TOO_MANY_REQUESTS) queryClock.refused(error.retryAfter ?? 10);
    else queryClock.restore(before);
    throw error;
  }
}

/**
 * Log rows do not depend on the language, and asking again would be a new query under the
 * 10-second rule: they are never stale, never retried, and kept when the language changes
 * (`meta.sameInEveryLanguage`, read by the providers' language sync).
 */
const logQueryDefaults = {
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  meta: { sameInEveryLanguage: true },
} as const;

/** One page of a /flow list. Without a cursor it is a new query; with one it turns the page. */
export function logPageQueryOptions(path: string, body: LogQueryBodyInput | null) {
  return queryOptions({
    queryKey: logKeys.page(path, body ?? { start: 0, end: 0 }),
    queryFn: ({ signal }) =>
      timed(body?.cursor === undefined, () => api.post<LogQueryResult>(`${ADMIN_API}/logs/${encodeURIComponent(path)}/query`, body, { signal })),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    ...logQueryDefaults,
  });
}

/** The custom table query; another offset of the same table, range and columns is not a new query (the server decides). */
export function customQueryOptions(request: CustomQueryRequest | null, isNew: boolean) {
  return queryOptions({
    queryKey: logKeys.custom(request ?? { table: '', offset: 0, limit: 0 }),
    queryFn: ({ signal }) => timed(isNew, () => api.post<CustomQueryResult>(`${ADMIN_API}/logs/custom/query`, request, { signal })),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    ...logQueryDefaults,
  });
}
