import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import { translate } from '@gm/contract/messages.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { auditRefusal, refuseFloodingOperator } from './platform/audit/refusals.ts';
import { requireNamedAuditActions } from './platform/audit/route-actions.ts';
import { authPlugin } from './platform/auth/auth.plugin.ts';
import { requestContext, type AppConfig, type ServiceContext } from './platform/context.ts';
import { frameworkRefusal, installErrorHandler } from './platform/errors/error-handler.ts';
import { DomainError } from './platform/errors/domain-error.ts';
import { refuseControlChars } from './platform/errors/input-guard.ts';
import { requestLanguage } from './platform/i18n.ts';
import { responseSerializerCompiler, sendTextAsBytes } from './platform/response-serializer.ts';
import { docsPolicy, registerSecurityHeaders, registerWebApp } from './platform/web/web-app.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { healthRoutes, VERSION } from './modules/health/health.routes.ts';
import { operatorsRoutes } from './modules/operators/operators.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { ingestRoutes } from './game/ingest/ingest.routes.ts';
import { DEMO_GAME_ID, ingestEvents } from './game/ingest/ingest.service.ts';
import { areaJobHandlers, areasRoutes } from './modules/areas/areas.routes.ts';
import { announcementJobHandlers, announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { startJobWorker, type JobHandlers } from './platform/jobs/jobs.service.ts';
import { createSqlLogStore } from './platform/log-store/sql-log-store.ts';
import { isClickHouseUrl, logStoreSourceOf } from './platform/log-store/open-log-store.ts';
import { createClickHouseLogStore } from './platform/log-store/clickhouse-log-store.ts';
import { logStoreFailureToDomain } from './platform/log-store/log-store-failure.ts';
import { LogStoreUnavailableError, type LogStore } from './platform/log-store/log-store.ts';
import { createTimeFormatter } from './platform/display-time.ts';
import { whitelistsRoutes } from './modules/whitelists/whitelists.routes.ts';
import { resourcesRoutes } from './modules/resources/resources.routes.ts';
import { sequencesRoutes } from './modules/sequences/sequences.routes.ts';
import { serverSettingsRoutes } from './modules/server-settings/server-settings.routes.ts';
import { agreementsRoutes } from './modules/agreements/agreements.routes.ts';
import { playersRoutes } from './modules/players/players.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { exploreRoutes } from './modules/explore/explore.routes.ts';
import { exchangeClaimsRoutes } from './modules/exchange-claims/exchange-claims.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { cbtRebateRoutes } from './modules/cbt-rebate/cbt-rebate.routes.ts';
import { rankingsRoutes } from './modules/rankings/rankings.routes.ts';
import { gameConfigRoutes } from './modules/game-config/game-config.routes.ts';
import { configTablesRoutes } from './modules/config-tables/config-tables.routes.ts';
import { redeemCodesRoutes } from './modules/redeem-codes/redeem-codes.routes.ts';
import { sdkRoutes } from './modules/sdk/sdk.routes.ts';
import { mailJobHandlers, mailsRoutes } from './modules/mails/mails.routes.ts';
import { developRoutes } from './modules/develop/develop.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createExportWorker } from './modules/exports/exports.service.ts';
import type { GameGateway } from './game/gateway/gateway.ts';
import { gatewayFailureToDomain } from './game/gateway/gateway-failure.ts';
import { createEmbeddedGateway, type EmbeddedGatewayOptions } from './game/world/embedded-gateway.ts';
import { createMetrics, installRequestMetrics, instrumentGateway, metricsRoutes } from './platform/metrics/metrics.ts';
import { connectRedisCounters, createSqlRateCounters, rateLimitStore } from './platform/rate-limit/rate-counters.ts';
import { SYSTEM_LOG_RETENTION_DAYS } from '@gm/contract/system-logs.contract.ts';
import { createSystemLogRecorder, type SystemLogRecorder } from './platform/system-logs/system-log-recorder.ts';
import { recordGameCalls } from './platform/system-logs/game-call-log.ts';
import { gameCallerCheck } from './platform/system-logs/call-scope.ts';
import { recordRequestFailure } from './platform/system-logs/request-failures.ts';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
    database: Database;
  }
}

/** Where the operators' API is served (the spec's paths). */
const ADMIN_PREFIX = '/api/gm/admin';

export interface BuildOptions {
  databaseUrl: string;
  /** PostgreSQL schema (tests give each file its own). */
  pgSchema?: string;
  /** Where the event logs live (LOG_STORE_URL): `clickhouse://...`, or default the main database. */
  logStoreUrl?: string | undefined;
  config?: Partial<AppConfig>;
  /** The built web app to serve at `/`; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  now?: () => number;
  /** The game gateway; default: the embedded game world in the same database. */
  gateway?: GameGateway;
  /** Also parse every response with zod and require the writer's text to equal it (the tests; platform/response-serializer.ts). */
  verifyResponses?: boolean;
  /** Fail a game call made while answering a request but not for it (the tests; platform/system-logs/call-scope.ts). */
  checkGameCallers?: boolean;
  /**
   * Redis for the request counters every instance shares (REDIS_URL; docs/decisions.md, "Several
   * API instances"); without it they are in the database. `prefix` keeps databases apart.
   */
  redis?: { url: string; prefix?: string };
  /** GET /api/metrics answers whoever presents it as a bearer token; unset: loopback callers only (METRICS_TOKEN). */
  metricsToken?: string;
  /** Also the process's own metrics (memory, event loop, GC): the server, not the tests' many apps. */
  processMetrics?: boolean;
}

export const DEFAULT_CONFIG: AppConfig = {
  passwordMinLength: 8,
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 12 * 3_600_000,
  jobPollMs: 5_000,
  signUp: true,
  notFoundPerMinute: 120,
  refusedChangesPerMinute: 60,
  exportDir: './data/exports',
  exportRetentionMs: 7 * 86_400_000,
  exportPollMs: 2_000,
  systemLogRetentionMs: SYSTEM_LOG_RETENTION_DAYS * 86_400_000,
  displayTimeZone: 'Asia/Shanghai',
  publicUrl: 'http://localhost:8080',
};

/** Every kind of scheduled job and what runs it. */
export const JOB_HANDLERS: JobHandlers = { ...areaJobHandlers, ...mailJobHandlers, ...announcementJobHandlers };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods a path answers to, when it exists but not with `method` (a 405 rather than a 404). */
function allowedMethods(app: FastifyInstance, url: string, method: string): string[] {
  const path = url.split('?')[0] ?? url;
  return METHODS.filter((m) => m !== method && app.findRoute({ method: m, url: path }) !== null);
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const database = openDatabase(options.databaseUrl, options.pgSchema ? { schema: options.pgSchema } : {});
  await migrateToLatest(database.db);
  const config: AppConfig = { ...DEFAULT_CONFIG, ...options.config };
  const clickHouse = isClickHouseUrl(options.logStoreUrl) ? createClickHouseLogStore({ url: options.logStoreUrl, database, timeZone: config.displayTimeZone }) : undefined;
  const logStore = clickHouse ?? createSqlLogStore(database, { timeZone: config.displayTimeZone });
  // A ClickHouse that is down at start does not keep the console from starting: the log screens
  // and ingest answer LOG_STORE_UNAVAILABLE until it is back, and its tables are made then.
  let ensureRetry: NodeJS.Timeout | undefined;
  const ensureLogTables = async (): Promise<void> => {
    try {
      await logStore.ensureTables();
    } catch (error) {
      if (!(error instanceof LogStoreUnavailableError)) throw error;
      ensureRetry = setTimeout(() => void ensureLogTables().catch(() => undefined), 10_000);
      ensureRetry.unref();
    }
  };
  await ensureLogTables();
  const now = options.now ?? Date.now;
  const metrics = createMetrics({ db: database.db, processMetrics: options.processMetrics ?? false });
  // Counted and timed where the port is built: the adapters know nothing of metrics.
  // The exception and game-call logs (/sysinfo): written after the answer, never in its way.
  const systemLogs = createSystemLogRecorder({ db: database.db, now, retentionMs: config.systemLogRetentionMs });
  const callerCheck = options.checkGameCallers ? gameCallerCheck() : undefined;
  const recorded = recordGameCalls(instrumentGateway(options.gateway ?? createEmbeddedGateway(database.db, { now, logLines: worldLogLines(logStore, systemLogs, config.displayTimeZone) }), metrics), systemLogs, callerCheck ? { check: callerCheck.check } : {});
  const gateway = recorded.gateway;
  const logStoreSource = logStoreSourceOf(options.databaseUrl, options.pgSchema, options.logStoreUrl);
  const ctx: ServiceContext = { db: database.db, dialect: database.dialect, config, now, gateway, gatewayFor: recorded.forRequest, logStore, logStoreSource, metrics, systemLogs };
  const startedAt = now();

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Ids are checked by the routes' schemas (at most 100 characters, with the spec's message).
    routerOptions: { maxParamLength: 1000 },
    // Spec section 7: the client waits up to 600 s; keep connections open that long.
    requestTimeout: 600_000,
    // A malformed or over-long path is refused by the router itself: still in the envelope.
    frameworkErrors: frameworkRefusal,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: options.verifyResponses ?? false }));
  sendTextAsBytes(app);
  acceptEmptyJsonBodies(app);
  app.decorate('ctx', ctx);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    clearTimeout(ensureRetry);
    await clickHouse?.close();
    await database.close();
  });
  // Before any route, so every route is counted.
  installRequestMetrics(app, metrics);
  systemLogs.onWriteError((error) => app.log.error({ err: error }, 'could not write a system log row'));
  // What a route hands its services: the game seen by this request (platform/context.ts).
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return requestContext(ctx, this);
    },
  });
  callerCheck?.install(app);

  // Security headers first, so every route below (the API, the docs, the web app) gets them.
  await registerSecurityHeaders(app);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: { info: { title: 'GM Console API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(authPlugin, { db: ctx.db, idleMs: ctx.config.sessionIdleMs, now });
  requireNamedAuditActions(app);
  installErrorHandler(app, (request, failure, error) => {
    recordRequestFailure(systemLogs, request, failure, error);
    return auditRefusal(ctx, request, failure);
  }, (error) => logStoreFailureToDomain(gatewayFailureToDomain(error)));
  app.addHook('preValidation', refuseFloodingOperator(ctx));
  app.addHook('preValidation', refuseControlChars);
  await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: docsPolicy });

  // Redis for the shared request counters (the not-found limit below), when configured.
  const redis = options.redis ? connectRedisCounters(options.redis.url, { prefix: options.redis.prefix, report: (error) => app.log.warn({ err: error }, 'redis (request counters) unreachable: the not-found limit is skipped') }) : undefined;
  if (redis) {
    app.addHook('onReady', async () => redis.ready(2_000));
    app.addHook('onClose', async () => redis.close());
  }
  await app.register(healthRoutes(ctx, startedAt, redis ? { kind: 'redis', ping: () => redis.ping() } : { kind: 'database' }), { prefix: '/api' });
  await app.register(metricsRoutes(metrics, { token: options.metricsToken }), { prefix: '/api' });
  await app.register(ingestRoutes(ctx, logStore), { prefix: '/api/ingest' });
  // The operators' API. Routes of modules that call the game take no context: their handlers hand
  // their services the request's own (`request.ctx`).
  const adminRoutes = [
    sessionsRoutes(ctx),
    operatorsRoutes(ctx),
    auditLogRoutes(ctx),
    areasRoutes(),
    whitelistsRoutes(ctx),
    resourcesRoutes(ctx),
    sequencesRoutes(ctx),
    serverSettingsRoutes(ctx),
    agreementsRoutes(ctx),
    playersRoutes(),
    reportsRoutes(),
    exploreRoutes(),
    exchangeClaimsRoutes(),
    redeemCodesRoutes(),
    sdkRoutes(),
    ordersRoutes(),
    cbtRebateRoutes(),
    rankingsRoutes(),
    gameConfigRoutes(),
    configTablesRoutes(),
    mailsRoutes(),
    developRoutes(),
    logsRoutes(ctx),
    statisticsRoutes(ctx),
    announcementsRoutes(),
    uploadsRoutes(ctx),
    systemLogsRoutes(ctx),
  ];
  for (const routes of adminRoutes) await app.register(routes, { prefix: ADMIN_PREFIX });
  // Exports run in the background: every instance's worker takes queued tasks (a claim makes each run once).
  const exportWorker = createExportWorker(ctx, { intervalMs: ctx.config.exportPollMs, onError: (error, taskId) => app.log.error({ err: error, taskId }, 'export failed') });
  await app.register(exportsRoutes(ctx, exportWorker), { prefix: ADMIN_PREFIX });
  app.addHook('onReady', async () => exportWorker.start());
  app.addHook('preClose', async () => exportWorker.stop());

  // Scheduled jobs (region auto-close ...): every instance polls; a claim makes each fire once.
  if (ctx.config.jobPollMs > 0) {
    let stopWorker: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopWorker = startJobWorker(ctx, JOB_HANDLERS, { intervalMs: ctx.config.jobPollMs, onError: (error) => app.log.error({ err: error }, 'job run failed') });
    });
    app.addHook('preClose', async () => stopWorker?.());
  }

  // After the workers' own preClose hooks: what they met while stopping is written before the database closes.
  app.addHook('preClose', async () => systemLogs.settled());

  const webDist = options.webDist ? resolve(options.webDist) : undefined;
  const web = webDist !== undefined && existsSync(join(webDist, 'index.html')) ? await registerWebApp(app, webDist) : undefined;

  // Probing for addresses is cheap for a scanner and costs a lookup here: limited per client,
  // counted across instances (the plugin's own store is one instance's memory).
  const counters = redis?.counters ?? createSqlRateCounters(database.db, now);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    // A counter store that cannot be reached must not turn every unknown address into a 500.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new DomainError(ErrorCode.TOO_MANY_REQUESTS, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  // The web app's own pages (client routes served as index.html) are not probes: never limited.
  const isAppPage = (request: FastifyRequest) => request.method === 'GET' && !request.url.startsWith('/api') && web?.isAppPath(request.url) === true;
  const notFoundLimit = app.rateLimit({ max: ctx.config.notFoundPerMinute, timeWindow: 60_000, allowList: isAppPage });
  app.setNotFoundHandler({ preHandler: notFoundLimit }, async (request, reply) => {
    if (request.url.startsWith('/api') || !web?.isAppPath(request.url) || request.method !== 'GET') {
      const lang = requestLanguage(request);
      const allowed = allowedMethods(app, request.url, request.method);
      if (allowed.length > 0) {
        void reply.header('allow', allowed.join(', '));
        return reply.status(405).send({ code: ErrorCode.METHOD_NOT_ALLOWED, message: translate(lang, 'errors.10018', { method: request.method }) });
      }
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: translate(lang, 'errors.10004') });
    }
    // Client-side routes: the single-page app decides (and shows its own /404).
    return web.sendIndex(reply);
  });

  return app;
}

/**
 * The embedded game reports the log lines of an operator's command (a refund, a replenished
 * payment and their goods: world-log-lines.ts) as the demo game, into the log store the ingest API
 * writes, so statistics and the log lists count them. The command has already happened when they
 * are written: a store that refuses them is an exception in the system log, not a failed command.
 */
function worldLogLines(logStore: LogStore, systemLogs: SystemLogRecorder, timeZone: string): EmbeddedGatewayOptions['logLines'] {
  return {
    gameId: DEMO_GAME_ID,
    formatTime: createTimeFormatter(timeZone),
    async write(lines) {
      try {
        await ingestEvents(logStore, DEMO_GAME_ID, { events: [...lines] });
      } catch (error) {
        systemLogs.exception({ source: 'gateway', what: `log lines ${lines[0]?.b_log_id ?? ''}`, error });
      }
    },
  };
}

/**
 * An empty body labelled JSON is taken as no body: spec section 7's context call has an empty
 * payload, and a client that labels it `application/json` anyway (a bare `fetch` with the
 * header) would otherwise be refused by Fastify's parser. Anything else goes to that parser
 * unchanged (prototype poisoning refused). Scopes with a JSON parser of their own (ingest)
 * remove this one first.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // a string already: parseAs
    if (text === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
}
