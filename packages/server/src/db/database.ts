import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type SchemaMetadata,
  type SqliteDatabase,
  type SqliteStatement,
  type TableMetadata,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import { lazyPackage } from '../platform/lazy-package.ts';
import type { DB } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { sqliteKysely } from './sqlite-direct-read.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /**
   * The better-sqlite3 handle behind `db` on SQLite, for bulk paths that reuse prepared
   * statements (the log store). Use it only while holding Kysely's connection
   * (`db.connection().execute(...)`), so no other query runs in between.
   */
  sqlite?: SQLite.Database;
  /** The node-postgres pool behind `db` on PostgreSQL, for reads Kysely cannot shape (rows as arrays: the log store's export stream). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

/** node-postgres, loaded when a PostgreSQL database is first opened (an instance on SQLite never needs it). */
const postgres = lazyPackage<typeof pg>('pg');

/** The driver, set up once: int8 (bigint) columns hold epoch milliseconds and counters, well inside 2^53. */
let postgresReady = false;
function postgresDriver(): typeof pg {
  const driver = postgres();
  if (!postgresReady) {
    driver.types.setTypeParser(20, (value) => Number(value));
    postgresReady = true;
  }
  return driver;
}

export interface DatabaseOptions {
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  schema?: string;
  /**
   * SQLite's page cache for this connection, in KiB (better-sqlite3's default: 16,000). A
   * connection that reads the logs once through, as the export thread's does, gains nothing
   * from a large one: the file's pages are cached by the system anyway.
   */
  sqliteCacheKb?: number;
}

/**
 * Introspection of the connection's current schema only (table names, no columns). Kysely's
 * migrator asks whether its own tables exist by listing the tables of every schema: with
 * several schemas in one database (test files, benchmarks) it would take another schema's
 * migration table for its own, and fail when another schema is dropped while it lists.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; is_view: boolean }>`
      select table_schema as schema, table_name as name, table_type = 'VIEW' as is_view
      from information_schema.tables where table_schema = current_schema()`.execute(this.#db);
    return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.is_view, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

/** Prepared SQLite statements kept per connection (distinct SQL texts; the least recently used go first). */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;

/**
 * A function that turns one raw row (an array in column order) into the object better-sqlite3
 * would have made: `{ "role_id": r[0], ... }`, compiled once per statement. better-sqlite3 builds
 * each row object key by key from C++, which on a 20-row page of the 29-column player table costs
 * twice as much as reading the same rows as arrays and building the objects here (docs/performance.md,
 * "API overhead"). A repeated name keeps its last value, as there. Names enter the code only as
 * JSON string literals; `__proto__` (which a literal key would turn into the prototype) is not
 * compiled at all: such a statement keeps better-sqlite3's own objects.
 */
function rowBuilder(names: readonly string[]): ((raw: unknown[]) => Row) | null {
  if (names.includes('__proto__')) return null;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- column names as JSON literals only
  return new Function('r', `return {${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (raw: unknown[]) => Row;
}

/** A kept statement as Kysely sees it, plus whether it is still being iterated. */
type KeptStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A reading statement that reads its rows as arrays and builds the objects with `rowBuilder`.
 * The builder follows the statement's columns: SQLite re-prepares a kept statement when the
 * schema changes, so a row of another width rebuilds it (a column added or dropped by another
 * connection); this connection's own schema changes empty the cache (`cachingStatements`).
 */
function objectRows(statement: SQLite.Statement): KeptStatement {
  const columns = () => statement.columns().map((c) => c.name);
  let names = columns();
  let build = rowBuilder(names);
  if (!build) return statement;
  statement.raw(true);
  const toObject = (raw: unknown[]): Row => {
    if (raw.length !== names.length) {
      names = columns();
      build = rowBuilder(names) ?? ((r) => Object.fromEntries(names.map((name, i) => [name, r[i]])));
    }
    return (build as (raw: unknown[]) => Row)(raw);
  };
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all(parameters: readonly unknown[]) {
      const rows = statement.all(parameters);
      for (let i = 0; i < rows.length; i += 1) rows[i] = toObject(rows[i] as unknown[]);
      return rows;
    },
    run: (parameters: readonly unknown[]) => statement.run(parameters),
    // Closing this iterator (return, break) closes the statement's, so it is no longer busy.
    *iterate(parameters: readonly unknown[]) {
      for (const raw of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(raw);
    },
  };
}

/** Statements that change the schema: the columns of kept statements may change with them. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query it runs:
 * for a short read that is as long as running it (docs/performance.md, "API overhead"). The
 * connection Kysely sees keeps its statements by SQL text and reuses them; the parameters are
 * bound per run, so a statement is only ever the same SQL. SQLite re-prepares a kept statement
 * by itself when the schema changes. A statement still being iterated (a stream) is not reused.
 * Reading statements build their row objects from arrays (`objectRows`).
 *
 * When full, the cache lets go of a statement not used lately, by the "second chance" (clock)
 * approximation of least-recently-used: a hit only marks its entry used, and the eviction passes
 * over marked entries once (unmarking them, to the back) before it drops the first unmarked one.
 * A true LRU moved the entry to the back of the Map on every hit: two more hash operations on
 * each of the three statements of every request (docs/performance.md, "Session 13"). A statement
 * that changes the schema empties the cache and is never kept itself, so a hit needs no check.
 */
export function cachingStatements(sqlite: SQLite.Database, size = SQLITE_STATEMENT_CACHE_SIZE): SqliteDatabase & { prepare(text: string): KeptStatement } {
  const cache = new Map<string, { statement: KeptStatement; used: boolean }>();
  const wrap = (statement: SQLite.Statement): KeptStatement => (statement.reader ? objectRows(statement) : (statement));
  const evictOne = () => {
    for (const [text, entry] of cache) {
      cache.delete(text);
      if (!entry.used) return;
      entry.used = false;
      cache.set(text, entry);
    }
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const kept = cache.get(text);
      if (kept && !kept.statement.busy) {
        kept.used = true;
        return kept.statement;
      }
      if (SCHEMA_CHANGE.test(text)) {
        cache.clear();
        return wrap(sqlite.prepare(text));
      }
      const statement = wrap(sqlite.prepare(text));
      if (kept) return statement;
      if (cache.size >= size) evictOne();
      cache.set(text, { statement, used: false });
      return statement;
    },
  };
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    if (options.sqliteCacheKb !== undefined) sqlite.pragma(`cache_size = -${Math.max(1, Math.floor(options.sqliteCacheKb))}`);
    // Reads prepared with preparedQuery skip Kysely's asynchronous path while its connection is free (sqlite-direct-read.ts).
    const db = sqliteKysely(cachingStatements(sqlite));
    return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
  }
  const pool = new (postgresDriver().Pool)({
    connectionString: url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function ping(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return Math.round((performance.now() - started) * 100) / 100;
}
