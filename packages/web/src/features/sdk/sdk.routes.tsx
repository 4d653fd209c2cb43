import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

/**
 * SDK management. `/sdk/order/cacheWait` is the order cache's view under the SDK's codes, so it
 * lives with the orders feature (orders.routes.tsx, `SdkCacheWaitPage`).
 */
export const sdkRoutes = {
  sdkProjects: () => import('./sdk-projects-page.tsx').then((m) => ({ Component: m.SdkProjectsPage })),
  sdkAccounts: () => import('./sdk-accounts-page.tsx').then((m) => ({ Component: m.SdkAccountsPage })),
  sdkOrders: () => import('./sdk-orders-page.tsx').then((m) => ({ Component: m.SdkOrdersPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
