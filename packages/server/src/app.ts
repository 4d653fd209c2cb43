import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import { translate } from '@gm/contract/messages.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import * as audit from './platform/audit/audit.service.ts';
import { authPlugin } from './platform/auth/auth.plugin.ts';
import type { AppConfig, ServiceContext } from './platform/context.ts';
import { installErrorHandler, type FailureInfo } from './platform/errors/error-handler.ts';
import { requestLanguage } from './platform/i18n.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { healthRoutes, VERSION } from './modules/health/health.routes.ts';
import { operatorsRoutes } from './modules/operators/operators.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { ingestRoutes } from './game/ingest/ingest.routes.ts';
import { areaJobHandlers, areasRoutes } from './modules/areas/areas.routes.ts';
import { startJobWorker, type JobHandlers } from './platform/jobs/jobs.service.ts';
import { createSqlLogStore } from './platform/log-store/sql-log-store.ts';
import { whitelistsRoutes } from './modules/whitelists/whitelists.routes.ts';
import { resourcesRoutes } from './modules/resources/resources.routes.ts';
import { sequencesRoutes } from './modules/sequences/sequences.routes.ts';
import { serverSettingsRoutes } from './modules/server-settings/server-settings.routes.ts';
import { agreementsRoutes } from './modules/agreements/agreements.routes.ts';
import { playersRoutes } from './modules/players/players.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { exploreRoutes } from './modules/explore/explore.routes.ts';
import { exchangeClaimsRoutes } from './modules/exchange-claims/exchange-claims.routes.ts';
import { developRoutes } from './modules/develop/develop.routes.ts';
import type { GameGateway } from './game/gateway/gateway.ts';
import { gatewayFailureToDomain } from './game/gateway/gateway-failure.ts';
import { createEmbeddedGateway } from './game/world/embedded-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
    database: Database;
  }
}

export interface BuildOptions {
  databaseUrl: string;
  /** PostgreSQL schema (tests give each file its own). */
  pgSchema?: string;
  config?: Partial<AppConfig>;
  /** The built web app to serve at `/`; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  now?: () => number;
  /** The game gateway; default: the embedded game world in the same database. */
  gateway?: GameGateway;
}

export const DEFAULT_CONFIG: AppConfig = {
  passwordMinLength: 8,
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 12 * 3_600_000,
  jobPollMs: 5_000,
};

/** Every kind of scheduled job and what runs it. */
export const JOB_HANDLERS: JobHandlers = { ...areaJobHandlers };

/** The ids a failed change named (the game's batch bodies: `roleIds`, `ids`, `userIds`; one `roleId` ...). */
function failureTargets(...sources: unknown[]): string[] {
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    const values = source as Record<string, unknown>;
    for (const key of ['roleIds', 'ids', 'userIds', 'areaIds']) {
      const list = values[key];
      if (Array.isArray(list)) return list.filter((v): v is string => typeof v === 'string');
    }
    for (const key of ['roleId', 'userId', 'areaId']) {
      const one = values[key];
      if (typeof one === 'string') return [one];
    }
  }
  return [];
}

/** Refusals and failed changes of an identified operator go to the audit trail too. */
async function auditFailure(ctx: ServiceContext, request: Parameters<Parameters<typeof installErrorHandler>[1]>[0], failure: FailureInfo): Promise<void> {
  const principal = request.principal;
  if (!principal) return;
  const config = request.routeOptions.config;
  const denied = failure.code === ErrorCode.NO_PERMISSION || failure.code === ErrorCode.OTP_ENROLLMENT_REQUIRED;
  // A GET changes nothing, except the spec's player-detail-update, which declares an action.
  if (!denied && request.method === 'GET' && config.action === undefined) return;
  const params = request.params as Record<string, unknown> | undefined;
  await audit.record(ctx.db, { operatorId: principal.operatorId, accountName: principal.account, ip: request.ip }, {
    action: denied ? 'session.denied' : (config.action ?? 'session.denied'),
    code: typeof config.permission === 'number' ? config.permission : null,
    targets: typeof params?.id === 'string' ? [params.id] : failureTargets(request.body, request.query),
    params: { method: request.method, url: request.url.split('?')[0], body: Buffer.isBuffer(request.body) ? null : (request.body ?? null), ...(request.method === 'GET' ? { query: request.query } : {}), failure: { message: failure.body.message, details: failure.body.details ?? null } },
    outcome: denied ? 'denied' : 'failed',
    errorCode: failure.code,
  });
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const database = openDatabase(options.databaseUrl, options.pgSchema ? { schema: options.pgSchema } : {});
  await migrateToLatest(database.db);
  const logStore = createSqlLogStore(database);
  await logStore.ensureTables();
  const now = options.now ?? Date.now;
  const gateway = options.gateway ?? createEmbeddedGateway(database.db, { now });
  const ctx: ServiceContext = { db: database.db, dialect: database.dialect, config: { ...DEFAULT_CONFIG, ...options.config }, now, gateway };
  const startedAt = now();

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Ids are checked by the routes' schemas (at most 100 characters, with the spec's message).
    routerOptions: { maxParamLength: 1000 },
    // Spec section 7: the client waits up to 600 s; keep connections open that long.
    requestTimeout: 600_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());

  await app.register(formbody);
  await app.register(swagger, {
    openapi: { info: { title: 'GM Console API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(authPlugin, { db: ctx.db, idleMs: ctx.config.sessionIdleMs, now });
  installErrorHandler(app, (request, failure) => auditFailure(ctx, request, failure), gatewayFailureToDomain);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(ctx, startedAt), { prefix: '/api' });
  await app.register(sessionsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(operatorsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(auditLogRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(ingestRoutes(ctx, logStore), { prefix: '/api/ingest' });
  await app.register(areasRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(whitelistsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(resourcesRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(sequencesRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(serverSettingsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(agreementsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(playersRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(reportsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(exploreRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(exchangeClaimsRoutes(ctx), { prefix: '/api/gm/admin' });
  await app.register(developRoutes(ctx), { prefix: '/api/gm/admin' });

  // Scheduled jobs (region auto-close ...): every instance polls; a claim makes each fire once.
  if (ctx.config.jobPollMs > 0) {
    let stopWorker: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopWorker = startJobWorker(ctx, JOB_HANDLERS, { intervalMs: ctx.config.jobPollMs, onError: (error) => app.log.error({ err: error }, 'job run failed') });
    });
    app.addHook('preClose', async () => stopWorker?.());
  }

  const webDist = options.webDist ? resolve(options.webDist) : undefined;
  const serveWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || !serveWeb || request.method !== 'GET') {
      const lang = requestLanguage(request);
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: translate(lang, 'errors.10004') });
    }
    // Client-side routes: the single-page app decides (and shows its own /404).
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
