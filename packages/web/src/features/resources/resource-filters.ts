import { resourceQuery } from '@gm/contract/resources.contract.ts';
import { readListQuery, type ListFilters } from '../../shared/url-filters.ts';

/** The list's filters: the contract's `resourceQuery` as the server reads it, the page 1-based as shown. */
export type ResourceFilters = ListFilters<typeof resourceQuery>;

/** The URL's search params -> the list's filters (a value the query refuses is dropped). */
export const parseResourceFilters = (params: URLSearchParams): ResourceFilters => readListQuery(resourceQuery, params);

/** Bytes as people read them: 52.4 MB. */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
