import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

/** One list page for the three routes; pending and completed fix the status filter. */
export const ordersRoutes = {
  orderList: () => import('./order-list-page.tsx').then((m) => ({ Component: m.OrderListPage })),
  orderPending: () => import('./order-list-page.tsx').then((m) => ({ Component: m.PendingOrdersPage })),
  orderCompleted: () => import('./order-list-page.tsx').then((m) => ({ Component: m.CompletedOrdersPage })),
  orderCache: () => import('./order-cache-page.tsx').then((m) => ({ Component: m.OrderCachePage })),
  // SDK management's callback-wait cache: the same records and view, under the SDK's codes (11040, retry 21026).
  sdkOrderCacheWait: () => import('./order-cache-page.tsx').then((m) => ({ Component: m.SdkCacheWaitPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
