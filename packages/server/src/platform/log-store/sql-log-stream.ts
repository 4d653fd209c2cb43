import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../db/schema.ts';

/**
 * Rows as arrays for the log store's `streamRows` (the export's read path). Kysely hands every row
 * back as an object keyed by column name; for a million-row export of 25 columns that was the
 * largest single cost (an object per row, then a decoded copy of it: docs/performance.md,
 * "Export"). Both drivers can give arrays instead: better-sqlite3's `raw()` statements, and
 * node-postgres' `rowMode: 'array'`. The SQL is still built and bound by Kysely (`compile`), so
 * names come from the catalogue and values are bound exactly as on every other read.
 */
export type ArrayReader = (query: CompiledQuery) => Promise<unknown[][]>;

export interface ArrayReaderOptions {
  db: Kysely<DB>;
  /** The better-sqlite3 handle behind `db`, when it is SQLite. */
  sqlite?: SQLite.Database | undefined;
  /** The node-postgres pool behind `db`, when it is PostgreSQL. */
  pgPool?: pg.Pool | undefined;
}

/**
 * Statements kept per SQL text: a stream runs one text for its first chunk and one for all the
 * others, and the texts vary only with the filter's shape, so a few dozen cover a busy server.
 */
const STATEMENTS_KEPT = 64;

/** Reads a compiled query's rows as arrays of values in select order. */
export function arrayReader({ db, sqlite, pgPool }: ArrayReaderOptions): ArrayReader {
  if (sqlite) {
    const statements = new Map<string, SQLite.Statement>();
    const statementOf = (text: string) => {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text).raw(true);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    };
    // Holding Kysely's only connection keeps its queries and this one from interleaving.
    return (query) => db.connection().execute(async () => statementOf(query.sql).all(query.parameters) as unknown[][]);
  }
  if (pgPool) {
    // A named statement is parsed and planned once per connection, then only bound and run: an
    // export runs one text two thousand times per million rows, and planning it each time cost
    // more than running it (docs/performance.md, "Export").
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (name === undefined) {
        name = `gm_rows_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
        if (names.size >= STATEMENTS_KEPT) names.delete(names.keys().next().value as string);
        names.set(text, name);
      }
      return name;
    };
    return async (query) => (await pgPool.query<unknown[]>({ name: nameOf(query.sql), text: query.sql, values: [...query.parameters], rowMode: 'array' })).rows;
  }
  // Any other driver: objects made into arrays (their keys are in select order).
  return async (query) => (await db.executeQuery<Record<string, unknown>>(query)).rows.map((row) => Object.values(row));
}
