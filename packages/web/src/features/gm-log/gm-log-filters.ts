import { AUDIT_OUTCOMES } from '@gm/contract/audit.contract.ts';
import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { readEnum, readInt, readOptionalInt } from '../../shared/hooks/use-search-state.ts';
import type { GmLogFilters } from './gm-log.queries.ts';

export const DEFAULT_SIZE = 20;

/** The URL's search params -> the list's filters (anything malformed is dropped). */
export function parseGmLogFilters(params: URLSearchParams): GmLogFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const from = readOptionalInt(params.get('from'));
  const to = readOptionalInt(params.get('to'));
  return {
    operator: text('operator'),
    code: readOptionalInt(params.get('code')),
    target: text('target'),
    outcome: readEnum(params.get('outcome'), AUDIT_OUTCOMES),
    ...(from !== undefined && to !== undefined && from < to ? { from, to } : {}),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), DEFAULT_SIZE, 1, MAX_PAGE_SIZE),
  };
}
