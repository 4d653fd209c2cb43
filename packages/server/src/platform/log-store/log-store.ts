import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogCondition, LogRecord } from '@gm/contract/logs.contract.ts';
import type { StatisticsReader } from './statistics-port.ts';

export type { LogCondition, LogRecord };

/**
 * One validated event of a log, as `logEventSchema(key)` returns it (`LogEvent<K>`: JSON types,
 * booleans and arrays); the adapter encodes values for its engine and reads only the
 * catalogue's columns, so a row may carry other keys (the ingest `log` key) that are ignored.
 */
export type LogRow = Readonly<Record<string, unknown>>;

export interface LogBatch {
  logKey: LogKey;
  rows: readonly LogRow[];
}

/**
 * Which rows of a log: `b_timestamp` in [start, end) (epoch ms; a missing bound is open) and
 * every condition. A condition names any column of the log that is not JSON; which of them an
 * operator may use is the caller's rule (the API allows the catalogue's filterable ones), and its
 * value has the column's JSON type (`checkLogConditions` makes sure). Conditions are ANDed.
 */
export interface LogFilter {
  start?: number | undefined;
  end?: number | undefined;
  conditions?: readonly LogCondition[] | undefined;
}

/** Where a page ends in the order (b_timestamp desc, b_log_id desc): its last row's time and id. */
export interface LogPosition {
  t: number;
  id: string;
}

export interface LogPageQuery extends LogFilter {
  /** Rows per page, 1 or more. */
  size: number;
  /** The next page starts after this row (the `next` of the page before); none: the newest rows. */
  after?: LogPosition | undefined;
}

export interface LogPage {
  /** Rows with the catalogue's column names: flags as booleans, JSON columns parsed. */
  rows: LogRecord[];
  /** The position to pass as `after` for the next page; null when this page was the last. */
  next: LogPosition | null;
}

/** A count that stops at a bound: `exact` is false when more rows match than `total`. */
export interface LogCount {
  total: number;
  exact: boolean;
}

export interface LogStreamQuery extends LogFilter {
  /** Rows per chunk read from the engine (default 5,000): the memory an export holds at once. */
  chunkSize?: number | undefined;
}

/** What `streamRows` reads: a filter, the columns wanted and their order. */
export interface LogRowsQuery extends LogFilter, LogStreamQuery {
  /** Columns of the log, each once; an unknown one throws `LogQueryError`. */
  columns: readonly string[];
}

/** The custom table query (`/flow/custom_flow`): rows newest first by offset, at most `limit`. */
export interface LogCustomQuery {
  start?: number | undefined;
  end?: number | undefined;
  offset: number;
  limit: number;
  /** Columns to read, each of the table's; default every column, in table order. */
  columns?: readonly string[] | undefined;
}

/** Gacha events of one pool and highest rarity in a period (the card publicity's observed rates). */
export interface GachaSummaryRow {
  poolId: string;
  poolName: string;
  highestRarity: number;
  /** Gacha events (one per single or ten-draw). */
  pulls: number;
  draws: number;
  /** Average pity counter, null when no event reported one. */
  averagePity: number | null;
}

/**
 * Where event logs live (house plan section 5): the main SQL database by default, a column store
 * at scale. Log tables and columns come from the contract's log catalogue only; values are bound.
 * Events are idempotent by `b_log_id`: storing one twice keeps the first.
 *
 * The read side is shaped so that any engine can serve it without a caller knowing which:
 * pages are read by keyset in one fixed order (newest first: b_timestamp desc, b_log_id desc),
 * never by a deep OFFSET; counts stop at a bound; an export streams chunks in the same order; the
 * one aggregate a screen needs (gacha) is a method, not SQL handed in. Positions are plain
 * values; making them opaque and tamper-evident for a client is the API's business.
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

  /** One page of matching rows, newest first, after `after` when given. */
  page(logKey: LogKey, query: LogPageQuery): Promise<LogPage>;
  /** Matching rows, counted no further than `bound` (default: all of them, for tests and checks). */
  count(logKey: LogKey, filter?: LogFilter, bound?: number): Promise<LogCount>;
  /**
   * Every matching row, newest first, in chunks read by keyset one after another: the whole set
   * is never held, and breaking out of the loop stops the reading.
   */
  stream(logKey: LogKey, query: LogFilter & LogStreamQuery): AsyncIterable<LogRecord[]>;
  /**
   * The same rows in the same order and chunks as `stream`, each row an array of the values of
   * `query.columns` in that order (decoded as `stream` decodes them), for a writer that takes
   * them by position: an export of millions of rows makes no object per row
   * (docs/performance.md, "Export"). A row array belongs to the caller, who may reuse it.
   */
  streamRows(logKey: LogKey, query: LogRowsQuery): AsyncIterable<unknown[][]>;
  /** The custom query on a catalogue table (`log_currency` ...); an unknown table or column throws. */
  custom(table: string, query: LogCustomQuery): Promise<LogRecord[]>;
  /** The statistics figures, from rollups the store keeps as it stores login and recharge events. */
  readonly statistics: StatisticsReader;
  /** Gacha events per pool and highest rarity in [start, end), optionally of one pool. */
  gachaSummary(range: { start: number; end: number }, poolId?: string): Promise<GachaSummaryRow[]>;
  /** Whether a store of its own (not the main database) answers now, for the health report. */
  ping?(): Promise<boolean>;
}

/** A request the store will not run (an unknown table or column): a caller's bug or a stale catalogue. */
export class LogQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogQueryError';
  }
}

/**
 * The store could not be reached (a column store that is down or does not answer in time): the
 * caller may try again later. Nothing of the call was acknowledged; an insert may have stored
 * part of its rows, which the retry then finds (events are idempotent by `b_log_id`). The API
 * answers LOG_STORE_UNAVAILABLE (503 with Retry-After).
 */
export class LogStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LogStoreUnavailableError';
  }
}
