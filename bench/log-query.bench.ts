/**
 * Log-store reads on a large currency log (issue 11): filtered pages, the page 200 pages deep by
 * cursor, a one-day count and a bounded whole-range total, each timed three ways in the same
 * run: through the API (`POST /api/gm/admin/logs/gold_list/query` with a signed-in admin, by
 * `app.inject`), as the store call the service makes, and as the store's own compiled statement
 * (`logReadStatements`) run on the driver directly (the raw SQL); with the plans, on SQLite and
 * (with --pg) PostgreSQL.
 *
 *   npm run bench -- log-query [--events 10000000] [--days 30] [--repeat 30] [--pages 200]
 *                              [--chunk 1000000] [--reuse] [--dir /tmp/gm-bench-log-query]
 *                              [--pg postgres://...] [--skip-sqlite]
 *
 * Seeding: the app is built on the database first (migrations, and the log store's
 * `ensureTables()`, so the table and its indexes are the store's). The rows are then made inside
 * the database, one `INSERT ... SELECT` per chunk of `--chunk` rows (SQLite: a recursive counting
 * CTE; PostgreSQL: generate_series), from deterministic pseudo-random expressions of the row
 * number (`bench_int`, the same 32-bit integer hash on both engines, so both hold the same rows):
 * 100,000 roles, three currency types, times spread evenly over `--days` days ending at the
 * start of the run, every NOT NULL column filled as the ingest stores it, a unique `b_log_id`
 * shaped like the simulator's (`demo-<role>-<n>`), an order id on one event in a thousand. The
 * two secondary indexes (and on PostgreSQL the primary key) are dropped for the bulk insert and
 * made again afterwards by `ensureTables()` itself (the primary key by the same column
 * definition), then the table is analyzed (PostgreSQL: vacuum analyze, as autovacuum would).
 * Writing 10 million rows this way takes minutes instead of the hour the store's insert path
 * needs on this machine.
 *
 * --reuse keeps the seeded database between runs (SQLite: `<dir>/log-query.db`; PostgreSQL:
 * schema `bench_log_query`) and uses it again when it holds `--events` rows; without it the
 * database is temporary and removed at the end. The 10-second rule between two new queries of
 * one operator stays on: the app runs on a bench clock that moves 10 s on before each new query
 * (the rule's own interval), and turning pages by cursor is not a new query. Results go to
 * docs/performance.md ("Event-log reads") by hand.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { LOG_QUERY_INTERVAL_MS, LOG_TOTAL_BOUND, type LogCondition } from '../packages/contract/src/logs.contract.ts';
import { buildApp } from '../packages/server/src/app.ts';
import type { Database } from '../packages/server/src/db/database.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import type { LogFilter, LogPageQuery } from '../packages/server/src/platform/log-store/log-store.ts';
import { logReadStatements } from '../packages/server/src/platform/log-store/sql-log-store.ts';
import { benchInt } from './bench-int.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '30' },
    repeat: { type: 'string', default: '30' },
    pages: { type: 'string', default: '200' },
    chunk: { type: 'string', default: '1000000' },
    reuse: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), 'gm-bench-log-query') },
    pg: { type: 'string' },
    'skip-sqlite': { type: 'boolean', default: false },
  },
});
const EVENTS = Number(args.events);
const DAYS = Number(args.days);
const REPEAT = Number(args.repeat);
const PAGES = Number(args.pages);
const CHUNK = Number(args.chunk);
const ROLES = 100_000;
const DAY = 86_400_000;
const SIZE = 20;
const PASSWORD = 'bench-Admin-Pass-42';
const PG_SCHEMA = 'bench_log_query';
const TABLE = 'log_currency';

// ---------------------------------------------------------------------------------------------
// Seeding inside the database.
// ---------------------------------------------------------------------------------------------

/** `benchInt` on PostgreSQL, as a plpgsql function (what the 10-million seeding measured ran). */
const PG_BENCH_INT = `create or replace function bench_int(x bigint, n bigint) returns bigint language plpgsql immutable parallel safe as $$
declare h bigint := x & 4294967295;
begin
  h := (((h >> 16) # h) * 73244475) & 4294967295;
  h := (((h >> 16) # h) * 73244475) & 4294967295;
  h := (h >> 16) # h;
  return floor(h::float8 / 4294967296.0 * n)::bigint;
end $$`;

/**
 * The SELECT list of one generated event, over a row `g(i, role, t)`: every column of the
 * currency log, in the catalogue's order, NOT NULL filled as the ingest stores them.
 */
function currencySelect(dialect: 'sqlite' | 'postgres'): string {
  const text = (e: string) => (dialect === 'postgres' ? `(${e})::text` : `cast(${e} as text)`);
  const datetime =
    dialect === 'postgres'
      ? `to_char(to_timestamp((t + 28800000) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
      : `strftime('%Y-%m-%d %H:%M:%S', (t + 28800000) / 1000, 'unixepoch')`;
  return [
    `'demo-' || ${text('100000000 + role')} || '-' || ${text('i')}`, // b_log_id, unique by i
    `'dev-' || ${text('role')}`,
    `'u-' || ${text('role')}`,
    `'a-' || ${text('role')}`,
    '0',
    text('100000000 + role'),
    't',
    datetime,
    `'demo'`,
    `case when role % 2 = 0 then 'ios' else 'android' end`,
    '1001 + role % 8',
    `'appstore'`,
    `'1.3.0'`,
    `'gold_flow'`,
    '1 + role % 80',
    '1 + i % 2', // act_type
    `case gtype when 1 then 'paid_crystal' when 2 then 'free_crystal' else 'gold' end`,
    `case gtype when 1 then 'Crystal' when 2 then 'Bonus crystal' else 'Gold' end`,
    'gtype',
    'num',
    '1000',
    `case when i % 2 = 0 then 1000 + num else 1000 - num end`,
    `'shop'`,
    `''`,
    `case when i % 1000 = 0 then 'order-' || ${text('i')} else '' end`,
  ].join(', ');
}

const COLUMNS =
  'b_log_id, b_device_id, b_uid, b_account_id, b_is_guest, b_role_id, b_timestamp, b_datetime, b_game_id, b_platform, b_zone_id, b_channel_id, b_version, b_event_name, b_level, act_type, gold_id, gold_name, gold_type, gold_num, before_count, after_count, reason, subreason, related_order';

/** Rows [from, to) of the generated log, one statement. */
function chunkStatement(dialect: 'sqlite' | 'postgres', from: number, to: number, end: number): string {
  const span = DAYS * DAY;
  // SQLite keeps a number from a JavaScript function as REAL: cast, or the role id text ends in ".0".
  const int = (e: string) => (dialect === 'postgres' ? e : `cast(${e} as integer)`);
  const inner = `select i, ${int(`bench_int(4 * i, ${ROLES})`)} as role, ${end} - 1 - ${int(`bench_int(4 * i + 1, ${span})`)} as t, 1 + ${int('bench_int(4 * i + 2, 3)')} as gtype, 1 + ${int('bench_int(4 * i + 3, 1000)')} as num`;
  if (dialect === 'postgres') {
    return `insert into ${TABLE} (${COLUMNS}) select ${currencySelect(dialect)} from (${inner} from generate_series(${from}::bigint, ${to - 1}::bigint) as n(i)) as g`;
  }
  return `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to - 1})
    insert into ${TABLE} (${COLUMNS}) select ${currencySelect(dialect)} from (${inner} from n) as g`;
}

async function seed(app: FastifyInstance, database: Database, end: number): Promise<void> {
  const store = app.ctx.logStore;
  const dialect = database.dialect;
  const run = (text: string) => database.db.executeQuery(CompiledQuery.raw(text));
  // The bulk insert without the secondary indexes; ensureTables() makes them again below.
  await run(`drop index if exists ${TABLE}_time_idx`);
  await run(`drop index if exists ${TABLE}_role_idx`);
  if (dialect === 'postgres') {
    await run(PG_BENCH_INT);
    await run(`alter table ${TABLE} drop constraint if exists ${TABLE}_pkey`);
  } else {
    // The primary key stays (SQLite cannot drop it); a cache large enough for its B-tree.
    database.sqlite?.pragma('cache_size = -1000000');
    database.sqlite?.function('bench_int', { deterministic: true }, (x: unknown, n: unknown) => benchInt(Number(x), Number(n)));
  }
  const started = performance.now();
  for (let from = 0; from < EVENTS; from += CHUNK) {
    const to = Math.min(EVENTS, from + CHUNK);
    const t0 = performance.now();
    await run(chunkStatement(dialect, from, to, end));
    const s = (performance.now() - t0) / 1000;
    console.log(`  ${to.toLocaleString('en')} rows (${Math.round((to - from) / s).toLocaleString('en')} rows/s; load ${loadavg()[0]?.toFixed(1)})`);
  }
  const inserted = (performance.now() - started) / 1000;
  const t1 = performance.now();
  if (dialect === 'postgres') await run(`alter table ${TABLE} add primary key (b_log_id)`);
  await store.ensureTables();
  const indexed = (performance.now() - t1) / 1000;
  console.log(`  seeded ${EVENTS.toLocaleString('en')} rows: insert ${inserted.toFixed(0)} s, indexes ${indexed.toFixed(0)} s`);
  if (dialect === 'sqlite') database.sqlite?.pragma('cache_size = -2000');
}

// ---------------------------------------------------------------------------------------------
// Timing.
// ---------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

interface Timing {
  p50: number;
  p95: number;
}

async function timed(fn: () => Promise<unknown>, repeat = REPEAT): Promise<Timing> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function explain(database: Database, compiled: CompiledQuery): Promise<string> {
  const prefix = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing off, summary off) ';
  const result = await database.db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return (result.rows as Record<string, unknown>[]).map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n      ');
}

/** A compiled statement run on the driver itself: prepared once on SQLite, one query on the pg pool. */
function rawRunner(database: Database, statement: RawBuilder<unknown>): { compiled: CompiledQuery; run: () => Promise<unknown> } {
  const compiled = statement.compile(database.db);
  const parameters = [...compiled.parameters];
  if (database.sqlite) {
    const prepared = database.sqlite.prepare(compiled.sql);
    return { compiled, run: async () => prepared.all(...parameters) };
  }
  const pool = database.pgPool as pg.Pool;
  return { compiled, run: () => pool.query(compiled.sql, parameters) };
}

async function run(engine: string, databaseUrl: string, pgSchema?: string): Promise<void> {
  let clock = Date.now();
  const app = await buildApp({ databaseUrl, ...(pgSchema ? { pgSchema } : {}), config: { jobPollMs: 0 }, now: () => clock });
  try {
    const database = app.database;
    await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
    // A reused database keeps the last run's query times; this run's clock starts again from now.
    await sql`delete from query_throttles`.execute(app.ctx.db);
    const token = (
      await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    ).json<{ result: string }>().result;

    const have = Number((await sql<{ n: number | string }>`select count(*) as n from log_currency`.execute(app.ctx.db)).rows[0]?.n ?? 0);
    if (args.reuse && have === EVENTS) {
      console.log(`\n## ${engine}: reusing ${have.toLocaleString('en')} seeded events`);
    } else {
      if (have > 0) await sql`delete from log_currency`.execute(app.ctx.db);
      console.log(`\n## ${engine}: seeding ${EVENTS.toLocaleString('en')} events in chunks of ${CHUNK.toLocaleString('en')}`);
      await seed(app, database, Date.now());
      await sql.raw(database.dialect === 'postgres' ? 'vacuum analyze log_currency' : 'analyze').execute(app.ctx.db);
    }
    // The seeded range: the 30 days that end at the newest event (a reused database keeps its own).
    const bounds = (await sql<{ lo: number | string; hi: number | string }>`select min(b_timestamp) as lo, max(b_timestamp) as hi from log_currency`.execute(app.ctx.db)).rows[0];
    const end = Number(bounds?.hi) + 1;
    const month = { start: end - DAYS * DAY, end };
    const day = { start: end - 2 * DAY, end: end - DAY };
    const role = String(100_000_000 + benchInt(4 * 12_345, ROLES));
    const byRole: LogCondition[] = [{ field: 'b_role_id', op: 'eq', value: role }];
    const byType: LogCondition[] = [{ field: 'gold_type', op: 'eq', value: 2 }];
    const store = app.ctx.logStore;
    const statements = logReadStatements('currency');

    /** One request of the list's API; a request without a cursor is a new query, 10 s after the last. */
    const api = async (body: Record<string, unknown>) => {
      if (body.cursor === undefined) clock += LOG_QUERY_INTERVAL_MS;
      const res = await app.inject({ method: 'POST', url: '/api/gm/admin/logs/gold_list/query', payload: body, headers: { authorization: token } });
      const answer = res.json<{ code: number; message: string; result: { results: unknown[]; nextCursor: string | null; total: number; totalExact: boolean } }>();
      if (answer.code !== 0) throw new Error(`${engine} API: ${answer.code} ${answer.message}`);
      return answer.result;
    };

    console.log(`load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
    const table: string[] = [];
    const line = (name: string, a: Timing | undefined, s: Timing, r: Timing, note: string) =>
      table.push(`| ${name} | ${a ? `${a.p50.toFixed(1)} / ${a.p95.toFixed(1)}` : ''} | ${s.p50.toFixed(2)} / ${s.p95.toFixed(2)} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} | ${(s.p50 / r.p50).toFixed(2)}x | ${note} |`);

    // A first page as the service reads it: the page, and the bounded total when there is more.
    const firstPage = async (name: string, filter: LogFilter & { start: number; end: number }, conditions: LogCondition[]) => {
      const query: LogPageQuery = { ...filter, conditions, size: SIZE };
      const page = rawRunner(database, statements.page(query));
      const count = rawRunner(database, statements.count({ ...filter, conditions }, LOG_TOTAL_BOUND));
      let total = '';
      const a = await timed(async () => {
        const result = await api({ start: filter.start, end: filter.end, conditions, size: SIZE });
        total = `${result.total.toLocaleString('en')}${result.totalExact ? '' : '+'}`;
      });
      const s = await timed(async () => {
        const { next } = await store.page('currency', query);
        if (next) await store.count('currency', { ...filter, conditions }, LOG_TOTAL_BOUND);
      });
      const r = await timed(async () => {
        await page.run();
        await count.run();
      });
      line(name, a, s, r, `total ${total}`);
      console.log(`- ${name}\n    page:  ${await explain(database, page.compiled)}\n    count: ${await explain(database, count.compiled)}`);
    };

    await firstPage('role id, 30 days (first page + total)', month, byRole);
    await firstPage('currency type, 30 days (first page + total)', month, byType);
    await firstPage('no filter, 30 days (first page + total)', month, []);
    await firstPage('no filter, one day (first page + total)', day, []);

    // Pages by cursor: page 2, and the page after `--pages` pages, turned through the API.
    const first = await api({ ...month, conditions: [], size: SIZE });
    const cursors: string[] = [];
    let cursor = first.nextCursor;
    let after = (await store.page('currency', { ...month, size: SIZE })).next ?? undefined;
    const positions = [after];
    for (let i = 1; i <= PAGES && cursor; i += 1) {
      cursors.push(cursor);
      const next = await api({ ...month, conditions: [], size: SIZE, cursor });
      cursor = next.nextCursor;
      after = (await store.page('currency', { ...month, size: SIZE, after })).next ?? undefined;
      positions.push(after);
    }
    for (const [name, at] of [
      ['page 2 by cursor', 0],
      [`page ${PAGES + 1} by cursor`, PAGES - 1],
    ] as const) {
      const query: LogPageQuery = { ...month, size: SIZE, after: positions[at] };
      const page = rawRunner(database, statements.page(query));
      const a = await timed(() => api({ ...month, conditions: [], size: SIZE, cursor: cursors[at] }));
      const s = await timed(() => store.page('currency', query));
      const r = await timed(() => page.run());
      line(name, a, s, r, '');
      console.log(`- ${name}\n    page:  ${await explain(database, page.compiled)}`);
    }

    // Counts on their own: an exact one-day count and the bounded whole-range total.
    for (const [name, filter, bound] of [
      ['count one day, exact', day, undefined],
      ['total 30 days, bounded', month, LOG_TOTAL_BOUND],
      ['total role id, 30 days, bounded', { ...month, conditions: byRole }, LOG_TOTAL_BOUND],
      ['total currency type, 30 days, bounded', { ...month, conditions: byType }, LOG_TOTAL_BOUND],
    ] as const) {
      const statement = bound === undefined ? sql`select count(*) as n from log_currency where b_timestamp >= ${filter.start} and b_timestamp < ${filter.end}` : statements.count(filter, bound);
      const count = rawRunner(database, statement);
      let total = 0;
      const s = await timed(async () => {
        total = (await store.count('currency', filter, bound)).total;
      });
      const r = await timed(() => count.run());
      line(name, undefined, s, r, `${total.toLocaleString('en')}`);
      console.log(`- ${name}\n    ${await explain(database, count.compiled)}`);
    }

    console.log(`\n### ${engine}: ${EVENTS.toLocaleString('en')} currency events, ${REPEAT} timed runs each after a warm-up; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}, ${new Date().toISOString()}\n`);
    console.log('| query | API p50 / p95 ms | store p50 / p95 ms | raw SQL p50 / p95 ms | store ÷ raw (p50) | |');
    console.log('|---|--:|--:|--:|--:|---|');
    for (const row of table) console.log(row);
  } finally {
    await app.close();
  }
}

if (!args['skip-sqlite']) {
  const folder = args.reuse ? args.dir : mkdtempSync(join(tmpdir(), 'log-query-'));
  mkdirSync(folder, { recursive: true });
  try {
    await run('SQLite', `sqlite:${join(folder, 'log-query.db')}`);
  } finally {
    if (!args.reuse) rmSync(folder, { recursive: true, force: true });
  }
}

if (args.pg) {
  const schema = args.reuse ? PG_SCHEMA : `bench_lq_${process.pid}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  // Index builds after the bulk insert sort in memory rather than in temporary files. The URL's
  // options replace the ones openDatabase sets, so the schema's search_path goes in them too.
  const url = new URL(args.pg);
  url.searchParams.set('options', `-c search_path=${schema} -c maintenance_work_mem=512MB`);
  try {
    await run('PostgreSQL', url.toString(), schema);
  } finally {
    if (!args.reuse) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
