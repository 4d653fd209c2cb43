import { customQueryBody, logCatalogue } from '@gm/contract/logs.contract.ts';
import { readInt, readOptionalInt } from '../../shared/hooks/use-search-state.ts';
import type { CustomQueryRequest } from './logs.queries.ts';

/**
 * The custom query's view in the URL: `table`, `start`/`end` (optional here, as the contract has
 * them), `offset`, `limit` and `cols` (comma-separated; none: every column). Parsed defensively
 * and then checked by the contract's own schema, so a link runs only what the form would send.
 */
export const CUSTOM_LIMIT_DEFAULT = 50;

export interface CustomSearch {
  table?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
  offset: number;
  limit: number;
  columns?: string[] | undefined;
}

export function parseCustomSearch(params: URLSearchParams): CustomSearch {
  const table = params.get('table')?.trim() || undefined;
  const start = readOptionalInt(params.get('start'));
  const end = readOptionalInt(params.get('end'));
  const columns = params.get('cols')?.split(',').map((c) => c.trim()).filter((c) => c !== '');
  return {
    table,
    ...(start !== undefined && end !== undefined ? { start, end } : {}),
    offset: readInt(params.get('offset'), 0, 0),
    limit: readInt(params.get('limit'), CUSTOM_LIMIT_DEFAULT, 1),
    ...(columns && columns.length > 0 ? { columns } : {}),
  };
}

export function customSearchParams(search: CustomSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.table) params.set('table', search.table);
  if (search.start !== undefined && search.end !== undefined) {
    params.set('start', String(search.start));
    params.set('end', String(search.end));
  }
  if (search.offset > 0) params.set('offset', String(search.offset));
  if (search.limit !== CUSTOM_LIMIT_DEFAULT) params.set('limit', String(search.limit));
  if (search.columns && search.columns.length > 0) params.set('cols', search.columns.join(','));
  return params;
}

/** The request of a view the contract accepts; null when there is none (no table yet, or a broken link). */
export function customRequestOf(search: CustomSearch): CustomQueryRequest | null {
  if (!search.table) return null;
  const request: CustomQueryRequest = { table: search.table, offset: search.offset, limit: search.limit, ...(search.start !== undefined ? { start: search.start, end: search.end } : {}), ...(search.columns ? { columns: search.columns } : {}) };
  return customQueryBody.safeParse(request).success ? request : null;
}

/** What makes a custom query this query (not its page): another offset of the same one is not a new query. */
export const customSignature = (request: CustomQueryRequest) => JSON.stringify([request.table, request.start ?? null, request.end ?? null, request.columns ?? null]);

/** The catalogue's tables with the log each belongs to, for the table choice. */
export function customTables(): { table: string; en: string; zh: string }[] {
  const catalogue = logCatalogue();
  return catalogue.customQuery.tables.map((table) => {
    const list = catalogue.lists.find((l) => l.table === table);
    return { table, en: list?.en ?? table, zh: list?.zh ?? table };
  });
}
