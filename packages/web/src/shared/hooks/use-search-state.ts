import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters, sort and page live in the URL search params, so a view can be shared and
 * survives a reload (house plan, section 7). Values are strings in the URL; `parse` turns them
 * into the page's typed filters.
 */
export type SearchPatch = Record<string, string | number | readonly string[] | null | undefined>;

/** Text filters count without their surrounding spaces (an empty one means no filter). */
export function trimmed<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;
}

export function applySearchPatch(current: URLSearchParams, patch: SearchPatch, resetPage = true): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    // A list of values (several statuses) is one comma-separated param, as the API reads it.
    const text = typeof value === 'object' && value !== null ? value.join(',') : value;
    if (text === undefined || text === null || text === '') next.delete(key);
    else next.set(key, String(text));
  }
  if (resetPage && !('page' in patch)) next.delete('page');
  return next;
}

// readInt and readEnum are for a page's own state (a dialog, a tab, a page number shown): a
// query's state is read through its contract schema (url-filters.ts).
export function readInt(value: string | null, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === null || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) return fallback;
  return parsed;
}

export function readEnum<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function useSearchState<T>(parse: (params: URLSearchParams) => T) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [params, parse]);
  const update = useCallback(
    (patch: SearchPatch, options: { resetPage?: boolean; replace?: boolean } = {}) => {
      setParams((current) => applySearchPatch(current, patch, options.resetPage ?? true), { replace: options.replace ?? false });
    },
    [setParams],
  );
  const reset = useCallback(
    (keep: readonly string[] = []) => {
      setParams((current) => {
        const next = new URLSearchParams();
        for (const key of keep) {
          const value = current.get(key);
          if (value !== null) next.set(key, value);
        }
        return next;
      });
    },
    [setParams],
  );
  return { state, params, update, reset };
}
