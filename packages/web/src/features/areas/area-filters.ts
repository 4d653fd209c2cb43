import { areaQuery } from '@gm/contract/areas.contract.ts';
import { readListQuery } from '../../shared/url-filters.ts';

/** The URL's search params -> the region list's filters, as the API's `areaQuery` reads them. */
export const parseAreaFilters = (params: URLSearchParams) => readListQuery(areaQuery, params);
