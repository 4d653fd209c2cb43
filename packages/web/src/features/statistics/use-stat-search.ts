import { useCallback } from 'react';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { parseStatSearch, todayInZone, type StatView } from './stat-filters.ts';

/** A statistics page's view from the URL, with the ways to change it. */
export function useStatSearch() {
  // "Today" is read again whenever the URL changes, so a page left open past midnight moves on with its next search.
  const parse = useCallback((params: URLSearchParams) => parseStatSearch(params, todayInZone()), []);
  const { state: search, update, reset } = useSearchState(parse);
  const setView = useCallback((view: StatView) => update({ view: view === 'chart' ? undefined : view }, { replace: true }), [update]);
  return { search, update, reset, setView };
}

export type StatPageState = ReturnType<typeof useStatSearch>;
