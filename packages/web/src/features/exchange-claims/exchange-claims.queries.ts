import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CappedPage, RedeemClaim } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

export interface ClaimFilters {
  code?: string | undefined;
  batchId?: string | undefined;
  roleId?: string | undefined;
  areaId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** 1-based. */
  page: number;
  size: number;
}

export const claimKeys = {
  all: ['exchange-claims'] as const,
  list: (filters: ClaimFilters) => [...claimKeys.all, 'list', filters] as const,
};

export function claimsQueryOptions(filters: ClaimFilters) {
  return queryOptions({
    queryKey: claimKeys.list(filters),
    queryFn: ({ signal }) => {
      const { page, size, ...rest } = filters;
      return api.get<CappedPage<RedeemClaim>>(`${ADMIN_API}/exchange/claims`, { ...rest, page: page - 1, size }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
