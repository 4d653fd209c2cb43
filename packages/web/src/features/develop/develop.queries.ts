import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapKind } from '@gm/contract/game-commands.contract.ts';
import type {
  CommandJournalPage,
  CommandJournalQuery,
  DevelopState,
  DevelopValueBody,
  GachaPublicity,
  GachaPublicityQuery,
  PlayerValueResult,
  UnlockMapsResult,
} from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';

export const developKeys = {
  all: ['develop'] as const,
  state: (roleId: string) => [...developKeys.all, 'state', roleId] as const,
  journal: (filters: CommandJournalQuery) => [...developKeys.all, 'journal', filters] as const,
  gacha: (range: GachaPublicityQuery) => [...developKeys.all, 'gacha', range] as const,
};

export function stateQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: developKeys.state(roleId),
    queryFn: ({ signal }) => api.get<DevelopState>(`${ADMIN_API}/develop/player-state`, { roleId }, { signal }),
    retry: false,
  });
}

export function journalQueryOptions(filters: CommandJournalQuery) {
  return queryOptions({
    queryKey: developKeys.journal(filters),
    queryFn: ({ signal }) => api.get<CommandJournalPage>(`${ADMIN_API}/develop/commands`, { ...filters }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function gachaQueryOptions(range: GachaPublicityQuery) {
  return queryOptions({
    queryKey: developKeys.gacha(range),
    queryFn: ({ signal }) => api.get<GachaPublicity>(`${ADMIN_API}/develop/gacha-publicity`, range, { signal }),
  });
}

function useGameMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: developKeys.all }),
  });
}

export function useDevelopValue() {
  return useGameMutation((body: DevelopValueBody, idempotencyKey) => api.post<PlayerValueResult>(`${ADMIN_API}/develop/player-value`, body, { idempotencyKey }));
}

export function useDevelopUnlock() {
  return useGameMutation((body: { roleId: string; kind: MapKind; throughMapId: string }, idempotencyKey) =>
    api.post<UnlockMapsResult>(`${ADMIN_API}/develop/unlock-maps`, body, { idempotencyKey }),
  );
}
