import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const dashboardRoutes = {
  dashboard: () => import('./dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
