import { en as contractEn, zhCN as contractZhCN } from '@gm/contract/messages.ts';
import * as common from '../shared/common.messages.ts';
import * as nav from './nav.messages.ts';
import * as auth from '../features/auth/auth.messages.ts';
import * as dashboard from '../features/dashboard/dashboard.messages.ts';
import * as permissions from '../features/permissions/permissions.messages.ts';
import * as gmLog from '../features/gm-log/gm-log.messages.ts';
import * as profile from '../features/profile/profile.messages.ts';
import * as about from '../features/about/about.messages.ts';
import * as areas from '../features/areas/areas.messages.ts';
import * as whitelists from '../features/whitelists/whitelists.messages.ts';
import * as resourcesMessages from '../features/resources/resources.messages.ts';
import * as sequences from '../features/sequences/sequences.messages.ts';
import * as serverSettings from '../features/server-settings/server-settings.messages.ts';
import * as agreements from '../features/agreements/agreements.messages.ts';
import * as players from '../features/players/players.messages.ts';
import * as explore from '../features/explore/explore.messages.ts';
import * as exchangeClaims from '../features/exchange-claims/exchange-claims.messages.ts';
import * as develop from '../features/develop/develop.messages.ts';
import * as logs from '../features/logs/logs.messages.ts';
import * as exportsMessages from '../features/exports/exports.messages.ts';
import * as statistics from '../features/statistics/statistics.messages.ts';
import * as orders from '../features/orders/orders.messages.ts';
import * as sdk from '../features/sdk/sdk.messages.ts';
import * as mails from '../features/mails/mails.messages.ts';
import * as announcements from '../features/announcements/announcements.messages.ts';
import * as cbtRebate from '../features/cbt-rebate/cbt-rebate.messages.ts';
import * as database from '../features/database/database.messages.ts';
import * as systemLogs from '../features/system-logs/system-logs.messages.ts';
import * as rankings from '../features/rankings/rankings.messages.ts';
import * as gameConfig from '../features/game-config/game-config.messages.ts';
import * as redeemCodes from '../features/redeem-codes/redeem-codes.messages.ts';

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
    common: common.zhCN,
    nav: nav.zhCN,
    errors: contractZhCN.errors,
    validation: contractZhCN.validation,
    auth: auth.zhCN,
    dashboard: dashboard.zhCN,
    permissions: permissions.zhCN,
    gmLog: gmLog.zhCN,
    profile: profile.zhCN,
    about: about.zhCN,
    players: players.zhCN,
    explore: explore.zhCN,
    exchangeClaims: exchangeClaims.zhCN,
    develop: develop.zhCN,
    areas: areas.zhCN,
    whitelists: whitelists.zhCN,
    resources: resourcesMessages.zhCN,
    sequences: sequences.zhCN,
    serverSettings: serverSettings.zhCN,
    agreements: agreements.zhCN,
    logs: logs.zhCN,
    exports: exportsMessages.zhCN,
    statistics: statistics.zhCN,
    orders: orders.zhCN,
    sdk: sdk.zhCN,
    mails: mails.zhCN,
    announcements: announcements.zhCN,
    cbtRebate: cbtRebate.zhCN,
    database: database.zhCN,
    systemLogs: systemLogs.zhCN,
    rankings: rankings.zhCN,
    gameConfig: gameConfig.zhCN,
    redeemCodes: redeemCodes.zhCN,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
