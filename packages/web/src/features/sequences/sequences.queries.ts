import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult, DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Sequence, SequenceAllocation, SequenceCreateBody, SequenceUpdateBody } from '@gm/contract/sequences.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { SequenceFilters } from './sequence-filters.ts';

export const sequenceKeys = {
  all: ['sequences'] as const,
  lists: () => [...sequenceKeys.all, 'list'] as const,
  list: (filters: SequenceFilters) => [...sequenceKeys.lists(), filters] as const,
};

const base = `${ADMIN_API}/sequences`;
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
const quietForForm = (error: ApiError) => isFieldError(error) || error.code === ErrorCode.CONFLICT;

export function sequencesQueryOptions(filters: SequenceFilters) {
  return queryOptions({
    queryKey: sequenceKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<Sequence>>(base, { page: filters.page - 1, size: filters.size, keyword: filters.keyword }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sequenceKeys.all });
}

export function useCreateSequence() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: SequenceCreateBody) => api.post<Sequence>(base, body, { quiet: quietForForm }), onSuccess: invalidate });
}

export function useUpdateSequence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SequenceUpdateBody }) => api.put<Sequence>(path(id), body, { quiet: isFieldError }),
    onSuccess: invalidate,
  });
}

/** Exhaustion (10005) is shown in the dialog, field details on the count. */
export function useNextIds() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, count }: { id: string; count: number }) =>
      api.post<SequenceAllocation>(`${path(id)}/next`, { count }, { quiet: (e) => isFieldError(e) || e.code === ErrorCode.WRONG_STATE }),
    onSuccess: invalidate,
  });
}

export function useDeleteSequences() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: DeleteBody) => api.post<BatchResult>(`${base}/actions/delete`, body), onSuccess: invalidate });
}
