/**
 * The ClickHouse log store beside SQLite on a large currency log (issue 15): a filtered page with
 * its bounded total, a one-day page by currency type, a one-day count and whole-range counts,
 * each through the log-store port (`store.page`, `store.count`), timed in alternation in one run.
 *
 *   npm run bench -- clickhouse --ch clickhouse://default@127.0.0.1:18123/gm_bench
 *        [--events 10000000] [--days 30] [--repeat 20] [--chunk 2000000] [--reuse]
 *        [--sqlite /tmp/bench-s7/lq/log-query.db] [--export-repeat 3]
 *
 * Seeding: the store's `ensureTables()` makes `log_currency` in the `--ch` database (created if
 * missing), then one `INSERT ... SELECT` per `--chunk` rows generates the events inside
 * ClickHouse from `numbers()`: 100,000 roles, three currency types, times spread over `--days`
 * days ending at the start of the run, ids shaped like the simulator's, the same shape as the
 * log-query benchmark's rows (same columns, counts and spreads; not the same rows: that one
 * hashes with a function of its own). `--reuse` keeps the rows when the table holds `--events`.
 * `--sqlite` names a database the log-query benchmark seeded (`--reuse`) to read beside it;
 * without it ClickHouse is timed alone. Each engine's window ends at its own newest event, and
 * the role filtered by is its newest event's. The exact whole-range count is timed twice: through
 * the store (the per-hour counts and the partial hours at the edges) and as one count() on the
 * main table, the store's statement before them. Figures go to docs/performance.md by hand.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { logColumns } from '../packages/contract/src/log-catalogue.ts';
import { LOG_TOTAL_BOUND, type LogCondition } from '../packages/contract/src/logs.contract.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { createClickHouseLogStore, parseClickHouseUrl } from '../packages/server/src/platform/log-store/clickhouse-log-store.ts';
import type { LogFilter, LogStore } from '../packages/server/src/platform/log-store/log-store.ts';
import { createSqlLogStore } from '../packages/server/src/platform/log-store/sql-log-store.ts';

const { values: args } = parseArgs({
  options: {
    ch: { type: 'string', default: 'clickhouse://default@127.0.0.1:18123/gm_bench' },
    events: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '30' },
    repeat: { type: 'string', default: '20' },
    chunk: { type: 'string', default: '2000000' },
    reuse: { type: 'boolean', default: false },
    sqlite: { type: 'string' },
    'export-repeat': { type: 'string', default: '3' },
  },
});

const EVENTS = Number(args.events);
const DAYS = Number(args.days);
const REPEAT = Number(args.repeat);
const CHUNK = Number(args.chunk);
const DAY = 86_400_000;
const ROLES = 100_000;
const SIZE = 50;
const EXPORT_ROWS = 1_000_000;
const EXPORT_REPEAT = Number(args['export-repeat']);
/** Every column of the log, as an export of the whole list writes them. */
const EXPORT_COLUMNS = logColumns('currency').map((c) => c.name);

async function http(statement: string): Promise<string> {
  const { url, database } = parseClickHouseUrl(args.ch);
  const response = await fetch(`${url}/?database=${database}`, { method: 'POST', body: statement });
  const text = await response.text();
  if (!response.ok) throw new Error(`${statement.slice(0, 200)}: ${text}`);
  return text;
}

/** Rows [from, from + n) of the generated log, made inside ClickHouse. */
function chunkStatement(from: number, n: number, end: number): string {
  const g = `SELECT number + ${from} AS i, intHash32(i * 4) % ${ROLES} AS role, toInt64(${end}) - 1 - toInt64(intHash64(i * 4 + 1) % ${DAYS * DAY}) AS t,
    1 + intHash32(i * 4 + 2) % 3 AS gtype, 1 + intHash32(i * 4 + 3) % 1000 AS num FROM numbers(${n})`;
  const columns = [
    `concat('demo-', toString(100000000 + role), '-', toString(i))`,
    `concat('dev-', toString(role))`,
    `concat('u-', toString(role))`,
    `concat('a-', toString(role))`,
    'toUInt8(0)',
    'toString(100000000 + role)',
    'toInt64(t)',
    `''`,
    `'demo'`,
    `if(role % 2 = 0, 'ios', 'android')`,
    'toInt32(1001 + role % 8)',
    `'appstore'`,
    `'1.3.0'`,
    `'gold_flow'`,
    'toInt32(1 + role % 80)',
    'toInt32(1 + i % 2)',
    `multiIf(gtype = 1, 'paid_crystal', gtype = 2, 'free_crystal', 'gold')`,
    `multiIf(gtype = 1, 'Crystal', gtype = 2, 'Bonus crystal', 'Gold')`,
    'toInt32(gtype)',
    'toInt64(num)',
    'toInt32(1000)',
    'if(i % 2 = 0, toInt32(1000 + num), toInt32(1000 - num))',
    `'shop'`,
    `''`,
    `if(i % 1000 = 0, concat('order-', toString(i)), '')`,
  ];
  return `INSERT INTO log_currency SELECT ${columns.join(', ')} FROM (${g})`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main(): Promise<void> {
  const { url, database: chDatabase } = parseClickHouseUrl(args.ch);
  await fetch(`${url}/`, { method: 'POST', body: `CREATE DATABASE IF NOT EXISTS ${chDatabase}` });
  // The store keeps its rollups in a main database: an in-memory one will do for reads.
  const main = openDatabase('sqlite::memory:');
  await migrateToLatest(main.db);
  const ch = createClickHouseLogStore({ url: args.ch, database: main });
  await ch.ensureTables();
  const filling = performance.now();
  await ch.copiesFilled();
  console.log(`role-first copy and per-hour counts ready in ${((performance.now() - filling) / 1000).toFixed(1)} s (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  const held = Number((await http('SELECT count() FROM log_currency')).trim());
  if (!(args.reuse && held === EVENTS)) {
    // The role-first copy is fed by the store's materialized view on every insert below.
    await http('TRUNCATE TABLE log_currency');
    await http('TRUNCATE TABLE log_currency_by_role');
    await http('TRUNCATE TABLE log_currency_hourly');
    const end = Date.now();
    const started = performance.now();
    for (let from = 0; from < EVENTS; from += CHUNK) await http(chunkStatement(from, Math.min(CHUNK, EVENTS - from), end));
    await http('OPTIMIZE TABLE log_currency FINAL');
    await http('OPTIMIZE TABLE log_currency_by_role FINAL');
    await http('OPTIMIZE TABLE log_currency_hourly FINAL');
    console.log(`ClickHouse: ${EVENTS.toLocaleString('en')} events generated in ${((performance.now() - started) / 1000).toFixed(1)} s (with one final merge)`);
  }
  const stores: { name: string; store: LogStore; close(): Promise<void> }[] = [{ name: 'clickhouse', store: ch, close: () => ch.close() }];
  if (args.sqlite) {
    const lite = openDatabase(`sqlite:${args.sqlite}`);
    stores.push({ name: 'sqlite', store: createSqlLogStore(lite), close: () => lite.close() });
  }

  // Each engine's own window and role (the newest event's).
  const setups = await Promise.all(
    stores.map(async ({ store }) => {
      const [newest] = (await store.page('currency', { size: 1 })).rows;
      const end = Number(newest?.b_timestamp) + 1;
      const byRole: LogCondition[] = [{ field: 'b_role_id', op: 'eq', value: String(newest?.b_role_id) }];
      return { month: { start: end - DAYS * DAY, end }, day: { start: end - DAY, end }, byRole, total: (await store.count('currency')).total };
    }),
  );
  for (const [i, s] of stores.entries()) console.log(`${s.name}: ${setups[i]?.total.toLocaleString('en')} events`);

  type Case = { name: string; run: (store: LogStore, setup: (typeof setups)[number]) => Promise<unknown> };
  const page = (filter: LogFilter, size = SIZE) => (store: LogStore) => store.page('currency', { ...filter, size });
  const cases: Case[] = [
    {
      name: 'role id, 30 days: first page + bounded total',
      run: (store, s) => Promise.all([page({ ...s.month, conditions: s.byRole })(store), store.count('currency', { ...s.month, conditions: s.byRole }, LOG_TOTAL_BOUND)]),
    },
    { name: 'currency type, 1 day: first page', run: (store, s) => page({ ...s.day, conditions: [{ field: 'gold_type', op: 'eq', value: 1 }] })(store) },
    { name: 'no filter, 30 days: first page', run: (store, s) => page(s.month)(store) },
    { name: 'one-day count (exact)', run: (store, s) => store.count('currency', s.day) },
    { name: `whole range count, bounded at ${LOG_TOTAL_BOUND.toLocaleString('en')}`, run: (store, s) => store.count('currency', s.month, LOG_TOTAL_BOUND) },
    { name: 'whole range count (exact)', run: (store, s) => store.count('currency', s.month) },
    {
      name: 'one role, 30 days: every row by stream (the export path)',
      run: async (store, s) => {
        for await (const rows of store.streamRows('currency', { ...s.month, conditions: s.byRole, columns: EXPORT_COLUMNS })) void rows;
      },
    },
  ];
  // The export read: the newest million rows of the range through the port's array stream, as the
  // export thread reads them (its file writing is the exports benchmark's), fewer rounds.
  const exportCase: Case = {
    name: `export read: ${EXPORT_ROWS.toLocaleString('en')} rows, no filter (rounds: ${EXPORT_REPEAT})`,
    run: async (store, s) => {
      let n = 0;
      for await (const rows of store.streamRows('currency', { ...s.month, columns: EXPORT_COLUMNS, chunkSize: 10_000 })) {
        n += rows.length;
        if (n >= EXPORT_ROWS) break;
      }
      if (n < EXPORT_ROWS) throw new Error(`export read ${n} rows`);
    },
  };

  console.log(`\nload average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${REPEAT} rounds, engines alternating within each round`);
  console.log(`| case | ${stores.map((s) => `${s.name} p50 / p95 ms`).join(' | ')} |${stores.length > 1 ? ' sqlite / clickhouse (p50) |' : ''}`);
  console.log(`|---|${stores.map(() => '---:').join('|')}|${stores.length > 1 ? '---:|' : ''}`);
  for (const c of [...cases, exportCase]) {
    const times = stores.map(() => [] as number[]);
    const rounds = c === exportCase ? EXPORT_REPEAT : REPEAT;
    for (let r = 0; r < rounds + 1; r += 1) {
      for (const [i, { store }] of stores.entries()) {
        const started = performance.now();
        await c.run(store, setups[i] as (typeof setups)[number]);
        // The first round warms caches on both engines and is not counted.
        if (r > 0) times[i]?.push(performance.now() - started);
      }
    }
    const stats = times.map((t) => t.sort((a, b) => a - b)).map((t) => ({ p50: percentile(t, 50), p95: percentile(t, 95) }));
    const ratio = stats.length > 1 ? ` ${((stats[1]?.p50 ?? 0) / Math.max(0.01, stats[0]?.p50 ?? 0)).toFixed(1)} |` : '';
    console.log(`| ${c.name} | ${stats.map((s) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`).join(' | ')} |${ratio}`);
  }
  // The exact whole-range count through the store (per-hour counts and the partial hours at the
  // edges) and as the one count() on the main table the store ran before them (session 9), in
  // alternation within each round; both answers must agree.
  const month = (setups[0] as (typeof setups)[number]).month;
  const pair = [
    { name: 'exact whole-range count through the store (per-hour counts + edges)', run: async () => (await ch.count('currency', month)).total },
    { name: 'exact whole-range count, count() on the main table (before)', run: async () => Number((await http(`SELECT count() FROM log_currency WHERE b_timestamp >= ${month.start} AND b_timestamp < ${month.end}`)).trim()) },
  ];
  const pairTimes = pair.map(() => [] as number[]);
  const answers = new Set<number>();
  console.log(`\nload average before the pair: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${REPEAT} rounds, alternating`);
  for (let r = 0; r < REPEAT + 1; r += 1) {
    for (const [i, c] of pair.entries()) {
      const started = performance.now();
      answers.add(await c.run());
      if (r > 0) pairTimes[i]?.push(performance.now() - started);
    }
  }
  for (const [i, c] of pair.entries()) {
    const t = (pairTimes[i] ?? []).sort((a, b) => a - b);
    console.log(`| ${c.name} | ${percentile(t, 50).toFixed(1)} / ${percentile(t, 95).toFixed(1)} |`);
  }
  console.log(`answers: ${[...answers].join(', ')} (${answers.size === 1 ? 'equal' : 'DIFFERENT'})`);
  console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const s of stores) await s.close();
  await main.close();
}

await main();
