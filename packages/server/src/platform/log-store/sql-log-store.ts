import type SQLite from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely } from 'kysely';
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
import type { LogBatch, LogRow, LogStore, TimeRange } from './log-store.ts';

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
const PG_DDL_LOCK = 7_301_947;

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

export interface SqlLogStoreOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The better-sqlite3 handle behind `db`, when it is SQLite. */
  sqlite?: SQLite.Database | undefined;
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
  return sqlite.transaction((batches: readonly LogBatch[]): number => {
    let inserted = 0;
    for (const batch of batches) {
      const p = plan(batch.logKey);
      const statement = statementOf(p);
      const { columns, encoders } = p;
      // One parameter array reused for every row: run() binds it before returning.
      const values = new Array<unknown>(columns.length);
      for (const row of batch.rows) {
        for (let c = 0; c < columns.length; c += 1) values[c] = (encoders[c] as Encoder)(row[(columns[c] as LogColumnDef).name]);
        inserted += statement.run(values).changes;
      }
    }
    return inserted;
  });
}

export function createSqlLogStore({ db, dialect, sqlite }: SqlLogStoreOptions | Database): LogStore {
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

  /** All batches in one transaction; returns how many rows were new. */
  async function insertAll(batches: readonly LogBatch[]): Promise<number> {
    const nonEmpty = batches.filter((b) => b.rows.length > 0);
    if (nonEmpty.length === 0) return 0;
    // Holding Kysely's connection keeps every other query out until the transaction ends.
    if (insertOnSqlite) return db.connection().execute(async () => insertOnSqlite(nonEmpty));
    return db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (const batch of nonEmpty) inserted += await insertInto(trx, batch.logKey, batch.rows);
      return inserted;
    });
  }

  async function insertInto(executor: Kysely<DB>, logKey: LogKey, rows: readonly LogRow[]): Promise<number> {
    const p = plan(logKey);
    if (dialect === 'postgres') {
      const result = await executor.executeQuery(CompiledQuery.raw(unnestText(p), columnArraysOf(p, rows)));
      return Number(result.numAffectedRows ?? 0n);
    }
    let inserted = 0;
    for (let start = 0; start < rows.length; start += p.rowsPerStatement) {
      const end = Math.min(rows.length, start + p.rowsPerStatement);
      const result = await executor.executeQuery(CompiledQuery.raw(insertText(p, end - start, dialect), parametersOf(p, rows, start, end)));
      inserted += Number(result.numAffectedRows ?? 0n);
    }
    return inserted;
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

  return {
    kind: `sql (${dialect})`,

    async ensureTables() {
      await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PG_DDL_LOCK})`.execute(trx);
        const existing = await existingColumns(trx);
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
      });
    },

    insertEvents: (logKey, rows) => insertAll([{ logKey, rows }]),

    insertBatch: insertAll,

    async count(logKey, range: TimeRange = {}) {
      const p = plan(logKey);
      const conditions = [sql`1 = 1`];
      if (range.from !== undefined) conditions.push(sql`${sql.ref('b_timestamp')} >= ${range.from}`);
      if (range.to !== undefined) conditions.push(sql`${sql.ref('b_timestamp')} < ${range.to}`);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(p.table)} where ${sql.join(conditions, sql` and `)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}
