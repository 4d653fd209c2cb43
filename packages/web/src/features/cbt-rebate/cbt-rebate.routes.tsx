import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const cbtRebateRoutes = {
  cbtOrderList: () => import('./rebate-orders-page.tsx').then((m) => ({ Component: m.RebateOrdersPage })),
  cbtAudit: () => import('./rebate-audit-page.tsx').then((m) => ({ Component: m.RebateAuditPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
