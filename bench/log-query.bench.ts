/**
 * Log-store reads on a large currency log: the query plans and timings of a keyset page (first,
 * and 200 pages deep), filtered pages (role id, currency type, a rare column) and bounded counts,
 * on SQLite and (with --pg) PostgreSQL, through the store's own statements.
 *
 *   node --import tsx bench/log-query.bench.ts [--events 1000000] [--days 30] [--repeat 30] [--pg postgres://...]
 *
 * The events go straight into the log store (no API) over `--days` days ending now: 100,000 roles,
 * three currency types, and an order id on one event in a thousand. SQLite runs on a file in a
 * temporary folder; PostgreSQL in a fresh schema, dropped afterwards. It prints each statement's
 * plan (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE) and p50/p95 of the store call. Results go to
 * docs/performance.md by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, type RawBuilder } from 'kysely';
import pg from 'pg';
import { LOG_TOTAL_BOUND, type LogCondition } from '../packages/contract/src/logs.contract.ts';
import { openDatabase, type Database } from '../packages/server/src/db/database.ts';
import type { LogPosition, LogStore } from '../packages/server/src/platform/log-store/log-store.ts';
import { createSqlLogStore, logReadStatements } from '../packages/server/src/platform/log-store/sql-log-store.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '30' },
    repeat: { type: 'string', default: '30' },
    pg: { type: 'string' },
  },
});
const EVENTS = Number(args.events);
const DAYS = Number(args.days);
const REPEAT = Number(args.repeat);
const ROLES = 100_000;
const BATCH = 10_000;
const DAY = 86_400_000;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

function event(i: number, end: number) {
  const at = end - Math.floor(random() * DAYS * DAY);
  const role = Math.floor(random() * ROLES);
  return {
    b_log_id: randomBytes(12).toString('hex'),
    b_device_id: `dev-${role}`,
    b_uid: `u-${role}`,
    b_account_id: `a-${role}`,
    b_is_guest: false,
    b_role_id: `${100_000_000 + role}`,
    b_timestamp: at,
    b_datetime: '',
    b_game_id: 'demo',
    b_platform: role % 2 === 0 ? 'ios' : 'android',
    b_zone_id: 1001 + (role % 8),
    b_channel_id: 'appstore',
    b_version: '1.0',
    b_event_name: 'gold_flow',
    b_level: 1 + (role % 80),
    act_type: 1 + (i % 2),
    gold_id: 'crystal',
    gold_name: 'Crystal',
    gold_type: 1 + Math.floor(random() * 3),
    gold_num: 1 + Math.floor(random() * 1000),
    before_count: 0,
    after_count: 0,
    reason: 'shop',
    subreason: '',
    related_order: i % 1000 === 0 ? `order-${i}` : '',
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function timed(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function explain(database: Database, statement: RawBuilder<unknown>): Promise<string> {
  const compiled = statement.compile(database.db);
  const prefix = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing off, summary off) ';
  const result = await database.db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return (result.rows as Record<string, unknown>[]).map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n    ');
}

async function run(engine: string, database: Database): Promise<void> {
  const store: LogStore = createSqlLogStore(database);
  await store.ensureTables();
  const end = Date.now();
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += BATCH) {
    await store.insertEvents('currency', Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, k) => event(i + k, end)));
  }
  console.log(`\n## ${engine}: ${EVENTS.toLocaleString('en')} events seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (database.dialect === 'postgres') await database.db.executeQuery(CompiledQuery.raw('analyze log_currency'));
  else await database.db.executeQuery(CompiledQuery.raw('analyze'));

  const statements = logReadStatements('currency');
  const sample = await store.page('currency', { start: end - DAYS * DAY, end, size: 1, after: { t: end - 3 * DAY, id: 'f' } });
  const role = String(sample.rows[0]?.b_role_id);
  const month = { start: end - DAYS * DAY, end: end + 1 };
  const day = { start: end - 2 * DAY, end: end - DAY };

  // The position 200 pages of 20 deep, reached by turning the pages.
  let deep: LogPosition | undefined;
  for (let i = 0; i < 200; i += 1) deep = (await store.page('currency', { ...month, size: 20, after: deep })).next ?? undefined;

  const byRole: LogCondition[] = [{ field: 'b_role_id', op: 'eq', value: role }];
  const byType: LogCondition[] = [{ field: 'gold_type', op: 'eq', value: 2 }];
  const rare: LogCondition[] = [{ field: 'related_order', op: 'eq', value: `order-${(EVENTS / 2).toFixed(0)}` }];
  const cases: [string, RawBuilder<unknown>, () => Promise<unknown>][] = [
    ['first page, 30 days', statements.page({ ...month, size: 20 }), () => store.page('currency', { ...month, size: 20 })],
    ['page 201 by cursor', statements.page({ ...month, size: 20, after: deep }), () => store.page('currency', { ...month, size: 20, after: deep })],
    ['role id, 30 days', statements.page({ ...month, conditions: byRole, size: 20 }), () => store.page('currency', { ...month, conditions: byRole, size: 20 })],
    ['currency type, 30 days', statements.page({ ...month, conditions: byType, size: 20 }), () => store.page('currency', { ...month, conditions: byType, size: 20 })],
    ['rare order id, one day', statements.page({ ...day, conditions: rare, size: 20 }), () => store.page('currency', { ...day, conditions: rare, size: 20 })],
    ['count one day (exact)', statements.count(day, Number.MAX_SAFE_INTEGER - 1), () => store.count('currency', day)],
    ['count 30 days, bounded', statements.count(month, LOG_TOTAL_BOUND), () => store.count('currency', month, LOG_TOTAL_BOUND)],
    ['count role, 30 days, bounded', statements.count({ ...month, conditions: byRole }, LOG_TOTAL_BOUND), () => store.count('currency', { ...month, conditions: byRole }, LOG_TOTAL_BOUND)],
    ['count type, 30 days, bounded', statements.count({ ...month, conditions: byType }, LOG_TOTAL_BOUND), () => store.count('currency', { ...month, conditions: byType }, LOG_TOTAL_BOUND)],
  ];
  for (const [name, statement, call] of cases) {
    const { p50, p95 } = await timed(call);
    console.log(`- ${name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms\n    ${await explain(database, statement)}`);
  }
}

const folder = mkdtempSync(join(tmpdir(), 'log-query-'));
try {
  const sqlite = openDatabase(`sqlite:${join(folder, 'bench.db')}`);
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

if (args.pg) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = openDatabase(args.pg, { schema });
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
