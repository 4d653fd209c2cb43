import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const areasRoutes = {
  areaList: () => import('./areas-page.tsx').then((m) => ({ Component: m.AreasPage })),
  areaAdd: () => import('./area-add-page.tsx').then((m) => ({ Component: m.AreaAddPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
