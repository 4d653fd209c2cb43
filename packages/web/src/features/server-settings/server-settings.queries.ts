import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import type { BatchResult, DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { ServerSetting, SettingCreateBody, SettingUpdateBody } from '@gm/contract/server-settings.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { SettingFilters } from './setting-filters.ts';

export const settingKeys = {
  all: ['server-settings'] as const,
  lists: () => [...settingKeys.all, 'list'] as const,
  list: (filters: SettingFilters) => [...settingKeys.lists(), filters] as const,
  history: (id: string) => [...settingKeys.all, 'history', id] as const,
};

const base = `${ADMIN_API}/server-settings`;
const quietForForm = (error: ApiError) => isFieldError(error) || error.code === ErrorCode.CONFLICT || error.code === ErrorCode.WRONG_STATE;

export function settingsQueryOptions(filters: SettingFilters) {
  return queryOptions({
    queryKey: settingKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<ServerSetting>>(base, { page: filters.page - 1, size: filters.size, keyword: filters.keyword, type: filters.type }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function settingHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: settingKeys.history(id),
    queryFn: ({ signal }) => api.get<Page<AuditEntry>>(`${base}/${encodeURIComponent(id)}/history`, { page: 0, size: 100 }, { signal }),
  });
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: SettingCreateBody } | { id: string; body: SettingUpdateBody }) =>
      input.id === null
        ? api.post<ServerSetting>(base, input.body, { quiet: quietForForm })
        : api.put<ServerSetting>(`${base}/${encodeURIComponent(input.id)}`, input.body, { quiet: quietForForm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.all }),
  });
}

export function useDeleteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteBody) => api.post<BatchResult>(`${base}/actions/delete`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.all }),
  });
}
