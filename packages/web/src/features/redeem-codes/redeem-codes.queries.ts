import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@gm/contract/errors.ts';
import { redeemBatchQuery, type RedeemBatch, type RedeemBatchInput, type RedeemBatchUpdate, type RedeemCode } from '@gm/contract/redeem-codes.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import { readListQuery, type ListFilters } from '../../shared/url-filters.ts';

export type BatchFilters = ListFilters<typeof redeemBatchQuery>;

/** /exchange/index: the URL's search params -> the list's filters. */
export const parseBatchFilters = (params: URLSearchParams): BatchFilters => readListQuery(redeemBatchQuery, params);

const BASE = `${ADMIN_API}/redeem-batches`;

export const redeemKeys = {
  all: ['redeem-batches'] as const,
  list: (filters: BatchFilters) => [...redeemKeys.all, 'list', filters] as const,
  codes: (id: string, page: number, size: number, code: string) => [...redeemKeys.all, 'codes', id, page, size, code] as const,
};

export function batchesQueryOptions(filters: BatchFilters) {
  return queryOptions({
    queryKey: redeemKeys.list(filters),
    queryFn: ({ signal }) => {
      const { page, size, ...rest } = filters;
      return api.get<Page<RedeemBatch>>(BASE, { ...rest, page: page - 1, size }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** A page of a batch's codes (1-based page), or the one code looked up. */
export function codesQueryOptions(id: string, page: number, size: number, code: string) {
  return queryOptions({
    queryKey: redeemKeys.codes(id, page, size, code),
    queryFn: ({ signal }) => api.get<Page<RedeemCode>>(`${BASE}/${encodeURIComponent(id)}/codes`, { page: page - 1, size, code: code || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const quiet = (error: ApiError) => isFieldError(error);

function useBatchMutation<V>(send: (variables: V) => Promise<RedeemBatch>) {
  const queryClient = useQueryClient();
  return useMutation<RedeemBatch, ApiError | Error, V>({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
  });
}

export const useCreateBatch = () => useBatchMutation((body: RedeemBatchInput) => api.post<RedeemBatch>(BASE, body, { quiet }));
export const useUpdateBatch = () => useBatchMutation(({ id, body }: { id: string; body: RedeemBatchUpdate }) => api.put<RedeemBatch>(`${BASE}/${encodeURIComponent(id)}`, body, { quiet }));
export const useBatchAction = () =>
  useBatchMutation(({ id, action }: { id: string; action: 'enable' | 'disable' | 'publish' }) => api.post<RedeemBatch>(`${BASE}/${encodeURIComponent(id)}/${action}`));

export const exportPath = (id: string) => `${BASE}/${encodeURIComponent(id)}/export`;
