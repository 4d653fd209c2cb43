import type SQLite from 'better-sqlite3';
import type { Pool } from 'pg';
import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import {
  LOG_BY_KEY,
  LOG_CATALOGUE,
  isSafeIdentifier,
  logColumns,
  type LogColumnDef,
  type LogKey,
} from '@gm/contract/log-catalogue.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { logKeyOfTable, type LogCondition, type LogRecord } from '@gm/contract/logs.contract.ts';
import { startsWithText } from '../query/contains.ts';
import { LogQueryError, type LogBatch, type LogFilter, type LogPageQuery, type LogPosition, type LogRow, type LogRowsQuery, type LogStore } from './log-store.ts';
import { arrayReader, type ArrayReader } from './sql-log-stream.ts';
import { chunkSize, gachaRowOf, keysetChunks, pageOf, pageSize, positionOf, type GachaGroup } from './log-reads.ts';
import { applyRollups, clearRollups, createRollupReader, createRollupTables, type RollupInput } from './sql-rollups.ts';
import { createDayClock, DEFAULT_DISPLAY_TIME_ZONE } from '../display-time.ts';
import { replayOldestFirst } from './replay.ts';

/**
 * The default log store: one table per catalogue log in the main database (SQLite or
 * PostgreSQL). Tables are created at start from the catalogue rather than by a frozen migration,
 * because the catalogue is the one declaration of log tables (docs/architecture.md, "Storage").
 *
 * Types: strings are varchar(maxLength), int and enum integer, bigint and time bigint (epoch ms),
 * bool a 0/1 integer, json text. `b_log_id` is the primary key, so a repeated event is kept once
 * (`on conflict do nothing`). Indexes: (b_timestamp, b_log_id) for keyset pages by time, and
 * (b_role_id, b_timestamp) for one player's history.
 *
 * Inserts: on PostgreSQL, one statement per log and batch that binds one array per column
 * (`insert ... select * from unnest($1::text[], ...)`): one short parse and one round trip, two
 * to three times the rate of multi-row VALUES lists. On SQLite there is no round trip to save, and
 * a one-row statement prepared once and run per row beats a multi-row statement that has to be
 * compiled each time, so the store runs it on the better-sqlite3 handle while holding Kysely's
 * only connection. Multi-row VALUES (within the parameter limit) remain for SQLite without a
 * handle.
 */

/**
 * Settings for bulk appends, applied to the SQLite handle the store is given (the server's one
 * connection). SQLite copies the WAL back into the database file (a checkpoint) whenever the WAL
 * passes 1,000 pages; a batch of events dirties hundreds of index pages (the role index, and the
 * id index when ids are random, take rows in no particular order), so the default checkpointed
 * after nearly every batch and copied pages that the next batches changed again. At 10,000
 * pages (about 40 MB of WAL) a page that several batches touch is copied once
 * (docs/performance.md has the measurements).
 */
export const SQLITE_BULK_PRAGMAS = ['wal_autocheckpoint = 10000'] as const;

/** Bound parameters per statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER and PostgreSQL's wire limit. */
const MAX_PARAMS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };
/**
 * Rows per INSERT. Above a few hundred rows the statement gets no faster and costs more to
 * prepare; the parameter limit caps it further for wide tables.
 */
const MAX_ROWS_PER_STATEMENT = 500;
/** Serializes concurrent starts of several instances on one PostgreSQL (any constant will do). */
export const PG_DDL_LOCK = 7_301_947;

type Encoder = (value: unknown) => unknown;

interface TablePlan {
  table: string;
  columns: readonly LogColumnDef[];
  encoders: readonly Encoder[];
  rowsPerStatement: number;
  /** INSERT text by row count: a full batch reuses one text. */
  statements: Map<number, string>;
}

const asIs: Encoder = (value) => (value === undefined ? null : value);
const asBool: Encoder = (value) => (value === undefined || value === null ? null : value ? 1 : 0);
const asJson: Encoder = (value) => (value === undefined || value === null ? null : JSON.stringify(value));

function encoderOf(column: LogColumnDef): Encoder {
  if (column.type === 'bool') return asBool;
  if (column.type === 'json') return asJson;
  return asIs;
}

function sqlType(column: LogColumnDef): string {
  switch (column.type) {
    case 'string':
      return `varchar(${column.maxLength})`;
    case 'int':
    case 'enum':
    case 'bool':
      return 'integer';
    case 'bigint':
    case 'time':
      return 'bigint';
    case 'json':
      return 'text';
  }
}

function assertSafe(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`Unsafe SQL identifier in the log catalogue: ${name}`);
  return name;
}

const quote = (name: string) => `"${assertSafe(name)}"`;

function columnDdl(column: LogColumnDef, notNull: boolean): string {
  const primary = column.name === 'b_log_id' ? ' primary key' : '';
  return `${quote(column.name)} ${sqlType(column)}${notNull ? ' not null' : ''}${primary}`;
}

/** A table's plan, built once from the catalogue. */
function planFor(logKey: LogKey, dialect: Dialect): TablePlan {
  const def = LOG_BY_KEY.get(logKey);
  if (!def) throw new Error(`Unknown log: ${logKey}`);
  const columns = logColumns(logKey);
  return {
    table: assertSafe(def.table),
    columns,
    encoders: columns.map(encoderOf),
    rowsPerStatement: Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS[dialect] / columns.length)),
    statements: new Map(),
  };
}

/** The element type of a column's array parameter in the PostgreSQL `unnest` insert. */
function pgArrayType(column: LogColumnDef): string {
  switch (column.type) {
    case 'string':
    case 'json':
      return 'text[]';
    case 'int':
    case 'enum':
    case 'bool':
      return 'int4[]';
    case 'bigint':
    case 'time':
      return 'int8[]';
  }
}

const unnestTexts = new Map<string, string>();

function unnestText(plan: TablePlan): string {
  let text = unnestTexts.get(plan.table);
  if (text === undefined) {
    const arrays = plan.columns.map((c, i) => `$${i + 1}::${pgArrayType(c)}`).join(',');
    text = `insert into ${quote(plan.table)} (${plan.columns.map((c) => quote(c.name)).join(',')}) select * from unnest(${arrays}) on conflict (${quote('b_log_id')}) do nothing`;
    unnestTexts.set(plan.table, text);
  }
  return text;
}

/** One array per column, for the `unnest` insert. */
function columnArraysOf(plan: TablePlan, rows: readonly LogRow[]): unknown[][] {
  return plan.columns.map((column, c) => {
    const encode = plan.encoders[c] as Encoder;
    const values = new Array<unknown>(rows.length);
    for (let r = 0; r < rows.length; r += 1) values[r] = encode((rows[r] as Record<string, unknown>)[column.name]);
    return values;
  });
}

function insertText(plan: TablePlan, rows: number, dialect: Dialect): string {
  let text = plan.statements.get(rows);
  if (text !== undefined) return text;
  const width = plan.columns.length;
  const tuples: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    const marks: string[] = [];
    for (let c = 0; c < width; c += 1) marks.push(dialect === 'postgres' ? `$${r * width + c + 1}` : '?');
    tuples.push(`(${marks.join(',')})`);
  }
  text = `insert into ${quote(plan.table)} (${plan.columns.map((c) => quote(c.name)).join(',')}) values ${tuples.join(',')} on conflict (${quote('b_log_id')}) do nothing`;
  plan.statements.set(rows, text);
  return text;
}

/** The bound values of rows [start, end) of a batch, column by column. */
function parametersOf(plan: TablePlan, rows: readonly LogRow[], start: number, end: number): unknown[] {
  const width = plan.columns.length;
  const values = new Array<unknown>((end - start) * width);
  let i = 0;
  for (let r = start; r < end; r += 1) {
    const row = rows[r] as Record<string, unknown>;
    for (let c = 0; c < width; c += 1) {
      values[i] = (plan.encoders[c] as Encoder)(row[(plan.columns[c] as LogColumnDef).name]);
      i += 1;
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Reads. Every page, count and chunk is one statement over the time index: `b_timestamp` in the
// range, the conditions, and for a next page the keyset `(b_timestamp, b_log_id) < (t, id)`, in
// the order (b_timestamp desc, b_log_id desc) that the index (b_timestamp, b_log_id) gives
// without sorting. docs/performance.md has the plans on both engines.
// ---------------------------------------------------------------------------------------------

const fromBool = (value: unknown) => (value === null || value === undefined ? null : value === 1 || value === true || value === '1');
const fromJson = (value: unknown) => {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const fromNumber = (value: unknown) => (typeof value === 'string' ? Number(value) : (value ?? null));

/** How a stored value of a column reads back in its JSON type (also the ClickHouse store's). */
export function decoderOf(column: LogColumnDef): (value: unknown) => unknown {
  switch (column.type) {
    case 'bool':
      return fromBool;
    case 'json':
      return fromJson;
    case 'string':
      return (value) => value ?? null;
    default:
      return fromNumber;
  }
}

/**
 * Each column list's decoders, made once: an export decodes millions of rows, and a decoder made
 * per cell was a closure per value for the garbage collector (docs/performance.md, "Export").
 */
const decodersOf = new WeakMap<readonly LogColumnDef[], { name: string; decode: (value: unknown) => unknown }[]>();

export function decodeRow(columns: readonly LogColumnDef[], row: Record<string, unknown>): LogRecord {
  let decoders = decodersOf.get(columns);
  if (!decoders) {
    decoders = columns.map((column) => ({ name: column.name, decode: decoderOf(column) }));
    decodersOf.set(columns, decoders);
  }
  const out: LogRecord = {};
  for (const { name, decode } of decoders) out[name] = decode(row[name]);
  return out;
}

const whereSql = (conditions: readonly RawBuilder<unknown>[]) => (conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`);

/** The rows after a position in the read order; the row value lets both engines seek the index to it. */
const afterSql = (after: LogPosition) => sql`(${sql.ref('b_timestamp')}, ${sql.ref('b_log_id')}) < (${after.t}, ${after.id})`;

/**
 * A filter and, past a position, the keyset condition. The range's end is left out when the
 * position lies inside the range (it always does for a position this query made), because it then
 * says nothing more, and SQLite takes one upper bound per index: given both `b_timestamp < end`
 * and the row value, it seeks by `end` and skips every row before the position, so each chunk of
 * an export cost as much as all the chunks before it (docs/performance.md, "Export").
 */
function keysetSql(p: TablePlan, filter: LogFilter, after: LogPosition | undefined): RawBuilder<unknown>[] {
  if (!after) return filterSql(p, filter);
  const end = filter.end !== undefined && after.t < filter.end ? undefined : filter.end;
  return [...filterSql(p, { ...filter, end }), afterSql(after)];
}

function conditionSql(column: LogColumnDef, condition: LogCondition): RawBuilder<unknown> {
  const ref = sql.ref(column.name);
  const bind = (value: unknown) => (column.type === 'bool' ? (value ? 1 : 0) : value);
  const { op, value } = condition;
  const list = Array.isArray(value) ? (value as readonly unknown[]) : null;
  if ((op === 'between' || op === 'in') !== (list !== null)) throw new LogQueryError(`${op} on ${column.name}: wrong value shape`);
  switch (op) {
    case 'eq':
      return sql`${ref} = ${bind(value)}`;
    case 'ne':
      return sql`${ref} <> ${bind(value)}`;
    case 'gt':
      return sql`${ref} > ${bind(value)}`;
    case 'gte':
      return sql`${ref} >= ${bind(value)}`;
    case 'lt':
      return sql`${ref} < ${bind(value)}`;
    case 'lte':
      return sql`${ref} <= ${bind(value)}`;
    case 'between':
      if (list?.length !== 2) throw new LogQueryError(`between on ${column.name} takes [min, max]`);
      return sql`${ref} between ${bind(list[0])} and ${bind(list[1])}`;
    case 'in':
      if (!list || list.length === 0) throw new LogQueryError(`in on ${column.name} takes a non-empty list`);
      return sql`${ref} in (${sql.join(list.map(bind))})`;
    case 'prefix':
      if (column.type !== 'string' || typeof value !== 'string') throw new LogQueryError(`prefix on ${column.name} takes text`);
      return startsWithText(column.name, value);
  }
}

/** The time range and conditions of a filter; names only from the catalogue (checked here too). */
function filterSql(p: TablePlan, filter: LogFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filter.start !== undefined) where.push(sql`${sql.ref('b_timestamp')} >= ${filter.start}`);
  if (filter.end !== undefined) where.push(sql`${sql.ref('b_timestamp')} < ${filter.end}`);
  for (const condition of filter.conditions ?? []) {
    const column = p.columns.find((c) => c.name === condition.field);
    if (!column || column.type === 'json') throw new LogQueryError(`${p.table} has no column ${condition.field} to filter by`);
    where.push(conditionSql(column, condition));
  }
  return where;
}

function selectSql(p: TablePlan, columns: readonly LogColumnDef[], where: readonly RawBuilder<unknown>[], limit: number, offset = 0) {
  return sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c.name)))} from ${sql.table(p.table)} ${whereSql(where)} order by ${sql.ref('b_timestamp')} desc, ${sql.ref('b_log_id')} desc limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`;
}

function boundedCountSql(p: TablePlan, where: readonly RawBuilder<unknown>[], limit: number) {
  return sql<{ n: number | string }>`select count(*) as n from (select 1 as one from ${sql.table(p.table)} ${whereSql(where)} limit ${limit}) as bounded`;
}

/**
 * The statements a page and a bounded count run, unexecuted: the log-query benchmark explains
 * them on both engines (docs/performance.md).
 */
export function logReadStatements(logKey: LogKey) {
  const p = planFor(logKey, 'postgres');
  return {
    page: (query: LogPageQuery) => selectSql(p, p.columns, keysetSql(p, query, query.after), query.size + 1),
    count: (filter: LogFilter, bound: number) => boundedCountSql(p, filterSql(p, filter), bound + 1),
  };
}

/**
 * `streamRows`: the chunks of `stream`, read as arrays (sql-log-stream.ts) and decoded in place.
 * The keyset needs each chunk's last time and id; when the caller did not ask for them they are
 * read after its columns and cut off before the chunk is handed over.
 */
async function* streamRowsOf(db: Kysely<DB>, read: ArrayReader, p: TablePlan, query: LogRowsQuery): AsyncGenerator<unknown[][]> {
  const byName = new Map(p.columns.map((c) => [c.name, c]));
  const wanted = query.columns.map((name) => {
    const column = byName.get(name);
    if (!column) throw new LogQueryError(`${p.table} has no column ${name}`);
    return column;
  });
  const width = wanted.length;
  const selected = [...wanted];
  for (const name of ['b_timestamp', 'b_log_id']) if (!query.columns.includes(name)) selected.push(byName.get(name) as LogColumnDef);
  const timeAt = selected.findIndex((c) => c.name === 'b_timestamp');
  const idAt = selected.findIndex((c) => c.name === 'b_log_id');
  // Text needs no decoding; numbers (text from some drivers), flags and JSON do.
  const decoders = selected.flatMap((c, i) => (c.type === 'string' ? [] : [{ i, decode: decoderOf(c) }]));
  const chunk = chunkSize(query.chunkSize);
  const next = (last: unknown[]) => ({ t: Number(last[timeAt]), id: String(last[idAt]) });
  for await (const rows of keysetChunks(chunk, (after) => read(selectSql(p, selected, keysetSql(p, query, after), chunk).compile(db)), next)) {
    for (const row of rows) {
      for (const { i, decode } of decoders) row[i] = decode(row[i]);
      if (row.length > width) row.length = width;
    }
    yield rows;
  }
}

export interface SqlLogStoreOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The better-sqlite3 handle behind `db`, when it is SQLite. */
  sqlite?: SQLite.Database | undefined;
  /** The node-postgres pool behind `db`, when it is PostgreSQL (rows read as arrays for `streamRows`). */
  pgPool?: Pool | undefined;
}

/** One-row statements prepared once per table, run inside one better-sqlite3 transaction. */
function sqliteInserter(sqlite: SQLite.Database, plan: (logKey: LogKey) => TablePlan) {
  const statements = new Map<string, SQLite.Statement>();
  const statementOf = (p: TablePlan) => {
    let statement = statements.get(p.table);
    if (!statement) {
      statement = sqlite.prepare(insertText(p, 1, 'sqlite'));
      statements.set(p.table, statement);
    }
    return statement;
  };
  return sqlite.transaction((batches: readonly LogBatch[]): { inserted: number; fresh: RollupInput } => {
    let inserted = 0;
    const fresh: RollupInput = { login: [], recharge: [] };
    for (const batch of batches) {
      const p = plan(batch.logKey);
      const statement = statementOf(p);
      const { columns, encoders } = p;
      const kept = ROLLUP_LOGS.has(batch.logKey) ? (fresh[batch.logKey as keyof RollupInput] as LogRow[]) : undefined;
      // One parameter array reused for every row: run() binds it before returning.
      const values = new Array<unknown>(columns.length);
      for (const row of batch.rows) {
        for (let c = 0; c < columns.length; c += 1) values[c] = (encoders[c] as Encoder)(row[(columns[c] as LogColumnDef).name]);
        const changes = statement.run(values).changes;
        inserted += changes;
        if (changes > 0 && kept) kept.push(row);
      }
    }
    return { inserted, fresh };
  });
}

/** The logs the statistics rollups are made from (sql-rollups.ts). */
export const ROLLUP_LOGS: ReadonlySet<LogKey> = new Set<LogKey>(['login', 'recharge']);

export interface SqlLogStoreSettings {
  /** The display time zone, whose calendar days the statistics rollups count (a change needs `statistics.rebuild()`). */
  timeZone?: string;
  /** Keep the statistics rollups as events are stored (default true; the ingest benchmark turns it off to compare). */
  rollups?: boolean;
}

export function createSqlLogStore({ db, dialect, sqlite, pgPool }: SqlLogStoreOptions | Database, settings: SqlLogStoreSettings = {}): LogStore {
  const clock = createDayClock(settings.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE);
  const keepRollups = settings.rollups ?? true;
  const plans = new Map<LogKey, TablePlan>();
  const plan = (logKey: LogKey) => {
    let found = plans.get(logKey);
    if (!found) {
      found = planFor(logKey, dialect);
      plans.set(logKey, found);
    }
    return found;
  };

  if (sqlite) for (const pragma of SQLITE_BULK_PRAGMAS) sqlite.pragma(pragma);
  const insertOnSqlite = sqlite ? sqliteInserter(sqlite, plan) : undefined;
  const readArrays = arrayReader({ db, sqlite, pgPool });

  /**
   * All batches in one transaction, with the statistics rollups of the rows that were new (a
   * repeated `b_log_id` reaches no rollup); returns how many rows were new.
   */
  async function insertAll(batches: readonly LogBatch[]): Promise<number> {
    const nonEmpty = batches.filter((b) => b.rows.length > 0);
    if (nonEmpty.length === 0) return 0;
    // The transaction holds Kysely's only SQLite connection, so the handle's statements run inside it.
    return db.transaction().execute(async (trx) => {
      let inserted = 0;
      let fresh: RollupInput = { login: [], recharge: [] };
      if (insertOnSqlite) ({ inserted, fresh } = insertOnSqlite(nonEmpty));
      else for (const batch of nonEmpty) inserted += await insertInto(trx, batch.logKey, batch.rows, fresh);
      if (keepRollups && (fresh.login.length > 0 || fresh.recharge.length > 0)) await applyRollups<DB>(trx, clock, fresh);
      return inserted;
    });
  }

  async function insertInto(executor: Kysely<DB>, logKey: LogKey, rows: readonly LogRow[], fresh: RollupInput): Promise<number> {
    const p = plan(logKey);
    const kept = ROLLUP_LOGS.has(logKey) ? (fresh[logKey as keyof RollupInput] as LogRow[]) : undefined;
    // The ids that were new, for the rollups: rows given twice in one batch count once.
    const keep = (ids: readonly { b_log_id: string }[]) => {
      if (!kept) return;
      const wanted = new Set(ids.map((r) => r.b_log_id));
      for (const row of rows) {
        const id = row.b_log_id as string;
        if (wanted.delete(id)) kept.push(row);
      }
    };
    if (dialect === 'postgres') {
      const text = kept ? `${unnestText(p)} returning ${quote('b_log_id')}` : unnestText(p);
      const result = await executor.executeQuery<{ b_log_id: string }>(CompiledQuery.raw(text, columnArraysOf(p, rows)));
      keep(result.rows);
      return Number(result.numAffectedRows ?? 0n);
    }
    let inserted = 0;
    for (let start = 0; start < rows.length; start += p.rowsPerStatement) {
      const end = Math.min(rows.length, start + p.rowsPerStatement);
      const base = insertText(p, end - start, dialect);
      const result = await executor.executeQuery<{ b_log_id: string }>(CompiledQuery.raw(kept ? `${base} returning ${quote('b_log_id')}` : base, parametersOf(p, rows, start, end)));
      keep(result.rows);
      inserted += kept ? result.rows.length : Number(result.numAffectedRows ?? 0n);
    }
    return inserted;
  }

  async function hasTable(executor: Kysely<DB>, name: string): Promise<boolean> {
    const query =
      dialect === 'postgres'
        ? sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${name}`
        : sql`select 1 from sqlite_master where type = 'table' and name = ${name}`;
    return (await query.execute(executor)).rows.length > 0;
  }

  /** Existing columns of the existing log tables, in the current schema. */
  async function existingColumns(executor: Kysely<DB>): Promise<Map<string, Set<string>>> {
    const query =
      dialect === 'postgres'
        ? sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns where table_schema = current_schema()`
        : sql<{ table_name: string; column_name: string }>`select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`;
    const { rows } = await query.execute(executor);
    const tables = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!row.table_name.startsWith('log_')) continue;
      let columns = tables.get(row.table_name);
      if (!columns) tables.set(row.table_name, (columns = new Set()));
      columns.add(row.column_name);
    }
    return tables;
  }

  /** Rows in the one read order, decoded to the catalogue's JSON types. */
  async function selectRows(p: TablePlan, columns: readonly LogColumnDef[], where: readonly RawBuilder<unknown>[], limit: number, offset = 0): Promise<LogRecord[]> {
    const { rows } = await selectSql(p, columns, where, limit, offset).execute(db);
    return rows.map((row) => decodeRow(columns, row));
  }

  /** Replays the raw login and recharge logs into emptied rollups, a chunk per transaction. */
  async function rebuildRollups(): Promise<number> {
    await clearRollups(db);
    let replayed = 0;
    for (const logKey of ROLLUP_LOGS) {
      for await (const rows of replayOldestFirst(store, logKey)) {
        const fresh: RollupInput = { login: logKey === 'login' ? rows : [], recharge: logKey === 'recharge' ? rows : [] };
        await db.transaction().execute((trx) => applyRollups<DB>(trx, clock, fresh));
        replayed += rows.length;
      }
    }
    return replayed;
  }

  const store: LogStore = {
    kind: `sql (${dialect})`,

    statistics: createRollupReader(db, clock, rebuildRollups),

    async ensureTables() {
      const rollupsMissing = await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PG_DDL_LOCK})`.execute(trx);
        const existing = await existingColumns(trx);
        const missing = !(await hasTable(trx, 'stat_daily'));
        for (const log of LOG_CATALOGUE) {
          const p = plan(log.key);
          const have = existing.get(p.table);
          if (!have) {
            await sql.raw(`create table ${quote(p.table)} (${p.columns.map((c) => columnDdl(c, true)).join(', ')})`).execute(trx);
          } else {
            // A column added to the catalogue later: nullable, since the rows already stored lack it.
            for (const column of p.columns) {
              if (!have.has(column.name)) await sql.raw(`alter table ${quote(p.table)} add column ${columnDdl(column, false)}`).execute(trx);
            }
          }
          await sql.raw(`create index if not exists ${quote(`${p.table}_time_idx`)} on ${quote(p.table)} (${quote('b_timestamp')}, ${quote('b_log_id')})`).execute(trx);
          await sql.raw(`create index if not exists ${quote(`${p.table}_role_idx`)} on ${quote(p.table)} (${quote('b_role_id')}, ${quote('b_timestamp')})`).execute(trx);
        }
        await createRollupTables<DB>(trx, dialect);
        return missing;
      });
      // A database whose logs predate the rollups: count what it already holds, once.
      if (rollupsMissing && (await store.count('login', {}, 1)).total + (await store.count('recharge', {}, 1)).total > 0) await rebuildRollups();
    },

    insertEvents: (logKey, rows) => insertAll([{ logKey, rows }]),

    insertBatch: insertAll,

    async page(logKey, query) {
      const p = plan(logKey);
      const size = pageSize(query.size);
      return pageOf(await selectRows(p, p.columns, keysetSql(p, query, query.after), size + 1), size);
    },

    async count(logKey, filter = {}, bound) {
      const p = plan(logKey);
      if (bound === undefined) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(p.table)} ${whereSql(filterSql(p, filter))}`.execute(db);
        return { total: Number(rows[0]?.n ?? 0), exact: true };
      }
      // Counting stops one row past the bound: a broad filter costs what a narrow one does.
      const limit = Math.max(0, Math.floor(bound)) + 1;
      const { rows } = await boundedCountSql(p, filterSql(p, filter), limit).execute(db);
      const n = Number(rows[0]?.n ?? 0);
      return { total: Math.min(n, limit - 1), exact: n < limit };
    },

    stream(logKey, query) {
      const p = plan(logKey);
      const chunk = chunkSize(query.chunkSize);
      return keysetChunks(chunk, (after) => selectRows(p, p.columns, keysetSql(p, query, after), chunk), positionOf);
    },

    streamRows: (logKey, query) => streamRowsOf(db, readArrays, plan(logKey), query),

    async custom(table, query) {
      const logKey = logKeyOfTable(table);
      if (!logKey) throw new LogQueryError(`not a log table: ${table}`);
      const p = plan(logKey);
      const byName = new Map(p.columns.map((c) => [c.name, c]));
      const wanted = query.columns ?? p.columns.map((c) => c.name);
      const columns = p.columns.filter((c) => wanted.includes(c.name));
      for (const name of wanted) if (!byName.has(name)) throw new LogQueryError(`no column ${name} in ${table}`);
      const offset = Math.max(0, Math.floor(query.offset));
      return selectRows(p, columns, filterSql(p, { start: query.start, end: query.end }), Math.max(1, Math.floor(query.limit)), offset);
    },

    async gachaSummary(range, poolId) {
      const p = plan('gacha');
      const where = whereSql([
        ...filterSql(p, { start: range.start, end: range.end }),
        ...(poolId === undefined ? [] : [sql`${sql.ref('pool_id')} = ${poolId}`]),
      ]);
      const { rows } = await sql<GachaGroup>`
        select ${sql.ref('pool_id')} as pool_id, max(${sql.ref('pool_name')}) as pool_name, ${sql.ref('highest_rarity')} as highest_rarity,
               count(*) as pulls, sum(${sql.ref('draw_count')}) as draws, avg(${sql.ref('pity_count')}) as pity
        from ${sql.table(p.table)} ${where}
        group by ${sql.ref('pool_id')}, ${sql.ref('highest_rarity')}`.execute(db);
      return rows.map(gachaRowOf);
    },
  };
  return store;
}
