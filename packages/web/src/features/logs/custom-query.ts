import { z } from 'zod';
import { customQueryBody, logCatalogue } from '@gm/contract/logs.contract.ts';
import { readUrlValues, urlNumber } from '../../shared/url-filters.ts';
import type { CustomQueryRequest } from './logs.queries.ts';

/**
 * The custom query's view in the URL: `table`, `start`/`end` (optional here, as the contract has
 * them; both or neither, as the form sets them), `offset`, `limit` and `cols` (comma-separated;
 * none: every column), read through the contract's own body (`customQueryBody`), so a link runs
 * only what the form would send: what it refuses is dropped (an unknown table, one unknown
 * column, a reversed range), the rest of the view kept. The table is optional here: a view may
 * have none yet (nothing runs until one is chosen).
 */
export const CUSTOM_LIMIT_DEFAULT = 50;

const body = customQueryBody.shape;
export const customUrlQuery = z
  .object({ table: body.table.optional(), start: body.start, end: body.end, offset: body.offset, limit: body.limit.default(CUSTOM_LIMIT_DEFAULT), columns: body.columns })
  .superRefine((view, ctx) => {
    // With a table, the contract's whole rule set (the table one of the catalogue's, its columns, the range).
    if (view.table === undefined) return;
    for (const issue of customQueryBody.safeParse(view).error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

type CustomUrlView = z.output<typeof customUrlQuery>;
/** The view; the range left out when there is none (the contract's transform keeps its keys). */
export type CustomSearch = Omit<CustomUrlView, 'start' | 'end'> & Partial<Pick<CustomUrlView, 'start' | 'end'>>;

export function parseCustomSearch(params: URLSearchParams): CustomSearch {
  const { start, end, ...view } = readUrlValues(customUrlQuery, {
    table: params.get('table')?.trim() || undefined,
    start: params.get('start')?.trim() || undefined,
    end: params.get('end')?.trim() || undefined,
    offset: urlNumber(params.get('offset')),
    limit: urlNumber(params.get('limit')),
    columns: params.get('cols')?.split(',').map((c) => c.trim()).filter((c) => c !== ''),
  });
  return { ...view, ...(start !== undefined && end !== undefined ? { start, end } : {}) };
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
