import { claimListQuery } from '@gm/contract/players.contract.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import type { ClaimFilters } from './exchange-claims.queries.ts';

/** /exchange/list: the URL's search params -> the filters (anything malformed is dropped). */
export const parseClaimFilters = (params: URLSearchParams): ClaimFilters => orderedRange(readListQuery(claimListQuery, params), 'from', 'to');
