import { openDatabase } from '../../db/database.ts';
import { createClickHouseLogStore } from './clickhouse-log-store.ts';
import type { LogStore } from './log-store.ts';
import { createSqlLogStore } from './sql-log-store.ts';

/**
 * Where the log store lives, as plain data: what another thread needs to open the same store on
 * a connection of its own (the export's worker thread, docs/decisions.md): the main SQL database,
 * or a ClickHouse (LOG_STORE_URL) with the main database beside it for the rollups.
 */
export interface LogStoreSource {
  databaseUrl: string;
  /** PostgreSQL schema (tests give each file its own). */
  pgSchema?: string | undefined;
  /** `clickhouse://...` when the logs live in ClickHouse. */
  logStoreUrl?: string | undefined;
}

/** Whether a LOG_STORE_URL names a ClickHouse (anything else: the logs stay in the main database). */
export const isClickHouseUrl = (url: string | undefined): url is string => url !== undefined && /^clickhouses?:\/\//.test(url);

/**
 * The source of a store that another thread can open, or undefined when it cannot: an in-memory
 * SQLite database belongs to the connection that made it.
 */
export function logStoreSourceOf(databaseUrl: string, pgSchema?: string, logStoreUrl?: string): LogStoreSource | undefined {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file === '' || file === ':memory:' || file.startsWith('file::memory:')) return undefined;
  }
  return { databaseUrl, pgSchema, ...(isClickHouseUrl(logStoreUrl) ? { logStoreUrl } : {}) };
}

/**
 * Opens the store for reading on a connection of its own. The tables are not created or
 * changed: the instance that owns the source has done so at its start.
 */
export function openLogStore(source: LogStoreSource, options: { sqliteCacheKb?: number } = {}): { store: LogStore; close(): Promise<void> } {
  const database = openDatabase(source.databaseUrl, { ...(source.pgSchema ? { schema: source.pgSchema } : {}), ...options });
  if (isClickHouseUrl(source.logStoreUrl)) {
    const store = createClickHouseLogStore({ url: source.logStoreUrl, database });
    return {
      store,
      async close() {
        await store.close();
        await database.close();
      },
    };
  }
  return { store: createSqlLogStore(database), close: () => database.close() };
}
