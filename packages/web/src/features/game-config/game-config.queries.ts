import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameConfigHistory, GameConfigKey, GameConfigOptions, GameConfigSaveResult, GameConfigState } from '@gm/contract/game-config.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';

const BASE = `${ADMIN_API}/game-config`;

export const gameConfigKeys = {
  all: ['game-config'] as const,
  state: (key: GameConfigKey) => [...gameConfigKeys.all, key] as const,
  history: (key: GameConfigKey) => [...gameConfigKeys.all, key, 'history'] as const,
  options: () => [...gameConfigKeys.all, 'options'] as const,
};

export function gameConfigQueryOptions(key: GameConfigKey) {
  return queryOptions({ queryKey: gameConfigKeys.state(key), queryFn: ({ signal }) => api.get<GameConfigState>(`${BASE}/${key}`, undefined, { signal }) });
}

export function useGameConfigHistory(key: GameConfigKey, enabled: boolean) {
  return useQuery({ queryKey: gameConfigKeys.history(key), queryFn: ({ signal }) => api.get<GameConfigHistory>(`${BASE}/${key}/history`, undefined, { signal }), enabled });
}

/** The item catalogue and the regions the editors choose from. */
export function useGameConfigOptions() {
  return useQuery({ queryKey: gameConfigKeys.options(), queryFn: ({ signal }) => api.get<GameConfigOptions>(`${BASE}/options`, undefined, { signal }), staleTime: 60_000 });
}

/** Save and push; field problems are left to the form (quiet), anything else is announced. */
export function useSaveGameConfig(key: GameConfigKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { value: unknown; baseVersion: number | null }) => api.put<GameConfigSaveResult>(`${BASE}/${key}`, body, { quiet: isFieldError }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameConfigKeys.state(key) }),
  });
}
