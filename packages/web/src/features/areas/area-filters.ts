import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES } from '@gm/contract/game-commands.contract.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';
import type { AreaFilters } from './areas.queries.ts';

export const DEFAULT_SIZE = 20;

/** `a,b` in the URL -> the known values among them (unknown ones are dropped). */
function readList<T extends string>(value: string | null, allowed: readonly T[]): T[] | undefined {
  if (!value) return undefined;
  const list = value.split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));
  return list.length > 0 ? [...new Set(list)] : undefined;
}

/** The URL's search params -> the region list's filters. */
export function parseAreaFilters(params: URLSearchParams): AreaFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  return {
    keyword: text('keyword'),
    status: readList(params.get('status'), REGION_STATUSES),
    loginStatus: readList(params.get('loginStatus'), REGION_LOGIN_STATUSES),
    heat: readList(params.get('heat'), REGION_HEATS),
    group: text('group'),
    merged: readEnum(params.get('merged'), ['include', 'only'] as const),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), DEFAULT_SIZE, 1, MAX_PAGE_SIZE),
  };
}
