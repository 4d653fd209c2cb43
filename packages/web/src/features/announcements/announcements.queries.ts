import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Announcement,
  AnnouncementBackup,
  AnnouncementBackupBody,
  AnnouncementBackupDetail,
  AnnouncementBody,
  AnnouncementChangeResult,
  AnnouncementImportResult,
  AnnouncementKind,
  AnnouncementPage,
  AnnouncementRedirects,
  AnnouncementResetBody,
  AnnouncementRestoreResult,
  AnnouncementTemplate,
  AnnouncementTemplateBody,
  announcementQuery,
  UploadResult,
} from '@gm/contract/announcements.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { GameAnnouncement } from '@gm/contract/game-commands.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { downloadFile } from '../../shared/download.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

export type AnnouncementFilters = ListFilters<typeof announcementQuery>;

const BASE = `${ADMIN_API}/announcements`;
const onePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (filters: AnnouncementFilters) => [...announcementKeys.lists(), filters] as const,
  board: (type: AnnouncementKind) => [...announcementKeys.all, 'board', type] as const,
  detail: (id: string) => [...announcementKeys.all, 'detail', id] as const,
  templates: () => [...announcementKeys.all, 'templates'] as const,
  backups: () => [...announcementKeys.all, 'backups'] as const,
  backup: (id: string) => [...announcementKeys.all, 'backups', id] as const,
};

export function announcementsQueryOptions(filters: AnnouncementFilters) {
  return queryOptions({
    queryKey: announcementKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<AnnouncementPage>(
        BASE,
        { page: filters.page - 1, size: filters.size, type: filters.type, status: filters.status, keyword: filters.keyword, areaId: filters.areaId },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The board of one type: every announcement that is not deleted, in board order (the API's own
 * order), as one page of the largest size; a board holds a few dozen at most.
 */
export function boardQueryOptions(type: AnnouncementKind) {
  return queryOptions({
    queryKey: announcementKeys.board(type),
    queryFn: ({ signal }) => api.get<AnnouncementPage>(BASE, { type, page: 0, size: 200 }, { signal }),
  });
}

/** The game's own board of one type (what players see), read through the gateway. */
export function gameBoardQueryOptions(type: AnnouncementKind) {
  return queryOptions({
    queryKey: [...announcementKeys.all, 'game-board', type] as const,
    queryFn: ({ signal }) => api.get<GameAnnouncement[]>(`${BASE}/game-board`, { type }, { signal, quiet: true }),
    retry: false,
  });
}

export function announcementQueryOptions(id: string) {
  return queryOptions({
    queryKey: announcementKeys.detail(id),
    queryFn: ({ signal }) => api.get<Announcement>(onePath(id), undefined, { signal, quiet: true }),
    retry: false,
  });
}

/**
 * The redirect choices of the form: the game's jump targets (read through the gateway) and the
 * open redirect domains of the domain whitelist. The edit page shows the spec's "failure to
 * initialize redirection information" when they cannot be loaded (the server's answer then).
 */
export function redirectsQueryOptions() {
  return queryOptions({
    queryKey: [...announcementKeys.all, 'redirects'] as const,
    queryFn: ({ signal }) => api.get<AnnouncementRedirects>(`${BASE}/redirects`, undefined, { signal, quiet: true }),
    retry: 1,
    staleTime: 60_000,
  });
}

export function templatesQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.templates(),
    queryFn: async ({ signal }) => (await api.get<{ results: AnnouncementTemplate[] }>(`${BASE}/templates`, undefined, { signal })).results,
  });
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.backups(),
    queryFn: async ({ signal }) => (await api.get<{ results: AnnouncementBackup[] }>(`${BASE}/backups`, undefined, { signal })).results,
  });
}

export function backupQueryOptions(id: string) {
  return queryOptions({
    queryKey: announcementKeys.backup(id),
    queryFn: ({ signal }) => api.get<AnnouncementBackupDetail>(`${BASE}/backups/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

/** Forms show field problems on their fields. */
export function quietForForm(error: ApiError): boolean {
  return error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0;
}

/**
 * A change of announcements: sent with the action's idempotency key (kept while the game's
 * answer is unknown, so a retry cannot act twice); every announcement query refreshes after.
 */
function useAnnouncementMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation<R, ApiError | Error, V>({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useCreateAnnouncement() {
  return useAnnouncementMutation((body: AnnouncementBody, idempotencyKey) => api.post<Announcement>(BASE, body, { idempotencyKey, quiet: quietForForm }));
}

export function useUpdateAnnouncement() {
  return useAnnouncementMutation(({ id, body }: { id: string; body: AnnouncementBody }, idempotencyKey) =>
    api.put<Announcement>(onePath(id), body, { idempotencyKey, quiet: quietForForm }),
  );
}

export function useDeleteAnnouncement() {
  return useAnnouncementMutation((id: string, idempotencyKey) => api.delete<AnnouncementChangeResult>(onePath(id), { idempotencyKey }));
}

/** "Refresh" to the game; the server answers the spec's "Announcement refresh Failed" when the game refuses. */
export function usePublishAnnouncement() {
  return useAnnouncementMutation((id: string, idempotencyKey) => api.post<AnnouncementChangeResult>(`${onePath(id)}/publish`, undefined, { idempotencyKey }));
}

export function useResetAnnouncement() {
  return useAnnouncementMutation(({ id, body }: { id: string; body: AnnouncementResetBody }, idempotencyKey) =>
    api.post<AnnouncementChangeResult>(`${onePath(id)}/reset`, body, { idempotencyKey, quiet: quietForForm }),
  );
}

export function useSortAnnouncements() {
  return useAnnouncementMutation((ids: string[], idempotencyKey) => api.post<{ results: Announcement[] }>(`${BASE}/sort`, { ids }, { idempotencyKey }));
}

export function useImportAnnouncements() {
  return useAnnouncementMutation((file: File) => api.postFiles<AnnouncementImportResult>(`${BASE}/import`, { file }, { quiet: true }));
}

export function useSaveTemplate() {
  return useAnnouncementMutation((body: AnnouncementTemplateBody) => api.post<AnnouncementTemplate>(`${BASE}/templates`, body, { quiet: quietForForm }));
}

export function useDeleteTemplate() {
  return useAnnouncementMutation((id: string) => api.delete<unknown>(`${BASE}/templates/${encodeURIComponent(id)}`));
}

export function useTakeBackup() {
  return useAnnouncementMutation((body: AnnouncementBackupBody) => api.post<AnnouncementBackup>(`${BASE}/backups`, body));
}

export function useRestoreBackup() {
  return useAnnouncementMutation((id: string, idempotencyKey) =>
    api.post<AnnouncementRestoreResult>(`${BASE}/backups/${encodeURIComponent(id)}/restore`, undefined, { idempotencyKey }),
  );
}

/** An image for an announcement (jpg or png; the server judges the bytes): its url on the console. */
export function uploadImage(file: File): Promise<UploadResult> {
  return api.postFiles<UploadResult>(`${ADMIN_API}/uploads`, { file }, { quiet: true });
}

/** The list as an .xlsx (the import's columns), with the list's type filter. */
export function exportAnnouncements(type: AnnouncementKind | undefined): Promise<string> {
  const query = type ? `?type=${type}` : '';
  return downloadFile(`${BASE}/export${query}`, { fallbackName: 'announcements.xlsx' });
}
