import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Area,
  AreaBatchResult,
  AreaCreateBody,
  AreaGroups,
  AreaMergeResult,
  AreaStatusAction,
  AreaUpdateBody,
  areaQuery,
} from '@gm/contract/areas.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { RegionHeat, RegionLoginStatus } from '@gm/contract/game-commands.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

export type AreaFilters = ListFilters<typeof areaQuery>;

export const areaKeys = {
  all: ['areas'] as const,
  lists: () => [...areaKeys.all, 'list'] as const,
  list: (filters: AreaFilters) => [...areaKeys.lists(), filters] as const,
  groups: () => [...areaKeys.all, 'groups'] as const,
  options: () => [...areaKeys.all, 'options'] as const,
};

const joined = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);

export function areasQueryOptions(filters: AreaFilters) {
  return queryOptions({
    queryKey: areaKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<Area>>(
        `${ADMIN_API}/areas`,
        {
          page: filters.page - 1,
          size: filters.size,
          keyword: filters.keyword,
          status: joined(filters.status),
          loginStatus: joined(filters.loginStatus),
          heat: joined(filters.heat),
          group: filters.group,
          merged: filters.merged,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Online numbers and queues move: keep the list fresh while it is open.
    refetchInterval: 30_000,
  });
}

export function areaGroupsQueryOptions() {
  return queryOptions({
    queryKey: areaKeys.groups(),
    queryFn: async ({ signal }) => (await api.get<AreaGroups>(`${ADMIN_API}/areas/groups`, undefined, { signal })) ?? [],
  });
}

/** Every region that can still take commands, for the merge target list. */
export function areaOptionsQueryOptions() {
  return queryOptions({
    queryKey: areaKeys.options(),
    queryFn: async ({ signal }) => (await api.get<Page<Area>>(`${ADMIN_API}/areas`, { size: 200 }, { signal })).results,
  });
}

const areaPath = (id: string) => `${ADMIN_API}/areas/${encodeURIComponent(id)}`;

/**
 * A change that reaches the game: sent with the action's idempotency key, which is kept while
 * the outcome is unknown so a retry cannot act twice; every region query refreshes afterwards.
 */
function useGameMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKeys.all }),
  });
}

export function useSetAreaStatus() {
  return useGameMutation(({ ids, status }: { ids: string[]; status: AreaStatusAction }, idempotencyKey) =>
    api.post<AreaBatchResult>(`${ADMIN_API}/areas/actions/${status}`, { ids }, { idempotencyKey }),
  );
}

export function useSetAreaLoginStatus() {
  return useGameMutation(({ ids, loginStatus }: { ids: string[]; loginStatus: RegionLoginStatus }, idempotencyKey) =>
    api.post<AreaBatchResult>(`${ADMIN_API}/areas/actions/login-status`, { ids, loginStatus }, { idempotencyKey }),
  );
}

export function useSetAreaHeat() {
  return useGameMutation(({ ids, heat }: { ids: string[]; heat: RegionHeat }, idempotencyKey) =>
    api.post<AreaBatchResult>(`${ADMIN_API}/areas/actions/heat`, { ids, heat }, { idempotencyKey }),
  );
}

export function useCreateArea() {
  return useGameMutation((body: AreaCreateBody, idempotencyKey) => api.post<Area>(`${ADMIN_API}/areas`, body, { idempotencyKey, quiet: quietForForm }));
}

export function useUpdateArea() {
  return useGameMutation(({ id, body }: { id: string; body: AreaUpdateBody }, idempotencyKey) =>
    api.put<Area>(areaPath(id), body, { idempotencyKey, quiet: quietForForm }),
  );
}

export function useMergeArea() {
  return useGameMutation(({ id, intoId }: { id: string; intoId: string }, idempotencyKey) =>
    api.post<AreaMergeResult>(`${areaPath(id)}/merge`, { intoId }, { idempotencyKey }),
  );
}

export function useSetAutoClose() {
  return useGameMutation(({ id, at }: { id: string; at: number }, idempotencyKey) =>
    api.put<Area>(`${areaPath(id)}/auto-close`, { at: new Date(at).toISOString() }, { idempotencyKey, quiet: quietForForm }),
  );
}

export function useCancelAutoClose() {
  return useGameMutation((id: string, idempotencyKey) => api.delete<Area>(`${areaPath(id)}/auto-close`, { idempotencyKey }));
}

/** Forms show field problems on their fields. */
function quietForForm(error: { code: number; details: unknown[] }): boolean {
  return error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0;
}
