import { useMemo } from 'react';
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

/** A region as the player screens name it: "1001 · Dawn", or the id alone when its name is not known. */
export function regionLabel(id: string, name: string | null | undefined): string {
  return name ? `${id} · ${name}` : id;
}

/**
 * Options for a region select, and `labelOf` for a region id in a list's column. `liveOnly`
 * leaves out of the options the regions merged into another, which can no longer be acted on.
 */
export function useRegionOptions({ enabled = true, liveOnly = false }: { enabled?: boolean; liveOnly?: boolean } = {}) {
  const regions = useQuery({ ...regionOptionsQuery(), enabled });
  const options: RegionSelectOption[] = (regions.data ?? [])
    .filter((a) => !liveOnly || a.mergedInto === null)
    .map((a) => ({ value: a.id, label: regionLabel(a.id, a.name) }));
  const labelOf = useMemo(() => {
    const names = new Map((regions.data ?? []).map((a) => [a.id, a.name]));
    return (id: string) => regionLabel(id, names.get(id));
  }, [regions.data]);
  return { regions, options, labelOf };
}
