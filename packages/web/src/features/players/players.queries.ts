import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import type {
  AccountLiftBody,
  AccountSanctionBody,
  BagResult,
  BatchResult,
  LiftResult,
  CappedPage,
  CreatePlayerBody,
  CreatePlayerResult,
  DeductBody,
  DeductResult,
  ForbidTimeResult,
  GameAccount,
  ImportIdsResult,
  ImportKind,
  KickAllBody,
  LiftBody,
  MarkBody,
  Player,
  PlayerDetail,
  PlayerMaps,
  PlayerReport,
  PlayerValueField,
  PlayerValueResult,
  SanctionBody,
  UnlockMapsBody,
  UnlockMapsResult,
} from '@gm/contract/players.contract.ts';
import { ADMIN_API, api, type ApiError, type QueryParams } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';
import type { AccountFilters, AccountForbidFilters, ForbidFilters, PlayerFilters, ReportFilters } from './player-filters.ts';

// The filters as the pages keep them (1-based page, as shown) derive from the contract's list
// queries (player-filters.ts).
export type { AccountFilters, AccountForbidFilters, ForbidFilters, PlayerFilters, ReportFilters };

/** The API's query: its page is 0-based; everything else as is. */
function apiQuery<T extends { page: number; size: number }>(filters: T): QueryParams {
  const { page, size, ...rest } = filters;
  return { ...(rest as QueryParams), page: page - 1, size };
}

export const playerKeys = {
  all: ['players'] as const,
  lists: () => [...playerKeys.all, 'list'] as const,
  list: (filters: PlayerFilters) => [...playerKeys.lists(), filters] as const,
  forbid: (filters: ForbidFilters) => [...playerKeys.all, 'forbid', filters] as const,
  detail: (roleId: string) => [...playerKeys.all, 'detail', roleId] as const,
  bag: (roleId: string) => [...playerKeys.all, 'bag', roleId] as const,
  maps: (roleId: string) => [...playerKeys.all, 'maps', roleId] as const,
  forbidTime: () => [...playerKeys.all, 'forbid-time'] as const,
  accounts: (filters: AccountFilters) => [...playerKeys.all, 'accounts', filters] as const,
  accountBans: (filters: AccountForbidFilters) => [...playerKeys.all, 'account-bans', filters] as const,
  reports: (filters: ReportFilters) => [...playerKeys.all, 'reports', filters] as const,
};

export function playersQueryOptions(filters: PlayerFilters) {
  return queryOptions({
    queryKey: playerKeys.list(filters),
    queryFn: ({ signal }) => api.get<CappedPage<Player>>(`${ADMIN_API}/players`, apiQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function forbidListQueryOptions(filters: ForbidFilters) {
  return queryOptions({
    queryKey: playerKeys.forbid(filters),
    queryFn: ({ signal }) => api.get<CappedPage<Player>>(`${ADMIN_API}/player-forbid-list`, apiQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function playerDetailQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: playerKeys.detail(roleId),
    // The dialog shows a failure in its body (the spec's "Failed to Obtain Details"), not a toast.
    queryFn: ({ signal }) => api.get<PlayerDetail>(`${ADMIN_API}/player/${encodeURIComponent(roleId)}`, undefined, { signal, quiet: true }),
  });
}

export function bagQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: playerKeys.bag(roleId),
    queryFn: ({ signal }) => api.get<BagResult>(`${ADMIN_API}/player-baggage-list`, { roleId }, { signal, quiet: true }),
  });
}

export function mapsQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: playerKeys.maps(roleId),
    queryFn: ({ signal }) => api.get<PlayerMaps>(`${ADMIN_API}/player-details`, { roleId }, { signal }),
  });
}

export function forbidTimeQueryOptions() {
  return queryOptions({
    queryKey: playerKeys.forbidTime(),
    queryFn: ({ signal }) => api.get<ForbidTimeResult>(`${ADMIN_API}/report/forbid-time`, undefined, { signal }),
    staleTime: Infinity,
  });
}

export function accountsQueryOptions(filters: AccountFilters) {
  return queryOptions({
    queryKey: playerKeys.accounts(filters),
    queryFn: ({ signal }) => api.get<CappedPage<GameAccount>>(`${ADMIN_API}/accounts`, apiQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function accountBansQueryOptions(filters: AccountForbidFilters) {
  return queryOptions({
    queryKey: playerKeys.accountBans(filters),
    queryFn: ({ signal }) => api.get<CappedPage<GameAccount>>(`${ADMIN_API}/account-bans`, apiQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function reportsQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: playerKeys.reports(filters),
    queryFn: ({ signal }) => api.get<CappedPage<PlayerReport>>(`${ADMIN_API}/report/list`, apiQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------
// Changes: each reaches the game with the action's idempotency key.
// ---------------------------------------------------------------------------------------------

/** Dialogs show field details and game refusals themselves. */
export const quietForDialog = (error: ApiError) => (error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0) || error.code === ErrorCode.GAME_ERROR;

function useGameMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

export type SanctionKind = 'ban' | 'unban' | 'mute' | 'unmute';

/** The spec's failure of a ban, unban, mute, unmute or forced logout, leading the reason. */
export const failureOf = (action: SanctionKind | 'kick') => () => i18next.t(`players:failures.${action}`);
const SANCTION_PATHS: Record<SanctionKind, string> = {
  ban: 'report/banned',
  unban: 'report/cancel-banned',
  mute: 'report/closure',
  unmute: 'report/cancel-closure',
};

export function useSanctionPlayers() {
  return useGameMutation(({ kind, body }: { kind: SanctionKind; body: SanctionBody | LiftBody }, idempotencyKey) =>
    api.post<BatchResult | LiftResult>(`${ADMIN_API}/${SANCTION_PATHS[kind]}`, body, { idempotencyKey, quiet: quietForDialog, failure: failureOf(kind) }),
  );
}

export function useSanctionAccounts() {
  return useGameMutation(({ kind, body }: { kind: 'ban' | 'unban'; body: AccountSanctionBody | AccountLiftBody }, idempotencyKey) =>
    api.post<BatchResult | LiftResult>(`${ADMIN_API}/accounts/actions/${kind}`, body, { idempotencyKey, quiet: quietForDialog, failure: failureOf(kind) }),
  );
}

export function useKickPlayers() {
  return useGameMutation((roleIds: string[], idempotencyKey) => api.post<BatchResult>(`${ADMIN_API}/report/kick`, { roleIds }, { idempotencyKey, failure: failureOf('kick') }));
}

export function useKickAll() {
  return useGameMutation((body: KickAllBody, idempotencyKey) => api.post<BatchResult>(`${ADMIN_API}/report/kick-all`, body, { idempotencyKey, failure: failureOf('kick') }));
}

export function useMarkPlayers() {
  return useGameMutation((body: MarkBody, idempotencyKey) => api.post<BatchResult>(`${ADMIN_API}/mark`, body, { idempotencyKey, quiet: quietForDialog }));
}

export function useDeduct() {
  return useGameMutation((body: DeductBody, idempotencyKey) =>
    api.patch<DeductResult>(`${ADMIN_API}/player/deduction/assets`, body, { idempotencyKey, quiet: quietForDialog }),
  );
}

export function useUnlockMaps() {
  return useGameMutation((body: UnlockMapsBody, idempotencyKey) =>
    api.post<UnlockMapsResult>(`${ADMIN_API}/player/unlock-maps`, body, { idempotencyKey, quiet: quietForDialog }),
  );
}

export function useSetPlayerValue() {
  return useGameMutation((change: { roleId: string; field: PlayerValueField; value: string }, idempotencyKey) =>
    api.get<PlayerValueResult>(`${ADMIN_API}/player-detail-update`, change, { idempotencyKey, quiet: quietForDialog }),
  );
}

export function useCreatePlayer() {
  return useGameMutation((body: CreatePlayerBody, idempotencyKey) =>
    api.post<CreatePlayerResult>(`${ADMIN_API}/players`, body, { idempotencyKey, quiet: quietForDialog }),
  );
}

/** Reads ids from a worksheet; the file travels as the raw body. */
export function useImportIds() {
  return useMutation({
    mutationFn: async ({ file, kind }: { file: File; kind: ImportKind }) => {
      const body = await file.arrayBuffer();
      return api.upload<ImportIdsResult>(`${ADMIN_API}/players/import-ids`, body, {
        query: { kind, fileName: file.name },
        contentType: file.type || 'application/octet-stream',
        quiet: quietForDialog,
      });
    },
  });
}
