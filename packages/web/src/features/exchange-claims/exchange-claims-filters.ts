import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { LIST_DEPTH_LIMIT } from '@gm/contract/players.contract.ts';
import { readInt, readOptionalInt } from '../../shared/hooks/use-search-state.ts';
import type { ClaimFilters } from './exchange-claims.queries.ts';

/** /exchange/list: the URL's search params -> the filters (anything malformed is dropped). */
export function parseClaimFilters(params: URLSearchParams): ClaimFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const from = readOptionalInt(params.get('from'));
  const to = readOptionalInt(params.get('to'));
  const size = readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE);
  return {
    code: text('code'),
    batchId: text('batchId'),
    roleId: text('roleId'),
    areaId: text('areaId'),
    ...(from !== undefined && to !== undefined && from < to ? { from, to } : {}),
    page: readInt(params.get('page'), 1, 1, Math.max(1, Math.floor(LIST_DEPTH_LIMIT / size))),
    size,
  };
}
