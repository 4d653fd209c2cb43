import { auditQuery } from '@gm/contract/audit.contract.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';

/** The URL's search params -> the list's filters, as the API's `auditQuery` reads them; a time range needs both ends in order. */
export const parseGmLogFilters = (params: URLSearchParams) => orderedRange(readListQuery(auditQuery, params), 'from', 'to');
