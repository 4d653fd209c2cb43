/**
 * Ingest throughput: events per second through the real ingest path (signed batches of 1,000
 * sent with app.inject: header checks, HMAC over the raw body, replay guard, JSON parse, catalogue
 * validation of every event, one transaction of multi-row inserts) against a raw batched insert
 * of the same rows into identical tables in the same run, straight on the driver, one
 * transaction per 1,000 rows (SQLite: one-row statements prepared once, and 500-row statements;
 * PostgreSQL: 500-row statements). The ratio is taken against the fastest raw way.
 *
 *   node --import tsx bench/ingest.bench.ts [--events 200000] [--batch 1000] [--rounds 3] [--pg postgres://...]
 *
 * SQLite runs on a file in a temporary folder (WAL, synchronous=NORMAL and the log store's bulk
 * settings, as the server runs), and the ingest path once more with SQLite's default checkpoint
 * interval, to show what that setting brings; PostgreSQL only with --pg, each side in a fresh
 * schema that is dropped afterwards. `npm run bench -- ingest [options]` runs it too.
 * Results go to docs/performance.md by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { LOG_CATALOGUE, logColumns, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { ingestHeaders } from '../packages/server/src/game/ingest/ingest-signature.ts';
import { ensureDemoGame } from '../packages/server/src/game/ingest/ingest.service.ts';
import { createSqlLogStore, SQLITE_BULK_PRAGMAS } from '../packages/server/src/platform/log-store/sql-log-store.ts';
import { makeEvents } from './ingest-mix.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    pg: { type: 'string' },
  },
});
const TOTAL = Number(args.events);
const BATCH = Number(args.batch);
const ROUNDS = Number(args.rounds);
const KEY = 'bench-ingest-key-0123456789abcdef';
/** Rows per multi-row raw INSERT: the same bound the SQL log store uses on PostgreSQL. */
const RAW_ROWS_PER_STATEMENT = 500;

/** The row as the SQL store binds it: booleans 0/1, JSON as text. */
function encode(column: LogColumnDef, value: unknown): unknown {
  if (column.type === 'bool') return value ? 1 : 0;
  if (column.type === 'json') return JSON.stringify(value);
  return value;
}

type Batch = ReturnType<typeof makeEvents>;

/**
 * The events of a run, one batch at a time, made just before it is sent: a game server never
 * hands the console more than a batch, and holding all of them would make every side pay for
 * garbage collection over a large heap. Making a batch is not timed.
 */
function* eventBatches(): Generator<Batch> {
  for (let offset = 0; offset < TOTAL; offset += BATCH) yield makeEvents(Math.min(BATCH, TOTAL - offset), offset);
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function groupByLog(batch: { key: LogKey; event: Record<string, unknown> }[]): Map<LogKey, Record<string, unknown>[]> {
  const groups = new Map<LogKey, Record<string, unknown>[]>();
  for (const { key, event } of batch) {
    let rows = groups.get(key);
    if (!rows) groups.set(key, (rows = []));
    rows.push(event);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// The two sides.
// ---------------------------------------------------------------------------------------------

interface Result {
  events: number;
  seconds: number;
  perSecond: number;
}

/** `sqlitePragmas` replace the server's own settings on its connection (to measure what they bring). */
async function throughIngest(databaseUrl: string, pgSchema: string | undefined, sqlitePragmas: readonly string[] = []): Promise<Result> {
  const app = await buildApp({ databaseUrl, ...(pgSchema ? { pgSchema } : {}) });
  for (const pragma of sqlitePragmas) app.database.sqlite?.pragma(pragma);
  await ensureDemoGame(app.ctx, KEY);
  await app.ready();
  // Warm up (JIT, statement texts) with a batch that is not counted.
  const warm = JSON.stringify({ events: makeEvents(BATCH, 9_000_000).map((e) => e.event) });
  await app.inject({ method: 'POST', url: '/api/ingest/events', payload: warm, headers: ingestHeaders('demo', KEY, warm) });

  let elapsed = 0;
  let stored = 0;
  for (const batch of eventBatches()) {
    const payload = JSON.stringify({ events: batch.map((e) => e.event) });
    const headers = ingestHeaders('demo', KEY, payload);
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/ingest/events', payload, headers });
    elapsed += performance.now() - started;
    const body = res.json<{ code: number; message: string; result?: { accepted: number } }>();
    if (body.code !== 0) throw new Error(`ingest refused a batch: ${body.code} ${body.message}`);
    stored += body.result?.accepted ?? 0;
  }
  await app.close();
  if (stored !== TOTAL) throw new Error(`stored ${stored} of ${TOTAL}`);
  return { events: stored, seconds: elapsed / 1000, perSecond: stored / (elapsed / 1000) };
}

function insertText(table: string, columns: readonly LogColumnDef[], rows: number, dollar: boolean): string {
  const width = columns.length;
  const tuples = Array.from({ length: rows }, (_, r) => `(${columns.map((_, c) => (dollar ? `$${r * width + c + 1}` : '?')).join(',')})`);
  return `insert into "${table}" (${columns.map((c) => `"${c.name}"`).join(',')}) values ${tuples.join(',')} on conflict ("b_log_id") do nothing`;
}

function paramsOf(columns: readonly LogColumnDef[], rows: Record<string, unknown>[]): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) for (const column of columns) out.push(encode(column, row[column.name]));
  return out;
}

const tableOf = (key: LogKey) => (LOG_CATALOGUE.find((l) => l.key === key) as { table: string }).table;

async function createTables(databaseUrl: string, pgSchema?: string): Promise<void> {
  const database = openDatabase(databaseUrl, pgSchema ? { schema: pgSchema } : {});
  await createSqlLogStore(database).ensureTables();
  await database.close();
}

/**
 * The raw SQLite baselines, each on a fresh file: one-row statements prepared once (the fastest
 * way to load SQLite) and multi-row statements of RAW_ROWS_PER_STATEMENT rows.
 */
async function rawSqlite(file: string, rowsPerStatement: number): Promise<Result> {
  await createTables(`sqlite:${file}`);
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The server's connection settings for bulk appends, so the baseline is the same database.
  for (const pragma of SQLITE_BULK_PRAGMAS) db.pragma(pragma);
  const statements = new Map<string, SQLite.Statement>();
  const statement = (key: LogKey, rows: number) => {
    const id = `${key}:${rows}`;
    let found = statements.get(id);
    if (!found) statements.set(id, (found = db.prepare(insertText(tableOf(key), logColumns(key), rows, false))));
    return found;
  };
  let stored = 0;
  const insertBatch = db.transaction((groups: Map<LogKey, Record<string, unknown>[]>) => {
    for (const [key, rows] of groups) {
      for (const chunk of batches(rows, rowsPerStatement)) stored += statement(key, chunk.length).run(paramsOf(logColumns(key), chunk)).changes;
    }
  });
  let seconds = 0;
  for (const batch of eventBatches()) {
    const started = performance.now();
    insertBatch(groupByLog(batch));
    seconds += (performance.now() - started) / 1000;
  }
  db.close();
  if (stored !== TOTAL) throw new Error(`raw stored ${stored} of ${TOTAL}`);
  return { events: stored, seconds, perSecond: stored / seconds };
}

const PG_ARRAY: Record<LogColumnDef['type'], string> = { string: 'text[]', json: 'text[]', int: 'int4[]', enum: 'int4[]', bool: 'int4[]', bigint: 'int8[]', time: 'int8[]' };

/**
 * The raw PostgreSQL baselines: multi-row VALUES of RAW_ROWS_PER_STATEMENT rows, or one
 * statement per log and batch binding one array per column (`unnest`).
 */
async function rawPostgres(url: string, schema: string, way: 'values' | 'unnest'): Promise<Result> {
  await createTables(url, schema);
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  let stored = 0;
  let seconds = 0;
  for (const batch of eventBatches()) {
    const started = performance.now();
    await client.query('begin');
    for (const [key, rows] of groupByLog(batch)) {
      const columns = logColumns(key);
      if (way === 'unnest') {
        const text = `insert into "${tableOf(key)}" (${columns.map((c) => `"${c.name}"`).join(',')}) select * from unnest(${columns.map((c, i) => `$${i + 1}::${PG_ARRAY[c.type]}`).join(',')}) on conflict ("b_log_id") do nothing`;
        const res = await client.query(text, columns.map((c) => rows.map((row) => encode(c, row[c.name]))));
        stored += res.rowCount ?? 0;
        continue;
      }
      for (const chunk of batches(rows, RAW_ROWS_PER_STATEMENT)) {
        const res = await client.query(insertText(tableOf(key), columns, chunk.length, true), paramsOf(columns, chunk));
        stored += res.rowCount ?? 0;
      }
    }
    await client.query('commit');
    seconds += (performance.now() - started) / 1000;
  }
  await client.end();
  if (stored !== TOTAL) throw new Error(`raw stored ${stored} of ${TOTAL}`);
  return { events: stored, seconds, perSecond: stored / seconds };
}

async function withSchemas<T>(url: string, names: string[], run: () => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of names) await admin.query(`create schema ${name}`);
  try {
    return await run();
  } finally {
    for (const name of names) await admin.query(`drop schema ${name} cascade`);
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Runs every side once per round, alternating, so a change in machine load hits all of them. */
async function compare(engine: string, rounds: number, sides: Record<string, () => Promise<Result>>): Promise<void> {
  const rates: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    const line: string[] = [];
    for (const [name, run] of Object.entries(sides)) {
      const result = await run();
      rates[name]?.push(result.perSecond);
      line.push(`${name} ${fmt(result.perSecond)}`);
    }
    console.log(`  ${engine} round ${round}: ${line.join(', ')} events/s`);
  }
  const medians = Object.fromEntries(Object.entries(rates).map(([name, values]) => [name, median(values)]));
  const ingest = medians.ingest ?? 0;
  const rawNames = Object.keys(medians).filter((name) => name.startsWith('raw'));
  const bestRaw = Math.max(...rawNames.map((name) => medians[name] ?? 0));
  console.log(`\n${engine}: median of ${rounds} rounds, ${TOTAL} events each`);
  for (const [name, value] of Object.entries(medians)) console.log(`  ${name.padEnd(18)} ${fmt(value).padStart(9)} events/s`);
  console.log(`  ratio              ${(ingest / bestRaw).toFixed(2)} of the fastest raw insert (goal >= 0.50)\n`);
}

async function main(): Promise<void> {
  let jsonBytes = 0;
  for (const batch of eventBatches()) for (const e of batch) jsonBytes += JSON.stringify(e.event).length;
  console.log(`Ingest benchmark: ${TOTAL} events in batches of ${BATCH}, ${ROUNDS} rounds, ${(jsonBytes / TOTAL).toFixed(0)} bytes of JSON per event on average`);
  console.log(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

  const dir = mkdtempSync(join(tmpdir(), 'gm-ingest-bench-'));
  let n = 0;
  const file = (name: string) => join(dir, `${name}-${(n += 1)}.db`);
  try {
    await compare('SQLite', ROUNDS, {
      ingest: () => throughIngest(`sqlite:${file('ingest')}`, undefined),
      // The same path with SQLite's default checkpoint interval (1,000 pages): what the setting brings.
      'ingest, ckpt 1000': () => throughIngest(`sqlite:${file('ingest-1000')}`, undefined, ['wal_autocheckpoint = 1000']),
      'raw one-row': () => rawSqlite(file('raw-1'), 1),
      [`raw ${RAW_ROWS_PER_STATEMENT}-row`]: () => rawSqlite(file('raw-n'), RAW_ROWS_PER_STATEMENT),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (args.pg) {
    const url = args.pg;
    const fresh = () => `bench_${randomBytes(5).toString('hex')}`;
    const inSchema = <T>(run: (schema: string) => Promise<T>) => {
      const schema = fresh();
      return withSchemas(url, [schema], () => run(schema));
    };
    await compare('PostgreSQL', ROUNDS, {
      ingest: () => inSchema((schema) => throughIngest(url, schema)),
      'raw unnest': () => inSchema((schema) => rawPostgres(url, schema, 'unnest')),
      [`raw ${RAW_ROWS_PER_STATEMENT}-row`]: () => inSchema((schema) => rawPostgres(url, schema, 'values')),
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
