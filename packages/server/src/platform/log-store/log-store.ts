import type { LogKey } from '@gm/contract/log-catalogue.ts';

/**
 * One validated event of a log, as `logEventSchema(key)` returns it (`LogEvent<K>`: JSON types,
 * booleans and arrays); the adapter encodes values for its engine and reads only the
 * catalogue's columns, so a row may carry other keys (the ingest `log` key) that are ignored.
 */
export type LogRow = Readonly<Record<string, unknown>>;

/** Epoch-millisecond bounds on `b_timestamp`: `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from?: number;
  to?: number;
}

export interface LogBatch {
  logKey: LogKey;
  rows: readonly LogRow[];
}

/**
 * Where event logs live (house plan section 5): the main SQL database by default, a column store
 * at scale. Log tables and columns come from the contract's log catalogue only. Events are
 * idempotent by `b_log_id`: storing one twice keeps the first.
 */
export interface LogStore {
  /** `sql (sqlite)`, `sql (postgres)`, ... for the health report. */
  readonly kind: string;
  /** Creates missing log tables and adds missing columns; safe to call at every start. */
  ensureTables(): Promise<void>;
  /** Stores the rows of one log; returns how many were new (not already stored by b_log_id). */
  insertEvents(logKey: LogKey, rows: readonly LogRow[]): Promise<number>;
  /** Stores several logs' rows all or nothing; returns how many were new in total. */
  insertBatch(batches: readonly LogBatch[]): Promise<number>;
  /** Rows of a log, optionally within a time range (for tests and checks, not for screens). */
  count(logKey: LogKey, range?: TimeRange): Promise<number>;
}
