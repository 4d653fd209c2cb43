import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';
import type { OperatorFilters } from './permissions.queries.ts';

export type PermissionsTab = 'operators' | 'roles';

export function parseTab(params: URLSearchParams): PermissionsTab {
  return params.get('tab') === 'roles' ? 'roles' : 'operators';
}

export function parseOperatorFilters(params: URLSearchParams): OperatorFilters {
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    roleId: params.get('roleId') || undefined,
    status: readEnum(params.get('status'), ['active', 'disabled', 'pending'] as const),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE),
  };
}
