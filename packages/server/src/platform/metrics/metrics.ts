import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import { notFound } from '../errors/domain-error.ts';

/**
 * Prometheus metrics of one API instance (issue 15; docs/deployment.md says what to watch).
 * Each app has its own registry: tests build many apps in one process, and a process-wide
 * registry would refuse the second app's metrics of the same name. Prometheus scrapes every
 * instance and sums; the export queue is read from the database, so every instance reports the
 * same, shared queue (sum it with `max`, not `sum`).
 */
export interface Metrics {
  readonly registry: Registry;
  /** A scheduled job was claimed `lagMs` after it was due, and ended so. */
  jobRan(kind: string, lagMs: number, outcome: 'done' | 'retried' | 'failed'): void;
  /** Events a game pushed: stored, already stored (by b_log_id), or refused with their batch. */
  ingested(outcome: 'accepted' | 'duplicate' | 'refused', events: number): void;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(options: { db: Db; processMetrics?: boolean }): Metrics & {
  http: { requests: Counter<'method' | 'route' | 'status'>; seconds: Histogram<'method' | 'route'> };
  gateway: { calls: Counter<'call' | 'outcome'>; seconds: Histogram<'call'> };
} {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'gm_' });
  const requests = new Counter({ name: 'gm_http_requests_total', help: 'Requests answered, by route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const seconds = new Histogram({ name: 'gm_http_request_duration_seconds', help: 'Time to answer, by route pattern.', labelNames: ['method', 'route'] as const, buckets: SECONDS, registers: [registry] });
  const calls = new Counter({ name: 'gm_gateway_calls_total', help: 'Game gateway calls by command or read, and how they ended (ok, rejected, invalid, unavailable, timeout, error).', labelNames: ['call', 'outcome'] as const, registers: [registry] });
  const gatewaySeconds = new Histogram({ name: 'gm_gateway_call_duration_seconds', help: 'Game gateway call time.', labelNames: ['call'] as const, buckets: SECONDS, registers: [registry] });
  const ingest = new Counter({ name: 'gm_ingest_events_total', help: 'Events pushed by game servers: accepted, duplicate (already stored) or refused (their batch was refused).', labelNames: ['outcome'] as const, registers: [registry] });
  const jobLag = new Histogram({ name: 'gm_job_lag_seconds', help: 'From a scheduled job due time to its claim.', labelNames: ['kind'] as const, buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900], registers: [registry] });
  const jobRuns = new Counter({ name: 'gm_job_runs_total', help: 'Scheduled job runs by kind and outcome.', labelNames: ['kind', 'outcome'] as const, registers: [registry] });
  new Gauge({
    name: 'gm_export_tasks',
    help: 'Export tasks queued or running (the queue every instance shares, read from the database).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await options.db
        .selectFrom('export_tasks')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['queued', 'running']) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'gm_export_oldest_queued_seconds',
    help: 'Age of the oldest queued export (0 when none): grows when no instance takes the queue.',
    registers: [registry],
    async collect() {
      const row = await options.db
        .selectFrom('export_tasks')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('status', '=', 'queued')
        .executeTakeFirst();
      const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
  return {
    registry,
    http: { requests, seconds },
    gateway: { calls, seconds: gatewaySeconds },
    jobRan(kind, lagMs, outcome) {
      jobLag.observe({ kind }, Math.max(0, lagMs) / 1000);
      jobRuns.inc({ kind, outcome });
    },
    ingested(outcome, events) {
      if (events > 0) ingest.inc({ outcome }, events);
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;

/**
 * The gateway port with every call counted and timed. Wraps the port where the app builds it,
 * so neither adapter (embedded, http) knows about metrics.
 */
export function instrumentGateway(gateway: GameGateway, metrics: AppMetrics): GameGateway {
  const wrapped: Record<string, unknown> = { ...gateway };
  for (const [name, member] of Object.entries(gateway)) {
    if (typeof member !== 'function') continue;
    const call = member as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      const end = metrics.gateway.seconds.startTimer({ call: name });
      try {
        const result = await call.apply(gateway, args);
        // health() never throws: a game that does not answer is { ok: false }.
        const down = name === 'health' && (result as { ok?: boolean } | undefined)?.ok === false;
        metrics.gateway.calls.inc({ call: name, outcome: down ? 'unavailable' : 'ok' });
        return result;
      } catch (error) {
        metrics.gateway.calls.inc({ call: name, outcome: isGatewayError(error) ? error.kind : 'error' });
        throw error;
      } finally {
        end();
      }
    };
  }
  return wrapped as unknown as GameGateway;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether the request comes from this machine itself, not through a proxy. */
function fromLoopback(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  // A proxy on the same host connects from loopback too: what it forwards is not local.
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.test(peer) && !forwarded;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const INGEST_EVENTS_ROUTE = '/api/ingest/events';

/**
 * Counts every answer by route pattern (never the raw url: ids would make a series per player),
 * and the events of the ingest route. Installed on the root before any route, so every route of
 * every plugin has the hooks.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  // Callback hooks, not async ones: they never wait, and every request would pay a promise for each
  // (docs/performance.md, "API overhead").
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const route = request.routeOptions.url ?? '(unknown)';
    const method = request.method;
    metrics.http.requests.inc({ method, route, status: String(reply.statusCode) });
    metrics.http.seconds.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
  // The ingest routes are another helper's (a column store behind them); read their answer here
  // rather than in them: accepted and duplicate from the result, refused from the batch size.
  const countIngested = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    if (reply.statusCode === 200 && typeof payload === 'string') {
      try {
        const answer = JSON.parse(payload) as { code?: number; result?: { accepted?: number; duplicates?: number } };
        if (answer.code === 0) {
          metrics.ingested('accepted', Number(answer.result?.accepted ?? 0));
          metrics.ingested('duplicate', Number(answer.result?.duplicates ?? 0));
          return;
        }
      } catch {
        // Not the envelope: counted as refused below.
      }
    }
    const events = (request.body as { events?: unknown } | undefined)?.events;
    metrics.ingested('refused', Array.isArray(events) ? events.length : 0);
  };
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: FastifyError | null, payload?: unknown) => void) => {
    if (request.routeOptions.url === INGEST_EVENTS_ROUTE && request.method === 'POST') countIngested(request, reply, payload);
    done(null, payload);
  });
}

/**
 * GET /api/metrics. Not behind the session gate (Prometheus has no operator account): loopback
 * callers only, or with METRICS_TOKEN set, callers that present it as a bearer token. Anyone
 * else is told the address does not exist. Hidden from the OpenAPI document: it answers
 * Prometheus text, not the envelope, and is no operator API (its guard has its own test).
 */
export function metricsRoutes(metrics: AppMetrics, options: { token?: string | undefined }) {
  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  const allowed = (request: FastifyRequest) => {
    if (!expected) return fromLoopback(request);
    const given = request.headers.authorization;
    return typeof given === 'string' && timingSafeEqual(digest(given), expected);
  };
  return async (app: FastifyInstance) => {
    app.get('/metrics', {
      // Public to the session gate: the bearer token here is the metrics token, not a session.
      config: { permission: 'public' },
      schema: { hide: true },
    }, async (request, reply) => {
      if (!allowed(request)) throw notFound();
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
