import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const exchangeClaimsRoutes = {
  exchangeClaims: () => import('./exchange-claims-page.tsx').then((m) => ({ Component: m.ExchangeClaimsPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
