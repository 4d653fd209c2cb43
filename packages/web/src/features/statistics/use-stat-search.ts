import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../shared/api-client.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { parseStatSearch, statQuery, todayInZone, type StatSearch, type StatView } from './stat-filters.ts';
import { statQueryOptions, type StatEndpoint } from './statistics.queries.ts';

/** A statistics page's view from the URL, with the ways to change it. */
export function useStatSearch() {
  // "Today" is read again whenever the URL changes, so a page left open past midnight moves on with its next search.
  const parse = useCallback((params: URLSearchParams) => parseStatSearch(params, todayInZone()), []);
  const { state: search, update, reset } = useSearchState(parse);
  const setView = useCallback((view: StatView) => update({ view: view === 'chart' ? undefined : view }, { replace: true }), [update]);
  return { search, update, reset, setView };
}

export type StatPageState = ReturnType<typeof useStatSearch>;

/** The recharge pages' extra parameter: the currency chosen in the URL (the server's default otherwise). */
export const withCurrency = (search: StatSearch): QueryParams => ({ currency: search.currency });

/** A page's view and its one statistics call (`extra`: the call's own parameters beside the filters). */
export function useStat<E extends StatEndpoint>(endpoint: E, extra?: (search: StatSearch) => QueryParams) {
  const page = useStatSearch();
  const query = statQuery(page.search, extra?.(page.search));
  const stats = useQuery(statQueryOptions(endpoint, query));
  return { page, search: page.search, query, stats };
}
