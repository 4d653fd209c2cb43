/**
 * The console's namespaces, one per feature, each loaded with the feature's pages (`pages.ts`),
 * so no page downloads the others' messages (docs/performance.md, "First visit"). A feature adds
 * its messages here and in `i18n-resources.ts`; the translation test checks the two agree.
 */
export const CONSOLE_MESSAGES = {
  dashboard: () => import('../features/dashboard/dashboard.messages.ts'),
  permissions: () => import('../features/permissions/permissions.messages.ts'),
  gmLog: () => import('../features/gm-log/gm-log.messages.ts'),
  profile: () => import('../features/profile/profile.messages.ts'),
  about: () => import('../features/about/about.messages.ts'),
  players: () => import('../features/players/players.messages.ts'),
  explore: () => import('../features/explore/explore.messages.ts'),
  exchangeClaims: () => import('../features/exchange-claims/exchange-claims.messages.ts'),
  develop: () => import('../features/develop/develop.messages.ts'),
  areas: () => import('../features/areas/areas.messages.ts'),
  whitelists: () => import('../features/whitelists/whitelists.messages.ts'),
  resources: () => import('../features/resources/resources.messages.ts'),
  sequences: () => import('../features/sequences/sequences.messages.ts'),
  serverSettings: () => import('../features/server-settings/server-settings.messages.ts'),
  agreements: () => import('../features/agreements/agreements.messages.ts'),
  logs: () => import('../features/logs/logs.messages.ts'),
  exports: () => import('../features/exports/exports.messages.ts'),
  statistics: () => import('../features/statistics/statistics.messages.ts'),
  orders: () => import('../features/orders/orders.messages.ts'),
  sdk: () => import('../features/sdk/sdk.messages.ts'),
  mails: () => import('../features/mails/mails.messages.ts'),
  announcements: () => import('../features/announcements/announcements.messages.ts'),
  cbtRebate: () => import('../features/cbt-rebate/cbt-rebate.messages.ts'),
  database: () => import('../features/database/database.messages.ts'),
  systemLogs: () => import('../features/system-logs/system-logs.messages.ts'),
  rankings: () => import('../features/rankings/rankings.messages.ts'),
  gameConfig: () => import('../features/game-config/game-config.messages.ts'),
  redeemCodes: () => import('../features/redeem-codes/redeem-codes.messages.ts'),
} satisfies Record<string, () => Promise<{ en: object; zhCN: object }>>;

export type ConsoleNamespace = keyof typeof CONSOLE_MESSAGES;
