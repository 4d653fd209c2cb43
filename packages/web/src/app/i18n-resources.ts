import { en as contractEn, zhCN as contractZhCN } from '@gm/contract/messages.ts';
import * as common from '../shared/common.messages.ts';
import { zhCN as commonZhCN } from '../shared/common.messages.zh-CN.ts';
import * as nav from './nav.messages.ts';
import { zhCN as navZhCN } from './nav.messages.zh-CN.ts';
import * as auth from '../features/auth/auth.messages.ts';
import { zhCN as authZhCN } from '../features/auth/auth.messages.zh-CN.ts';
import * as dashboard from '../features/dashboard/dashboard.messages.ts';
import { zhCN as dashboardZhCN } from '../features/dashboard/dashboard.messages.zh-CN.ts';
import * as permissions from '../features/permissions/permissions.messages.ts';
import { zhCN as permissionsZhCN } from '../features/permissions/permissions.messages.zh-CN.ts';
import * as gmLog from '../features/gm-log/gm-log.messages.ts';
import { zhCN as gmLogZhCN } from '../features/gm-log/gm-log.messages.zh-CN.ts';
import * as profile from '../features/profile/profile.messages.ts';
import { zhCN as profileZhCN } from '../features/profile/profile.messages.zh-CN.ts';
import * as about from '../features/about/about.messages.ts';
import { zhCN as aboutZhCN } from '../features/about/about.messages.zh-CN.ts';
import * as areas from '../features/areas/areas.messages.ts';
import { zhCN as areasZhCN } from '../features/areas/areas.messages.zh-CN.ts';
import * as whitelists from '../features/whitelists/whitelists.messages.ts';
import { zhCN as whitelistsZhCN } from '../features/whitelists/whitelists.messages.zh-CN.ts';
import * as resourcesMessages from '../features/resources/resources.messages.ts';
import { zhCN as resourcesMessagesZhCN } from '../features/resources/resources.messages.zh-CN.ts';
import * as sequences from '../features/sequences/sequences.messages.ts';
import { zhCN as sequencesZhCN } from '../features/sequences/sequences.messages.zh-CN.ts';
import * as serverSettings from '../features/server-settings/server-settings.messages.ts';
import { zhCN as serverSettingsZhCN } from '../features/server-settings/server-settings.messages.zh-CN.ts';
import * as agreements from '../features/agreements/agreements.messages.ts';
import { zhCN as agreementsZhCN } from '../features/agreements/agreements.messages.zh-CN.ts';
import * as players from '../features/players/players.messages.ts';
import { zhCN as playersZhCN } from '../features/players/players.messages.zh-CN.ts';
import * as explore from '../features/explore/explore.messages.ts';
import { zhCN as exploreZhCN } from '../features/explore/explore.messages.zh-CN.ts';
import * as exchangeClaims from '../features/exchange-claims/exchange-claims.messages.ts';
import { zhCN as exchangeClaimsZhCN } from '../features/exchange-claims/exchange-claims.messages.zh-CN.ts';
import * as develop from '../features/develop/develop.messages.ts';
import { zhCN as developZhCN } from '../features/develop/develop.messages.zh-CN.ts';
import * as logs from '../features/logs/logs.messages.ts';
import { zhCN as logsZhCN } from '../features/logs/logs.messages.zh-CN.ts';
import * as exportsMessages from '../features/exports/exports.messages.ts';
import { zhCN as exportsMessagesZhCN } from '../features/exports/exports.messages.zh-CN.ts';
import * as statistics from '../features/statistics/statistics.messages.ts';
import { zhCN as statisticsZhCN } from '../features/statistics/statistics.messages.zh-CN.ts';
import * as orders from '../features/orders/orders.messages.ts';
import { zhCN as ordersZhCN } from '../features/orders/orders.messages.zh-CN.ts';
import * as sdk from '../features/sdk/sdk.messages.ts';
import { zhCN as sdkZhCN } from '../features/sdk/sdk.messages.zh-CN.ts';
import * as mails from '../features/mails/mails.messages.ts';
import { zhCN as mailsZhCN } from '../features/mails/mails.messages.zh-CN.ts';
import * as announcements from '../features/announcements/announcements.messages.ts';
import { zhCN as announcementsZhCN } from '../features/announcements/announcements.messages.zh-CN.ts';
import * as cbtRebate from '../features/cbt-rebate/cbt-rebate.messages.ts';
import { zhCN as cbtRebateZhCN } from '../features/cbt-rebate/cbt-rebate.messages.zh-CN.ts';
import * as database from '../features/database/database.messages.ts';
import { zhCN as databaseZhCN } from '../features/database/database.messages.zh-CN.ts';
import * as systemLogs from '../features/system-logs/system-logs.messages.ts';
import { zhCN as systemLogsZhCN } from '../features/system-logs/system-logs.messages.zh-CN.ts';
import * as rankings from '../features/rankings/rankings.messages.ts';
import { zhCN as rankingsZhCN } from '../features/rankings/rankings.messages.zh-CN.ts';
import * as gameConfig from '../features/game-config/game-config.messages.ts';
import { zhCN as gameConfigZhCN } from '../features/game-config/game-config.messages.zh-CN.ts';
import * as redeemCodes from '../features/redeem-codes/redeem-codes.messages.ts';
import { zhCN as redeemCodesZhCN } from '../features/redeem-codes/redeem-codes.messages.zh-CN.ts';

/**
 * Every namespace in both languages. `errors` and `validation` come from the contract, so the
 * server and the web app say the same thing. No side effects: the translation test imports it.
 * Types and tests read this; at run time the app bundles only the public namespaces
 * (`i18n-public-resources.ts`) and loads a feature's with its pages (`i18n-console-resources.ts`).
 */
export const resources = {
  en: {
    common: common.en,
    nav: nav.en,
    errors: contractEn.errors,
    validation: contractEn.validation,
    auth: auth.en,
    dashboard: dashboard.en,
    permissions: permissions.en,
    gmLog: gmLog.en,
    profile: profile.en,
    about: about.en,
    players: players.en,
    explore: explore.en,
    exchangeClaims: exchangeClaims.en,
    develop: develop.en,
    areas: areas.en,
    whitelists: whitelists.en,
    resources: resourcesMessages.en,
    sequences: sequences.en,
    serverSettings: serverSettings.en,
    agreements: agreements.en,
    logs: logs.en,
    exports: exportsMessages.en,
    statistics: statistics.en,
    orders: orders.en,
    sdk: sdk.en,
    mails: mails.en,
    announcements: announcements.en,
    cbtRebate: cbtRebate.en,
    database: database.en,
    systemLogs: systemLogs.en,
    rankings: rankings.en,
    gameConfig: gameConfig.en,
    redeemCodes: redeemCodes.en,
  },
  'zh-CN': {
    common: commonZhCN,
    nav: navZhCN,
    errors: contractZhCN.errors,
    validation: contractZhCN.validation,
    auth: authZhCN,
    dashboard: dashboardZhCN,
    permissions: permissionsZhCN,
    gmLog: gmLogZhCN,
    profile: profileZhCN,
    about: aboutZhCN,
    players: playersZhCN,
    explore: exploreZhCN,
    exchangeClaims: exchangeClaimsZhCN,
    develop: developZhCN,
    areas: areasZhCN,
    whitelists: whitelistsZhCN,
    resources: resourcesMessagesZhCN,
    sequences: sequencesZhCN,
    serverSettings: serverSettingsZhCN,
    agreements: agreementsZhCN,
    logs: logsZhCN,
    exports: exportsMessagesZhCN,
    statistics: statisticsZhCN,
    orders: ordersZhCN,
    sdk: sdkZhCN,
    mails: mailsZhCN,
    announcements: announcementsZhCN,
    cbtRebate: cbtRebateZhCN,
    database: databaseZhCN,
    systemLogs: systemLogsZhCN,
    rankings: rankingsZhCN,
    gameConfig: gameConfigZhCN,
    redeemCodes: redeemCodesZhCN,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
