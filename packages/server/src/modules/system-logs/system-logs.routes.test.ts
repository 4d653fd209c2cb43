import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { GAME_COMMAND_KINDS } from '@gm/contract/game-commands.contract.ts';
import { GAME_READ_NAMES } from '@gm/contract/game-reads.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { EXCEPTION_ROWS_PER_MINUTE, type ExceptionDetail, type ExceptionPage, type GameCallPage } from '@gm/contract/system-logs.contract.ts';
import { JOB_HANDLERS } from '../../app.ts';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { createEmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { runDueJobs, scheduleJob } from '../../platform/jobs/jobs.service.ts';
import { runPendingExports } from '../exports/exports.service.ts';
import { scrub } from '../../platform/system-logs/system-log-recorder.ts';
import { apiFor, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * A gateway whose every member forwards to `impl`: the embedded game world once the app (and
 * its database) exists, with single calls replaced by a test to fail or dawdle.
 */
function forwardingGateway() {
  const target: { impl: GameGateway | undefined; overrides: Partial<Record<string, (...args: unknown[]) => Promise<unknown>>> } = { impl: undefined, overrides: {} };
  const names = new Set<string>([...GAME_COMMAND_KINDS, ...GAME_READ_NAMES, 'listRegions', 'health']);
  const gateway: Record<string, unknown> = { adapter: 'embedded' };
  for (const name of names) {
    gateway[name] = (...args: unknown[]) => {
      const override = target.overrides[name];
      if (override) return override(...args);
      const impl = target.impl as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      return impl[name]?.(...args);
    };
  }
  return { gateway: gateway as unknown as GameGateway, target };
}

let t: TestApp;
let admin: string;
let fake: ReturnType<typeof forwardingGateway>;
const api = () => apiFor(t, '/api/gm/admin');

beforeEach(async () => {
  fake = forwardingGateway();
  t = await createTestApp({ gateway: fake.gateway });
  fake.target.impl = createEmbeddedGateway(t.app.ctx.db, { now: () => t.clock.now });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const exceptions = async (query = '') => {
  const body = await api().get<ExceptionPage>(admin, `/system/exceptions${query}`);
  expect(body.code).toBe(0);
  return body.result;
};
const gameCalls = async (query = '') => {
  const body = await api().get<GameCallPage>(admin, `/system/game-calls${query}`);
  expect(body.code).toBe(0);
  return body.result;
};

describe('exceptions', () => {
  it('a request answered with a system error is an exception, with its route, operator and stack', async () => {
    // A table gone missing under a running console: the GM log's read fails unexpectedly.
    await t.app.ctx.db.schema.dropTable('audit_log').execute();
    const res = await t.call(admin, { method: 'GET', url: '/api/gm/admin/get-log?page=0&size=30' });
    expect(res.statusCode).toBe(500);
    expect(res.json<{ message: string }>().message).not.toContain('audit_log');

    const page = await exceptions();
    const row = page.results.find((r) => r.source === 'request');
    expect(row).toMatchObject({ what: 'GET /api/gm/admin/get-log', operator: 'admin', errorCode: ErrorCode.SYSTEM_ERROR, occurrences: 1 });
    expect(row?.message).toContain('audit_log');
    expect(row?.requestId).toBeTruthy();
    expect(row?.instance).toMatch(/:\d+$/);

    const detail = await api().get<ExceptionDetail>(admin, `/system/exceptions/${row?.id ?? ''}`);
    expect(detail.code).toBe(0);
    expect(detail.result.stack).toContain('audit.repository');
    expect(detail.result.stack?.length).toBeLessThanOrEqual(8_192);
  });

  it('a flood of one failure keeps a few rows a minute and counts the rest on the last', async () => {
    await t.app.ctx.db.schema.dropTable('audit_log').execute();
    for (let i = 0; i < EXCEPTION_ROWS_PER_MINUTE + 7; i++) await t.call(admin, { method: 'GET', url: '/api/gm/admin/get-log' });
    let rows = (await exceptions('?source=request')).results;
    expect(rows).toHaveLength(EXCEPTION_ROWS_PER_MINUTE);
    expect(rows.reduce((n, r) => n + r.occurrences, 0)).toBe(EXCEPTION_ROWS_PER_MINUTE + 7);
    expect(rows[0]?.occurrences).toBe(8);

    // A minute on, the same failure gets rows of its own again.
    t.clock.now += 61_000;
    await t.call(admin, { method: 'GET', url: '/api/gm/admin/get-log' });
    rows = (await exceptions('?source=request')).results;
    expect(rows).toHaveLength(EXCEPTION_ROWS_PER_MINUTE + 1);
    expect(rows[0]?.occurrences).toBe(1);
  });

  it('a game that cannot be reached is one gateway exception, not a second one for the request', async () => {
    fake.target.overrides.listPlayers = () => Promise.reject(GatewayError.unavailable('connect ECONNREFUSED 10.0.0.9:9000'));
    const res = await t.call(admin, { method: 'GET', url: '/api/gm/admin/players?page=0&size=10' });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.GATEWAY_UNAVAILABLE);
    const rows = (await exceptions()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'gateway', what: 'listPlayers', operator: 'admin', errorCode: ErrorCode.GATEWAY_UNAVAILABLE });
    expect(rows[0]?.message).toContain('ECONNREFUSED');
    // And the failed read is in the game log.
    const calls = (await gameCalls('?kind=read')).results;
    expect(calls[0]).toMatchObject({ name: 'listPlayers', outcome: 'unavailable', reason: 'connect ECONNREFUSED 10.0.0.9:9000', operator: 'admin' });
  });

  it('an answer the console cannot read is recorded once, as the gateway call', async () => {
    fake.target.overrides.listPlayers = () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'results')"));
    const res = await t.call(admin, { method: 'GET', url: '/api/gm/admin/players' });
    expect(res.statusCode).toBe(500);
    const rows = (await exceptions()).results;
    expect(rows.map((r) => [r.source, r.what, r.errorCode])).toEqual([['gateway', 'listPlayers', ErrorCode.SYSTEM_ERROR]]);
    expect((await gameCalls()).results[0]).toMatchObject({ name: 'listPlayers', outcome: 'error' });
  });

  it('a failed background job is an exception named by its kind', async () => {
    await scheduleJob(t.app.ctx.db, { kind: 'test.nobodyRunsThis', subject: 's', payload: {}, dueAt: t.clock.now - 1, createdBy: 'admin' }, t.clock.now);
    const summary = await runDueJobs(t.app.ctx, JOB_HANDLERS);
    expect(summary.retried + summary.failed).toBe(1);
    const rows = (await exceptions('?source=job')).results;
    expect(rows[0]).toMatchObject({ source: 'job', what: 'test.nobodyRunsThis', operator: 'admin', requestId: null });
    expect(rows[0]?.message).toContain('no handler');
  });

  it('a failed export is an exception named by its task, with its owner', async () => {
    const created = await api().post<{ id: string }>(admin, '/exports', { list: 'gold_list', start: t.clock.now - 3_600_000, end: t.clock.now });
    expect(created.code).toBe(0);
    // The log store fails under the export (a column store gone away mid-run).
    const store = t.app.ctx.logStore;
    t.app.ctx.logStore = new Proxy(store, {
      get: (target, name, receiver): unknown => {
        const member: unknown = Reflect.get(target, name, receiver);
        return typeof member === 'function' ? () => Promise.reject(new Error('log store: connection lost')) : member;
      },
    });
    expect(await runPendingExports(t.app.ctx, { thread: false })).toMatchObject({ failed: 1 });
    const rows = (await exceptions('?source=export')).results;
    expect(rows[0]).toMatchObject({ source: 'export', what: created.result.id, operator: 'admin', message: 'log store: connection lost' });
  });

  it('rows older than the retention go when the next is written', async () => {
    const old = t.clock.now - t.app.ctx.config.systemLogRetentionMs - 1;
    await t.app.ctx.db
      .insertInto('system_exceptions')
      .values({ id: 'old-1', at: old, last_at: old, source: 'job', what: 'x', operator: null, request_id: null, error_code: null, message: 'old', stack: null, fingerprint: 'f', occurrences: 1, instance: 'h:1' })
      .execute();
    await t.app.ctx.db
      .insertInto('game_calls')
      .values({ id: 'old-2', at: old, kind: 'command', name: 'kickPlayers', command_id: null, target: null, operator: null, duration_ms: 1, outcome: 'ok', reason: null, params: null, request_id: null, instance: 'h:1' })
      .execute();
    await api().post(admin, '/report/kick', { roleIds: ['9000001'] });
    await t.app.ctx.systemLogs?.settled();
    expect(await t.app.ctx.db.selectFrom('system_exceptions').select('id').where('id', '=', 'old-1').execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('game_calls').select('id').where('id', '=', 'old-2').execute()).toEqual([]);
  });
});

describe('game log', () => {
  it('every command the console sends is logged with its outcome, target, operator and duration', async () => {
    const before = await t.app.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await api().post(admin, '/report/kick', { roleIds: ['9000001', '9000002'] });
    const rows = (await gameCalls('?kind=command')).results;
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ kind: 'command', name: 'kickPlayers', target: 'roleIds: 9000001, 9000002', operator: 'admin' });
    expect(row?.outcome).toBe(res.code === 0 ? 'ok' : 'refused');
    expect(row?.commandId).toMatch(/^players\.kick:/);
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row?.params ?? '{}')).toMatchObject({ roleIds: ['9000001', '9000002'] });
    // The game log is not an audit trail: the kick's own entry is the only new one.
    const after = await t.app.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
  });

  it('each call is told by the operator of its own request, however many run at once', async () => {
    const other = await operatorWith(t, admin, [P.PLAYER_LIST, P.PLAYER_KICK]);
    const real = fake.target.impl as GameGateway;
    // The game answers slowly, so the two requests' calls overlap.
    fake.target.overrides.kickPlayers = async (...args: unknown[]) => {
      await new Promise((r) => setTimeout(r, 50));
      return real.kickPlayers(args[0] as never);
    };
    await Promise.all([api().post(admin, '/report/kick', { roleIds: ['from-admin'] }), api().post(other, '/report/kick', { roleIds: ['from-other'] })]);
    const rows = (await gameCalls('?kind=command')).results;
    const byTarget = Object.fromEntries(rows.map((r) => [r.target, r.operator]));
    expect(byTarget['roleIds: from-admin']).toBe('admin');
    expect(byTarget['roleIds: from-other']).toMatch(/^op\./);
  });

  it("a refusal keeps the game's reason; a timeout is also an exception", async () => {
    fake.target.overrides.kickPlayers = () => Promise.reject(GatewayError.rejected('playerNotFound', { missing: ['1'] }));
    await api().post(admin, '/report/kick', { roleIds: ['1'] });
    t.clock.now += 1_000;
    fake.target.overrides.kickPlayers = () => Promise.reject(GatewayError.timeout('no answer in 10 s'));
    await api().post(admin, '/report/kick', { roleIds: ['2'] });
    const rows = (await gameCalls('?name=KICK')).results;
    expect(rows.map((r) => [r.outcome, r.reason])).toEqual([
      ['timeout', 'no answer in 10 s'],
      ['refused', 'playerNotFound'],
    ]);
    expect((await gameCalls('?outcome=refused')).results).toHaveLength(1);
    // The game's code reads in the reader's words; other reasons as kept.
    expect(rows.map((r) => r.reasonText)).toEqual(['no answer in 10 s', 'player does not exist']);
    const zh = await api().get<GameCallPage>(admin, '/system/game-calls?outcome=refused', 'zh-CN');
    expect(zh.result.results.map((r) => [r.reason, r.reasonText])).toEqual([['playerNotFound', '玩家不存在']]);
    const ex = (await exceptions()).results;
    expect(ex.map((r) => [r.source, r.what])).toEqual([['gateway', 'kickPlayers']]);
  });

  it('a slow read is logged with its duration; a quick one is not', async () => {
    await t.call(admin, { method: 'GET', url: '/api/gm/admin/players' });
    expect((await gameCalls()).results).toHaveLength(0);
    const real = fake.target.impl as GameGateway;
    fake.target.overrides.listPlayers = async (...args: unknown[]) => {
      await new Promise((r) => setTimeout(r, 1_050));
      return real.listPlayers(args[0] as never);
    };
    const res = await t.call(admin, { method: 'GET', url: '/api/gm/admin/players' });
    expect(res.statusCode).toBe(200);
    const rows = (await gameCalls()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'read', name: 'listPlayers', outcome: 'ok', commandId: null });
    expect(rows[0]?.durationMs).toBeGreaterThanOrEqual(1_000);
  });

  it('filters: name contains takes % and _ as themselves; time range and operator narrow the list', async () => {
    await api().post(admin, '/report/kick', { roleIds: ['1'] });
    expect((await gameCalls('?name=%25')).results).toHaveLength(0);
    expect((await gameCalls('?name=ickplay')).results).toHaveLength(1);
    expect((await gameCalls('?operator=admin')).results).toHaveLength(1);
    expect((await gameCalls('?operator=nobody')).results).toHaveLength(0);
    expect((await gameCalls(`?start=${t.clock.now + 1}`)).results).toHaveLength(0);
    expect((await gameCalls(`?start=${t.clock.now - 1000}&end=${t.clock.now + 1}`)).results).toHaveLength(1);
  });
});

describe('access and input', () => {
  it('needs page code 11038', async () => {
    const without = await operatorWith(t, admin, [P.SYS_GM_LOG]);
    for (const url of ['/system/exceptions', '/system/game-calls', '/system/exceptions/x1']) {
      expect((await api().get(without, url)).code).toBe(ErrorCode.NO_PERMISSION);
    }
    const withCode = await operatorWith(t, admin, [P.SYS_GAME_LOG]);
    expect((await api().get(withCode, '/system/game-calls')).code).toBe(0);
    expect((await api().get(withCode, '/system/exceptions')).code).toBe(0);
    expect((await api().get(withCode, '/system/exceptions/nope')).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad filters in the reader’s language', async () => {
    const en = await api().get(admin, '/system/exceptions?source=disk');
    expect(en.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(en.details?.[0]?.path).toBe('source');
    const zh = await api().get(admin, '/system/game-calls?start=2000&end=1000', 'zh-CN');
    expect(zh.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(zh.message).toBe('结束时间必须晚于开始时间。');
    const deep = await api().get(admin, '/system/game-calls?page=100&size=200');
    expect(deep.code).toBe(ErrorCode.INVALID_PARAMS);
    const long = await api().get(admin, `/system/exceptions?what=${'x'.repeat(101)}`);
    expect(long.message).toBe('Id length is at most 100 characters.');
  });
});

describe('scrub', () => {
  it('masks credentials an error text may carry', () => {
    expect(scrub('connect to postgres://gm:hunter2@db:5432/gm failed')).toBe('connect to postgres://***:***@db:5432/gm failed');
    expect(scrub('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(scrub('password=hunter2 token: xyz')).toBe('password=*** token: ***');
  });
});
