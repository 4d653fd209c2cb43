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
});
