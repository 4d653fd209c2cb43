import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const authRoutes = {
  login: () => import('./login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  registry: () => import('./registry-page.tsx').then((m) => ({ Component: m.RegistryPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
