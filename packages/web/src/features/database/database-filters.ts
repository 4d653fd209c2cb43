import { configRowsQuery, configTableParams, configUpdateRecordQuery, type ConfigTableName } from '@gm/contract/config-tables.contract.ts';
import { readListQuery, readUrlQuery, type ListFilters } from '../../shared/url-filters.ts';

/**
 * The database pages' views in the URL, read through the contract's own queries: the table
 * (`table`, a path param of the API), data show's `version` and `q`, the pages' `page` and
 * `size`. A value the contract refuses is dropped; a table it does not know is the default one.
 */

/** The table a page shows when its URL names none (or names no table of the contract). */
export const DEFAULT_TABLE = 'items' satisfies ConfigTableName;

/** Data show's view: the contract's rows query with the table its path names. */
export const rowsUrlQuery = configRowsQuery.extend(configTableParams.shape);
/** `page` 1-based as shown (readListQuery). */
export type RowsFilters = ListFilters<typeof rowsUrlQuery>;
export type RecordFilters = ListFilters<typeof configUpdateRecordQuery>;

export const readRowsFilters = (params: URLSearchParams): RowsFilters => readListQuery(rowsUrlQuery, params, {}, { table: DEFAULT_TABLE });

/** The update records: every table unless the URL names one. */
export const readRecordFilters = (params: URLSearchParams): RecordFilters => readListQuery(configUpdateRecordQuery, params);

/** The data files page's table. */
export const readTableChoice = (params: URLSearchParams) => readUrlQuery(configTableParams, params, { table: DEFAULT_TABLE });
