import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const notFoundRoutes = {
  notFound: () => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
