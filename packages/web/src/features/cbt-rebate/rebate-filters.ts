import { rebateAccountQuery, rebateListQuery } from '@gm/contract/cbt-rebate.contract.ts';
import { readListQuery } from '../../shared/url-filters.ts';

/** The URL's search params -> the order query's filters, as the API's `rebateAccountQuery` reads them. */
export const parseAccountFilters = (params: URLSearchParams) => readListQuery(rebateAccountQuery, params);
/** The URL's search params -> the refund audit's filters (`rebateListQuery`). */
export const parseRebateFilters = (params: URLSearchParams) => readListQuery(rebateListQuery, params);
