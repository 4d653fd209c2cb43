import type { LazyPage } from '../../shared/lazy-page.ts';
import type { RouteId } from '../../shared/paths.ts';

export const statisticsRoutes = {
  statOnline: () => import('./online-page.tsx').then((m) => ({ Component: m.OnlinePage })),
  statPlayerLogin: () => import('./new-active-page.tsx').then((m) => ({ Component: m.NewActivePage })),
  statRechargeOverview: () => import('./recharge-page.tsx').then((m) => ({ Component: m.RechargePage })),
  statRechargeByProduct: () => import('./recharge-goods-page.tsx').then((m) => ({ Component: m.RechargeGoodsPage })),
  statRechargeByPlayer: () => import('./recharge-users-page.tsx').then((m) => ({ Component: m.RechargeUsersPage })),
  statPlayerKeep: () => import('./retention-page.tsx').then((m) => ({ Component: m.PlayerRetentionPage })),
  statDeviceKeep: () => import('./retention-page.tsx').then((m) => ({ Component: m.DeviceRetentionPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
