import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { callAsPromise, isGatewayError } from '../../game/gateway/gateway.ts';
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

type Labels<L extends string> = Record<L, string>;

/** A series' key in its metric's map: the label values in the metric's label order. */
const seriesKey = <L extends string>(names: readonly L[], labels: Labels<L>): string => names.map((n) => labels[n]).join('\u0000');

/** The value pairs prom-client's registry writes (`metricName` for a histogram's _bucket, _sum, _count). */
interface ValuePair {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/**
 * A counter whose series a caller looks up once and then adds to (`series(labels).value += 1`).
 * prom-client's own `inc(labels)` checks and hashes the labels on every call, which for the
 * request counters cost a few microseconds of every answer (docs/performance.md, "API overhead",
 * session 10). Registered in the app's prom-client registry, which writes it as it writes
 * prom-client's counters (metrics.test.ts compares the text).
 */
export class SeriesCounter<L extends string> {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, { labels: Labels<L>; value: number }>();

  constructor(readonly name: string, readonly help: string, readonly labelNames: readonly L[], registry: Registry) {
    registry.registerMetric(this as unknown as Counter);
  }

  series(labels: Labels<L>): { value: number } {
    const key = seriesKey(this.labelNames, labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels: { ...labels }, value: 0 };
      this.#series.set(key, series);
    }
    return series;
  }

  inc(labels: Labels<L>, by = 1): void {
    this.series(labels).value += by;
  }

  reset(): void {
    this.#series.clear();
  }

  get(): Promise<{ name: string; help: string; type: 'counter'; aggregator: 'sum'; values: ValuePair[] }> {
    const values = [...this.#series.values()].map((s) => ({ labels: { ...s.labels }, value: s.value }));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }
}

/** One series of a `SeriesHistogram`: observations counted per bucket (not yet cumulative). */
export interface HistogramSeries {
  observe(value: number): void;
}

/** A histogram looked up once per series, as `SeriesCounter` (prom-client's observe costs about 2 µs a call). */
export class SeriesHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, { labels: Labels<L>; buckets: number[]; sum: number; count: number; observe(value: number): void }>();

  constructor(readonly name: string, readonly help: string, readonly labelNames: readonly L[], readonly upperBounds: readonly number[], registry: Registry) {
    registry.registerMetric(this as unknown as Histogram);
  }

  series(labels: Labels<L>): HistogramSeries {
    const key = seriesKey(this.labelNames, labels);
    let series = this.#series.get(key);
    if (!series) {
      const bounds = this.upperBounds;
      const created = {
        labels: { ...labels },
        buckets: bounds.map(() => 0),
        sum: 0,
        count: 0,
        observe(value: number) {
          if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
          created.sum += value;
          created.count += 1;
          for (let i = 0; i < bounds.length; i += 1) {
            if (value <= (bounds[i] as number)) {
              created.buckets[i] = (created.buckets[i] as number) + 1;
              return;
            }
          }
        },
      };
      series = created;
      this.#series.set(key, series);
    }
    return series;
  }

  observe(labels: Labels<L>, value: number): void {
    this.series(labels).observe(value);
  }

  /** Starts a timer; the function returned observes the seconds since. */
  startTimer(labels: Labels<L>): () => void {
    const series = this.series(labels);
    const started = performance.now();
    return () => series.observe((performance.now() - started) / 1000);
  }

  reset(): void {
    this.#series.clear();
  }

  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: ValuePair[] }> {
    const values: ValuePair[] = [];
    for (const s of this.#series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += s.buckets[i] ?? 0;
        values.push({ labels: { le }, sharedLabels: { ...s.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: { ...s.labels }, value: s.count, metricName: `${this.name}_bucket` },
        { labels: {}, sharedLabels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` },
      );
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }
}

export function createMetrics(options: { db: Db; processMetrics?: boolean }): Metrics & {
  http: { requests: SeriesCounter<'method' | 'route' | 'status'>; seconds: SeriesHistogram<'method' | 'route'> };
  gateway: { calls: SeriesCounter<'call' | 'outcome'>; seconds: SeriesHistogram<'call'> };
} {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'gm_' });
  const requests = new SeriesCounter('gm_http_requests_total', 'Requests answered, by route pattern and status.', ['method', 'route', 'status'], registry);
  const seconds = new SeriesHistogram('gm_http_request_duration_seconds', 'Time to answer, by route pattern.', ['method', 'route'], SECONDS, registry);
  const calls = new SeriesCounter('gm_gateway_calls_total', 'Game gateway calls by command or read, and how they ended (ok, rejected, invalid, unavailable, timeout, error).', ['call', 'outcome'], registry);
  const gatewaySeconds = new SeriesHistogram('gm_gateway_call_duration_seconds', 'Game gateway call time.', ['call'], SECONDS, registry);
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
    // Each call's series looked up once, here; a plain function with one `then` (a promise less than an async one).
    const seconds = metrics.gateway.seconds.series({ call: name });
    const ok = metrics.gateway.calls.series({ call: name, outcome: 'ok' });
    wrapped[name] = (...args: unknown[]): Promise<unknown> => {
      const started = performance.now();
      return callAsPromise(call, gateway, args).then(
        (result) => {
          seconds.observe((performance.now() - started) / 1000);
          // health() never throws: a game that does not answer is { ok: false }.
          if (name === 'health' && (result as { ok?: boolean } | undefined)?.ok === false) metrics.gateway.calls.inc({ call: name, outcome: 'unavailable' });
          else ok.value += 1;
          return result;
        },
        (error: unknown) => {
          seconds.observe((performance.now() - started) / 1000);
          metrics.gateway.calls.inc({ call: name, outcome: isGatewayError(error) ? error.kind : 'error' });
          throw error;
        },
      );
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
 *
 * Each route gets its own hooks when it is added (`onRoute`), which know its pattern and keep its
 * series by method and status: an answer reads neither `request.routeOptions` (an object Fastify
 * builds on every read) nor its series by their labels. Answers without a route (an unknown
 * address, a malformed one) are counted by one root hook, as `(unknown)`.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const { requests, seconds } = metrics.http;
  const counterOf = (route: string) => {
    const byMethod = new Map<string, { seconds: HistogramSeries; byStatus: Map<number, { value: number }> }>();
    return (request: FastifyRequest, reply: FastifyReply): void => {
      const method = request.method;
      let series = byMethod.get(method);
      if (!series) {
        series = { seconds: seconds.series({ method, route }), byStatus: new Map() };
        byMethod.set(method, series);
      }
      const status = reply.statusCode;
      let count = series.byStatus.get(status);
      if (!count) {
        count = requests.series({ method, route, status: String(status) });
        series.byStatus.set(status, count);
      }
      count.value += 1;
      series.seconds.observe(reply.elapsedTime / 1000);
    };
  };
  // Callback hooks, not async ones: they never wait, and every request would pay a promise for each
  // (docs/performance.md, "API overhead").
  const countUnknown = counterOf('(unknown)');
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.is404) countUnknown(request, reply);
    done();
  });
  // The ingest routes are another helper's (a column store behind them); read their answer here
  // rather than in them: accepted and duplicate from the result, refused from the batch size.
  const countIngested = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    // A string, or its bytes once `sendTextAsBytes` (platform/response-serializer.ts) has run.
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : undefined;
    if (reply.statusCode === 200 && text !== undefined) {
      try {
        const answer = JSON.parse(text) as { code?: number; result?: { accepted?: number; duplicates?: number } };
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
  const countIngestedHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: FastifyError | null, payload?: unknown) => void) => {
    if (request.method === 'POST') countIngested(request, reply, payload);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const count = counterOf(route.url);
    const counted = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      count(request, reply);
      done();
    };
    // New arrays: Fastify copies a GET route's first options for its HEAD route, which gets hooks of its own.
    route.onResponse = [...hooksOf(route.onResponse), counted];
    if (route.url === INGEST_EVENTS_ROUTE) route.onSend = [...hooksOf(route.onSend), countIngestedHook];
  });
}

/** A route option's hooks (none, one or a list) as a list. */
function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
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
