import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { createDayClock } from '../display-time.ts';
import { stamina } from './log-store-conformance.ts';
import { ensureRollupFeed, feedRollups, pruneSeenEvents, SEEN_WINDOW_MS } from './rollup-feed.ts';
import { createRollupReader } from './sql-rollups.ts';

const clock = createDayClock('UTC');
const at = Date.UTC(2026, 0, 10, 12);
const day = clock.dayOf(at);
/** A completed recharge of 100 on the conformance fixture's common columns. */
const recharge = (id: string) => {
  const { change_num: _c, before_count: _b, after_count: _a, reason: _r, subreason: _s, ...base } = stamina(0, at);
  return {
    ...base,
    b_log_id: id,
    b_role_id: 'r-1',
    b_event_name: 'recharge',
    order_id: `o-${id}`,
    platform_order_id: `p-${id}`,
    product_id: 'gem_1',
    goods_id: 'g',
    product_name: 'Gems',
    amount: 100,
    currency: 'USD',
    pay_channel: 'appstore',
    // Completed (sql-rollups.ts counts these only).
    status: 1,
    gold_num: 10,
    is_first_recharge: false,
    is_sandbox: false,
  };
};

/** A login of `role` (its own account and device) on the conformance fixture's common columns. */
const login = (id: string, role: number, time: number) => {
  const { change_num: _c, before_count: _b, after_count: _a, reason: _r, subreason: _s, ...base } = stamina(0, time);
  return { ...base, b_log_id: id, b_role_id: `fr-${role}`, b_account_id: `fa-${role}`, b_device_id: `fd-${role}`, b_event_name: 'login' };
};

describe('the rollup feed of a column store: seen ids kept for a window after arrival', () => {
  let database: Database;
  const revenue = async () => (await createRollupReader(database.db, clock, async () => 0).payments({ from: day, to: day }, 'USD')).days.reduce((sum, d) => sum + d.revenue, 0);
  beforeAll(async () => {
    // SQLite, or PostgreSQL with TEST_DB=postgres.
    database = await openTestDatabase();
    await ensureRollupFeed(database);
  });
  afterAll(() => database.close());

  it('counts a repeat within the window once, forgets ids older than it, and counts a late first delivery', async () => {
    const t0 = Date.UTC(2026, 5, 1);
    await feedRollups(database.db, clock, { login: [], recharge: [recharge('a'), recharge('b')] }, t0);
    expect(await revenue()).toBe(200);
    // The same delivery again, 29 days on: still known, counted once.
    await feedRollups(database.db, clock, { login: [], recharge: [recharge('a'), recharge('b')] }, t0 + SEEN_WINDOW_MS - 86_400_000);
    expect(await revenue()).toBe(200);
    // An event that happened months before it first arrives is new, whatever its own time.
    await feedRollups(database.db, clock, { login: [], recharge: [recharge('c')] }, t0 + SEEN_WINDOW_MS - 86_400_000);
    expect(await revenue()).toBe(300);
    // Past the window the first two are forgotten, the late one (arrived later) is still known.
    expect(await pruneSeenEvents(database.db, t0 + SEEN_WINDOW_MS + 1)).toBe(2);
    const left = await database.db.selectFrom('stat_seen_event' as never).select('b_log_id' as never).execute();
    expect(left).toEqual([{ b_log_id: 'c' }]);
    await feedRollups(database.db, clock, { login: [], recharge: [recharge('c')] }, t0 + SEEN_WINDOW_MS + 2);
    expect(await revenue()).toBe(300);
  });

  it('batches fed at once (two requests, two instances) count each new role once, on its first day', async () => {
    // Eight deliveries at once of logins of the same 40 new roles, on two days, the later day's
    // sometimes first: each role's first day is looked up and set, and moved, by several at once.
    const roles = 40;
    const deliveries = Array.from({ length: 8 }, (_, k) =>
      Array.from({ length: roles }, (_, i) => login(`race-${k}-${i}`, i, at + (k % 2 === 0 ? 86_400_000 : 0) + k * 1000 + i)),
    );
    const results = await Promise.allSettled(deliveries.map((rows) => feedRollups(database.db, clock, { login: rows, recharge: [] }, at)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    const sum = async (table: string, column: string, where: [string, unknown][]) => {
      let query = database.db.selectFrom(table as never).select((eb) => eb.fn.sum(column as never).as('n'));
      for (const [name, value] of where) query = query.where(name as never, '=', value as never);
      return Number((await query.executeTakeFirst())?.n ?? 0);
    };
    const firsts = await database.db.selectFrom('stat_first' as never).select(['id' as never, 'day' as never]).where('kind' as never, '=', 'role' as never).where('id' as never, 'like', 'fr-%' as never).execute();
    expect(firsts).toHaveLength(roles);
    expect(new Set(firsts.map((f) => Number((f as { day: number }).day)))).toEqual(new Set([day]));
    expect(await sum('stat_new', 'n', [['kind', 'role'], ['day', day]])).toBe(roles);
    expect(await sum('stat_new', 'n', [['kind', 'role'], ['day', day + 1]])).toBe(0);
    // Active on both days, counted under the first login's dims (the same for all here).
    expect(await sum('stat_daily', 'dau', [['day', day]])).toBe(roles);
    expect(await sum('stat_daily', 'dau', [['day', day + 1]])).toBe(roles);
  });
});
