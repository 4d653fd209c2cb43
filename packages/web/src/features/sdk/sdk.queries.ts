import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { SdkAccount, SdkAccountListQuery, SdkOrder, SdkOrderListQuery, SdkProject, SdkProjectBody, SdkProjectListQuery, SdkProjectUpdate, SdkProjectWithKey } from '@gm/contract/sdk.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

export const sdkKeys = {
  all: ['sdk'] as const,
  projects: (f: SdkProjectListQuery) => [...sdkKeys.all, 'projects', f] as const,
  accounts: (f: SdkAccountListQuery) => [...sdkKeys.all, 'accounts', f] as const,
  orders: (f: SdkOrderListQuery) => [...sdkKeys.all, 'orders', f] as const,
};

/** The page is 1-based on screen, 0-based for the API. */
const paged = <F extends { page: number }>({ page, ...rest }: F) => ({ ...rest, page: page - 1 });

export function projectsQueryOptions(filters: SdkProjectListQuery) {
  return queryOptions({
    queryKey: sdkKeys.projects(filters),
    queryFn: ({ signal }) => api.get<{ results: SdkProject[]; total: number }>(`${ADMIN_API}/sdk/projects`, paged(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function accountsQueryOptions(filters: SdkAccountListQuery) {
  return queryOptions({
    queryKey: sdkKeys.accounts(filters),
    queryFn: ({ signal }) => api.get<CappedPage<SdkAccount>>(`${ADMIN_API}/sdk/accounts`, paged(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function ordersQueryOptions(filters: SdkOrderListQuery) {
  return queryOptions({
    queryKey: sdkKeys.orders(filters),
    queryFn: ({ signal }) => api.get<CappedPage<SdkOrder>>(`${ADMIN_API}/sdk/orders`, paged(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Forms show field problems on their fields. */
const quietForForm = (error: { code: number; details: unknown[] }) => (error.code === ErrorCode.INVALID_PARAMS || error.code === ErrorCode.CONFLICT) && error.details.length > 0;

function useSdkMutation<V, R>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: sdkKeys.all }) });
}

export function useCreateProject() {
  return useSdkMutation((body: SdkProjectBody) => api.post<SdkProjectWithKey>(`${ADMIN_API}/sdk/projects`, body, { quiet: quietForForm }));
}

export function useUpdateProject() {
  return useSdkMutation(({ id, body }: { id: string; body: SdkProjectUpdate }) => api.put<SdkProject>(`${ADMIN_API}/sdk/projects/${encodeURIComponent(id)}`, body, { quiet: quietForForm }));
}

export function useRotateKey() {
  return useSdkMutation((id: string) => api.post<SdkProjectWithKey>(`${ADMIN_API}/sdk/projects/${encodeURIComponent(id)}/rotate-key`, undefined));
}
