import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaOption } from '@gm/contract/players.contract.ts';
import { ADMIN_API, api } from './api-client.ts';

/** The game's server regions, for the region filters and pickers of the player screens. */
export function regionOptionsQuery() {
  return queryOptions({
    queryKey: ['region-options'] as const,
    queryFn: async ({ signal }) => (await api.get<AreaOption[]>(`${ADMIN_API}/player-areas`, undefined, { signal })) ?? [],
    staleTime: 60_000,
  });
}

export interface RegionSelectOption {
  value: string;
  label: string;
}

/**
 * Options for a region select: "1001 · Dawn". `liveOnly` leaves out regions merged into another,
 * which can no longer be acted on.
 */
export function useRegionOptions({ enabled = true, liveOnly = false }: { enabled?: boolean; liveOnly?: boolean } = {}) {
  const regions = useQuery({ ...regionOptionsQuery(), enabled });
  const options: RegionSelectOption[] = (regions.data ?? [])
    .filter((a) => !liveOnly || a.mergedInto === null)
    .map((a) => ({ value: a.id, label: `${a.id} · ${a.name}` }));
  return { regions, options };
}
