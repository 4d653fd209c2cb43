import type { z } from 'zod';

/** A list page's rows per page when the URL names none (the contract's own defaults vary). */
export const DEFAULT_LIST_SIZE = 20;

/**
 * The URL's search params read through a contract query schema, as the server reads the same
 * query: a value the schema refuses is dropped (the view keeps its other filters) and `fallback`
 * stands in for it, or the schema's default. An empty value means no filter. Params the schema
 * does not name (an open dialog, say) are left out.
 */
export function readUrlQuery<S extends z.ZodType<object>>(schema: S, params: URLSearchParams, fallback: Record<string, string> = {}): z.output<S> {
  const input: Record<string, string> = { ...fallback };
  for (const key of new Set(params.keys())) {
    const value = params.get(key)?.trim();
    if (value) input[key] = value;
  }
  for (;;) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => issue.path[0]).filter((key) => typeof key === 'string' && key in input));
    // Not one value to blame: the schema refuses its own defaults, a bug to hear about.
    if (refused.size === 0) throw result.error;
    for (const key of refused as Set<string>) {
      if (key in fallback && input[key] !== fallback[key]) input[key] = fallback[key] as string;
      else delete input[key];
    }
  }
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
 * in `urlNames` is read from its URL name only.
 */
export function readListQuery<S extends z.ZodType<Paged>>(schema: S, params: URLSearchParams, urlNames: UrlNames = {}): ListFilters<S> {
  const zeroBased = new URLSearchParams(params);
  for (const [field, urlName] of Object.entries(urlNames)) {
    zeroBased.delete(field);
    const value = params.get(urlName);
    zeroBased.delete(urlName);
    if (value !== null) zeroBased.set(field, value);
  }
  const shown = params.get('page');
  if (shown !== null) zeroBased.set('page', String(Number(shown.trim() || Number.NaN) - 1));
  const filters = readUrlQuery(schema, zeroBased, { size: String(DEFAULT_LIST_SIZE) });
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
