import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ClaimPage, claimListQuery } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

/** The claim list's filters: the contract's `claimListQuery`, the page 1-based as shown. */
export type ClaimFilters = ListFilters<typeof claimListQuery>;

export const claimKeys = {
  all: ['exchange-claims'] as const,
  list: (filters: ClaimFilters) => [...claimKeys.all, 'list', filters] as const,
};

export function claimsQueryOptions(filters: ClaimFilters) {
  return queryOptions({
    queryKey: claimKeys.list(filters),
    queryFn: ({ signal }) => {
      const { page, size, ...rest } = filters;
      return api.get<ClaimPage>(`${ADMIN_API}/exchange/claims`, { ...rest, page: page - 1, size }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
