import type { LazyPage } from '../shared/lazy-page.ts';
import type { RouteId } from '../shared/paths.ts';
import type { ConsoleNamespace } from './i18n-console-resources.ts';
import { loadMessages } from './i18n.ts';
import { aboutRoutes } from '../features/about/about.routes.tsx';
import { areasRoutes } from '../features/areas/areas.routes.tsx';
import { authRoutes } from '../features/auth/auth.routes.tsx';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes.tsx';
import { gmLogRoutes } from '../features/gm-log/gm-log.routes.tsx';
import { notFoundRoutes } from '../features/not-found/not-found.routes.tsx';
import { permissionsRoutes } from '../features/permissions/permissions.routes.tsx';
import { profileRoutes } from '../features/profile/profile.routes.tsx';
import { whitelistsRoutes } from '../features/whitelists/whitelists.routes.tsx';
import { resourcesRoutes } from '../features/resources/resources.routes.tsx';
import { sequencesRoutes } from '../features/sequences/sequences.routes.tsx';
import { serverSettingsRoutes } from '../features/server-settings/server-settings.routes.tsx';
import { agreementsRoutes } from '../features/agreements/agreements.routes.tsx';
import { playersRoutes } from '../features/players/players.routes.tsx';
import { exploreRoutes } from '../features/explore/explore.routes.tsx';
import { exchangeClaimsRoutes } from '../features/exchange-claims/exchange-claims.routes.tsx';
import { developRoutes } from '../features/develop/develop.routes.tsx';
import { logsRoutes } from '../features/logs/logs.routes.tsx';
import { exportsRoutes } from '../features/exports/exports.routes.tsx';
import { statisticsRoutes } from '../features/statistics/statistics.routes.tsx';
import { ordersRoutes } from '../features/orders/orders.routes.tsx';
import { sdkRoutes } from '../features/sdk/sdk.routes.tsx';
import { mailsRoutes } from '../features/mails/mails.routes.tsx';
import { announcementsRoutes } from '../features/announcements/announcements.routes.tsx';
import { cbtRebateRoutes } from '../features/cbt-rebate/cbt-rebate.routes.tsx';
import { databaseRoutes } from '../features/database/database.routes.tsx';
import { systemLogsRoutes } from '../features/system-logs/system-logs.routes.tsx';
import { rankingsRoutes } from '../features/rankings/rankings.routes.tsx';
import { gameConfigRoutes } from '../features/game-config/game-config.routes.tsx';
import { redeemCodesRoutes } from '../features/redeem-codes/redeem-codes.routes.tsx';

/** A feature's pages, each waiting for the feature's messages (downloaded with its first page). */
function withMessages<T extends Partial<Record<RouteId, LazyPage>>>(namespace: ConsoleNamespace, routes: T): T {
  const wrapped: Partial<Record<RouteId, LazyPage>> = {};
  for (const [id, load] of Object.entries(routes) as [RouteId, LazyPage][]) {
    wrapped[id] = () => Promise.all([load(), loadMessages(namespace)]).then(([page]) => page);
  }
  return wrapped as T;
}

/**
 * The pages that exist, keyed by navigation id, with the namespace their feature's messages
 * live in (public pages use the bundled ones). A feature adds its page here and flips `exists`
 * in navigation.ts; the navigation test checks the two agree.
 */
export const PAGES: Partial<Record<RouteId, LazyPage>> = {
  ...authRoutes,
  ...notFoundRoutes,
  ...withMessages('dashboard', dashboardRoutes),
  ...withMessages('gmLog', gmLogRoutes),
  ...withMessages('permissions', permissionsRoutes),
  ...withMessages('about', aboutRoutes),
  ...withMessages('profile', profileRoutes),
  ...withMessages('areas', areasRoutes),
  ...withMessages('whitelists', whitelistsRoutes),
  ...withMessages('resources', resourcesRoutes),
  ...withMessages('sequences', sequencesRoutes),
  ...withMessages('serverSettings', serverSettingsRoutes),
  ...withMessages('agreements', agreementsRoutes),
  ...withMessages('players', playersRoutes),
  ...withMessages('explore', exploreRoutes),
  ...withMessages('exchangeClaims', exchangeClaimsRoutes),
  ...withMessages('develop', developRoutes),
  ...withMessages('logs', logsRoutes),
  ...withMessages('exports', exportsRoutes),
  ...withMessages('statistics', statisticsRoutes),
  ...withMessages('orders', ordersRoutes),
  ...withMessages('sdk', sdkRoutes),
  ...withMessages('mails', mailsRoutes),
  ...withMessages('announcements', announcementsRoutes),
  ...withMessages('cbtRebate', cbtRebateRoutes),
  ...withMessages('database', databaseRoutes),
  ...withMessages('systemLogs', systemLogsRoutes),
  ...withMessages('rankings', rankingsRoutes),
  ...withMessages('gameConfig', gameConfigRoutes),
  ...withMessages('redeemCodes', redeemCodesRoutes),
};
