import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { ensureDemoGame } from '../../game/ingest/ingest.service.ts';
import { ingestHeaders } from '../../game/ingest/ingest-signature.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import { currencyEvent } from '../../testing/currency-events.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// A console whose ClickHouse is down from the start: a closed port of the loopback (nothing
// listens on port 9 here). Needs no ClickHouse, so it runs in every pass.
const KEY = 'demo-ingest-key-for-tests-0123456789';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ logStoreUrl: 'clickhouse://default@127.0.0.1:9/gm' });
  await ensureDemoGame(t.app.ctx, KEY);
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

describe('ClickHouse down', () => {
  it('ingest answers 503 with Retry-After and acknowledges nothing', async () => {
    const payload = JSON.stringify({ events: [currencyEvent(1, t.clock.now)] });
    const res = await t.app.inject({ method: 'POST', url: '/api/ingest/events', payload, headers: ingestHeaders('demo', KEY, payload, t.clock.now) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: ErrorCode.LOG_STORE_UNAVAILABLE, message: 'The log store is unavailable; try again later.', retryAfter: 5 });
  });

  it('the log screens say so in the operator language, with a code of its own', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const body = { start: t.clock.now - 3_600_000, end: t.clock.now };
    const en = await api.post(admin, '/logs/gold_list/query', body);
    expect(en).toMatchObject({ code: ErrorCode.LOG_STORE_UNAVAILABLE, message: 'The log store is unavailable; try again later.' });
    t.clock.now += 11_000;
    const zh = await api.post(admin, '/logs/gold_list/query', body, 'zh-CN');
    expect(zh).toMatchObject({ code: ErrorCode.LOG_STORE_UNAVAILABLE, message: '日志库暂不可用，请稍后再试。' });
    t.clock.now += 11_000;
    const custom = await api.post(admin, '/logs/custom/query', { table: 'log_currency', offset: 0, limit: 5 });
    expect(custom.code).toBe(ErrorCode.LOG_STORE_UNAVAILABLE);
  });

  it('the rest of the console works, and the health report names the store as down', async () => {
    const api = apiFor(t, '/api/gm/admin');
    expect((await api.get(admin, '/logs')).code).toBe(0);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ result: { db: { ok: boolean }; logStore: { ok: boolean; kind: string } } }>();
    expect(health.result.db.ok).toBe(true);
    expect(health.result.logStore).toEqual({ ok: false, kind: 'clickhouse' });
  });
});
