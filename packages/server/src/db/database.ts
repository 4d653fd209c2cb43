import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type SchemaMetadata,
  type SqliteDatabase,
  type TableMetadata,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { migrations } from './migrations/index.ts';

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

// int8 (bigint) columns hold epoch milliseconds and counters, well inside 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  schema?: string;
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

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query it runs:
 * for a short read that is as long as running it (docs/performance.md, "API overhead"). The
 * connection Kysely sees keeps its statements by SQL text and reuses them; the parameters are
 * bound per run, so a statement is only ever the same SQL. SQLite re-prepares a kept statement
 * by itself when the schema changes. A statement still being iterated (a stream) is not reused.
 */
export function cachingStatements(sqlite: SQLite.Database, size = SQLITE_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const kept = cache.get(text);
      if (kept && !kept.busy) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(text);
        cache.set(text, kept);
        return kept;
      }
      const statement = sqlite.prepare(text);
      if (kept) return statement;
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(text, statement);
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
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
    return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
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
