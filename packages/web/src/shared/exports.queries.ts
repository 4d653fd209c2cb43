import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@gm/contract/errors.ts';
import type { exportListQuery, ExportRequestInput, ExportStatus, ExportTask } from '@gm/contract/exports.contract.ts';
import type { LogQueryBodyInput } from '@gm/contract/logs.contract.ts';
import { ADMIN_API, api } from './api-client.ts';
import { downloadFile } from './download.ts';
import type { ListFilters } from './url-filters.ts';

/**
 * The export centre's API (issue 11 section 4), shared by the log screens (their Export button
 * and its progress) and the download-task page. `shared/` because both features use it and
 * features never import each other.
 */
/** The export centre's filters: the contract's `exportListQuery`, the page 1-based as shown. */
export type ExportListFilters = ListFilters<typeof exportListQuery>;

export const exportKeys = {
  all: ['exports'] as const,
  lists: () => [...exportKeys.all, 'list'] as const,
  list: (filters: ExportListFilters) => [...exportKeys.lists(), filters] as const,
  detail: (id: string) => [...exportKeys.all, 'detail', id] as const,
};

export const isActive = (status: ExportStatus) => status === 'queued' || status === 'running';

/** How often a page that shows a task still running asks again. */
export const EXPORT_POLL_MS = 1500;

export function exportsQueryOptions(filters: ExportListFilters) {
  return queryOptions({
    queryKey: exportKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<ExportTask>>(`${ADMIN_API}/exports`, { page: filters.page - 1, size: filters.size, status: filters.status, account: filters.account }, { signal }),
    placeholderData: keepPreviousData,
    // Refreshes itself while a task on the page is waiting or running.
    refetchInterval: (query) => (query.state.data?.results.some((task) => isActive(task.status)) ? EXPORT_POLL_MS : false),
  });
}

export function exportTaskQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: exportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ExportTask>(`${ADMIN_API}/exports/${encodeURIComponent(id ?? '')}`, undefined, { signal, quiet: (e) => e.status === 404 }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.status) ? EXPORT_POLL_MS : false),
    retry: false,
  });
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequestInput) => api.post<ExportTask>(`${ADMIN_API}/exports`, request),
    onSuccess: (task) => {
      queryClient.setQueryData(exportKeys.detail(task.id), task);
      void queryClient.invalidateQueries({ queryKey: exportKeys.lists() });
    },
  });
}

/** Cancels a waiting or running export, or removes an ended one with its file. */
export function useRemoveExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ExportTask | null>(`${ADMIN_API}/exports/${encodeURIComponent(id)}`),
    onSuccess: (task, id) => {
      if (task) queryClient.setQueryData(exportKeys.detail(id), task);
      else queryClient.removeQueries({ queryKey: exportKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: exportKeys.lists() });
    },
  });
}

export function downloadExport(task: Pick<ExportTask, 'id' | 'fileName'>): Promise<string> {
  return downloadFile(`${ADMIN_API}/exports/${encodeURIComponent(task.id)}/file`, { fallbackName: task.fileName });
}

/** "Export this page": one page of a list as a file, straight back (no task). */
export function downloadListPage(list: string, body: LogQueryBodyInput & { columns?: string[] }): Promise<string> {
  return downloadFile(`${ADMIN_API}/logs/${encodeURIComponent(list)}/export-page`, { method: 'POST', body, fallbackName: `${list}.xlsx` });
}
