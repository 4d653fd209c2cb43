import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const whitelistsRoutes = {
  whitelist: () => import('./whitelist-page.tsx').then((m) => ({ Component: m.WhitelistPage })),
  domainWhitelist: () => import('./domain-whitelist-page.tsx').then((m) => ({ Component: m.DomainWhitelistPage })),
  domainWhitelistAdd: () => import('./domain-whitelist-add-page.tsx').then((m) => ({ Component: m.DomainWhitelistAddPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
