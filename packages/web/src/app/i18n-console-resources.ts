import type { Language } from '@gm/contract/messages.ts';

/**
 * The console's namespaces, one per feature, each loaded with the feature's pages (`pages.ts`)
 * and in the operator's language only (one module per language: the i18next backend in `i18n.ts`
 * asks for the other when the language changes), so no page downloads the others' messages nor
 * a language nobody reads (docs/performance.md, "First visit"). A feature adds its messages here
 * and in `i18n-resources.ts`; the split test checks the two agree.
 */
export const CONSOLE_MESSAGES = {
  dashboard: { en: () => import('../features/dashboard/dashboard.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/dashboard/dashboard.messages.zh-CN.ts').then((m) => m.zhCN) },
  permissions: { en: () => import('../features/permissions/permissions.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/permissions/permissions.messages.zh-CN.ts').then((m) => m.zhCN) },
  gmLog: { en: () => import('../features/gm-log/gm-log.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/gm-log/gm-log.messages.zh-CN.ts').then((m) => m.zhCN) },
  profile: { en: () => import('../features/profile/profile.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/profile/profile.messages.zh-CN.ts').then((m) => m.zhCN) },
  about: { en: () => import('../features/about/about.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/about/about.messages.zh-CN.ts').then((m) => m.zhCN) },
  players: { en: () => import('../features/players/players.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/players/players.messages.zh-CN.ts').then((m) => m.zhCN) },
  explore: { en: () => import('../features/explore/explore.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/explore/explore.messages.zh-CN.ts').then((m) => m.zhCN) },
  exchangeClaims: { en: () => import('../features/exchange-claims/exchange-claims.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/exchange-claims/exchange-claims.messages.zh-CN.ts').then((m) => m.zhCN) },
  develop: { en: () => import('../features/develop/develop.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/develop/develop.messages.zh-CN.ts').then((m) => m.zhCN) },
  areas: { en: () => import('../features/areas/areas.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/areas/areas.messages.zh-CN.ts').then((m) => m.zhCN) },
  whitelists: { en: () => import('../features/whitelists/whitelists.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/whitelists/whitelists.messages.zh-CN.ts').then((m) => m.zhCN) },
  resources: { en: () => import('../features/resources/resources.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/resources/resources.messages.zh-CN.ts').then((m) => m.zhCN) },
  sequences: { en: () => import('../features/sequences/sequences.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/sequences/sequences.messages.zh-CN.ts').then((m) => m.zhCN) },
  serverSettings: { en: () => import('../features/server-settings/server-settings.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/server-settings/server-settings.messages.zh-CN.ts').then((m) => m.zhCN) },
  agreements: { en: () => import('../features/agreements/agreements.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/agreements/agreements.messages.zh-CN.ts').then((m) => m.zhCN) },
  logs: { en: () => import('../features/logs/logs.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/logs/logs.messages.zh-CN.ts').then((m) => m.zhCN) },
  exports: { en: () => import('../features/exports/exports.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/exports/exports.messages.zh-CN.ts').then((m) => m.zhCN) },
  statistics: { en: () => import('../features/statistics/statistics.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/statistics/statistics.messages.zh-CN.ts').then((m) => m.zhCN) },
  orders: { en: () => import('../features/orders/orders.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/orders/orders.messages.zh-CN.ts').then((m) => m.zhCN) },
  sdk: { en: () => import('../features/sdk/sdk.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/sdk/sdk.messages.zh-CN.ts').then((m) => m.zhCN) },
  mails: { en: () => import('../features/mails/mails.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/mails/mails.messages.zh-CN.ts').then((m) => m.zhCN) },
  announcements: { en: () => import('../features/announcements/announcements.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/announcements/announcements.messages.zh-CN.ts').then((m) => m.zhCN) },
  cbtRebate: { en: () => import('../features/cbt-rebate/cbt-rebate.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/cbt-rebate/cbt-rebate.messages.zh-CN.ts').then((m) => m.zhCN) },
  database: { en: () => import('../features/database/database.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/database/database.messages.zh-CN.ts').then((m) => m.zhCN) },
  systemLogs: { en: () => import('../features/system-logs/system-logs.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/system-logs/system-logs.messages.zh-CN.ts').then((m) => m.zhCN) },
  rankings: { en: () => import('../features/rankings/rankings.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/rankings/rankings.messages.zh-CN.ts').then((m) => m.zhCN) },
  gameConfig: { en: () => import('../features/game-config/game-config.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/game-config/game-config.messages.zh-CN.ts').then((m) => m.zhCN) },
  redeemCodes: { en: () => import('../features/redeem-codes/redeem-codes.messages.ts').then((m) => m.en), 'zh-CN': () => import('../features/redeem-codes/redeem-codes.messages.zh-CN.ts').then((m) => m.zhCN) },
} satisfies Record<string, Record<Language, () => Promise<object>>>;

export type ConsoleNamespace = keyof typeof CONSOLE_MESSAGES;
