import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ExploreKickResult, ExplorePositionBody, ExplorePositionResult, ExplorePositions } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';

export const exploreKeys = {
  all: ['explore'] as const,
  positions: (roleId: string) => [...exploreKeys.all, 'positions', roleId] as const,
};

export function positionsQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: exploreKeys.positions(roleId),
    queryFn: ({ signal }) => api.get<ExplorePositions>(`${ADMIN_API}/explore/positions`, { roleId }, { signal }),
    retry: false,
  });
}

function useGameMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exploreKeys.all }),
  });
}

export function useExploreKick() {
  return useGameMutation((roleId: string, idempotencyKey) => api.post<ExploreKickResult>(`${ADMIN_API}/explore/kick`, { roleId }, { idempotencyKey }));
}

export function useSetPosition() {
  return useGameMutation((body: ExplorePositionBody, idempotencyKey) =>
    api.put<ExplorePositionResult>(`${ADMIN_API}/explore/positions`, body, { idempotencyKey, quiet: (e) => e.code === ErrorCode.INVALID_PARAMS && e.details.length > 0 }),
  );
}
