import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { GatewayError, type GameGateway } from '../../game/gateway/gateway.ts';
import { ingestHeaders } from '../../game/ingest/ingest-signature.ts';
import { ensureDemoGame } from '../../game/ingest/ingest.service.ts';
import { currencyEvent } from '../../testing/currency-events.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runDueJobs, scheduleJob } from '../jobs/jobs.service.ts';
import { Counter, Histogram, Registry } from 'prom-client';
import { createMetrics, instrumentGateway, SeriesCounter, SeriesHistogram } from './metrics.ts';

const KEY = 'metrics-ingest-key-0123456789abcdef';
const JOB_KIND = 'test.metrics';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scrape = (app: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({ method: 'GET', url: '/api/metrics', ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}), ...(options.headers ? { headers: options.headers } : {}) });

/** The value of one series in the exposition text, or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics: who may read it', () => {
  it('without METRICS_TOKEN: loopback callers only, not through a proxy, never a session', async () => {
    t = await createTestApp();
    const local = await scrape(t, { remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain/);
    expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(200);
    for (const remote of ['10.0.0.7', '192.168.1.20', '::ffff:10.1.2.3']) {
      const res = await scrape(t, { remoteAddress: remote });
      expect(res.statusCode, remote).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    }
    // A proxy on this host forwards a remote caller: not local.
    expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    // An administrator's session does not open it from afar either.
    const admin = await t.signIn('admin');
    expect((await scrape(t, { remoteAddress: '10.0.0.7', headers: { authorization: admin } })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: the right bearer token from anywhere, nothing else (not even loopback)', async () => {
    t = await createTestApp({ metricsToken: 'scrape-token-0123456789' });
    expect((await scrape(t, { remoteAddress: '10.0.0.7', headers: { authorization: 'Bearer scrape-token-0123456789' } })).statusCode).toBe(200);
    expect((await scrape(t, { remoteAddress: '10.0.0.7', headers: { authorization: 'Bearer scrape-token-0123456780' } })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '10.0.0.7', headers: { authorization: 'scrape-token-0123456789' } })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('is not in the OpenAPI document (Prometheus text, not the envelope)', async () => {
    t = await createTestApp();
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });
});

describe('what it counts', () => {
  it('requests by route pattern (not the raw url), gateway calls, ingest events, job lag and the export queue', async () => {
    const app = await createTestApp();
    t = app;
    const admin = await app.signIn('admin');
    // Two different ids, one route pattern.
    await t.call(admin, { method: 'GET', url: '/api/gm/admin/exports/00000000-0000-4000-8000-000000000001' });
    await t.call(admin, { method: 'GET', url: '/api/gm/admin/exports/00000000-0000-4000-8000-000000000002' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    // A HEAD of a GET route is its own series (Fastify adds the route with hooks of its own), and an address without a route is `(unknown)`.
    await t.app.inject({ method: 'HEAD', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-address' });

    // Ingest: one accepted batch of 3, the same again (3 duplicates), one refused batch of 2.
    await ensureDemoGame(t.app.ctx, KEY);
    const ingest = (events: unknown[]) => {
      const payload = JSON.stringify({ events });
      return app.app.inject({ method: 'POST', url: '/api/ingest/events', payload, headers: ingestHeaders('demo', KEY, payload, app.clock.now) });
    };
    const batch = [0, 1, 2].map((i) => currencyEvent(i, app.clock.now - 60_000));
    expect((await ingest(batch)).json()).toMatchObject({ code: 0, result: { accepted: 3 } });
    // A signature is accepted once: the repeat is signed a second later.
    t.clock.now += 1000;
    expect((await ingest(batch)).json()).toMatchObject({ code: 0, result: { duplicates: 3 } });
    expect((await ingest([currencyEvent(5, t.clock.now), { b_log_id: 'broken' }])).json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);

    // A job claimed 90 s after it was due.
    await scheduleJob(t.app.ctx.db, { kind: JOB_KIND, subject: 'x', payload: {}, dueAt: t.clock.now + 1000, createdBy: 'admin' }, t.clock.now);
    t.clock.now += 91_000;
    expect(await runDueJobs(t.app.ctx, { [JOB_KIND]: async () => 'ok' }, 'metrics-test')).toMatchObject({ done: 1 });

    // One export queued.
    const queued = await t.call(admin, { method: 'POST', url: '/api/gm/admin/exports', payload: { list: 'gold_list', start: t.clock.now - 3_600_000, end: t.clock.now, conditions: [] } });
    expect(queued.json<{ code: number }>().code).toBe(0);

    const text = (await scrape(t)).body;
    expect(valueOf(text, 'gm_http_requests_total{method="GET",route="/api/gm/admin/exports/:id",status="404"}')).toBe(2);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(valueOf(text, 'gm_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(1);
    expect(valueOf(text, 'gm_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(valueOf(text, 'gm_http_requests_total{method="HEAD",route="/api/health",status="200"}')).toBe(1);
    expect(valueOf(text, 'gm_http_requests_total{method="GET",route="(unknown)",status="404"}')).toBe(1);
    // GET and HEAD of /api/health each asked the game.
    expect(valueOf(text, 'gm_gateway_calls_total{call="health",outcome="ok"}')).toBe(2);
    expect(valueOf(text, 'gm_ingest_events_total{outcome="accepted"}')).toBe(3);
    expect(valueOf(text, 'gm_ingest_events_total{outcome="duplicate"}')).toBe(3);
    expect(valueOf(text, 'gm_ingest_events_total{outcome="refused"}')).toBe(2);
    expect(valueOf(text, `gm_job_runs_total{kind="${JOB_KIND}",outcome="done"}`)).toBe(1);
    expect(valueOf(text, `gm_job_lag_seconds_bucket{le="60",kind="${JOB_KIND}"}`)).toBe(0);
    expect(valueOf(text, `gm_job_lag_seconds_bucket{le="300",kind="${JOB_KIND}"}`)).toBe(1);
    expect(valueOf(text, 'gm_export_tasks{status="queued"}')).toBe(1);
    expect(valueOf(text, 'gm_export_tasks{status="running"}')).toBe(0);
  });

  it('gateway failures by kind, through a wrapped port (the adapter untouched)', async () => {
    const metrics = createMetrics({ db: undefined as never });
    const fake = {
      adapter: 'fake',
      banPlayers: async () => {
        throw GatewayError.unavailable('connectionRefused');
      },
      kickPlayers: async () => {
        throw GatewayError.timeout('noAnswer');
      },
      unbanPlayers: async () => ({ applied: [] }),
    } as unknown as GameGateway;
    const gateway = instrumentGateway(fake, metrics);
    expect(gateway.adapter).toBe('fake');
    await expect(gateway.banPlayers({} as never)).rejects.toThrow(GatewayError);
    await expect(gateway.kickPlayers({} as never)).rejects.toThrow(GatewayError);
    await gateway.unbanPlayers({} as never);
    const calls = await metrics.gateway.calls.get();
    const count = (call: string, outcome: string) => calls.values.find((v) => v.labels.call === call && v.labels.outcome === outcome)?.value;
    expect(count('banPlayers', 'unavailable')).toBe(1);
    expect(count('kickPlayers', 'timeout')).toBe(1);
    expect(count('unbanPlayers', 'ok')).toBe(1);
  });

  it("the per-series counter and histogram write what prom-client's own write for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const bounds = [0.005, 0.01, 0.5, 1];
    const counter = new SeriesCounter('c_total', 'A counter.', ['route', 'status'], ours);
    const histogram = new SeriesHistogram('h_seconds', 'A histogram.', ['route'], bounds, ours);
    const promCounter = new Counter({ name: 'c_total', help: 'A counter.', labelNames: ['route', 'status'], registers: [theirs] });
    const promHistogram = new Histogram({ name: 'h_seconds', help: 'A histogram.', labelNames: ['route'], buckets: bounds, registers: [theirs] });
    const routes = ['/api/a', '/api/b/:id', 'quote"back\\slash'];
    const values = [0, 0.001, 0.005, 0.0051, 0.01, 0.3, 0.5, 0.99, 1, 2, 40];
    values.forEach((value, i) => {
      const route = routes[i % routes.length] ?? '';
      const status = i % 4 === 0 ? '404' : '200';
      counter.series({ route, status }).value += 1;
      promCounter.inc({ route, status });
      counter.inc({ route, status }, 2);
      promCounter.inc({ route, status }, 2);
      histogram.series({ route }).observe(value);
      promHistogram.observe({ route }, value);
    });
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(() => histogram.observe({ route: 'x' }, Number.NaN)).toThrow(TypeError);
  });

  it('one registry per app: two apps in one process keep their own counts', async () => {
    t = await createTestApp();
    const other = await createTestApp();
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const mine = (await scrape(t)).body;
      const theirs = (await scrape(other)).body;
      expect(valueOf(mine, 'gm_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(1);
      expect(valueOf(theirs, 'gm_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
