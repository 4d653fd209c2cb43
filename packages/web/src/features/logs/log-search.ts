import { z } from 'zod';
import {
  isConditionOp,
  LOG_MAX_CONDITIONS,
  LOG_PAGE_SIZE_DEFAULT,
  type ConditionScalar,
  type LogColumnView,
  type LogConditionInput,
  logQueryBody,
  type LogQueryBodyInput,
} from '@gm/contract/logs.contract.ts';
import { readInt } from '../../shared/hooks/use-search-state.ts';
import { readUrlValues, urlNumber } from '../../shared/url-filters.ts';

/**
 * A log list's view in the URL (so it can be shared and survives a reload): the time range
 * (`start` inclusive, `end` exclusive, epoch ms), one `q` per condition, the page size, and the
 * cursor of the page shown with its 1-based number. The cursors of the pages before it (what
 * "Previous" goes back to) ride in the history entry's state instead: a stack of opaque cursors
 * would soon outgrow a URL.
 *
 * A condition reads `q=<field>.<op>.<value>`: field and operator names never hold a dot; the
 * value is the text itself for one value, JSON for `between` and `in` (`q=gold_type.in.[1,2]`).
 *
 * What the URL holds is read through the contract's query body (`logQueryBody`): its range rule,
 * its condition schema, its size and cursor bounds. Only the range is optional here (a view may
 * have none yet: nothing runs until Search). The catalogue's rules on the conditions (a field
 * the list filters on, its operators, one condition per field) are the page's check, as for the
 * form, so that a link with a condition the operator may not use says so instead of dropping it.
 */
const body = logQueryBody.shape;
export const logUrlQuery = z.object({ start: body.start.optional(), end: body.end.optional(), conditions: body.conditions, size: body.size, cursor: body.cursor });

export type LogSearch = Omit<z.output<typeof logUrlQuery>, 'conditions'> & {
  /** As the form builds them and the query body takes them. */
  conditions: LogConditionInput[];
  /** 1-based; 1 whenever there is no cursor. */
  page: number;
};

const INTEGER = /^-?\d{1,16}$/;
const NUMERIC_TYPES = new Set(['int', 'bigint', 'enum', 'time']);

function scalarOf(text: string, column: LogColumnView | undefined): ConditionScalar {
  if (!column) return text;
  if (NUMERIC_TYPES.has(column.type)) return INTEGER.test(text) ? Number(text) : text;
  if (column.type === 'bool') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

function listOf(text: string): ConditionScalar[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    return parsed.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') ? parsed : null;
  } catch {
    return null;
  }
}

/** One `q` value as a condition; null when it is not of the form `field.op.value`. */
export function parseCondition(text: string, columns: readonly LogColumnView[]): LogConditionInput | null {
  const first = text.indexOf('.');
  const second = first < 0 ? -1 : text.indexOf('.', first + 1);
  if (first <= 0 || second < 0) return null;
  const field = text.slice(0, first);
  const op = text.slice(first + 1, second);
  const raw = text.slice(second + 1);
  if (!isConditionOp(op) || raw === '') return null;
  const column = columns.find((c) => c.name === field);
  if (op === 'between' || op === 'in') {
    const list = listOf(raw);
    return list ? { field, op, value: list.map((v) => (typeof v === 'string' && column && column.type !== 'string' ? scalarOf(v, column) : v)) } : null;
  }
  return { field, op, value: scalarOf(raw, column) };
}

export function serializeCondition(condition: LogConditionInput): string {
  const value = condition.value;
  const text = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
  return `${condition.field ?? ''}.${condition.op ?? ''}.${text}`;
}

/** The URL's search params -> the list's view (what the contract refuses is dropped: a condition alone, the range as a whole). */
export function parseLogSearch(params: URLSearchParams, columns: readonly LogColumnView[]): LogSearch {
  const conditions = params
    .getAll('q')
    .slice(0, LOG_MAX_CONDITIONS)
    .map((q) => parseCondition(q, columns))
    .filter((c): c is LogConditionInput => c !== null);
  const { start, end, ...view } = readUrlValues(logUrlQuery, {
    start: params.get('start')?.trim() || undefined,
    end: params.get('end')?.trim() || undefined,
    conditions,
    size: urlNumber(params.get('size')),
    cursor: params.get('cursor') || undefined,
  });
  // The contract's range rule (both bounds, end after start); a range it refuses is no range.
  const range = start !== undefined && end !== undefined && logQueryBody.safeParse({ start, end }).success ? { start, end } : {};
  return { ...range, ...view, ...(view.cursor ? { page: readInt(params.get('page'), 2, 2) } : { page: 1 }) };
}

/** The view -> the URL's search params (the inverse of `parseLogSearch`). */
export function logSearchParams(search: LogSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.start !== undefined && search.end !== undefined) {
    params.set('start', String(search.start));
    params.set('end', String(search.end));
  }
  for (const condition of search.conditions) params.append('q', serializeCondition(condition));
  if (search.size !== LOG_PAGE_SIZE_DEFAULT) params.set('size', String(search.size));
  if (search.cursor) {
    params.set('cursor', search.cursor);
    params.set('page', String(search.page));
  }
  return params;
}

/** Whether the view names a query the server can be asked (a time range). */
export const isRunnable = (search: LogSearch): search is LogSearch & { start: number; end: number } => search.start !== undefined && search.end !== undefined;

/** The request body of the page the view shows. */
export function queryBodyOf(search: LogSearch & { start: number; end: number }): LogQueryBodyInput {
  return { start: search.start, end: search.end, conditions: search.conditions, size: search.size, ...(search.cursor ? { cursor: search.cursor } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Paging by cursor.
// ---------------------------------------------------------------------------------------------

/** The cursors of the pages before the one shown (null for the first page), kept in history state. */
export type PageTrail = readonly (string | null)[];

/** The trail in a history entry's state, if it fits the page shown (a shared link has none). */
export function readTrail(state: unknown, search: LogSearch): PageTrail | null {
  const trail = (state as { logTrail?: unknown } | null)?.logTrail;
  if (!Array.isArray(trail) || trail.length !== search.page - 1) return null;
  return trail.every((c) => c === null || typeof c === 'string') ? (trail as PageTrail) : null;
}

export const trailState = (trail: PageTrail) => ({ logTrail: trail });

/** The next (older) page: its cursor in the URL, the current page's cursor pushed on the trail. */
export function nextPage(search: LogSearch, trail: PageTrail | null, nextCursor: string): { search: LogSearch; trail: PageTrail | null } {
  return {
    search: { ...search, cursor: nextCursor, page: search.page + 1 },
    trail: trail ? [...trail, search.cursor ?? null] : null,
  };
}

/** The page before, from the trail; null when there is none to go back to. */
export function previousPage(search: LogSearch, trail: PageTrail | null): { search: LogSearch; trail: PageTrail } | null {
  if (!trail || trail.length === 0) return null;
  const cursor = trail[trail.length - 1] ?? null;
  const rest = trail.slice(0, -1);
  const { cursor: _current, ...base } = search;
  return { search: cursor ? { ...base, cursor, page: search.page - 1 } : { ...base, page: 1 }, trail: rest };
}

/** The first page of the same query: no cursor (and so a new query under the 10-second rule). */
export function firstPage(search: LogSearch): LogSearch {
  const { cursor: _cursor, ...base } = search;
  return { ...base, page: 1 };
}
