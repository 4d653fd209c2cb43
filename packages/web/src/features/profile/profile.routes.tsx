import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const profileRoutes = {
  profile: () => import('./profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
