/**
 * Statistics (issue 12): each figure's call through the log store's rollups beside the same figure
 * computed from the raw logs in the same run, and the ingest rate with and without the rollups.
 *
 *   npm run bench -- statistics [--players 1000000] [--days 60] [--active 0.1] [--repeat 20] [--pg postgres://...]
 *
 * A population of `--players` roles (each with its account and device, in six regions, two
 * channels, two platforms) starts over the `--days` days ending today; every day about `--active`
 * of the roles that exist log in (a login and a logout event each), and about one active role in
 * thirty pays; each session also has 16 currency events, so that logins and logouts are about a
 * tenth of the events, as in the demo history. The events go through the log store in batches of 5,000, as ingest stores them, in
 * day order; then the rollups are rebuilt on a second store with rollups off, to time ingest
 * without them on the same events. SQLite runs on a file in a temporary folder; PostgreSQL (with
 * --pg) in a fresh schema, dropped afterwards. Results go to docs/performance.md by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { dateOfDay, dayNumber } from '../packages/contract/src/statistics.contract.ts';
import { openDatabase, type Database } from '../packages/server/src/db/database.ts';
import { createDayClock } from '../packages/server/src/platform/display-time.ts';
import type { LogRow } from '../packages/server/src/platform/log-store/log-store.ts';
import { createSqlLogStore } from '../packages/server/src/platform/log-store/sql-log-store.ts';
import type { RollupRange } from '../packages/server/src/platform/log-store/statistics-port.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '60' },
    active: { type: 'string', default: '0.1' },
    repeat: { type: 'string', default: '20' },
    pg: { type: 'string' },
  },
});
const PLAYERS = Number(args.players);
const DAYS = Number(args.days);
const ACTIVE = Number(args.active);
const REPEAT = Number(args.repeat);
const BATCH = 5_000;
const OTHER_EVENTS_PER_SESSION = 16;
const ZONE = 'Asia/Shanghai';
const clock = createDayClock(ZONE);
const today = clock.dayOf(Date.now());
const firstDay = today - DAYS + 1;

let seed = 7; // reset before each pass: both get the same events
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** Every event, day by day: logins, logouts and payments of the roles active that day. */
function* days(): Generator<{ login: LogRow[]; recharge: LogRow[]; currency: LogRow[] }> {
  for (let day = firstDay; day <= today; day += 1) {
    // Roles join evenly over the days; a day's active roles are drawn from those who exist.
    const existing = Math.round((PLAYERS * (day - firstDay + 1)) / DAYS);
    const joined = Math.round((PLAYERS * (day - firstDay)) / DAYS);
    const active = new Set<number>();
    for (let r = joined; r < existing; r += 1) active.add(r);
    const returning = Math.round(joined * ACTIVE);
    for (let i = 0; i < returning; i += 1) active.add(Math.floor(random() * joined));
    const login: LogRow[] = [];
    const recharge: LogRow[] = [];
    const currency: LogRow[] = [];
    for (const r of active) {
      const at = clock.startOf(day) + Math.floor(random() * 86_000_000);
      const base = {
        b_device_id: `dev-${r}`,
        b_uid: `u-${r}`,
        b_account_id: `acc-${r}`,
        b_is_guest: false,
        b_role_id: String(100_000_000 + r),
        b_datetime: '',
        b_game_id: 'demo',
        b_platform: r % 2 === 0 ? 'ios' : 'android',
        b_zone_id: 1001 + (r % 6),
        b_channel_id: r % 3 === 0 ? 'taptap' : 'appstore',
        b_version: '1.0',
        b_level: 10,
      };
      const session = { ip: '10.0.0.1', device_model: 'm', os_version: '1', network: 'wifi', is_first_login: false };
      login.push({ ...base, ...session, b_log_id: `in-${r}-${day}`, b_timestamp: at, b_event_name: 'login', online_seconds: 0 });
      login.push({ ...base, ...session, b_log_id: `out-${r}-${day}`, b_timestamp: at + 600_000, b_event_name: 'logout', online_seconds: 600 });
      // The rest of a session: in the demo history about nine events in ten are not logins or
      // logouts (currency, items, stages ...); currency events stand in for them here.
      for (let k = 0; k < OTHER_EVENTS_PER_SESSION; k += 1) {
        currency.push({
          ...base,
          b_log_id: `cur-${r}-${day}-${k}`,
          b_timestamp: at + 1_000 * (k + 1),
          b_event_name: 'gold_flow',
          act_type: 1 + (k % 2),
          gold_id: 'crystal',
          gold_name: 'Crystal',
          gold_type: 1 + (k % 3),
          gold_num: 10,
          before_count: 0,
          after_count: 10,
          reason: 'stage_clear',
          subreason: '',
          related_order: '',
        });
      }
      if (random() < 1 / 30) {
        const big = random() < 0.3;
        recharge.push({
          ...base,
          b_log_id: `pay-${r}-${day}`,
          b_timestamp: at + 60_000,
          b_event_name: 'recharge',
          order_id: `o-${r}-${day}`,
          platform_order_id: '',
          product_id: big ? 'p.big' : 'p.small',
          goods_id: 'g',
          product_name: big ? 'Big' : 'Small',
          amount: big ? 6800 : 600,
          currency: 'CNY',
          pay_channel: 'alipay',
          status: 1,
          gold_num: 60,
          is_first_recharge: false,
          is_sandbox: false,
        });
      }
    }
    yield { login, recharge, currency };
  }
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? Number.NaN;

async function time(repeat: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work();
  const ms: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}

/** Stores every event through a store with or without rollups; answers the milliseconds spent storing. */
async function ingest(database: Database, rollups: boolean): Promise<{ events: number; ms: number }> {
  const store = createSqlLogStore(database, { timeZone: ZONE, rollups });
  await store.ensureTables();
  let events = 0;
  let ms = 0;
  for (const day of days()) {
    const rows = [...day.login.map((row) => ({ key: 'login' as const, row })), ...day.recharge.map((row) => ({ key: 'recharge' as const, row })), ...day.currency.map((row) => ({ key: 'currency' as const, row }))];
    rows.sort((a, b) => (a.row.b_timestamp as number) - (b.row.b_timestamp as number));
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      const started = performance.now();
      await store.insertBatch((['login', 'recharge', 'currency'] as const).map((logKey) => ({ logKey, rows: part.filter((p) => p.key === logKey).map((p) => p.row) })));
      ms += performance.now() - started;
      events += part.length;
    }
  }
  return { events, ms };
}

async function run(label: string, open: (name: string) => Promise<{ database: Database; drop: () => Promise<void> }>): Promise<void> {
  const { migrateToLatest } = await import('../packages/server/src/db/database.ts');
  // Each pass on a database of its own, the one without rollups first, then the one with them.
  const bare = await open('bare');
  let plainRun: { events: number; ms: number };
  try {
    await migrateToLatest(bare.database.db);
    seed = 7;
    plainRun = await ingest(bare.database, false);
  } finally {
    await bare.drop();
  }
  const { database, drop } = await open('rollups');
  try {
    await migrateToLatest(database.db);
    seed = 7;
    const withRun = await ingest(database, true);
    const store = createSqlLogStore(database, { timeZone: ZONE });
    const events = withRun.events;
    const withRollups = withRun.ms;
    const without = plainRun.ms;
    if (database.dialect === 'sqlite') await sql`analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    console.log(`\n${label}: ${PLAYERS.toLocaleString('en-US')} players, ${DAYS} days, ${events.toLocaleString('en-US')} events; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
    console.log(`ingest: ${Math.round(events / (withRollups / 1000)).toLocaleString('en-US')} events/s with rollups, ${Math.round(events / (without / 1000)).toLocaleString('en-US')} without: **${(without / withRollups).toFixed(2)}x**`);

    const range: RollupRange = { from: firstDay, to: today };
    const start = clock.startOf(firstDay);
    const end = clock.startOf(today + 1);
    const s = store.statistics;
    // The raw side: the same figure from the log tables, one statement per figure, as a report would.
    const raw = {
      dau: () => sql`select count(distinct b_role_id) from log_login where b_event_name = 'login' and b_timestamp >= ${start} and b_timestamp < ${end} group by (b_timestamp + 28800000) / 86400000`.execute(database.db),
      revenue: () => sql`select (b_timestamp + 28800000) / 86400000, sum(amount), count(*), count(distinct b_role_id) from log_recharge where status = 1 and is_sandbox = 0 and currency = 'CNY' and b_timestamp >= ${start} and b_timestamp < ${end} group by (b_timestamp + 28800000) / 86400000`.execute(database.db),
      goods: () => sql`select product_id, sum(amount), count(*), count(distinct b_role_id) from log_recharge where status = 1 and is_sandbox = 0 and currency = 'CNY' and b_timestamp >= ${start} and b_timestamp < ${end} group by product_id`.execute(database.db),
      retention: () => sql`with f as (select b_role_id, min((b_timestamp + 28800000) / 86400000) as d from log_login where b_event_name = 'login' group by b_role_id),
                                a as (select distinct b_role_id, (b_timestamp + 28800000) / 86400000 as d from log_login where b_event_name = 'login')
                           select f.d, a.d - f.d, count(*) from f join a on a.b_role_id = f.b_role_id and a.d - f.d in (1, 3, 7, 15, 21, 30) group by f.d, a.d - f.d`.execute(database.db),
    };
    const rows: [string, () => Promise<unknown>, (() => Promise<unknown>) | undefined][] = [
      ['new and active (60 days)', () => s.activity(range), raw.dau],
      ['totals', () => s.totals(range), undefined],
      ['recharge (60 days)', () => s.payments(range, 'CNY'), raw.revenue],
      ['recharge by goods', () => s.goods(range, 'CNY'), raw.goods],
      ['recharge by user (top 200)', () => s.payers(range, 'CNY', 200), undefined],
      ['player retention (60 cohorts)', () => s.retention('player', range), raw.retention],
      ['device retention (60 cohorts)', () => s.retention('device', range), undefined],
      ['one region, new and active', () => s.activity({ ...range, zones: [1003] }), undefined],
    ];
    console.log(`\n| figure (${label}) | rollups p50 ms | rollups p95 ms | raw logs p50 ms | raw ÷ rollups |`);
    console.log('|---|--:|--:|--:|--:|');
    for (const [name, rolled, fromRaw] of rows) {
      const a = await time(REPEAT, rolled);
      const b = fromRaw ? await time(Math.max(1, Math.floor(REPEAT / 10)), fromRaw) : undefined;
      console.log(`| ${name} | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} | ${b ? b.p50.toFixed(0) : ''} | ${b ? `${(b.p50 / a.p50).toFixed(0)}x` : ''} |`);
    }
    console.log(`(range ${dateOfDay(firstDay)} .. ${dateOfDay(today)}; check: ${dayNumber(dateOfDay(today)) === today})`);
  } finally {
    await drop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'stat-bench-'));
try {
  await run('SQLite', async (name) => {
    const database = openDatabase(`sqlite:${join(dir, `${name}.db`)}`);
    return { database, drop: () => database.close() };
  });
  if (args.pg) {
    const admin = new pg.Client({ connectionString: args.pg });
    await admin.connect();
    try {
      await run('PostgreSQL', async (name) => {
        const schema = `stat_bench_${name}_${process.pid}`;
        await admin.query(`create schema ${schema}`);
        const database = openDatabase(args.pg as string, { schema });
        return {
          database,
          drop: async () => {
            await database.close();
            await admin.query(`drop schema ${schema} cascade`);
          },
        };
      });
    } finally {
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
