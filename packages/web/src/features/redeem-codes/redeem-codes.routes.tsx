import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const redeemCodesRoutes = {
  exchangeConfig: () => import('./redeem-batch-list-page.tsx').then((m) => ({ Component: m.RedeemBatchListPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
