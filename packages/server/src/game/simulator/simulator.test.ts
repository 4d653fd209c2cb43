import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import { LOG_CATALOGUE } from '@gm/contract/log-catalogue.ts';
import { REPORT_REASONS } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { REDEEM_BATCHES, REPORT_TEXTS } from '../world/reports.seed.ts';
import { seedDemoHistory } from './demo-history.ts';
import { DAY_MS, HOUR_MS } from './display-time.ts';
import type { SimulationSummary } from './simulator.ts';

/** A fixed end of history, so runs compare; local time is Asia/Shanghai (UTC+8, no daylight saving). */
const NOW = Date.UTC(2026, 10, 22, 12, 30, 0);
const LOCAL = 8 * HOUR_MS;
const localDay = (at: number) => Math.floor((at + LOCAL) / DAY_MS);
const localHour = (at: number) => Math.floor(((at + LOCAL) % DAY_MS) / HOUR_MS);

async function appAt(now: number): Promise<TestApp> {
  const t = await createTestApp();
  t.clock.now = now;
  return t;
}

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return (await sql<T>`${sql.raw(query)}`.execute(db)).rows;
}

const num = (value: unknown) => Number(value);

describe('the game-traffic simulator', () => {
  let t: TestApp;
  let db: Db;
  let summary: SimulationSummary;
  const PLAYERS = 240;

  beforeAll(async () => {
    t = await appAt(NOW);
    db = t.app.ctx.db;
    summary = await seedDemoHistory(t.app, { players: PLAYERS, days: 35, seed: 7, onlineIntervalMinutes: 60 });
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('produces every one of the fifteen logs, and the ingest route accepts every event', async () => {
    for (const log of LOG_CATALOGUE) {
      expect(summary.perLog[log.key], log.key).toBeGreaterThan(0);
      const [stored] = await rows<{ n: unknown }>(db, `select count(*) as n from ${log.table}`);
      expect(num(stored?.n), log.table).toBe(summary.perLog[log.key]);
    }
    expect(summary.ingest.events).toBe(summary.events);
    expect(summary.ingest.accepted).toBe(summary.events);
    expect(summary.ingest.duplicates).toBe(0);
    expect(summary.ingest.retries).toBe(0);
    // Every event lies in the history window, none after now.
    for (const log of LOG_CATALOGUE) {
      const [range] = await rows<{ lo: unknown; hi: unknown }>(db, `select min(b_timestamp) as lo, max(b_timestamp) as hi from ${log.table}`);
      expect(num(range?.lo)).toBeGreaterThanOrEqual(summary.windowStart);
      expect(num(range?.hi)).toBeLessThanOrEqual(NOW);
    }
    const kinds = await rows<{ b_event_name: string }>(db, 'select distinct b_event_name from log_login order by b_event_name');
    expect(kinds.map((k) => k.b_event_name)).toEqual(['login', 'logout']);
    const results = await rows<{ battle_result: unknown }>(db, 'select distinct battle_result from log_stage order by battle_result');
    expect(results.map((r) => num(r.battle_result))).toEqual([1, 2, 3, 4]);
    const ops = await rows<{ op_type: unknown }>(db, 'select distinct op_type from log_card_op order by op_type');
    expect(ops.map((o) => num(o.op_type)).length).toBeGreaterThanOrEqual(8);
    const mailOps = await rows<{ op_type: unknown }>(db, 'select distinct op_type from log_mail order by op_type');
    expect(mailOps.map((o) => num(o.op_type))).toEqual(expect.arrayContaining([1, 2, 3, 4, 6]));
    const mailTypes = await rows<{ mail_type: unknown }>(db, 'select distinct mail_type from log_mail order by mail_type');
    expect(mailTypes.map((m) => num(m.mail_type))).toEqual([1, 2, 3]);
    // The console names every reason, channel and stage type the demo game sends (the catalogue's words).
    for (const log of LOG_CATALOGUE) {
      for (const column of log.columns) {
        if (column.type !== 'string' || !column.words) continue;
        const words = new Set<string>(column.words.map((w) => w.value));
        const sent = await rows<{ v: string }>(db, `select distinct ${column.name} as v from ${log.table}`);
        expect(sent.map((r) => r.v).filter((v) => !words.has(v)), `${log.table}.${column.name}`).toEqual([]);
      }
    }
  });

  it('writes a world whose ids agree with the logs', async () => {
    const players = await db.selectFrom('game_players').selectAll().execute();
    expect(players).toHaveLength(PLAYERS);
    const roleIds = new Set(players.map((p) => p.role_id));
    const userIds = new Set((await db.selectFrom('game_accounts').select('user_id').execute()).map((a) => a.user_id));
    expect(players.every((p) => userIds.has(p.user_id))).toBe(true);
    for (const log of LOG_CATALOGUE) {
      const roles = await rows<{ b_role_id: string }>(db, `select distinct b_role_id from ${log.table}`);
      expect(roles.every((r) => roleIds.has(r.b_role_id)), log.table).toBe(true);
    }
    const targets = await rows<{ target_role_id: string }>(db, 'select distinct target_role_id from log_friend_chat');
    expect(targets.every((r) => roleIds.has(r.target_role_id))).toBe(true);
    // Every player signed in at least once; snapshots were reported for all of them.
    const logins = await rows<{ n: unknown }>(db, "select count(distinct b_role_id) as n from log_login where b_event_name = 'login'");
    expect(num(logins[0]?.n)).toBe(PLAYERS);
    const snapshots = await db.selectFrom('player_snapshots').selectAll().where('game_id', '=', 'demo').execute();
    expect(snapshots).toHaveLength(PLAYERS);
    const byRole = new Map(players.map((p) => [p.role_id, p]));
    for (const s of snapshots) {
      const p = byRole.get(s.role_id);
      expect(p, s.role_id).toBeDefined();
      expect([s.level, s.recharge_currency, s.non_recharge_currency, s.energy, s.is_online]).toEqual([p?.level, p?.recharge_currency, p?.non_recharge_currency, p?.energy, p?.is_online]);
    }
    // Online numbers of the regions are the roles online now.
    const regions = await db.selectFrom('game_regions').selectAll().execute();
    for (const r of regions) expect(r.online_number, r.id).toBe(players.filter((p) => p.area_id === r.id && p.is_online === 1).length);
    const maps = await db.selectFrom('game_map_progress').select('role_id').distinct().execute();
    expect(maps).toHaveLength(PLAYERS);
  });

  it('keeps balances: before + change = after, and the last after is the world balance', async () => {
    const players = new Map((await db.selectFrom('game_players').selectAll().execute()).map((p) => [p.role_id, p]));
    const currency = await rows<{ b_role_id: string; gold_id: string; act_type: unknown; gold_num: unknown; before_count: unknown; after_count: unknown }>(
      db,
      'select b_role_id, gold_id, act_type, gold_num, before_count, after_count from log_currency order by b_role_id, gold_id, b_timestamp',
    );
    const last = new Map<string, number>();
    for (const e of currency) {
      const key = `${e.b_role_id}/${e.gold_id}`;
      const sign = num(e.act_type) === 1 ? 1 : -1;
      expect(num(e.before_count) + sign * num(e.gold_num), key).toBe(num(e.after_count));
      expect(num(e.before_count), key).toBe(last.get(key) ?? 0);
      expect(num(e.after_count)).toBeGreaterThanOrEqual(0);
      last.set(key, num(e.after_count));
    }
    for (const [roleId, p] of players) {
      expect(last.get(`${roleId}/paid_crystal`) ?? 0, roleId).toBe(p.recharge_currency);
      expect(last.get(`${roleId}/free_crystal`) ?? 0, roleId).toBe(p.non_recharge_currency);
      expect(last.get(`${roleId}/union_coin`) ?? 0, roleId).toBe(p.union_coin);
    }

    const items = await rows<{ b_role_id: string; item_id: string; change_num: unknown; before_count: unknown; after_count: unknown }>(
      db,
      'select b_role_id, item_id, change_num, before_count, after_count from log_item order by b_role_id, item_id, b_timestamp',
    );
    const held = new Map<string, number>();
    for (const e of items) {
      const key = `${e.b_role_id}/${e.item_id}`;
      expect(num(e.before_count) + num(e.change_num), key).toBe(num(e.after_count));
      expect(num(e.before_count), key).toBe(held.get(key) ?? 0);
      held.set(key, num(e.after_count));
    }
    const bag = await db.selectFrom('game_bag_items').selectAll().where('item_type', 'in', ['prop', 'materials']).execute();
    expect(bag.length).toBeGreaterThan(0);
    for (const b of bag) expect(b.current_number, `${b.role_id}/${b.source_id}`).toBe(held.get(`${b.role_id}/${b.source_id}`) ?? 0);
    expect(bag.every((b) => b.current_number <= b.number)).toBe(true);
    const heldKeys = [...held].filter(([, n]) => n > 0).map(([k]) => k);
    const bagKeys = new Set(bag.map((b) => `${b.role_id}/${b.source_id}`));
    expect(heldKeys.every((k) => bagKeys.has(k))).toBe(true);

    const stamina = await rows<{ b_role_id: string; change_num: unknown; before_count: unknown; after_count: unknown }>(
      db,
      'select b_role_id, change_num, before_count, after_count from log_stamina order by b_role_id, b_timestamp',
    );
    const energy = new Map<string, number>();
    for (const e of stamina) {
      expect(num(e.before_count) + num(e.change_num)).toBe(num(e.after_count));
      expect(num(e.before_count)).toBe(energy.get(e.b_role_id) ?? 0);
      energy.set(e.b_role_id, num(e.after_count));
    }
    for (const [roleId, p] of players) expect(energy.get(roleId) ?? 0, roleId).toBe(p.energy);

    // Equipment in the bag is what the equipment log says is held.
    const equipment = await rows<{ b_role_id: string; equip_id: string; act_type: unknown }>(db, 'select b_role_id, equip_id, act_type from log_equipment');
    const pieces = new Map<string, number>();
    for (const e of equipment) pieces.set(`${e.b_role_id}/${e.equip_id}`, (pieces.get(`${e.b_role_id}/${e.equip_id}`) ?? 0) + (num(e.act_type) === 1 ? 1 : -1));
    const gear = await db.selectFrom('game_bag_items').selectAll().where('item_type', 'in', ['weapon', 'chip']).execute();
    for (const b of gear) expect(b.current_number, `${b.role_id}/${b.source_id}`).toBe(pieces.get(`${b.role_id}/${b.source_id}`) ?? 0);
  });

  it('has retention that decays from day 1 to day 30, with a loyal core', async () => {
    const players = await db.selectFrom('game_players').select(['role_id', 'created_at']).execute();
    const logins = await rows<{ b_role_id: string; b_timestamp: unknown }>(db, "select b_role_id, b_timestamp from log_login where b_event_name = 'login'");
    const active = new Map<string, Set<number>>();
    for (const l of logins) {
      let days = active.get(l.b_role_id);
      if (!days) active.set(l.b_role_id, (days = new Set()));
      days.add(localDay(num(l.b_timestamp)));
    }
    const today = localDay(NOW);
    const retention = (k: number) => {
      const cohort = players.filter((p) => localDay(p.created_at) + k < today);
      const back = cohort.filter((p) => active.get(p.role_id)?.has(localDay(p.created_at) + k));
      return { rate: back.length / cohort.length, cohort: cohort.length };
    };
    const d1 = retention(1);
    const d7 = retention(7);
    const d30 = retention(30);
    expect(d30.cohort).toBeGreaterThan(20);
    expect(d1.rate).toBeGreaterThan(0.28);
    expect(d1.rate).toBeLessThan(0.56);
    expect(d7.rate).toBeGreaterThan(0.06);
    expect(d7.rate).toBeLessThan(0.28);
    expect(d30.rate).toBeLessThan(d7.rate);
    expect(d7.rate).toBeLessThan(d1.rate);
    // Someone is still there a month later.
    expect(d30.rate).toBeGreaterThan(0);
  });

  it('has a paying minority buying real products, whales spending most', async () => {
    const players = await db.selectFrom('game_players').selectAll().execute();
    const payers = players.filter((p) => p.is_recharge === 1);
    expect(payers.length / players.length).toBeGreaterThanOrEqual(0.025);
    expect(payers.length / players.length).toBeLessThanOrEqual(0.06);
    expect(summary.payers).toBe(payers.length);

    const orders = await db.selectFrom('game_orders').selectAll().execute();
    const products = new Map((await db.selectFrom('game_products').selectAll().execute()).map((p) => [p.product_id, p]));
    expect(orders.length).toBe(summary.orders.completed + summary.orders.incomplete + summary.orders.cancelled);
    expect(orders.every((o) => products.get(o.product_id)?.price === o.price && products.get(o.product_id)?.goods_id === o.goods_id)).toBe(true);
    const spend = new Map<string, number>();
    for (const o of orders) if (o.status !== 'incomplete') spend.set(o.role_id, (spend.get(o.role_id) ?? 0) + o.price);
    const sorted = [...spend.values()].sort((a, b) => b - a);
    const total = sorted.reduce((a, b) => a + b, 0);
    const top = sorted.slice(0, Math.max(1, Math.ceil(sorted.length * 0.2))).reduce((a, b) => a + b, 0);
    // The top fifth of spenders bring in over half of the money.
    expect(top / total).toBeGreaterThan(0.5);
  });

  it('has an order in game_orders for every recharge log, with the same status, product and amount', async () => {
    const orders = new Map((await db.selectFrom('game_orders').selectAll().execute()).map((o) => [o.order_id, o]));
    const recharges = await rows<{ order_id: string; b_role_id: string; product_id: string; amount: unknown; status: unknown; platform_order_id: string }>(
      db,
      'select order_id, b_role_id, product_id, amount, status, platform_order_id from log_recharge order by b_timestamp',
    );
    const lastStatus = new Map<string, number>();
    for (const r of recharges) {
      const order = orders.get(r.order_id);
      expect(order, r.order_id).toBeDefined();
      expect([order?.role_id, order?.product_id, order?.price, order?.platform_order_id]).toEqual([r.b_role_id, r.product_id, num(r.amount), r.platform_order_id]);
      lastStatus.set(r.order_id, num(r.status));
    }
    const STATUS: Record<number, string> = { 1: 'completed', 2: 'incomplete', 3: 'cancelled' };
    for (const [id, order] of orders) expect(STATUS[lastStatus.get(id) ?? 0], id).toBe(order.status);
    // A completed order's currency arrives as currency events naming the order.
    const goods = new Map((await db.selectFrom('game_goods').selectAll().execute()).map((g) => [g.goods_id, JSON.parse(g.items) as { kind: string }[]]));
    const granted = await rows<{ related_order: string }>(db, "select distinct related_order from log_currency where reason = 'recharge' and related_order <> ''");
    const grantedIds = new Set(granted.map((g) => g.related_order));
    const paidWithCurrency = [...orders.values()].filter((o) => o.status !== 'incomplete' && goods.get(o.goods_id)?.some((g) => g.kind === 'currency'));
    expect(paidWithCurrency.length).toBeGreaterThan(0);
    for (const order of paidWithCurrency) expect(grantedIds.has(order.order_id), order.order_id).toBe(true);
    expect([...grantedIds].every((id) => orders.get(id)?.status !== 'incomplete')).toBe(true);
  });

  it("files players' reports of each other in the world: real roles, at a time the reporter was playing, with the texts players write", async () => {
    const reports = await db.selectFrom('game_reports').selectAll().execute();
    expect(reports.length).toBeGreaterThan(0);
    expect(reports).toHaveLength(summary.reports);
    const players = new Map((await db.selectFrom('game_players').selectAll().execute()).map((p) => [p.role_id, p]));
    const sessions = await rows<{ b_role_id: string; b_event_name: string; b_timestamp: unknown }>(db, 'select b_role_id, b_event_name, b_timestamp from log_login order by b_role_id, b_timestamp');
    for (const r of reports) {
      const role = players.get(r.role_id);
      const reporter = players.get(r.reporter_role_id);
      expect(role, r.report_id).toBeDefined();
      expect(reporter, r.report_id).toBeDefined();
      expect(r.reporter_role_id).not.toBe(r.role_id);
      // The name and region the reported role had (names and regions do not change here).
      expect([r.role_name, r.area_id]).toEqual([role?.role_name, role?.area_id]);
      expect(role?.created_at).toBeLessThan(r.reported_at);
      expect(REPORT_REASONS).toContain(r.reason);
      expect(REPORT_TEXTS[r.reason as (typeof REPORT_REASONS)[number]]).toContain(r.content);
      expect(r.reported_at).toBeGreaterThanOrEqual(summary.windowStart);
      expect(r.reported_at).toBeLessThanOrEqual(NOW);
      // Filed in a session of the reporter: its last sign-in or out before then was a sign-in.
      const before = sessions.filter((e) => e.b_role_id === r.reporter_role_id && num(e.b_timestamp) <= r.reported_at);
      expect(before.at(-1)?.b_event_name, r.report_id).toBe('login');
    }
  });

  it('records redeem-code claims whose rewards are the batch’s and reach the role as currency and item events', async () => {
    const claims = await db.selectFrom('game_redeem_claims').selectAll().execute();
    expect(claims.length).toBeGreaterThan(0);
    expect(claims).toHaveLength(summary.redeemClaims);
    const players = new Map((await db.selectFrom('game_players').selectAll().execute()).map((p) => [p.role_id, p]));
    const batches = new Map(Object.values(REDEEM_BATCHES).map((b) => [b.id, b]));
    const oneOffCodes = new Set<string>();
    const claimed = new Set<string>();
    const gains = new Map<string, number>();
    const currency = await rows<{ b_role_id: string; subreason: string; gold_id: string; gold_num: unknown; act_type: unknown }>(
      db,
      "select b_role_id, subreason, gold_id, gold_num, act_type from log_currency where reason = 'redeem_code'",
    );
    for (const e of currency) gains.set(`${e.b_role_id}/${e.subreason}/${e.gold_id}`, (gains.get(`${e.b_role_id}/${e.subreason}/${e.gold_id}`) ?? 0) + num(e.gold_num));
    const items = await rows<{ b_role_id: string; subreason: string; item_id: string; change_num: unknown }>(db, "select b_role_id, subreason, item_id, change_num from log_item where reason = 'redeem_code'");
    for (const e of items) gains.set(`${e.b_role_id}/${e.subreason}/${e.item_id}`, (gains.get(`${e.b_role_id}/${e.subreason}/${e.item_id}`) ?? 0) + num(e.change_num));
    const CURRENCY_ID = { recharge: 'paid_crystal', nonRecharge: 'free_crystal', unionCoin: 'union_coin' } as const;
    for (const c of claims) {
      const batch = batches.get(c.batch_id);
      const role = players.get(c.role_id);
      expect(batch, c.claim_id).toBeDefined();
      expect(c.batch_name).toBe(batch?.name);
      expect(JSON.parse(c.rewards)).toEqual(batch?.rewards);
      expect([c.role_name, c.user_id, c.area_id]).toEqual([role?.role_name, role?.user_id, role?.area_id]);
      expect(c.claimed_at).toBeGreaterThanOrEqual(Math.max(summary.windowStart, role?.created_at ?? 0));
      expect(c.claimed_at).toBeLessThanOrEqual(NOW);
      // A batch once per role; a shared code is the batch's word, a one-off code is used once.
      expect(claimed.has(`${c.role_id}/${c.batch_id}`), c.claim_id).toBe(false);
      claimed.add(`${c.role_id}/${c.batch_id}`);
      if (batch?.sharedCode) expect(c.code).toBe(batch.sharedCode);
      else {
        expect(c.code).toMatch(/^CS[A-Z2-9]{10}$/);
        expect(oneOffCodes.has(c.code)).toBe(false);
        oneOffCodes.add(c.code);
      }
      for (const g of JSON.parse(c.rewards) as Grant[]) {
        const id = g.kind === 'currency' ? CURRENCY_ID[g.currency] : g.sourceId;
        expect(gains.get(`${c.role_id}/${c.batch_id}/${id}`), `${c.claim_id} ${id}`).toBe(g.quantity);
      }
    }
    // Nothing is granted for a code without a claim.
    expect(currency.every((e) => claimed.has(`${e.b_role_id}/${e.subreason}`) && num(e.act_type) === 1)).toBe(true);
    expect(items.every((e) => claimed.has(`${e.b_role_id}/${e.subreason}`))).toBe(true);
  });

  it('reports online counts for every region, following the day curve', async () => {
    const samples = await db.selectFrom('online_samples').selectAll().where('game_id', '=', 'demo').execute();
    const regions = await db.selectFrom('game_regions').select('id').execute();
    expect(new Set(samples.map((s) => String(s.area_id)))).toEqual(new Set(regions.map((r) => r.id)));
    expect(samples.every((s) => s.at >= summary.windowStart && s.at <= NOW)).toBe(true);
    const byHour = new Array<number>(24).fill(0);
    for (const s of samples) byHour[localHour(s.at)] = (byHour[localHour(s.at)] ?? 0) + s.online;
    const evening = (byHour[20] ?? 0) + (byHour[21] ?? 0) + (byHour[22] ?? 0);
    const night = (byHour[3] ?? 0) + (byHour[4] ?? 0) + (byHour[5] ?? 0);
    expect(evening).toBeGreaterThan(3 * Math.max(1, night));
    const peakHour = byHour.indexOf(Math.max(...byHour));
    expect(peakHour).toBeGreaterThanOrEqual(18);
  });
});

describe('determinism', () => {
  async function dump(t: TestApp) {
    const db = t.app.ctx.db;
    const logs: Record<string, unknown[]> = {};
    for (const log of LOG_CATALOGUE) logs[log.table] = await rows(db, `select * from ${log.table} order by b_log_id`);
    return {
      logs,
      accounts: await db.selectFrom('game_accounts').selectAll().orderBy('user_id').execute(),
      players: await db.selectFrom('game_players').selectAll().orderBy('role_id').execute(),
      bags: await db.selectFrom('game_bag_items').selectAll().orderBy('role_id').orderBy('source_id').execute(),
      maps: await db.selectFrom('game_map_progress').selectAll().orderBy('role_id').orderBy('kind').orderBy('map_id').execute(),
      mail: await db.selectFrom('game_mailboxes').selectAll().orderBy('role_id').orderBy('mail_id').execute(),
      orders: await db.selectFrom('game_orders').selectAll().orderBy('order_id').execute(),
      online: await db.selectFrom('online_samples').select(['area_id', 'at', 'online', 'queue']).orderBy('at').orderBy('area_id').execute(),
      snapshots: (await db.selectFrom('player_snapshots').selectAll().orderBy('role_id').execute()).map(({ received_at: _, ...rest }) => rest),
      reports: await db.selectFrom('game_reports').selectAll().orderBy('report_id').execute(),
      claims: await db.selectFrom('game_redeem_claims').selectAll().orderBy('claim_id').execute(),
    };
  }

  it('gives the same rows and events for the same seed and options, however it is chunked', async () => {
    const one = await appAt(NOW);
    const two = await appAt(NOW);
    const other = await appAt(NOW);
    try {
      const a = await seedDemoHistory(one.app, { players: 50, days: 8, seed: 11, onlineIntervalMinutes: 120, chunkSize: 50 });
      const b = await seedDemoHistory(two.app, { players: 50, days: 8, seed: 11, onlineIntervalMinutes: 120, chunkSize: 7 });
      await seedDemoHistory(other.app, { players: 50, days: 8, seed: 12, onlineIntervalMinutes: 120 });
      expect(b.perLog).toEqual(a.perLog);
      const first = await dump(one);
      expect(first.players).toHaveLength(50);
      expect(await dump(two)).toEqual(first);
      expect((await dump(other)).players).not.toEqual(first.players);
    } finally {
      await one.close();
      await two.close();
      await other.close();
    }
  }, 240_000);

  it('continues the world on a second run: new roles, new event ids', async () => {
    const t = await appAt(NOW);
    try {
      const first = await seedDemoHistory(t.app, { players: 20, days: 5, seed: 3, onlineIntervalMinutes: 240 });
      const second = await seedDemoHistory(t.app, { players: 20, days: 5, seed: 3, onlineIntervalMinutes: 240 });
      expect(second.firstRoleId).not.toBe(first.firstRoleId);
      expect(second.ingest.duplicates).toBe(0);
      expect(await t.app.ctx.db.selectFrom('game_players').select('role_id').execute()).toHaveLength(40);
    } finally {
      await t.close();
    }
  }, 120_000);
});
