import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  NewActiveStats,
  OnlineStats,
  RechargeByGoodsStats,
  RechargeByUserStats,
  RechargeStats,
  RetentionStats,
} from '@gm/contract/statistics.contract.ts';
import { ADMIN_API, api, buildUrl, type QueryParams } from '../../shared/api-client.ts';
import { downloadFile } from '../../shared/download.ts';

/** Each statistics call's answer, by its path under /statistics. */
export interface StatAnswers {
  online: OnlineStats;
  'new-active': NewActiveStats;
  recharge: RechargeStats;
  'recharge-by-goods': RechargeByGoodsStats;
  'recharge-by-user': RechargeByUserStats;
  retention: RetentionStats;
}
export type StatEndpoint = keyof StatAnswers;

export const statKeys = {
  all: ['statistics'] as const,
  stat: (endpoint: StatEndpoint, query: QueryParams) => [...statKeys.all, endpoint, query] as const,
};

/**
 * One statistics call. Quiet: the page says which figures failed in its own words (the spec's
 * messages), with the server's reason under them. The previous answer stays while new filters load.
 */
export function statQueryOptions<E extends StatEndpoint>(endpoint: E, query: QueryParams, enabled = true) {
  return queryOptions({
    queryKey: statKeys.stat(endpoint, query),
    queryFn: ({ signal }) => api.get<StatAnswers[E]>(`${ADMIN_API}/statistics/${endpoint}`, query, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The same figures as an Excel file, straight back. */
export function downloadStat(endpoint: StatEndpoint, query: QueryParams): Promise<string> {
  return downloadFile(buildUrl(`${ADMIN_API}/statistics/${endpoint}/export`, query), { fallbackName: `${endpoint}.xlsx` });
}
