import type { Migration } from 'kysely';
import * as createIdentity from './2026-11-22T0900-create-identity.ts';
import * as createAudit from './2026-11-22T0910-create-audit.ts';
import * as createGames from './2026-11-22T1000-create-games.ts';
import * as createGameWorld from './2026-11-22T1010-create-game-world.ts';
import * as createJobs from './2026-11-22T1050-create-jobs.ts';
import * as createBasicManagement from './2026-11-22T1100-create-basic-management.ts';
import * as createPlayerManagement from './2026-11-22T1200-create-player-management.ts';
import * as playerListOrderIndexes from './2026-11-22T1210-player-list-order-indexes.ts';
import * as nameSearchIgnoresCase from './2026-11-22T1220-name-search-ignores-case.ts';
import * as auditOncePerCommand from './2026-11-22T1230-audit-once-per-command.ts';
import * as logQueries from './2026-11-22T1300-log-queries.ts';
import * as createExportTasks from './2026-11-22T1400-create-export-tasks.ts';
import * as createMails from './2026-11-26T0910-create-mails.ts';
import * as createAnnouncements from './2026-11-26T0900-create-announcements.ts';
import * as createBetaRebates from './2026-11-26T0920-create-beta-rebates.ts';
import * as createRedeemBatches from './2026-11-26T1000-create-redeem-batches.ts';
import * as createGameConfigs from './2026-11-26T0950-create-game-configs.ts';
import * as createPaymentCallbacks from './2026-11-26T0930-create-payment-callbacks.ts';
import * as createSdkProjects from './2026-11-26T1030-create-sdk-projects.ts';
import * as createRankRemovals from './2026-11-26T1040-create-rank-removals.ts';
import * as orderLookupIndexes from './2026-11-26T1045-order-lookup-indexes.ts';
import * as createConfigTables from './2026-11-26T1050-create-config-tables.ts';
import * as createRateCounters from './2026-11-26T1200-create-rate-counters.ts';
import * as createSystemLogs from './2026-11-26T1300-create-system-logs.ts';

/** Every migration, in order. Names are timestamps so they sort as they were written. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-create-identity': createIdentity,
  '2026-11-22T0910-create-audit': createAudit,
  '2026-11-22T1000-create-games': createGames,
  '2026-11-22T1010-create-game-world': createGameWorld,
  '2026-11-22T1050-create-jobs': createJobs,
  '2026-11-22T1100-create-basic-management': createBasicManagement,
  '2026-11-22T1200-create-player-management': createPlayerManagement,
  '2026-11-22T1210-player-list-order-indexes': playerListOrderIndexes,
  '2026-11-22T1220-name-search-ignores-case': nameSearchIgnoresCase,
  '2026-11-22T1230-audit-once-per-command': auditOncePerCommand,
  '2026-11-22T1300-log-queries': logQueries,
  '2026-11-22T1400-create-export-tasks': createExportTasks,
  '2026-11-26T0900-create-announcements': createAnnouncements,
  '2026-11-26T0910-create-mails': createMails,
  '2026-11-26T0920-create-beta-rebates': createBetaRebates,
  '2026-11-26T0930-create-payment-callbacks': createPaymentCallbacks,
  '2026-11-26T0950-create-game-configs': createGameConfigs,
  '2026-11-26T1000-create-redeem-batches': createRedeemBatches,
  '2026-11-26T1030-create-sdk-projects': createSdkProjects,
  '2026-11-26T1040-create-rank-removals': createRankRemovals,
  '2026-11-26T1045-order-lookup-indexes': orderLookupIndexes,
  '2026-11-26T1050-create-config-tables': createConfigTables,
  '2026-11-26T1200-create-rate-counters': createRateCounters,
  '2026-11-26T1300-create-system-logs': createSystemLogs,
};
