import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const exploreRoutes = {
  explorePos: () => import('./explore-pos-page.tsx').then((m) => ({ Component: m.ExplorePosPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
