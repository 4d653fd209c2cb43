import type { FastifyRequest } from 'fastify';
import type { Db, Dialect } from '../db/database.ts';
import type { GameGateway } from '../game/gateway/gateway.ts';
import type { LogStore } from './log-store/log-store.ts';
import type { LogStoreSource } from './log-store/open-log-store.ts';
import type { AuditActor } from './audit/audit.service.ts';
import { loggedOut } from './errors/domain-error.ts';
import type { Principal } from './auth/access.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SystemLogRecorder } from './system-logs/system-log-recorder.ts';

/** Settings the services read; built once from env.ts in buildApp. */
export interface AppConfig {
  passwordMinLength: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** How often due jobs are looked for; 0 turns the worker off (tests run jobs themselves). */
  jobPollMs: number;
  /** Self sign-up is open (SIGNUP). */
  signUp: boolean;
  /** Unknown addresses one client may ask for per minute before it is told to wait. */
  notFoundPerMinute: number;
  /** Refused or failed changes one operator may make per minute before further ones are refused unheard (and unaudited). */
  refusedChangesPerMinute: number;
  /** Where export files are written (EXPORT_DIR). */
  exportDir: string;
  /** How long an export file and its task are kept. */
  exportRetentionMs: number;
  /** How often queued exports and expired files are looked for; 0 turns the export worker off (tests run it themselves). */
  exportPollMs: number;
  /** A running export whose claim is not renewed for this long (its instance died) is taken over (EXPORT_LEASE_SECONDS; default 2 min). */
  exportLeaseMs?: number | undefined;
  /** The display time zone (DISPLAY_TIME_ZONE): exports write times in it. */
  displayTimeZone: string;
  /** The console's address as the game reaches it (PUBLIC_URL): uploaded images go to the game as absolute urls under it. */
  publicUrl: string;
  /** How long the exception and game-call logs keep a row (SYSTEM_LOG_RETENTION_DAYS). */
  systemLogRetentionMs: number;
}

/** What every service function receives: the database, the settings, the clock and the game. */
export interface ServiceContext {
  db: Db;
  dialect: Dialect;
  config: AppConfig;
  now: () => number;
  /**
   * The game the console operates (house plan section 1). Call it outside your transaction. In a
   * request's own context (`request.ctx`) its calls are logged with the request's operator and id.
   */
  gateway: GameGateway;
  /** The gateway as seen by one request (platform/system-logs/game-call-log.ts); absent where no app is built. */
  gatewayFor?: ((request: FastifyRequest) => GameGateway) | undefined;
  /** Where event logs live (house plan section 5): read and written only through this port. */
  logStore: LogStore;
  /** Where another thread can open the same log store (the export's worker thread); none for an in-memory database. */
  logStoreSource?: LogStoreSource | undefined;
  /** This instance's Prometheus metrics (platform/metrics); absent where no app is built (scripts). */
  metrics?: Metrics | undefined;
  /** The exception and game-call logs (platform/system-logs); absent where no app is built. */
  systemLogs?: SystemLogRecorder | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The context a route hands its services: the app's, with the game seen by this request (its
     * game calls are logged with its operator and request id). Made when read; read it once per
     * handler.
     */
    readonly ctx: ServiceContext;
  }
}

/** `ctx` for one request: the same services and settings, the gateway told whom its calls are for. */
export function requestContext(ctx: ServiceContext, request: FastifyRequest): ServiceContext {
  return ctx.gatewayFor ? { ...ctx, gateway: ctx.gatewayFor(request) } : ctx;
}

export function actorOf(request: FastifyRequest): AuditActor {
  const principal = request.principal;
  return { operatorId: principal?.operatorId ?? null, accountName: principal?.account ?? '', ip: request.ip };
}

/** The signed-in operator of a route that requires one (the gate has already checked). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw loggedOut();
  return request.principal;
}
