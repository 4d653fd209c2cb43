import { exceptionQuery, gameCallQuery } from '@gm/contract/system-logs.contract.ts';
import { orderedRange, readListQuery, type ListFilters } from '../../shared/url-filters.ts';

export type ExceptionFilters = ListFilters<typeof exceptionQuery>;
export type GameCallFilters = ListFilters<typeof gameCallQuery>;

/** The URL's search params -> the lists' filters, as the API reads them; a time range needs both ends in order. */
export const parseExceptionFilters = (params: URLSearchParams): ExceptionFilters => orderedRange(readListQuery(exceptionQuery, params), 'start', 'end');
export const parseGameCallFilters = (params: URLSearchParams): GameCallFilters => orderedRange(readListQuery(gameCallQuery, params), 'start', 'end');
