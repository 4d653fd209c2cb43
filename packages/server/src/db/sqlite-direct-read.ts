import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import type { DB } from './schema.ts';

type Row = Record<string, unknown>;

/** Reads a statement's rows at once, or says the connection is taken (undefined). */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => Row[] | undefined;

/** Kysely's SQLite driver, telling whether someone holds its one connection (a transaction, a stream, `db.connection()`). */
class HeldSqliteDriver extends SqliteDriver {
  held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.held = true;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.held = false;
    return super.releaseConnection();
  }
}

class HeldSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  driver: HeldSqliteDriver | undefined;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): HeldSqliteDriver {
    this.driver = new HeldSqliteDriver(this.#config);
    return this.driver;
  }
}

const directReads = new WeakMap<Kysely<DB>, DirectRead>();

/**
 * A Kysely on one better-sqlite3 connection (`database`: the connection Kysely sees, statements
 * kept by `cachingStatements`), whose reads made through `preparedQuery` may skip Kysely's
 * asynchronous path. Kysely runs each query through a connection lock and a chain of promises
 * (about ten per query), though better-sqlite3 answers at once: for the short reads made on
 * every request (the session, the server list, the jobs of a page) that path costs more than the
 * read (docs/performance.md, "API overhead", session 10). A direct read runs only while nobody
 * holds Kysely's connection: then no transaction is open on it and no statement is being
 * iterated, and the read is what Kysely would run at once, in SQLite's autocommit mode. While
 * the connection is held, the read waits its turn through Kysely as before (it must not see a
 * transaction's uncommitted rows). Reads through a transaction's handle always go through Kysely.
 */
export function sqliteKysely(database: SqliteDialectConfig['database'] & { prepare(sql: string): { all(parameters: readonly unknown[]): unknown[] } }): Kysely<DB> {
  const dialect = new HeldSqliteDialect({ database });
  const db = new Kysely<DB>({ dialect });
  directReads.set(db, (sql, parameters) => (dialect.driver?.held === false ? (database.prepare(sql).all(parameters) as Row[]) : undefined));
  return db;
}

/** The direct read of a Kysely made by `sqliteKysely`, or undefined (PostgreSQL, a transaction, another Kysely). */
export function directReadOf(db: Kysely<DB>): DirectRead | undefined {
  return directReads.get(db);
}
