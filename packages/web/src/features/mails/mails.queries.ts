import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import type {
  ItemCatalogue,
  MailBodyInput,
  MailDetail,
  MailDetailResult,
  MailPage,
  MailRecipientsPage,
  MailRecipientsQuery,
  MailSendPreview,
  MailSendResult,
  MailWithdrawResult,
  mailListQuery,
} from '@gm/contract/mails.contract.ts';
import type { ImportIdsResult } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

export type MailFilters = ListFilters<typeof mailListQuery>;

export const mailKeys = {
  all: ['mails'] as const,
  lists: () => [...mailKeys.all, 'list'] as const,
  list: (filters: MailFilters) => [...mailKeys.lists(), filters] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
  recipients: (id: string, query: Partial<MailRecipientsQuery>) => [...mailKeys.all, 'recipients', id, query] as const,
  preview: (id: string) => [...mailKeys.all, 'preview', id] as const,
  items: () => ['mail-items'] as const,
};

const mailPath = (id: string) => `${ADMIN_API}/mails/${encodeURIComponent(id)}`;

/** Forms show field problems on their fields; the rest is announced by the API client. */
export const quietForForm = (error: ApiError) => error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0;

export function mailsQueryOptions(filters: MailFilters) {
  return queryOptions({
    queryKey: mailKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<MailPage>(
        `${ADMIN_API}/mails`,
        {
          page: filters.page - 1,
          size: filters.size,
          status: filters.status && filters.status.length > 0 ? filters.status.join(',') : undefined,
          type: filters.type,
          keyword: filters.keyword,
          createdBy: filters.createdBy,
          start: filters.start,
          end: filters.end,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // A mail being sent moves on its own: follow its progress while the list is open.
    refetchInterval: (query) => (query.state.data?.results.some((m) => m.status === 'sending' || m.status === 'scheduled') ? 5_000 : false),
  });
}

export function mailDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: mailKeys.detail(id),
    queryFn: ({ signal }) => api.get<MailDetailResult>(mailPath(id), undefined, { signal }),
    refetchInterval: (query) => (query.state.data?.mail.status === 'sending' ? 3_000 : false),
  });
}

/** A page of the recipients, by keyset (`after` = the last role id of the page before). */
export function mailRecipientsQueryOptions(id: string, query: Partial<MailRecipientsQuery>) {
  return queryOptions({
    queryKey: mailKeys.recipients(id, query),
    queryFn: ({ signal }) => api.get<MailRecipientsPage>(`${mailPath(id)}/recipients`, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What sending would give out: the items with their totals (number x recipients). */
export function mailPreviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: mailKeys.preview(id),
    queryFn: ({ signal }) => api.get<MailSendPreview>(`${mailPath(id)}/preview`, undefined, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The game's item catalogue, for the item pickers. */
export function itemCatalogueQueryOptions() {
  return queryOptions({
    queryKey: mailKeys.items(),
    queryFn: async ({ signal }) => (await api.get<ItemCatalogue>(`${ADMIN_API}/items`, undefined, { signal })).items,
    staleTime: 5 * 60_000,
  });
}

function useMailMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation<R, ApiError | Error, V>({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

export function useCreateMail() {
  return useMailMutation((body: MailBodyInput) => api.post<MailDetail>(`${ADMIN_API}/mails`, body, { quiet: quietForForm }));
}

export function useUpdateMail() {
  return useMailMutation(({ id, body }: { id: string; body: MailBodyInput }) => api.put<MailDetail>(mailPath(id), body, { quiet: quietForForm }));
}

export function useDeleteMail() {
  return useMailMutation((id: string) => api.delete<unknown>(mailPath(id)));
}

export function useCopyMail() {
  return useMailMutation((id: string) => api.post<MailDetail>(`${mailPath(id)}/copy`));
}

/** Send after the operator confirmed the items; the dialog shows the failure itself. */
export function useSendMail() {
  return useMailMutation((id: string, idempotencyKey) => api.post<MailSendResult>(`${mailPath(id)}/send`, { confirmed: true }, { idempotencyKey, quiet: true }));
}

export function useWithdrawMail() {
  return useMailMutation((id: string, idempotencyKey) => api.post<MailWithdrawResult>(`${mailPath(id)}/withdraw`, undefined, { idempotencyKey }));
}

/**
 * Role ids from an Excel worksheet, read by the console's existing reader (the player screens'
 * import): the ids the game knows and those it does not.
 */
export function useImportRoleIds() {
  return useMutation<ImportIdsResult, ApiError | Error, File>({
    mutationFn: async (file: File) =>
      api.upload<ImportIdsResult>(`${ADMIN_API}/players/import-ids`, await file.arrayBuffer(), {
        query: { kind: 'roles', fileName: file.name },
        contentType: file.type || 'application/octet-stream',
        quiet: true,
      }),
  });
}
