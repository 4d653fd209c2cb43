import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const playersRoutes = {
  playerList: () => import('./player-list-page.tsx').then((m) => ({ Component: m.PlayerListPage })),
  playerAdd: () => import('./player-add-page.tsx').then((m) => ({ Component: m.PlayerAddPage })),
  playerBanList: () => import('./player-bans-page.tsx').then((m) => ({ Component: m.PlayerBansPage })),
  reportList: () => import('./report-list-page.tsx').then((m) => ({ Component: m.ReportListPage })),
  userList: () => import('./account-list-page.tsx').then((m) => ({ Component: m.AccountListPage })),
  userBanList: () => import('./account-bans-page.tsx').then((m) => ({ Component: m.AccountBansPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
