import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';
import { LoginPage } from './login-page.tsx';

export const authRoutes = {
  // Bundled with the app rather than loaded: most first visits land here, and one file that
  // renders the page beats a second round trip (docs/performance.md, "First visit").
  login: () => Promise.resolve({ Component: LoginPage }),
  registry: () => import('./registry-page.tsx').then((m) => ({ Component: m.RegistryPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
