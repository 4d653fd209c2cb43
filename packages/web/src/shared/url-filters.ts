import type { z } from 'zod';

/** A list page's rows per page when the URL names none (the contract's own defaults vary). */
export const DEFAULT_LIST_SIZE = 20;

/**
 * Values taken from a URL (already split into the schema's shapes: numbers, lists) read through
 * a contract schema, as the server reads the same query: a value the schema refuses is dropped
 * (the view keeps its other filters) and `fallback` stands in for it, or the schema's default. An
 * item of a list the schema refuses (one condition, one column) goes alone; the rest of the list
 * stays. A tampered URL never throws.
 */
export function readUrlValues<S extends z.ZodType<object>>(schema: S, values: Readonly<Record<string, unknown>>, fallback: Readonly<Record<string, unknown>> = {}): z.output<S> {
  const input: Record<string, unknown> = { ...fallback, ...values };
  for (;;) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const refused = new Set<string>();
    const refusedItems = new Map<string, Set<number>>();
    for (const { path } of result.error.issues) {
      const [key, index] = path;
      if (typeof key !== 'string' || !(key in input)) continue;
      if (typeof index === 'number' && Array.isArray(input[key])) refusedItems.set(key, (refusedItems.get(key) ?? new Set()).add(index));
      else refused.add(key);
    }
    // Not one value to blame: the schema refuses its own defaults, a bug to hear about.
    if (refused.size === 0 && refusedItems.size === 0) throw result.error;
    const atFallback = (key: string) => key in fallback && input[key] === fallback[key];
    // A fallback refused is a rule across fields (an end too far from the URL's start): the fallbacks stand together.
    const together = [...refused].some(atFallback) && Object.keys(fallback).some((key) => !atFallback(key));
    for (const key of together ? Object.keys(fallback) : refused) {
      if (key in fallback && !atFallback(key)) input[key] = fallback[key];
      else if (!together) delete input[key];
    }
    for (const [key, indexes] of refusedItems) {
      const list = input[key];
      if (!refused.has(key) && Array.isArray(list)) input[key] = list.filter((_, i) => !indexes.has(i));
    }
  }
}

/**
 * The URL's search params read through a contract query schema (see readUrlValues). An empty
 * value means no filter. Params the schema does not name (an open dialog, say) are left out.
 */
export function readUrlQuery<S extends z.ZodType<object>>(schema: S, params: URLSearchParams, fallback: Readonly<Record<string, string>> = {}): z.output<S> {
  const input: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const value = params.get(key)?.trim();
    if (value) input[key] = value;
  }
  return readUrlValues(schema, input, fallback);
}

/** A whole number as the URL spells it, for a schema that wants a number (not coerced); other text stays text, to be refused. */
export function urlNumber(text: string | null | undefined): number | string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  return /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

/** A page of a list: the contract counts pages from 0, the URL and the pager from 1 as shown. */
interface Paged {
  page: number;
  size: number;
}

/** A list page's filters: its contract query's output, `page` 1-based as shown. */
export type ListFilters<S extends z.ZodType<Paged>> = z.output<S>;

/** A query field the URL spells otherwise (`{ sdkPlatformId: 'sdk' }`): URLs already shared keep working. */
export type UrlNames = Readonly<Record<string, string>>;

/**
 * A list's filters from the URL, typed and checked by the list's contract query (`areaQuery`):
 * `page` 1-based as shown, `size` DEFAULT_LIST_SIZE unless the URL names a valid one. A field
 * in `urlNames` is read from its URL name only; `fallback` stands in for a field the URL lacks
 * or spoils (`{ board: 'arena' }`, where the contract requires one).
 */
export function readListQuery<S extends z.ZodType<Paged>>(schema: S, params: URLSearchParams, urlNames: UrlNames = {}, fallback: Readonly<Record<string, string>> = {}): ListFilters<S> {
  const zeroBased = new URLSearchParams(params);
  for (const [field, urlName] of Object.entries(urlNames)) {
    zeroBased.delete(field);
    const value = params.get(urlName);
    zeroBased.delete(urlName);
    if (value !== null) zeroBased.set(field, value);
  }
  const shown = params.get('page');
  if (shown !== null) zeroBased.set('page', String(Number(shown.trim() || Number.NaN) - 1));
  const filters = readUrlQuery(schema, zeroBased, { size: String(DEFAULT_LIST_SIZE), ...fallback });
  return { ...filters, page: filters.page + 1 };
}

/** A pair of optional bounds, kept only when both are there and in order (else both go). */
export function orderedRange<K extends string, T extends Partial<Record<K, number>>>(filters: T, from: K, to: K): T {
  const low = filters[from];
  const high = filters[to];
  if (low !== undefined && high !== undefined && low < high) return filters;
  const { [from]: _from, [to]: _to, ...rest } = filters;
  // The bounds are optional in T, so T without them is still a T.
  return rest as T;
}

/** A list's filters without its page: what its filter form shows (a search starts at page 1). */
export function filterFields<T extends Paged>({ page: _page, size: _size, ...fields }: T): Omit<T, keyof Paged> {
  return fields;
}
