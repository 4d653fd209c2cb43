import { openDatabase } from '../../db/database.ts';
import type { LogStore } from './log-store.ts';
import { createSqlLogStore } from './sql-log-store.ts';

/**
 * Where the log store lives, as plain data: what another thread needs to open the same store on
 * a connection of its own (the export's worker thread, docs/decisions.md). Today the main SQL
 * database; a column store's URL (LOG_STORE_URL) will be one more case here, and nothing that
 * opens a store by its source changes.
 */
export interface LogStoreSource {
  databaseUrl: string;
  /** PostgreSQL schema (tests give each file its own). */
  pgSchema?: string | undefined;
}

/**
 * The source of a store that another thread can open, or undefined when it cannot: an in-memory
 * SQLite database belongs to the connection that made it.
 */
export function logStoreSourceOf(databaseUrl: string, pgSchema?: string): LogStoreSource | undefined {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file === '' || file === ':memory:' || file.startsWith('file::memory:')) return undefined;
  }
  return { databaseUrl, pgSchema };
}

/**
 * Opens the store for reading on a connection of its own. The tables are not created or
 * changed: the instance that owns the source has done so at its start.
 */
export function openLogStore(source: LogStoreSource): { store: LogStore; close(): Promise<void> } {
  const database = openDatabase(source.databaseUrl, source.pgSchema ? { schema: source.pgSchema } : {});
  return { store: createSqlLogStore(database), close: () => database.close() };
}
