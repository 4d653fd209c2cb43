import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const resourcesRoutes = {
  resourceList: () => import('./resource-list-page.tsx').then((m) => ({ Component: m.ResourceListPage })),
  resourceAdd: () => import('./resource-add-page.tsx').then((m) => ({ Component: m.ResourceAddPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
