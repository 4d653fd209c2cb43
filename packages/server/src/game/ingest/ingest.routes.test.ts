import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { INGEST_MAX_EVENTS } from '@gm/contract/ingest.contract.ts';
import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogStore } from '../../platform/log-store/log-store.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestHeaders } from './ingest-signature.ts';
import { ensureDemoGame, ensureGame } from './ingest.service.ts';

const KEY = 'demo-ingest-key-for-tests-0123456789';
const OTHER_KEY = 'other-ingest-key-for-tests-9876543210';

let t: TestApp;
let store: LogStore;
beforeEach(async () => {
  t = await createTestApp();
  await ensureDemoGame(t.app.ctx, KEY);
  await ensureGame(t.app.ctx, { id: 'other', name: 'Other game', key: OTHER_KEY });
  // The app's own store: the main database, or ClickHouse with TEST_LOG_STORE=clickhouse.
  store = t.app.ctx.logStore;
});
afterEach(async () => {
  await t.close();
});

interface Envelope<T = unknown> {
  code: number;
  message: string;
  result: T;
  details?: { path: string; message: string }[];
}

interface SendOptions {
  gameId?: string;
  key?: string;
  at?: number;
  headers?: Record<string, string>;
}

function signed(url: string, payload: string, options: SendOptions = {}) {
  const headers = { ...ingestHeaders(options.gameId ?? 'demo', options.key ?? KEY, payload, options.at ?? t.clock.now), ...options.headers };
  return t.app.inject({ method: 'POST', url: `/api/ingest${url}`, payload, headers });
}
const send = (url: string, body: unknown, options: SendOptions = {}) => signed(url, JSON.stringify(body), options);

function base(id: string, eventName: string, overrides: Record<string, unknown> = {}) {
  return {
    b_log_id: id,
    b_device_id: 'device-1',
    b_uid: 'user-1',
    b_account_id: 'account-1',
    b_is_guest: false,
    b_role_id: 'role-1',
    b_timestamp: t.clock.now - 60_000,
    b_datetime: '2026-11-22 10:00:00',
    b_game_id: 'demo',
    b_platform: 'android',
    b_zone_id: 1,
    b_channel_id: 'official',
    b_version: '1.0.0',
    b_event_name: eventName,
    b_level: 12,
    ...overrides,
  };
}

const currency = (id: string, overrides: Record<string, unknown> = {}) => ({
  ...base(id, 'gold_flow'),
  act_type: 1,
  gold_id: 'diamond',
  gold_name: 'Diamond',
  gold_type: 1,
  gold_num: 60,
  before_count: 100,
  after_count: 160,
  reason: 'recharge',
  subreason: '',
  related_order: 'order-1',
  ...overrides,
});

const login = (id: string) => ({
  log: 'login',
  ...base(id, 'login'),
  ip: '10.0.0.1',
  device_model: 'Pixel 8',
  os_version: 'Android 15',
  network: 'wifi',
  is_first_login: true,
  online_seconds: 0,
});

const mail = (id: string) => ({
  ...base(id, 'mail_flow'),
  mail_id: 'mail-1',
  mail_type: 2,
  op_type: 6,
  mail_title: 'Maintenance compensation',
  sender: 'GM',
  target_role_id: 'role-1',
  attachments: [{ item_type: 1, item_id: 'stamina-potion', num: 3 }],
});

const goodBatch = () => ({ events: [currency('c-1'), currency('c-2'), login('l-1'), currency('c-3'), mail('m-1')] });

async function counts(keys: LogKey[] = ['currency', 'login', 'mail']) {
  return Object.fromEntries(await Promise.all(keys.map(async (k) => [k, (await store.count(k)).total] as const)));
}

describe('POST /api/ingest/events', () => {
  it('stores a good signed batch, each event in its log table, and answers how many were new', async () => {
    const res = await send('/events', goodBatch());
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope>()).toMatchObject({ code: 0, result: { accepted: 5, duplicates: 0 } });
    expect(await counts()).toEqual({ currency: 3, login: 1, mail: 1 });

    if (store.kind.startsWith('sql')) {
      const { rows } = await sql<Record<string, unknown>>`select * from log_mail`.execute(t.app.ctx.db);
      const row = rows[0] ?? {};
      // Booleans as 0/1, JSON as text, times as epoch ms.
      expect(row).toMatchObject({ b_log_id: 'm-1', b_is_guest: 0, mail_type: 2, b_timestamp: t.clock.now - 60_000 });
      expect(JSON.parse(String(row.attachments))).toEqual([{ item_type: 1, item_id: 'stamina-potion', num: 3 }]);
    }
    const [mailRow] = (await store.page('mail', { size: 1 })).rows;
    expect(mailRow).toMatchObject({ b_log_id: 'm-1', b_is_guest: false, mail_type: 2, b_timestamp: t.clock.now - 60_000, attachments: [{ item_type: 1, item_id: 'stamina-potion', num: 3 }] });
    expect((await store.count('currency', { start: t.clock.now - 61_000, end: t.clock.now })).total).toBe(3);
    expect((await store.count('currency', { start: t.clock.now - 59_000 })).total).toBe(0);
  });

  it('accepts a repeated batch without storing anything twice', async () => {
    const body = JSON.stringify(goodBatch());
    expect((await signed('/events', body)).json<Envelope>().result).toEqual({ accepted: 5, duplicates: 0 });
    // A retry is signed anew (a later timestamp), the events are the same.
    t.clock.now += 1_000;
    const again = await signed('/events', body);
    expect(again.json<Envelope>()).toMatchObject({ code: 0, result: { accepted: 0, duplicates: 5 } });
    // Partly new, and a repeat inside one batch.
    t.clock.now += 1_000;
    // The same c-1 as before (a game's retry sends the event as it was, its time included).
    const [firstC1] = (JSON.parse(body) as { events: unknown[] }).events;
    const mixed = await send('/events', { events: [firstC1, currency('c-4'), currency('c-4')] });
    expect(mixed.json<Envelope>().result).toEqual({ accepted: 1, duplicates: 2 });
    expect(await counts()).toEqual({ currency: 4, login: 1, mail: 1 });
  });

  it('accepts an empty batch', async () => {
    expect((await send('/events', { events: [] })).json<Envelope>().result).toEqual({ accepted: 0, duplicates: 0 });
  });

  describe('refuses what is not signed by a known game, and stores nothing', () => {
    const expectUnauthorized = async (res: Awaited<ReturnType<typeof send>>, message?: string) => {
      expect(res.statusCode).toBe(401);
      const body = res.json<Envelope>();
      expect(body.code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
      if (message) expect(body.message).toBe(message);
      expect(await counts()).toEqual({ currency: 0, login: 0, mail: 0 });
    };

    it('unsigned', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/ingest/events', payload: goodBatch() });
      await expectUnauthorized(res, 'The ingest request is not signed by a known game, or its signature is wrong.');
      const noSignature = await send('/events', goodBatch(), { headers: { 'x-signature': '' } });
      await expectUnauthorized(noSignature);
    });

    it('badly signed: another key, a changed body, a malformed signature', async () => {
      await expectUnauthorized(await send('/events', goodBatch(), { key: OTHER_KEY }));
      const payload = JSON.stringify(goodBatch());
      const headers = ingestHeaders('demo', KEY, payload, t.clock.now);
      const tampered = await t.app.inject({ method: 'POST', url: '/api/ingest/events', payload: payload.replace('"gold_num":60', '"gold_num":99'), headers });
      await expectUnauthorized(tampered);
      await expectUnauthorized(await send('/events', goodBatch(), { headers: { 'x-signature': 'zz' } }));
      await expectUnauthorized(await send('/events', goodBatch(), { headers: { 'x-timestamp': 'soon' } }));
    });

    it('stale or from the future, beyond five minutes', async () => {
      const stale = await send('/events', goodBatch(), { at: t.clock.now - 5 * 60_000 - 2_000 });
      await expectUnauthorized(stale, 'The ingest request timestamp is more than 300 seconds away from the server time.');
      await expectUnauthorized(await send('/events', goodBatch(), { at: t.clock.now + 5 * 60_000 + 2_000 }));
      // Just inside the window is fine.
      expect((await send('/events', { events: [] }, { at: t.clock.now - 4 * 60_000 })).json<Envelope>().code).toBe(0);
    });

    it('replayed: the same signed request is accepted once', async () => {
      const payload = JSON.stringify({ events: [currency('c-9')] });
      const headers = ingestHeaders('demo', KEY, payload, t.clock.now);
      const first = await t.app.inject({ method: 'POST', url: '/api/ingest/events', payload, headers });
      expect(first.json<Envelope>().result).toEqual({ accepted: 1, duplicates: 0 });
      const replay = await t.app.inject({ method: 'POST', url: '/api/ingest/events', payload, headers });
      expect(replay.statusCode).toBe(401);
      expect(replay.json<Envelope>()).toMatchObject({
        code: ErrorCode.INGEST_UNAUTHORIZED,
        message: 'This signed ingest request was already received; sign each request anew.',
      });
      expect((await store.count('currency')).total).toBe(1);
    });

    it('of an unknown game, in the operator language', async () => {
      const res = await send('/events', goodBatch(), { gameId: 'nope', headers: { 'accept-language': 'zh-CN' } });
      await expectUnauthorized(res, '上报请求未经已知游戏签名，或签名错误。');
    });
  });

  describe('refuses a batch with any invalid event, says which and why, and stores none of it', () => {
    const expectInvalid = async (body: unknown, details: { path: string; message: string }[]) => {
      const res = await send('/events', body);
      expect(res.statusCode).toBe(400);
      const envelope = res.json<Envelope>();
      expect(envelope.code).toBe(ErrorCode.INVALID_PARAMS);
      expect(envelope.details).toEqual(details);
      expect(envelope.message).toBe(details[0]?.message);
      expect(await counts()).toEqual({ currency: 0, login: 0, mail: 0 });
    };

    it('an unknown log type, named or inferred', async () => {
      await expectInvalid({ events: [currency('c-1'), { ...login('l-1'), log: 'nope' }] }, [{ path: 'events.1.log', message: 'Unknown log type.' }]);
      await expectInvalid({ events: [currency('c-1', { b_event_name: 'teleport' })] }, [{ path: 'events.0.b_event_name', message: 'Unknown log type.' }]);
      const { b_event_name: _, ...nameless } = currency('c-1');
      await expectInvalid({ events: [nameless] }, [{ path: 'events.0.b_event_name', message: 'This field is required.' }]);
    });

    it('a missing field', async () => {
      const { b_role_id: _, ...noRole } = currency('c-3');
      await expectInvalid({ events: [currency('c-1'), currency('c-2'), noRole] }, [{ path: 'events.2.b_role_id', message: 'This field is required.' }]);
    });

    it('mistyped, out-of-range, unknown and foreign-game fields, each with its own message', async () => {
      await expectInvalid(
        {
          events: [
            currency('c-1', { b_level: 'ten' }),
            currency('c-2', { gold_num: -1 }),
            currency('c-3', { gold_type: 9, colour: 'red' }),
            currency('c-4', { b_datetime: 'x'.repeat(33) }),
            currency('c-5', { b_game_id: 'other' }),
            'not an event',
          ],
        },
        [
          { path: 'events.0.b_level', message: 'Must be a number.' },
          { path: 'events.1.gold_num', message: 'Must be at least 0.' },
          { path: 'events.2.gold_type', message: 'Invalid value.' },
          { path: 'events.2.colour', message: 'Unknown field.' },
          { path: 'events.3.b_datetime', message: 'Must be at most 32 characters.' },
          { path: 'events.4.b_game_id', message: 'b_game_id must be the signing game (demo).' },
          { path: 'events.5', message: 'Invalid value.' },
        ],
      );
    });

    it('an event whose b_event_name belongs to another log than the one named', async () => {
      const res = await send('/events', { events: [{ ...currency('c-1'), log: 'login' }] });
      expect(res.json<Envelope>().code).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.json<Envelope>().details).toContainEqual({ path: 'events.0.b_event_name', message: 'Invalid value.' });
      expect(await counts()).toEqual({ currency: 0, login: 0, mail: 0 });
    });

    it('an oversized batch: too many events, or too many bytes', async () => {
      const many = Array.from({ length: INGEST_MAX_EVENTS + 1 }, (_, i) => currency(`c-${i}`));
      await expectInvalid({ events: many }, [{ path: 'events', message: `Too many items in one batch: at most ${INGEST_MAX_EVENTS}.` }]);
      const padding = 'x'.repeat(6 * 1024 * 1024);
      const res = await signed('/events', JSON.stringify({ events: [], padding }));
      expect(res.json<Envelope>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The request body is larger than 5 MB.' });
    });

    it('a body that is not JSON, or no body at all', async () => {
      const broken = await signed('/events', '{"events": [');
      expect(broken.json<Envelope>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The body is not valid JSON.' });
      const empty = await t.app.inject({ method: 'POST', url: '/api/ingest/events', headers: ingestHeaders('demo', KEY, '', t.clock.now) });
      expect(empty.json<Envelope>().code).toBe(ErrorCode.INVALID_PARAMS);
    });

    it('reports at most 100 problems', async () => {
      const bad = Array.from({ length: 300 }, (_, i) => currency(`c-${i}`, { gold_num: -1 }));
      const res = await send('/events', { events: bad });
      expect(res.json<Envelope>().details).toHaveLength(100);
    });
  });
});

describe('POST /api/ingest/online', () => {
  it('stores online and queue counts per region; a repeated sample replaces the earlier one', async () => {
    const at = t.clock.now - 30_000;
    const first = await send('/online', { at, regions: [{ areaId: 1, online: 1200, queue: 0 }, { areaId: 2, online: 5000, queue: 340 }] });
    expect(first.json<Envelope>()).toMatchObject({ code: 0, result: { stored: 2 } });
    t.clock.now += 1_000;
    await send('/online', { at, regions: [{ areaId: 2, online: 5100, queue: 200 }] });
    await send('/online', { at: at + 60_000, regions: [{ areaId: 1, online: 1300, queue: 0 }] });
    const rows = await t.app.ctx.db.selectFrom('online_samples').select(['game_id', 'area_id', 'at', 'online', 'queue']).orderBy('area_id').orderBy('at').execute();
    expect(rows).toEqual([
      { game_id: 'demo', area_id: 1, at, online: 1200, queue: 0 },
      { game_id: 'demo', area_id: 1, at: at + 60_000, online: 1300, queue: 0 },
      { game_id: 'demo', area_id: 2, at, online: 5100, queue: 200 },
    ]);
  });

  it('validates the sample and the signature like events', async () => {
    const bad = await send('/online', { at: t.clock.now, regions: [{ areaId: 1, online: -5, queue: 0 }] });
    expect(bad.json<Envelope>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'regions.0.online' }] });
    const unsigned = await send('/online', { at: t.clock.now, regions: [{ areaId: 1, online: 5, queue: 0 }] }, { key: OTHER_KEY });
    expect(unsigned.json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    expect(await t.app.ctx.db.selectFrom('online_samples').selectAll().execute()).toEqual([]);
  });
});

describe('POST /api/ingest/players', () => {
  const snapshot = (roleId: string, snapshotAt: number, overrides: Record<string, unknown> = {}) => ({
    roleId,
    roleName: `Pilot ${roleId}`,
    userId: `user-${roleId}`,
    thirdId: null,
    account: `acc-${roleId}`,
    areaId: 1,
    level: 10,
    unionName: 'Iron Wolves',
    identityMark: 1,
    identityRemark: 'QA team',
    createTime: t.clock.now - 86_400_000,
    lastLoginTime: t.clock.now - 3_600_000,
    recentLoginTime: t.clock.now - 60_000,
    offlineTime: null,
    isOnline: true,
    isRecharge: true,
    rechargeCurrency: 300,
    nonRechargeCurrency: 1200,
    muteMark: false,
    banMark: false,
    mainStoryProgress: '3-12',
    currentExp: 4500,
    energy: 120,
    unionCoin: 80,
    pvpRank: 15,
    pvpScore: 1820,
    snapshotAt,
    ...overrides,
  });

  it('stores snapshots keyed by role; the latest snapshot time wins', async () => {
    const at = t.clock.now - 10_000;
    const first = await send('/players', { players: [snapshot('r1', at), snapshot('r2', at)] });
    expect(first.json<Envelope>()).toMatchObject({ code: 0, result: { stored: 2, stale: 0 } });
    t.clock.now += 1_000;
    // r1: an older snapshot arrives late and is ignored; r2: a newer one replaces the stored one.
    const second = await send('/players', { players: [snapshot('r1', at - 5_000, { level: 1 }), snapshot('r2', at + 5_000, { level: 11, banMark: true })] });
    expect(second.json<Envelope>().result).toEqual({ stored: 1, stale: 1 });
    const rows = await t.app.ctx.db.selectFrom('player_snapshots').selectAll().orderBy('role_id').execute();
    expect(rows.map((r) => [r.role_id, r.level, r.ban_mark, r.snapshot_at])).toEqual([
      ['r1', 10, 0, at],
      ['r2', 11, 1, at + 5_000],
    ]);
    expect(rows[0]).toMatchObject({ game_id: 'demo', identity_mark: 1, is_online: 1, recharge_currency: 300, main_story_progress: '3-12', third_id: null });
  });

  it('keeps games apart and fills optional fields with defaults', async () => {
    const minimal = { roleId: 'r1', roleName: 'Solo', userId: 'u1', account: 'a1', areaId: 2, level: 1, createTime: 1, snapshotAt: t.clock.now };
    await send('/players', { players: [minimal] }, { gameId: 'other', key: OTHER_KEY });
    await send('/players', { players: [snapshot('r1', t.clock.now)] });
    const rows = await t.app.ctx.db.selectFrom('player_snapshots').select(['game_id', 'role_id', 'level', 'identity_mark', 'is_online']).orderBy('game_id').execute();
    expect(rows).toEqual([
      { game_id: 'demo', role_id: 'r1', level: 10, identity_mark: 1, is_online: 1 },
      { game_id: 'other', role_id: 'r1', level: 1, identity_mark: 0, is_online: 0 },
    ]);
  });

  it('refuses an invalid identity mark', async () => {
    const res = await send('/players', { players: [snapshot('r1', t.clock.now, { identityMark: 3 })] });
    expect(res.json<Envelope>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'players.0.identityMark' }] });
  });
});

describe('the demo game', () => {
  it('keeps its key unless one is given, and generates one when created without', async () => {
    expect(await ensureDemoGame(t.app.ctx)).toMatchObject({ key: KEY, created: false, generated: false });
    const created = await ensureGame(t.app.ctx, { id: 'fresh', name: 'Fresh' });
    expect(created).toMatchObject({ created: true, generated: true });
    expect(created.key.length).toBeGreaterThanOrEqual(32);
    await ensureDemoGame(t.app.ctx, 'a-rotated-key-0123456789');
    expect((await send('/events', { events: [] })).json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    expect((await send('/events', { events: [] }, { key: 'a-rotated-key-0123456789' })).json<Envelope>().code).toBe(0);
  });
});
