import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const gmLogRoutes = {
  sysGmLog: () => import('./gm-log-page.tsx').then((m) => ({ Component: m.GmLogPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
