import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const permissionsRoutes = {
  permission: () => import('./permissions-page.tsx').then((m) => ({ Component: m.PermissionsPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
