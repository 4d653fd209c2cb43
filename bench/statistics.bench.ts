/**
 * Statistics (issue 12): each statistics call through the API (`GET /api/gm/admin/statistics/...`
 * with a signed-in admin, by `app.inject`) beside the same figure computed from the raw logs in
 * the same run, on SQLite and (with --pg) PostgreSQL; optionally the ingest rate with and
 * without the rollups.
 *
 *   npm run bench -- statistics [--players 1000000] [--days 60] [--repeat 20] [--raw-repeat 1]
 *                               [--reuse] [--dir /tmp/gm-bench-statistics] [--pg postgres://...] [--skip-sqlite]
 *   npm run bench -- statistics --ingest [--players 100000] [--active 0.1] [--baseline <checkout>] ...   # the ingest ratio
 *
 * Default: the login and recharge logs (the only logs the rollups read, sql-rollups.ts) are made
 * inside the database, one `INSERT ... SELECT` per 100,000 players, from deterministic
 * pseudo-random expressions of the player number and day (`bench_int`, the same integer hash on
 * both engines), at the simulator's shape (docs/simulator.md): players sign up evenly over the
 * `--days` days ending yesterday; a loyal core of 4.3 % plays on 92 % of days; everyone else has a
 * lifetime from the simulator's survival curve (still playing after 1 day 55 %, 3 days 33 %, 7 days
 * 14 %, 14 days 7.5 %, 30 days 1.8 %) and plays on 72 % of its days; one session (a login and a
 * logout) per active day; Android 62 %, iOS 33 %, PC 5 % with the simulator's channels, six
 * regions, 8 % of roles a second role of the previous player's account (same device), 20 % guests;
 * payers 4.2 % (whales 0.4 % and dolphins 1 % staying 20-60 days at least), buying in the first
 * session and then per session at 30 % / 10 % / 3 %, larger packs for larger spenders, 3 % of
 * payments incomplete, insiders (0.5 %) paying in the sandbox. The store's `ensureTables()` made
 * the tables; their secondary indexes (PostgreSQL: also the primary key) are dropped for the bulk
 * insert and made again by `ensureTables()`. Then the rollups are built by the store's own
 * `statistics.rebuild()` (what `npm run rollups:rebuild` runs), timed.
 *
 * --ingest instead stores a simpler population (`--active` of the existing roles back each day, 16
 * currency events per session) through the log store in batches of 5,000, into two databases, one
 * whose store keeps no rollups and one whose store keeps them, in alternation batch by batch (the
 * side that goes first changes every batch), and prints the ratio (docs/performance.md). With
 * `--baseline <another checkout>` a third database is fed in the same rotation by that checkout's
 * store with rollups (e.g. the commit before a change to sql-rollups.ts): before and after in one run.
 *
 * --reuse keeps the generated database (SQLite: `<dir>/statistics.db`; PostgreSQL: schema
 * `bench_statistics`) and uses it again when it was made for the same players and days. Every
 * call is timed `--repeat` times after a warm-up; each raw figure `--raw-repeat` times (no
 * warm-up: at a million players a raw retention takes minutes). Results go to
 * docs/performance.md ("Statistics") by hand.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { dateOfDay } from '../packages/contract/src/statistics.contract.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase, type Database } from '../packages/server/src/db/database.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import { createDayClock } from '../packages/server/src/platform/display-time.ts';
import type { LogRow, LogStore } from '../packages/server/src/platform/log-store/log-store.ts';
import { createSqlLogStore } from '../packages/server/src/platform/log-store/sql-log-store.ts';
import { applyRollups, clearRollups } from '../packages/server/src/platform/log-store/sql-rollups.ts';
import { benchInt, pgBenchInt } from './bench-int.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '60' },
    active: { type: 'string', default: '0.1' },
    repeat: { type: 'string', default: '20' },
    'raw-repeat': { type: 'string', default: '1' },
    ingest: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), 'gm-bench-statistics') },
    pg: { type: 'string' },
    'skip-sqlite': { type: 'boolean', default: false },
    rollups: { type: 'string', default: 'replay' },
    baseline: { type: 'string' },
  },
});
const PLAYERS = Number(args.players);
const DAYS = Number(args.days);
const ACTIVE = Number(args.active);
const REPEAT = Number(args.repeat);
const RAW_REPEAT = Number(args['raw-repeat']);
const BATCH = 5_000;
const OTHER_EVENTS_PER_SESSION = 16;
const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;
const PASSWORD = 'bench-Admin-Pass-42';
const PG_SCHEMA = 'bench_statistics';
const clock = createDayClock(ZONE);
// Generated logs end yesterday (no event after the run's start); --ingest keeps today as before.
const today = clock.dayOf(Date.now()) - (args.ingest ? 0 : 1);
const firstDay = today - DAYS + 1;
const generation = `players ${PLAYERS}, days ${DAYS}, first day ${firstDay}`;

// ---------------------------------------------------------------------------------------------
// The logs made inside the database.
// ---------------------------------------------------------------------------------------------

/** Players per statement. */
const PLAYER_CHUNK = 100_000;
/** The products, cheapest first: (id, name, amount in fen). */
const PRODUCTS: [string, string, number][] = [
  ['com.mecha.cn.crystal60', '60 Crystals', 600],
  ['com.mecha.cn.starter', 'Starter Pack', 600],
  ['com.mecha.cn.monthly', 'Monthly Card', 3000],
  ['com.mecha.cn.crystal300', '300 Crystals', 3000],
  ['com.mecha.cn.pass', 'Battle Pass', 6800],
  ['com.mecha.cn.crystal980', '980 Crystals', 9800],
  ['com.mecha.cn.crystal1980', '1980 Crystals', 19800],
  ['com.mecha.cn.crystal3280', '3280 Crystals', 32800],
  ['com.mecha.cn.crystal6480', '6480 Crystals', 64800],
];

/**
 * The players [from, to) and their active days, as SQL: `roles` (one row per player with its
 * attributes) and `sessions` (one row per active day). `u(x, s)` is a uniform number in [0, 1).
 */
function sessionsSql(dialect: 'sqlite' | 'postgres', from: number, to: number): string {
  const hash = (x: string, n: number) => (dialect === 'postgres' ? pgBenchInt(x, n) : `bench_int(${x}, ${n})`);
  const u = (x: string, salt: number) => `(${hash(`${x} * 16 + ${salt}`, 1000000)} / 1000000.0)`;
  const d = (x: string, salt: number) => `(${hash(`33554432 + (${x}) * 8 + ${salt}`, 1000000)} / 1000000.0)`;
  const int = (e: string) => trunc(dialect, e);
  const numbers = (name: string, lo: number, hi: number) =>
    dialect === 'postgres' ? `${name}(i) as (select generate_series(${lo}, ${hi}))` : `${name}(i) as (select ${lo} union all select i + 1 from ${name} where i < ${hi})`;
  const first = clock.startOf(firstDay);
  // The survival curve: a lifetime in days from u (still playing after 1 day 55 %, 3 days 33 %, ...).
  const life = (x: string) => `case when x < 0.45 then 0 when x < 0.67 then 1 + ${int('(x - 0.45) / 0.22 * 2')} when x < 0.86 then 3 + ${int('(x - 0.67) / 0.19 * 4')}
      when x < 0.925 then 7 + ${int('(x - 0.86) / 0.065 * 7')} when x < 0.982 then 14 + ${int('(x - 0.925) / 0.057 * 16')} else 30 + ${int('(x - 0.982) / 0.018 * 30')} end`.replaceAll('x', x);
  return `${dialect === 'postgres' ? 'with' : 'with recursive'} ${numbers('r', from, to - 1)}, ${numbers('k', 0, DAYS - 1)},
    base as (
      select i as r, ${int(`i * ${DAYS} / ${PLAYERS}`)} as j, ${u('i', 0)} as core, ${u('i', 1)} as insider, ${u('i', 2)} as pay, ${u('i', 3)} as lu, ${u('i', 4)} as lu2,
             ${u('i', 5)} as pf, ${u('i', 6)} as ch, ${hash('i * 16 + 7', 6)} as zone, ${u('i', 8)} as second, ${u('i', 9)} as guest
      from r),
    roles as (
      select r, j, core < 0.043 as loyal, insider < 0.005 as insider,
             case when pay < 0.004 then 3 when pay < 0.014 then 2 when pay < 0.042 then 1 else 0 end as tier,
             case when core < 0.043 then ${DAYS} when pay < 0.014 then max_life else ${life('lu')} end as life,
             case when pf < 0.62 then 'android' when pf < 0.95 then 'ios' else 'pc' end as platform,
             case when pf >= 0.95 then 'pc_official' when pf >= 0.62 then 'appstore'
                  when ch < 0.309 then 'official' when ch < 0.464 then 'huawei' when ch < 0.588 then 'xiaomi' when ch < 0.711 then 'taptap'
                  when ch < 0.814 then 'oppo' when ch < 0.918 then 'vivo' else 'bilibili' end as channel,
             1001 + zone as zone, case when second < 0.08 and r > 0 then r - 1 else r end as account, guest < 0.2 as guest
      from (select base.*, case when ${life('lu')} > 20 + ${int('lu2 * 40')} then ${life('lu')} else 20 + ${int('lu2 * 40')} end as max_life from base) as b),
    sessions as (
      select roles.*, k.i as k, j + k.i as day,
             ${first} + (j + k.i) * cast(${DAY} as bigint) + ${int(`${d('r * 64 + k.i', 0)} * 85000`)} * 1000 as at,
             180 + ${int(`${d('r * 64 + k.i', 1)} * ${d('r * 64 + k.i', 1)} * 8820`)} as seconds,
             ${d('r * 64 + k.i', 2)} as buy, ${d('r * 64 + k.i', 3)} as pick, ${d('r * 64 + k.i', 5)} as st
      from roles join k on k.i <= roles.life and roles.j + k.i < ${DAYS}
      where k.i = 0 or ${d('r * 64 + k.i', 4)} < case when roles.loyal then 0.92 else 0.72 end)`;
}

const BASE_COLUMNS = 'b_log_id, b_device_id, b_uid, b_account_id, b_is_guest, b_role_id, b_timestamp, b_datetime, b_game_id, b_platform, b_zone_id, b_channel_id, b_version, b_event_name, b_level';

function baseSelect(dialect: 'sqlite' | 'postgres', id: string, at: string, event: string): string {
  const text = (e: string) => (dialect === 'postgres' ? `(${e})::text` : `cast(${e} as text)`);
  const datetime =
    dialect === 'postgres'
      ? `to_char(to_timestamp((${at} + 28800000) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
      : `strftime('%Y-%m-%d %H:%M:%S', (${at} + 28800000) / 1000, 'unixepoch')`;
  const flag = (e: string) => `case when ${e} then 1 else 0 end`;
  return [
    `'demo-' || ${text('100000000 + r')} || ${id}`,
    `'dev-' || ${text('account')}`,
    `'uid-' || ${text('account')}`,
    `'acc-' || ${text('account')}`,
    flag('guest'),
    text('100000000 + r'),
    at,
    datetime,
    `'demo'`,
    'platform',
    'zone',
    'channel',
    `case when day < ${Math.round(DAYS * 0.35)} then '1.3.0' when day < ${Math.round(DAYS * 0.75)} then '1.3.2' else '1.4.0' end`,
    event,
    `1 + ${dialect === 'postgres' ? 'least' : 'min'}(79, k * 2 + 1)`,
  ].join(', ');
}

/** The login log (a login and a logout per session) and the recharge log of players [from, to). */
function generationStatements(dialect: 'sqlite' | 'postgres', from: number, to: number): string[] {
  const text = (e: string) => (dialect === 'postgres' ? `(${e})::text` : `cast(${e} as text)`);
  const flag = (e: string) => `case when ${e} then 1 else 0 end`;
  // The sessions once, in a table of their own, for both logs.
  const sessions = `create ${dialect === 'postgres' ? 'unlogged' : 'temp'} table bench_sessions as ${sessionsSql(dialect, from, to)} select * from sessions`;
  const login = `
    insert into log_login (${BASE_COLUMNS}, ip, device_model, os_version, network, is_first_login, online_seconds)
    select ${baseSelect(dialect, `'-' || ${text('k')} || case when e = 0 then '-in' else '-out' end`, 'at + e * seconds * 1000', `case when e = 0 then 'login' else 'logout' end`)},
           '10.' || ${text('r % 250')} || '.' || ${text('(r / 250) % 250')} || '.' || ${text('k % 250')},
           case platform when 'ios' then 'iPhone15,2' when 'pc' then 'PC' else 'Xiaomi 13' end,
           case platform when 'ios' then 'iOS 17.1' when 'pc' then 'Windows 11' else 'Android 14' end,
           case when buy < 0.7 then 'wifi' else '4g' end,
           ${flag('k = 0 and e = 0')}, e * seconds
    from bench_sessions, (select 0 as e union all select 1) as ev`;
  // A product by spender: minnows the cheap ones, dolphins the middle, whales lean to the largest.
  const product = (field: number) =>
    `case ${PRODUCTS.map((p, i) => `when p = ${i} then ${field === 2 ? p[2] : `'${p[field]}'`}`).join(' ')} end`;
  const recharge = `
    insert into log_recharge (${BASE_COLUMNS}, order_id, platform_order_id, product_id, goods_id, product_name, amount, currency, pay_channel, status, gold_num, is_first_recharge, is_sandbox)
    select ${baseSelect(dialect, `'-' || ${text('k')} || '-pay'`, 'at + 60000', `'recharge'`)},
           'GO' || ${text('day')} || ${text('100000000 + r')} || ${text('k')}, 'P' || ${text('r * 64 + k')}, ${product(0)}, ${product(0)}, ${product(1)}, ${product(2)},
           'CNY', case when platform = 'ios' then 'appstore' when buy < 0.5 then 'alipay' else 'wechat' end,
           case when st < 0.03 then 2 else 1 end, ${product(2)} / 10, ${flag('k = 0')}, ${flag('insider')}
    from (select bench_sessions.*, case when k = 0 then ${trunc(dialect, 'pick * 2')} when tier = 3 then 2 + ${trunc(dialect, 'pick * 7')} when tier = 2 then 2 + ${trunc(dialect, 'pick * 5')} else ${trunc(dialect, 'pick * 4')} end as p
          from bench_sessions where tier > 0 and (k = 0 or buy < case tier when 3 then 0.3 when 2 then 0.1 else 0.03 end)) as s`;
  return ['drop table if exists bench_sessions', sessions, login, recharge, 'drop table bench_sessions'];
}

/** The integer part of a non-negative number (PostgreSQL's cast rounds; SQLite's truncates). */
function trunc(dialect: 'sqlite' | 'postgres', e: string): string {
  return dialect === 'postgres' ? `floor(${e})::integer` : `cast(${e} as integer)`;
}

async function generate(database: Database): Promise<void> {
  const run = (text: string) => database.db.executeQuery(CompiledQuery.raw(text));
  const store = createSqlLogStore(database, { timeZone: ZONE });
  for (const table of ['log_login', 'log_recharge']) {
    await run(`drop index if exists ${table}_time_idx`);
    await run(`drop index if exists ${table}_role_idx`);
    if (database.dialect === 'postgres') await run(`alter table ${table} drop constraint if exists ${table}_pkey`);
  }
  if (database.dialect === 'sqlite') {
    database.sqlite?.pragma('cache_size = -1000000');
    database.sqlite?.function('bench_int', { deterministic: true }, (x: unknown, n: unknown) => benchInt(Number(x), Number(n)));
  }
  const started = performance.now();
  for (let from = 0; from < PLAYERS; from += PLAYER_CHUNK) {
    const to = Math.min(PLAYERS, from + PLAYER_CHUNK);
    for (const statement of generationStatements(database.dialect, from, to)) await run(statement);
    console.log(`  ${to.toLocaleString('en')} players (${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadavg()[0]?.toFixed(1)})`);
  }
  const t1 = performance.now();
  if (database.dialect === 'postgres') for (const table of ['log_login', 'log_recharge']) await run(`alter table ${table} add primary key (b_log_id)`);
  await store.ensureTables();
  if (database.sqlite) database.sqlite.pragma('cache_size = -2000');
  await run(database.dialect === 'postgres' ? 'vacuum analyze' : 'analyze');
  console.log(`  generated in ${((t1 - started) / 1000).toFixed(0)} s, indexed in ${((performance.now() - t1) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------
// --ingest: the simpler population stored through the log store, with and without rollups.
// ---------------------------------------------------------------------------------------------

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

/** p50 and p95 of `repeat` runs (after a warm-up run unless `warm` is false); the times also go into `into`. */
async function time(repeat: number, work: () => Promise<unknown>, into?: number[], warm = true): Promise<{ p50: number; p95: number }> {
  if (warm) await work();
  const ms: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  into?.push(...ms);
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}

/** Every batch of 5,000 events in time order, day by day, as the game would deliver them. */
function* batches(): Generator<{ logKey: 'login' | 'recharge' | 'currency'; rows: LogRow[] }[]> {
  for (const day of days()) {
    const rows = [...day.login.map((row) => ({ key: 'login' as const, row })), ...day.recharge.map((row) => ({ key: 'recharge' as const, row })), ...day.currency.map((row) => ({ key: 'currency' as const, row }))];
    rows.sort((a, b) => (a.row.b_timestamp as number) - (b.row.b_timestamp as number));
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      yield (['login', 'recharge', 'currency'] as const).map((logKey) => ({ logKey, rows: part.filter((p) => p.key === logKey).map((p) => p.row) }));
    }
  }
}

/** A store that the --ingest passes feed: the side's name and the store's maker. */
interface IngestSide {
  name: string;
  make: (database: Database) => LogStore;
}

/**
 * Stores every batch once through each side's store (each on its own database: without rollups,
 * with them, and with --baseline with the rollups of another checkout), in alternation batch by
 * batch, the side that goes first turning every batch: all sides meet the same load (the machine
 * is shared), so the ratios hold when it moves. Answers the milliseconds each side spent storing.
 */
async function ingest(sides: readonly IngestSide[], databases: readonly Database[]): Promise<{ events: number; ms: number[] }> {
  const stores = sides.map((side, i) => side.make(databases[i] as Database));
  for (const store of stores) await store.ensureTables();
  const ms = sides.map(() => 0);
  let events = 0;
  let n = 0;
  const ratios = () => sides.slice(1).map((side, i) => `${side.name} ${((ms[0] ?? 0) / (ms[i + 1] ?? 1)).toFixed(3)}x`).join(', ');
  for (const batch of batches()) {
    for (let k = 0; k < sides.length; k += 1) {
      const side = (n + k) % sides.length;
      const started = performance.now();
      await stores[side]?.insertBatch(batch);
      ms[side] = (ms[side] ?? 0) + performance.now() - started;
    }
    events += batch.reduce((sum, b) => sum + b.rows.length, 0);
    n += 1;
    if (n % 100 === 0) console.log(`  ingest: ${n} batches, ${events.toLocaleString('en-US')} events, ratio so far ${ratios()} (load ${loadavg()[0]?.toFixed(1)})`);
  }
  return { events, ms };
}

// ---------------------------------------------------------------------------------------------
// The reads: every statistics route beside the same figure from the raw logs.
// ---------------------------------------------------------------------------------------------

interface Target {
  url: string;
  schema?: string;
  drop: () => Promise<void>;
}

async function reads(label: string, target: Target, seeded: string): Promise<void> {
  const app = await buildApp({ databaseUrl: target.url, ...(target.schema ? { pgSchema: target.schema } : {}), config: { jobPollMs: 0, displayTimeZone: ZONE } });
  try {
    const database = app.ctx.db;
    await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
    const token = (
      await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    ).json<{ result: string }>().result;
    const count = async (table: string) => Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database)).rows[0]?.n ?? 0);
    const sizes = `log_login ${(await count('log_login')).toLocaleString('en-US')} rows, log_recharge ${(await count('log_recharge')).toLocaleString('en-US')}, stat_activity ${(await count('stat_activity')).toLocaleString('en-US')}, stat_first ${(await count('stat_first')).toLocaleString('en-US')}`;
    console.log(`\n${label}: ${PLAYERS.toLocaleString('en-US')} players, ${DAYS} days (${dateOfDay(firstDay)} .. ${dateOfDay(today)}); ${sizes}; ${seeded}; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);

    const start = clock.startOf(firstDay);
    const end = clock.startOf(today + 1);
    const range = `start=${dateOfDay(firstDay)}&end=${dateOfDay(today)}`;
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/gm/admin/statistics/${path}`, headers: { authorization: token } });
      const body = res.json<{ code: number; message: string }>();
      if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
      return body;
    };
    // The raw side: the same figure from the log tables, one statement per figure, as a report would.
    const raw = {
      dau: () => sql`select count(distinct b_role_id) from log_login where b_event_name = 'login' and b_timestamp >= ${start} and b_timestamp < ${end} group by (b_timestamp + 28800000) / 86400000`.execute(database),
      revenue: () => sql`select (b_timestamp + 28800000) / 86400000, sum(amount), count(*), count(distinct b_role_id) from log_recharge where status = 1 and is_sandbox = 0 and currency = 'CNY' and b_timestamp >= ${start} and b_timestamp < ${end} group by (b_timestamp + 28800000) / 86400000`.execute(database),
      goods: () => sql`select product_id, sum(amount), count(*), count(distinct b_role_id) from log_recharge where status = 1 and is_sandbox = 0 and currency = 'CNY' and b_timestamp >= ${start} and b_timestamp < ${end} group by product_id`.execute(database),
      payers: () => sql`select b_role_id, sum(amount) as total, count(*), min(b_timestamp), max(b_timestamp) from log_recharge where status = 1 and is_sandbox = 0 and currency = 'CNY' and b_timestamp >= ${start} and b_timestamp < ${end} group by b_role_id order by total desc limit 200`.execute(database),
      retention: (column: 'b_role_id' | 'b_device_id') => () =>
        sql`with f as (select ${sql.ref(column)} as id, min((b_timestamp + 28800000) / 86400000) as d from log_login where b_event_name = 'login' group by ${sql.ref(column)}),
                 a as (select distinct ${sql.ref(column)} as id, (b_timestamp + 28800000) / 86400000 as d from log_login where b_event_name = 'login')
            select f.d, a.d - f.d, count(*) from f join a on a.id = f.id and a.d - f.d in (1, 3, 7, 15, 21, 30) group by f.d, a.d - f.d`.execute(database),
    };
    const rows: [string, string, (() => Promise<unknown>) | undefined][] = [
      [`new and active (${DAYS} days)`, `new-active?${range}`, raw.dau],
      ['one region, new and active', `new-active?${range}&areaIds=1003`, undefined],
      ['one channel and platform, new and active', `new-active?${range}&channel=huawei&platform=android`, undefined],
      [`recharge (${DAYS} days)`, `recharge?${range}`, raw.revenue],
      ['recharge by goods', `recharge-by-goods?${range}`, raw.goods],
      ['recharge by user', `recharge-by-user?${range}`, raw.payers],
      [`player retention (${DAYS} cohorts)`, `retention?${range}&kind=player`, raw.retention('b_role_id')],
      [`device retention (${DAYS} cohorts)`, `retention?${range}&kind=device`, raw.retention('b_device_id')],
    ];
    console.log(`\n| figure (${label}) | API p50 ms | API p95 ms | raw logs p50 ms | raw ÷ API |`);
    console.log('|---|--:|--:|--:|--:|');
    const all: number[] = [];
    for (const [name, path, fromRaw] of rows) {
      const a = await time(REPEAT, () => get(path), all);
      const b = fromRaw ? await time(RAW_REPEAT, fromRaw, undefined, false) : undefined;
      console.log(`| ${name} | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} | ${b ? b.p50.toFixed(0) : ''} | ${b ? `${(b.p50 / a.p50).toFixed(0)}x` : ''} |`);
    }
    console.log(`p95 over every statistics call: ${percentile(all, 0.95).toFixed(1)} ms; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}; ${new Date().toISOString()}`);
  } finally {
    await app.close();
  }
}

/**
 * The rollups made by the ingest path's own function (`applyRollups`, what every stored batch
 * runs) over the generated logs read back through the store, a day at a time in time order and
 * 5,000 events per transaction, as ingest would have stored them. `statistics.rebuild()` gives
 * the same tables (a test proves it) but replays newest first, so every event is a late one.
 */
async function replay(database: Database, store: LogStore): Promise<number> {
  await clearRollups(database.db);
  let replayed = 0;
  for (let day = firstDay; day <= today; day += 1) {
    const range = { start: clock.startOf(day), end: clock.startOf(day + 1), chunkSize: BATCH };
    for await (const rows of store.stream('login', { ...range, conditions: [{ field: 'b_event_name', op: 'eq', value: 'login' }] })) {
      await database.db.transaction().execute((trx) => applyRollups<DB>(trx, clock, { login: rows, recharge: [] }));
      replayed += rows.length;
    }
    for await (const rows of store.stream('recharge', range)) {
      await database.db.transaction().execute((trx) => applyRollups<DB>(trx, clock, { login: [], recharge: rows }));
      replayed += rows.length;
    }
    if ((day - firstDay) % 10 === 9) console.log(`  rollups: ${day - firstDay + 1} days, ${replayed.toLocaleString('en-US')} events (load ${loadavg()[0]?.toFixed(1)})`);
  }
  return replayed;
}

async function generated(label: string, target: Target): Promise<void> {
  const database = openDatabase(target.url, target.schema ? { schema: target.schema } : {});
  let seeded = 'reused';
  try {
    const { migrateToLatest } = await import('../packages/server/src/db/database.ts');
    await migrateToLatest(database.db);
    const store = createSqlLogStore(database, { timeZone: ZONE });
    await store.ensureTables();
    await sql`create table if not exists bench_generation (what varchar(200) not null)`.execute(database.db);
    const made = (await sql<{ what: string }>`select what from bench_generation`.execute(database.db)).rows[0]?.what;
    if (!args.reuse || made !== generation) {
      console.log(`\n${label}: generating ${generation}`);
      await sql`delete from bench_generation`.execute(database.db);
      await sql`delete from log_login`.execute(database.db);
      await sql`delete from log_recharge`.execute(database.db);
      await generate(database);
      const started = performance.now();
      const replayed = args.rollups === 'rebuild' ? await store.statistics.rebuild() : await replay(database, store);
      const seconds = (performance.now() - started) / 1000;
      await sql.raw(database.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(database.db);
      const how = args.rollups === 'rebuild' ? 'statistics.rebuild()' : 'applyRollups in day order';
      seeded = `${how} replayed ${replayed.toLocaleString('en-US')} events in ${seconds.toFixed(0)} s (${Math.round(replayed / seconds).toLocaleString('en-US')}/s)`;
      console.log(`  ${seeded}`);
      await sql`insert into bench_generation (what) values (${generation})`.execute(database.db);
    }
  } finally {
    await database.close();
  }
  await reads(label, target, seeded);
}

async function ingested(label: string, open: (name: string) => Promise<Target>): Promise<void> {
  const { migrateToLatest } = await import('../packages/server/src/db/database.ts');
  const sides: IngestSide[] = [
    { name: 'bare', make: (database) => createSqlLogStore(database, { timeZone: ZONE, rollups: false }) },
    { name: 'rollups', make: (database) => createSqlLogStore(database, { timeZone: ZONE, rollups: true }) },
  ];
  if (args.baseline) {
    // The same store of another checkout (e.g. the commit before a change), on this checkout's database code.
    const baseline = (await import(pathToFileURL(join(resolve(args.baseline), 'packages/server/src/platform/log-store/sql-log-store.ts')).href)) as { createSqlLogStore: typeof createSqlLogStore };
    sides.push({ name: 'baseline', make: (database) => baseline.createSqlLogStore(database, { timeZone: ZONE, rollups: true }) });
  }
  const targets: Target[] = [];
  try {
    for (const side of sides) targets.push(await open(side.name));
    const databases = targets.map((t) => openDatabase(t.url, t.schema ? { schema: t.schema } : {}));
    let result: Awaited<ReturnType<typeof ingest>>;
    const loadBefore = loadavg().map((l) => l.toFixed(1)).join(' / ');
    try {
      for (const database of databases) await migrateToLatest(database.db);
      seed = 7;
      result = await ingest(sides, databases);
    } finally {
      for (const database of databases) await database.close();
    }
    const { events, ms } = result;
    const rate = (i: number) => Math.round(events / ((ms[i] ?? 1) / 1000)).toLocaleString('en-US');
    const ratio = `ingest in alternation: ${rate(1)} events/s with rollups, ${rate(0)} without: **${((ms[0] ?? 0) / (ms[1] ?? 1)).toFixed(2)}x**${
      args.baseline ? `; the baseline's rollups ${rate(2)} events/s: ${((ms[0] ?? 0) / (ms[2] ?? 1)).toFixed(2)}x` : ''
    } (${events.toLocaleString('en-US')} events each; load before ${loadBefore}, after ${loadavg().map((l) => l.toFixed(1)).join(' / ')})`;
    console.log(`\n${label}: ${ratio}`);
    await reads(label, targets[1] as Target, ratio);
  } finally {
    for (const target of targets) await target.drop();
  }
}

if (!args['skip-sqlite']) {
  const dir = args.reuse ? args.dir : mkdtempSync(join(tmpdir(), 'stat-bench-'));
  mkdirSync(dir, { recursive: true });
  try {
    const target = (name: string): Target => ({ url: `sqlite:${join(dir, `${name}.db`)}`, drop: async () => {} });
    if (args.ingest) await ingested('SQLite', async (name) => target(name));
    else await generated('SQLite', target('statistics'));
  } finally {
    if (!args.reuse) rmSync(dir, { recursive: true, force: true });
  }
}
if (args.pg) {
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  try {
    const target = async (schema: string, keep: boolean): Promise<Target> => {
      await admin.query(`create schema if not exists ${schema}`);
      // Index builds after the bulk insert sort in memory rather than in temporary files. The URL's
      // options replace the ones openDatabase sets, so the schema's search_path goes in them too.
      const url = new URL(args.pg as string);
      url.searchParams.set('options', `-c search_path=${schema} -c maintenance_work_mem=512MB`);
      return { url: url.toString(), schema, drop: async () => (keep ? undefined : void (await admin.query(`drop schema ${schema} cascade`))) };
    };
    if (args.ingest) await ingested('PostgreSQL', (name) => target(`stat_bench_${name}_${process.pid}`, false));
    else {
      const t = await target(args.reuse ? PG_SCHEMA : `stat_bench_${process.pid}`, args.reuse);
      try {
        await generated('PostgreSQL', t);
      } finally {
        await t.drop();
      }
    }
  } finally {
    await admin.end();
  }
}
