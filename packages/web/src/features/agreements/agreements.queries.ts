import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agreement, AgreementBody, AgreementSummary } from '@gm/contract/agreements.contract.ts';
import type { BatchResult, DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { AgreementFilters } from './agreement-filters.ts';

export const agreementKeys = {
  all: ['agreements'] as const,
  lists: () => [...agreementKeys.all, 'list'] as const,
  list: (filters: AgreementFilters) => [...agreementKeys.lists(), filters] as const,
  detail: (id: string) => [...agreementKeys.all, 'detail', id] as const,
};

const base = `${ADMIN_API}/agreements`;
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
const quietForForm = (error: ApiError) => isFieldError(error) || error.code === ErrorCode.CONFLICT;

export function agreementsQueryOptions(filters: AgreementFilters) {
  return queryOptions({
    queryKey: agreementKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<AgreementSummary>>(base, { page: filters.page - 1, size: filters.size, keyword: filters.keyword, channel: filters.channel, kind: filters.kind, status: filters.status }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function agreementQueryOptions(id: string) {
  return queryOptions({ queryKey: agreementKeys.detail(id), queryFn: ({ signal }) => api.get<Agreement>(path(id), undefined, { signal }) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agreementKeys.all });
}

export function useSaveAgreement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AgreementBody }) =>
      id === null ? api.post<Agreement>(base, body, { quiet: quietForForm }) : api.put<Agreement>(path(id), body, { quiet: quietForForm }),
    onSuccess: invalidate,
  });
}

export function usePublishAgreement() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post<Agreement>(`${path(id)}/publish`), onSuccess: invalidate });
}

export function useUnpublishAgreement() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post<Agreement>(`${path(id)}/unpublish`), onSuccess: invalidate });
}

export function useDeleteAgreements() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: DeleteBody) => api.post<BatchResult>(`${base}/actions/delete`, body), onSuccess: invalidate });
}
