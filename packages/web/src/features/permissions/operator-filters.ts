import { operatorQuery } from '@gm/contract/operators.contract.ts';
import { readListQuery } from '../../shared/url-filters.ts';
import type { OperatorFilters } from './permissions.queries.ts';

export type PermissionsTab = 'operators' | 'roles';

export function parseTab(params: URLSearchParams): PermissionsTab {
  return params.get('tab') === 'roles' ? 'roles' : 'operators';
}

/** The operator list's filters, as the API's `operatorQuery` reads them (a refused value is dropped). */
export const parseOperatorFilters = (params: URLSearchParams): OperatorFilters => readListQuery(operatorQuery, params);
