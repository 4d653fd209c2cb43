import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const aboutRoutes = {
  about: () => import('./about-page.tsx').then((m) => ({ Component: m.AboutPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
