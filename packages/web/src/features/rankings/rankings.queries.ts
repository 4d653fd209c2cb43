import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { RankBoard, RankChangeResult, RankEntry, RankingQuery, RankRemoval, RankRemovalQuery } from '@gm/contract/rankings.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';

const keys = { all: ['rankings'] as const };

/** The pages keep `page` 1-based as shown; the API counts from 0. */
export function rankingQueryOptions(q: RankingQuery) {
  return queryOptions({
    queryKey: [...keys.all, 'board', q] as const,
    queryFn: ({ signal }) => api.get<CappedPage<RankEntry>>(`${ADMIN_API}/rankings`, { ...q, page: q.page - 1 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function removalsQueryOptions(q: RankRemovalQuery) {
  return queryOptions({
    queryKey: [...keys.all, 'removed', q] as const,
    queryFn: ({ signal }) => api.get<{ results: RankRemoval[]; total: number }>(`${ADMIN_API}/rankings/removed`, { ...q, page: q.page - 1 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change through the game: one idempotency key per operator action, kept while the outcome is unknown. */
function useRankChange(action: 'remove' | 'restore') {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: ({ board, body }: { board: RankBoard; body: { roleIds: string[]; reason?: string } }) =>
      api.post<RankChangeResult>(`${ADMIN_API}/rankings/${board}/${action}`, body, { idempotencyKey: key.current() }),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useRemoveEntries = () => useRankChange('remove');
export const useRestoreEntries = () => useRankChange('restore');
