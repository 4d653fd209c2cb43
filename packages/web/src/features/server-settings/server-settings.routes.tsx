import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const serverSettingsRoutes = {
  serverSetting: () => import('./server-settings-page.tsx').then((m) => ({ Component: m.ServerSettingsPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
