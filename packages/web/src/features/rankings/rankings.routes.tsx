import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const rankingsRoutes = {
  redisRank: () => import('./rankings-page.tsx').then((m) => ({ Component: m.RankingsPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
