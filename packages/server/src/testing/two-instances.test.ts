import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Health } from '@gm/contract/audit.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ExportTask } from '@gm/contract/exports.contract.ts';
import { readEnv } from '../env.ts';
import { runPendingExports } from '../modules/exports/exports.service.ts';
import { apiFor, type Envelope } from './api-helpers.ts';
import { currencyEvent } from './currency-events.ts';
import { form, type TestApp } from './test-app.ts';
import { createTestInstances, type TestInstances } from './test-instances.ts';

/**
 * Issue 15: two API instances behind a load balancer on one database (PostgreSQL with
 * TEST_DB=postgres, else one SQLite file) and, with TEST_REDIS_URL, one Redis. Whatever one
 * instance knows that the other must honour lives in the shared stores, never in one process.
 * (A scheduled job fires once across instances: modules/areas/areas.jobs.test.ts.)
 */

let set: TestInstances;
let a: TestApp;
let b: TestApp;
const HOUR = 3_600_000;

async function twoInstances(stores: { redis?: boolean } = {}) {
  set = await createTestInstances(2, { config: { notFoundPerMinute: 6, refusedChangesPerMinute: 4 } }, stores);
  [a, b] = set.instances as [TestApp, TestApp];
}
afterEach(async () => {
  await set.close();
});

const codeOf = (res: { json: <T>() => T }) => res.json<{ code: number }>().code;
const signInRaw = (t: TestApp, account: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', ...form({ account, password }) });

describe('two instances on one database', () => {
  beforeEach(() => twoInstances());

  it('a token issued by one is accepted by the other, and signing out on one ends it on both', async () => {
    const token = await a.signIn('admin');
    expect(codeOf(await b.call(token, { method: 'GET', url: '/api/gm/admin/roles' }))).toBe(0);
    expect(codeOf(await b.call(token, { method: 'DELETE', url: '/api/gm/admin/sessions/current.json' }))).toBe(0);
    for (const instance of [a, b]) {
      const res = await instance.call(token, { method: 'GET', url: '/api/gm/admin/roles' });
      expect(res.statusCode).toBe(401);
      expect(codeOf(res)).toBe(ErrorCode.LOGGED_OUT);
    }
  });

  it('the sign-in lock-out counts failures made on either instance', async () => {
    for (const instance of [a, b, a, b]) expect(codeOf(await signInRaw(instance, 'operator', 'wrong-pass'))).toBe(ErrorCode.BAD_CREDENTIALS);
    // The fifth failure, wherever it lands, locks the account on both.
    expect(codeOf(await signInRaw(b, 'operator', 'wrong-pass'))).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(codeOf(await signInRaw(a, 'operator', 'demo-Pass-1357'))).toBe(ErrorCode.ACCOUNT_LOCKED);
    set.clock.now += 61_000;
    expect(codeOf(await signInRaw(b, 'operator', 'demo-Pass-1357'))).toBe(0);
  });

  it('failures arriving at both instances at once are all counted (no lost update, no 500)', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signInRaw(i % 2 === 0 ? a : b, 'operator', 'wrong-pass')));
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    const codes = answers.map(codeOf);
    // All eight passed the gate before any failure was recorded (the password check takes a
    // while): the fifth recorded failure starts the lock, the later ones meet it; none lifts it.
    expect(codes.filter((c) => c === ErrorCode.BAD_CREDENTIALS)).toHaveLength(4);
    expect(codes.filter((c) => c === ErrorCode.ACCOUNT_LOCKED)).toHaveLength(4);
    expect(codeOf(await signInRaw(a, 'operator', 'demo-Pass-1357'))).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(codeOf(await signInRaw(b, 'operator', 'demo-Pass-1357'))).toBe(ErrorCode.ACCOUNT_LOCKED);
  });

  it("the logs' 10 seconds between new queries hold across instances", async () => {
    const token = await a.signIn('admin');
    const end = set.clock.now - HOUR;
    await a.app.ctx.logStore.insertEvents('currency', Array.from({ length: 5 }, (_, i) => currencyEvent(i, end)));
    const query = (t: TestApp, start: number) => t.call(token, { method: 'POST', url: '/api/gm/admin/logs/gold_list/query', payload: { start, end, conditions: [] } });
    expect(codeOf(await query(a, end - 2 * HOUR))).toBe(0);
    const soon = await query(b, end - 3 * HOUR);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
    set.clock.now += 10_000;
    expect(codeOf(await query(b, end - 3 * HOUR))).toBe(0);
  });

  it('an export asked for on one instance and written by it is downloadable from the other (one shared EXPORT_DIR)', async () => {
    const token = await a.signIn('admin');
    const end = set.clock.now - HOUR;
    await a.app.ctx.logStore.insertEvents('currency', Array.from({ length: 30 }, (_, i) => currencyEvent(i, end)));
    const created = await apiFor(a, '/api/gm/admin').post<ExportTask>(token, '/exports', { list: 'gold_list', start: end - 2 * HOUR, end, conditions: [] });
    expect(created.code).toBe(0);
    // Both workers race for the queue: one writes it, once.
    const runs = await Promise.all([runPendingExports(a.app.ctx, { worker: 'a' }), runPendingExports(b.app.ctx, { worker: 'b' })]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    for (const instance of [b, a]) {
      const task = await apiFor(instance, '/api/gm/admin').get<ExportTask>(token, `/exports/${created.result.id}`);
      expect(task.result).toMatchObject({ status: 'done', rows: 30 });
      const file = await instance.call(token, { method: 'GET', url: `/api/gm/admin/exports/${created.result.id}/file` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it("the operation log read on either instance shows both instances' entries", async () => {
    const token = await a.signIn('admin');
    expect(codeOf(await a.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Made on A', resourceIds: [] } }))).toBe(0);
    expect(codeOf(await b.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Made on B', resourceIds: [] } }))).toBe(0);
    for (const instance of [a, b]) {
      const page = await apiFor(instance, '/api/gm/admin').get<{ results: { action: string; after: unknown }[] }>(token, '/get-log?size=50');
      const made = page.result.results.filter((e) => e.action === 'roles.create').map((e) => JSON.stringify(e.after));
      expect(made.some((text) => text.includes('Made on A'))).toBe(true);
      expect(made.some((text) => text.includes('Made on B'))).toBe(true);
    }
  });

  it("an operator's refused changes are counted across instances (the flood throttle)", async () => {
    const token = await a.signIn('admin');
    const refuse = (t: TestApp) => t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: '', resourceIds: [] } });
    for (const instance of [a, b, a, b]) expect(codeOf(await refuse(instance))).toBe(ErrorCode.INVALID_PARAMS);
    const blocked = await b.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Valid', resourceIds: [] } });
    expect(blocked.statusCode).toBe(429);
    expect(codeOf(await a.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Valid', resourceIds: [] } }))).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});

// The counters are in the database, or in Redis with TEST_REDIS_URL: both stores when it is set.
const counterStores = readEnv().TEST_REDIS_URL ? (['database', 'redis'] as const) : (['database'] as const);

describe.each(counterStores)('the limit on unknown addresses, counters in the %s', (store) => {
  beforeEach(() => twoInstances({ redis: store === 'redis' }));

  it('counts one client across instances', async () => {
    const probe = (t: TestApp, i: number) => t.app.inject({ method: 'GET', url: `/api/nothing-${i}`, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < 6; i += 1) expect((await probe(i % 2 === 0 ? a : b, i)).statusCode).toBe(404);
    for (const instance of [a, b]) {
      const limited = await probe(instance, 99);
      expect(limited.statusCode).toBe(429);
      expect(limited.json<Envelope>()).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is not limited.
    expect((await a.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '198.51.100.8' })).statusCode).toBe(404);
    // Where the counting happened, as /api/health says.
    expect(set.redis).toBe(store === 'redis');
    const health = (await a.app.inject({ method: 'GET', url: '/api/health' })).json<Envelope<Health>>();
    expect(health.result?.counters).toMatchObject({ ok: true, kind: store });
    if (store === 'redis') expect(health.result?.counters.latencyMs).toBeGreaterThanOrEqual(0);
    const rows = await a.app.ctx.db.selectFrom('rate_counters').select('key').execute();
    expect(rows.length > 0).toBe(store === 'database');
    if (store === 'database') {
      // The database counters follow the app's clock: a minute later the client may probe again.
      set.clock.now += 61_000;
      expect((await probe(b, 100)).statusCode).toBe(404);
    }
  });
});

describe('Redis unreachable', () => {
  it('costs the not-found limit, never an answer: unknown addresses still answer 404 at once', async () => {
    // Nothing listens on port 1: every connection is refused.
    set = await createTestInstances(1, { redis: { url: 'redis://127.0.0.1:1' }, config: { notFoundPerMinute: 2 } }, { redis: false });
    const [only] = set.instances as [TestApp];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await only.app.inject({ method: 'GET', url: `/api/nothing-${i}`, remoteAddress: '198.51.100.9' });
      expect(res.statusCode).toBe(404);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('is reported by /api/health, which still answers', async () => {
    set = await createTestInstances(1, { redis: { url: 'redis://127.0.0.1:1' } }, { redis: false });
    const [only] = set.instances as [TestApp];
    const res = await only.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, result: { db: { ok: true }, counters: { ok: false, kind: 'redis' } } });
  });
});
