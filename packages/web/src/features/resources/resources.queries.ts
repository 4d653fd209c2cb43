import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult, DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Resource, ResourceBody, ResourceStatusBody } from '@gm/contract/resources.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { ResourceFilters } from './resource-filters.ts';

export const resourceKeys = {
  all: ['resources'] as const,
  lists: () => [...resourceKeys.all, 'list'] as const,
  list: (filters: ResourceFilters) => [...resourceKeys.lists(), filters] as const,
  detail: (id: string) => [...resourceKeys.all, 'detail', id] as const,
};

const base = `${ADMIN_API}/resources`;

export function resourcesQueryOptions(filters: ResourceFilters) {
  return queryOptions({
    queryKey: resourceKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<Resource>>(base, { page: filters.page - 1, size: filters.size, keyword: filters.keyword, type: filters.type, platform: filters.platform, status: filters.status }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function resourceQueryOptions(id: string) {
  return queryOptions({
    queryKey: resourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Resource>(`${base}/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

const quietForForm = (error: ApiError) => isFieldError(error) || error.code === ErrorCode.CONFLICT;

export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ResourceBody }) =>
      id === null ? api.post<Resource>(base, body, { quiet: quietForForm }) : api.put<Resource>(`${base}/${encodeURIComponent(id)}`, body, { quiet: quietForForm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useResourceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResourceStatusBody) => api.post<BatchResult>(`${base}/actions/status`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useDeleteResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteBody) => api.post<BatchResult>(`${base}/actions/delete`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
