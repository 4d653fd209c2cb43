import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const systemLogsRoutes = {
  sysException: () => import('./exception-list-page.tsx').then((m) => ({ Component: m.ExceptionListPage })),
  sysGameLog: () => import('./game-call-list-page.tsx').then((m) => ({ Component: m.GameCallListPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
