/**
 * Console-side table of the event-log queries (migration 2026-11-22T1300); the logs themselves are
 * the log store's.
 */

/** When an operator last started a new log query, and a hash of it (the spec's 10 seconds between new queries). */
export interface QueryThrottlesTable {
  operator_id: string;
  /** Hex SHA-256 of the query: its list or table, time range, conditions or columns. */
  query_hash: string;
  queried_at: number;
}

export interface LogQueryTables {
  query_throttles: QueryThrottlesTable;
}
