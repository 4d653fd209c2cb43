import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveRebateResult,
  ProposeRebatesBody,
  ProposeRebatesResult,
  Rebate,
  RebateAccount,
  RebateAccountQuery,
  RebateListQuery,
  RebateSettings,
  RebateSettingsResult,
} from '@gm/contract/cbt-rebate.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';

const BASE = `${ADMIN_API}/cbt-rebate`;

export const rebateKeys = {
  all: ['cbt-rebate'] as const,
  settings: () => [...rebateKeys.all, 'settings'] as const,
  accounts: (q: RebateAccountQuery) => [...rebateKeys.all, 'accounts', q] as const,
  rebates: (q: RebateListQuery) => [...rebateKeys.all, 'rebates', q] as const,
};

/** The pages keep `page` 1-based as shown; the API counts from 0. */
const zeroBased = <Q extends { page: number }>(q: Q): Q => ({ ...q, page: q.page - 1 });

export function rebateSettingsQueryOptions() {
  return queryOptions({ queryKey: rebateKeys.settings(), queryFn: ({ signal }) => api.get<RebateSettingsResult>(`${BASE}/settings`, undefined, { signal }) });
}

/** Quiet: without a rule the page shows the rule card's prompt instead of a toast. */
export function rebateAccountsQueryOptions(q: RebateAccountQuery, enabled: boolean) {
  return queryOptions({
    queryKey: rebateKeys.accounts(q),
    queryFn: ({ signal }) => api.get<CappedPage<RebateAccount>>(`${BASE}/accounts`, { ...zeroBased(q) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function rebatesQueryOptions(q: RebateListQuery) {
  return queryOptions({
    queryKey: rebateKeys.rebates(q),
    queryFn: ({ signal }) => api.get<{ results: Rebate[]; total: number }>(`${BASE}/rebates`, { ...zeroBased(q) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRebateMutation<V, R>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: rebateKeys.all }) });
}

export const useSaveRebateSettings = () => useRebateMutation((s: RebateSettings) => api.put<RebateSettingsResult>(`${BASE}/settings`, s));
export const useProposeRebates = () => useRebateMutation((body: ProposeRebatesBody) => api.post<ProposeRebatesResult>(`${BASE}/rebates`, body));
export const useApproveRebate = () => useRebateMutation((id: string) => api.post<ApproveRebateResult>(`${BASE}/rebates/${encodeURIComponent(id)}/approve`));
export const useRejectRebate = () =>
  useRebateMutation(({ id, reason }: { id: string; reason: string }) => api.post<Rebate>(`${BASE}/rebates/${encodeURIComponent(id)}/reject`, { reason }));
