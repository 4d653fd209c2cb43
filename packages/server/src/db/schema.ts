import type { AuditTables } from '../platform/audit/audit.table.ts';
import type { IdentityTables } from '../platform/auth/identity.table.ts';
import type { GameWorldTables } from '../game/world/world.table.ts';
import type { GameReportTables } from '../game/world/world-reports.table.ts';
import type { PlayerManagementTables } from './player-management.table.ts';
import type { IngestTables } from '../game/ingest/ingest.table.ts';
import type { JobTables } from '../platform/jobs/jobs.table.ts';
import type { BasicManagementTables } from './basic-management.table.ts';
import type { LogQueryTables } from './log-queries.table.ts';
import type { SecretTables } from '../platform/secrets/secrets.table.ts';
import type { ExportTaskTables } from './export-tasks.table.ts';
import type { MailTables } from './mails.table.ts';
import type { AnnouncementTables } from './announcements.table.ts';
import type { CbtRebateTables } from './cbt-rebate.table.ts';
import type { GameGrantTables } from '../game/world/world-grants.table.ts';
import type { RedeemBatchTables } from './redeem-batches.table.ts';
import type { GameRedeemTables } from '../game/world/world-redeem.table.ts';
import type { GameCallbackTables } from '../game/world/world-callbacks.table.ts';
import type { GameRankTables } from '../game/world/world-rankings.table.ts';
import type { GameLiveConfigTables } from '../game/world/world-configs.table.ts';
import type { GameConfigTables } from './game-config.table.ts';
import type { ConfigTableTables } from './config-tables.table.ts';
import type { GameLiveConfigTableTables } from '../game/world/world-config-tables.table.ts';
import type { SdkProjectTables } from './sdk-projects.table.ts';
import type { RateCounterTables } from '../platform/rate-limit/rate-counters.table.ts';
import type { SystemLogTables } from './system-logs.table.ts';

/** The whole database, composed from the table files of each part (types only). */
export interface DB extends IdentityTables, AuditTables, IngestTables, GameWorldTables, GameReportTables, PlayerManagementTables, JobTables, BasicManagementTables, LogQueryTables, SecretTables, ExportTaskTables, MailTables, AnnouncementTables, CbtRebateTables, GameGrantTables, GameCallbackTables, GameRankTables, GameConfigTables, GameLiveConfigTables, RedeemBatchTables, GameRedeemTables, SdkProjectTables, ConfigTableTables, GameLiveConfigTableTables, RateCounterTables, SystemLogTables {}
