import { queryOptions } from '@tanstack/react-query';
import type { Health } from '@gm/contract/audit.contract.ts';
import { api } from './api-client.ts';

/** `GET /api/health`: public, used by the dashboard and the about page. */
export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};

export function healthQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => api.get<Health>('/api/health', undefined, { signal, quiet: true }),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
