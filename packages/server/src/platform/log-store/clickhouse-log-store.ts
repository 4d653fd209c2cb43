import { randomUUID } from 'node:crypto';
import type * as ClickHouse from '@clickhouse/client';
import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';
import { LOG_BY_KEY, LOG_CATALOGUE, isSafeIdentifier, logColumns, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';
import { logKeyOfTable, type LogCondition, type LogRecord } from '@gm/contract/logs.contract.ts';
import type { Database } from '../../db/database.ts';
import { lazyPackage } from '../lazy-package.ts';
import { createDayClock, DEFAULT_DISPLAY_TIME_ZONE } from '../display-time.ts';
import { ClickHouseParams, bindClickHouse, type ClickHouseParamType } from './clickhouse-bind.ts';
import {
  LogQueryError,
  LogStoreUnavailableError,
  type LogBatch,
  type LogFilter,
  type LogPosition,
  type LogRow,
  type LogRowsQuery,
  type LogStore,
} from './log-store.ts';
import { chunkSize, gachaRowOf, keysetChunks, pageOf, pageSize, positionOf, type GachaGroup } from './log-reads.ts';
import { clearRollupFeed, ensureRollupFeed, feedRollups } from './rollup-feed.ts';
import { CLAIM_RENEW_MS, ensureFillClaims, fillClaims } from './fill-claim.ts';
import { decodeRow, decoderOf, ROLLUP_LOGS } from './sql-log-store.ts';
import { createRollupReader, type RollupInput } from './sql-rollups.ts';
import { replayOldestFirst } from './replay.ts';

/**
 * The column-store adapter of the log-store port (issue 15, house plan section 9): one
 * ReplacingMergeTree table per catalogue log in ClickHouse, made from the catalogue like the SQL
 * tables, ordered by (b_timestamp, b_role_id, b_log_id) for the list screens (a time range, then
 * one player) and partitioned by month of the server's time zone. Not by day: an insert writes
 * one part per partition its rows fall in, and a batch of late events spread over 60 days took
 * 7 to 60 s for ten 97-row inserts with day partitions against 0.5 s with month ones (the
 * primary key, time first, finds a day's rows within a month as fast). Each log also has a
 * role-first copy (`<table>_by_role`, fed by a materialized view) that reads with a role condition
 * use, and a per-hour count table (`<table>_hourly`, fed the same way) that exact counts of a
 * time range alone use. Both are filled once from the main table by one instance (a claim in the
 * main database: fill-claim.ts). Decisions and limits: docs/decisions.md, "ClickHouse log store".
 *
 * Types: string String, int and enum Int32, bigint and time Int64, bool UInt8, json String (JSON
 * text); a column the catalogue gains later is added as Nullable, since stored rows lack it.
 *
 * Dedup by `b_log_id`: an insert first asks which of its ids are already stored within its time
 * range (the primary key makes that a small read) and stores only the others, so a repeated
 * batch shows once and `insertEvents` answers the new ones. Inserts of one instance run one group
 * after another (the requests that arrived meanwhile stored together: one guard read and one
 * insert per log for the group); two instances storing the same batch at the same instant can both find it new, and
 * then the table engine's merges keep one copy (its key ends with the id). Statistics stay exact
 * in either case: rollup-feed.ts.
 *
 * Several logs in one `insertBatch` are not one transaction (ClickHouse has none): every row is
 * checked before anything is sent, so bad input stores nothing, and a failure between two logs
 * answers an error whose retry stores the rest (the ids already stored are skipped).
 */

export interface ClickHouseLogStoreOptions {
  /** `clickhouse://user:password@host:8123/database` (`clickhouses://` for HTTPS). */
  url: string;
  /** The main database: the statistics rollups live there (rollup-feed.ts). */
  database: Pick<Database, 'db' | 'dialect'>;
  /** The display time zone whose days the rollups count. */
  timeZone?: string | undefined;
  /** Milliseconds a request may take before the store counts as unavailable (default 30 s). */
  requestTimeoutMs?: number | undefined;
}

export interface ClickHouseLogStore extends LogStore {
  /**
   * Settles when the role-first copies and per-hour counts that `ensureTables` found unfilled are
   * filled, by this instance or another (in the background: a copy of a large log takes minutes,
   * and reads use the main table until then).
   */
  copiesFilled(): Promise<void>;
  close(): Promise<void>;
}

/** A copy's filling may take this long (the store's own requests time out after 30 s). */
const FILL_TIMEOUT_MS = 6 * 3_600_000;

/** The HTTP address, credentials and database of a `clickhouse://` URL. */
export function parseClickHouseUrl(url: string): { url: string; username: string; password: string; database: string } {
  const parsed = new URL(url);
  const scheme = parsed.protocol === 'clickhouses:' ? 'https' : parsed.protocol === 'clickhouse:' ? 'http' : undefined;
  if (!scheme) throw new Error(`not a clickhouse:// URL: ${parsed.protocol}`);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'default';
  if (!isSafeIdentifier(database)) throw new Error(`LOG_STORE_URL: the database name must be a plain identifier (${database})`);
  return {
    url: `${scheme}://${parsed.hostname.includes(':') ? `[${parsed.hostname}]` : parsed.hostname}:${parsed.port || (scheme === 'https' ? '8443' : '8123')}`,
    username: decodeURIComponent(parsed.username) || 'default',
    password: decodeURIComponent(parsed.password),
    database,
  };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);

/** A failure to reach the server (not an error the server answered): the store is unavailable. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // The client's own timeout, a socket closed mid-answer, and ClickHouse refusing more queries (202).
  return /timeout error|socket hang up|Code: 202[,.]/i.test(error.message);
}

/** A kept-alive socket the server had already closed: the request never reached it. */
const isStaleSocket = (error: unknown) => error instanceof Error && ((error as { code?: unknown }).code === 'ECONNRESET' || /socket hang up/i.test(error.message));

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    try {
      return await run();
    } catch (error) {
      // Once more on a fresh socket: safe for reads, and for inserts too (their ids are looked up again).
      if (isStaleSocket(error)) return await run();
      throw error;
    }
  } catch (error) {
    if (isUnreachable(error)) throw new LogStoreUnavailableError(`the ClickHouse log store is unavailable: ${(error as Error).message}`, { cause: error });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Tables and values.
// ---------------------------------------------------------------------------------------------

function chType(column: LogColumnDef): string {
  switch (column.type) {
    case 'string':
    case 'json':
      return 'String';
    case 'int':
    case 'enum':
      return 'Int32';
    case 'bigint':
    case 'time':
      return 'Int64';
    case 'bool':
      return 'UInt8';
  }
}

/** The type a condition's value is bound as. */
function paramType(column: LogColumnDef): ClickHouseParamType {
  return column.type === 'string' ? 'String' : column.type === 'bool' ? 'UInt8' : 'Int64';
}

function ident(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`Unsafe identifier in the log catalogue: ${name}`);
  return `\`${name}\``;
}

const PARTITION = 'PARTITION BY toYYYYMM(toDate(intDiv(`b_timestamp`, 1000)))';
const ENGINE = `ENGINE = ReplacingMergeTree ${PARTITION} ORDER BY (\`b_timestamp\`, \`b_role_id\`, \`b_log_id\`)`;
/**
 * The copy of each log ordered by role first, which reads with a role condition use: the main
 * table's key starts with the time, so one role over 30 days scanned the role column of the whole
 * range (5.3 s at 10 million events on this machine); here the primary key finds the role's few
 * granules. 18.16 has neither skip indexes nor projections. Same engine, so its merges drop the
 * same racing copies as the main table's.
 */
const BY_ROLE_ENGINE = `ENGINE = ReplacingMergeTree ${PARTITION} ORDER BY (\`b_role_id\`, \`b_timestamp\`, \`b_log_id\`)`;
/** Names of a log's role-first copy, the materialized view that feeds it, and its readiness mark. */
const byRoleTable = (table: string) => `${table}_by_role`;
const byRoleFeed = (table: string) => `${table}_by_role_feed`;
/** Copies filled from their main table; reads use a copy only once it is marked here. */
const MARKS = 'gm_store_marks';

/**
 * The per-hour count table of each log and the materialized view that feeds it: the exact count
 * of a whole 30-day range read every row's time (509 ms at 100 million events on this machine);
 * the hours' sums are some 720 rows. SummingMergeTree: each insert adds a row per hour it touched,
 * merges add them up, reads `sum(n)`.
 */
const hourlyTable = (table: string) => `${table}_hourly`;
const hourlyFeed = (table: string) => `${table}_hourly_feed`;
const HOUR_MS = 3_600_000;
/** The hour an event falls in, floored before 1970 too (intDiv rounds toward zero). */
const HOUR_OF = `intDiv(\`b_timestamp\` - if(\`b_timestamp\` < 0, ${HOUR_MS - 1}, 0), ${HOUR_MS})`;
const HOURLY_COLUMNS = '(`hour` Int64, `n` UInt64) ENGINE = SummingMergeTree ORDER BY `hour`';
/**
 * Bounded counts up to this bound stop on the main table (a list's total, bounded at 10,000, took
 * 7 ms at 100 million events); larger bounds are answered from the hours when they can be.
 */
const HOURLY_MIN_BOUND = 100_000;
/** How often an instance waiting for another's filling looks at the marks and the claim again. */
const FILL_POLL_MS = 2_000;

type Encoder = (value: unknown, column: LogColumnDef) => unknown;

const refuse = (column: LogColumnDef, value: unknown): never => {
  throw new TypeError(`${column.name}: not a ${column.type} value: ${JSON.stringify(value) ?? String(value)}`);
};

/** Values as the JSONEachRow insert takes them, checked here: bad input stores nothing. */
function encoderOf(column: LogColumnDef): Encoder {
  switch (column.type) {
    case 'string':
      return (v, c) => (typeof v === 'string' ? v : refuse(c, v));
    case 'bool':
      return (v, c) => (typeof v === 'boolean' ? (v ? 1 : 0) : v === 0 || v === 1 ? v : refuse(c, v));
    case 'json':
      return (v, c) => (v === undefined || v === null ? refuse(c, v) : JSON.stringify(v));
    default:
      return (v, c) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : refuse(c, v));
  }
}

interface TablePlan {
  key: LogKey;
  table: string;
  /** The role-first copy (BY_ROLE_ENGINE). */
  byRole: string;
  /** The per-hour counts and their feed. */
  hourly: string;
  hourlyFeed: string;
  columns: readonly LogColumnDef[];
  encoders: readonly Encoder[];
  byName: ReadonlyMap<string, LogColumnDef>;
}

function planFor(logKey: LogKey): TablePlan {
  const def = LOG_BY_KEY.get(logKey);
  if (!def) throw new Error(`Unknown log: ${logKey}`);
  ident(def.table);
  ident(byRoleTable(def.table));
  ident(byRoleFeed(def.table));
  ident(hourlyTable(def.table));
  ident(hourlyFeed(def.table));
  const columns = logColumns(logKey);
  return { key: logKey, table: def.table, byRole: byRoleTable(def.table), hourly: hourlyTable(def.table), hourlyFeed: hourlyFeed(def.table), columns, encoders: columns.map(encoderOf), byName: new Map(columns.map((c) => [c.name, c])) };
}

const PLANS = new Map<LogKey, TablePlan>(LOG_CATALOGUE.map((log) => [log.key, planFor(log.key)]));
const plan = (logKey: LogKey) => {
  const found = PLANS.get(logKey);
  if (!found) throw new LogQueryError(`Unknown log: ${logKey}`);
  return found;
};

// ---------------------------------------------------------------------------------------------
// Reads: one statement per page, count or chunk, in the order (b_timestamp desc, b_log_id desc).
// ---------------------------------------------------------------------------------------------

/** Ids per existence check of an insert; the query text may then pass the default 256 KiB. */
const GUARD_IDS = 5_000;
/** Rows stored in one group of gathered requests at most (a request larger than this is a group of its own). */
const GROUP_ROWS = 50_000;
const GUARD_SETTINGS: ClickHouseSettings = { max_query_size: '16777216' };

function conditionSql(column: LogColumnDef, condition: LogCondition, params: ClickHouseParams): string {
  const ref = ident(column.name);
  const type = paramType(column);
  const bind = (value: unknown) => params.add(column.type === 'bool' ? (value ? 1 : 0) : value, type);
  const { op, value } = condition;
  const list = Array.isArray(value) ? (value as readonly unknown[]) : null;
  if ((op === 'between' || op === 'in') !== (list !== null)) throw new LogQueryError(`${op} on ${column.name}: wrong value shape`);
  switch (op) {
    case 'eq':
      return `${ref} = ${bind(value)}`;
    case 'ne':
      return `${ref} != ${bind(value)}`;
    case 'gt':
      return `${ref} > ${bind(value)}`;
    case 'gte':
      return `${ref} >= ${bind(value)}`;
    case 'lt':
      return `${ref} < ${bind(value)}`;
    case 'lte':
      return `${ref} <= ${bind(value)}`;
    case 'between':
      if (list?.length !== 2) throw new LogQueryError(`between on ${column.name} takes [min, max]`);
      return `${ref} BETWEEN ${bind(list[0])} AND ${bind(list[1])}`;
    case 'in':
      if (!list || list.length === 0) throw new LogQueryError(`in on ${column.name} takes a non-empty list`);
      return `${ref} IN (${list.map(bind).join(', ')})`;
    case 'prefix':
      // Letter case ignored on both sides by the same function, as the SQL store's lower() LIKE.
      if (column.type !== 'string' || typeof value !== 'string') throw new LogQueryError(`prefix on ${column.name} takes text`);
      return `startsWith(lowerUTF8(${ref}), lowerUTF8(${params.add(value, 'String')}))`;
  }
}

function filterSql(p: TablePlan, filter: LogFilter, params: ClickHouseParams, after?: LogPosition): string {
  const where: string[] = [];
  if (filter.start !== undefined) where.push(`\`b_timestamp\` >= ${params.add(filter.start, 'Int64')}`);
  if (filter.end !== undefined) where.push(`\`b_timestamp\` < ${params.add(filter.end, 'Int64')}`);
  for (const condition of filter.conditions ?? []) {
    const column = p.byName.get(condition.field);
    if (!column || column.type === 'json') throw new LogQueryError(`${p.table} has no column ${condition.field} to filter by`);
    where.push(conditionSql(column, condition, params));
  }
  if (after) {
    const t = params.add(after.t, 'Int64');
    where.push(`(\`b_timestamp\` < ${t} OR (\`b_timestamp\` = ${t} AND \`b_log_id\` < ${params.add(after.id, 'String')}))`);
  }
  return where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
}

/** A filter whose role condition (equal to one role or among a few) the role-first copy serves. */
const hasRoleCondition = (filter: LogFilter) => (filter.conditions ?? []).some((c) => c.field === 'b_role_id' && (c.op === 'eq' || c.op === 'in'));

function selectSql(from: string, columns: readonly LogColumnDef[], where: string, limit: number, offset = 0): string {
  return `SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(from)}${where} ORDER BY \`b_timestamp\` DESC, \`b_log_id\` DESC LIMIT ${Math.max(1, Math.floor(limit))}${offset > 0 ? ` OFFSET ${Math.floor(offset)}` : ''}`;
}

/** Pages up to this many rows read their keys first (selectRows); larger reads (export chunks) in one. */
const KEYS_FIRST_MAX = 1_001;

/** The first window newest-first reads look in, widened eightfold until it holds enough rows. */
const FIRST_WINDOW_MS = 3_600_000;

/**
 * The newest `limit` rows of a filter (after a position), read from the newest part of its time
 * range first. 18.16 does not read a table in key order for `ORDER BY ... LIMIT`: it sorts every
 * matching row of the range, so the first page of 30 days of 10 million events took 2.4 s. The
 * rows of the window [end - w, end) are the newest of the range, so when the window holds
 * `limit` matching rows they are the answer; otherwise the window grows (1 h, 8 h, 64 h, ...)
 * until it covers the range. A sparse filter pays a few small reads more than one whole read.
 */
async function newestFirst<T>(filter: LogFilter, after: LogPosition | undefined, limit: number, read: (filter: LogFilter) => Promise<T[]>): Promise<T[]> {
  // Rows after a position are no newer than it; without an end or a position there is no window.
  const end = after ? Math.min(after.t + 1, filter.end ?? Infinity) : filter.end;
  if (end === undefined || !Number.isFinite(end)) return read(filter);
  for (let span = FIRST_WINDOW_MS; ; span *= 8) {
    const from = end - span;
    if (filter.start === undefined ? from <= 0 : from <= filter.start) return read(filter);
    const rows = await read({ ...filter, start: from });
    if (rows.length >= limit) return rows;
  }
}

function columnsNamed(p: TablePlan, names: readonly string[]): LogColumnDef[] {
  return names.map((name) => {
    const column = p.byName.get(name);
    if (!column) throw new LogQueryError(`${p.table} has no column ${name}`);
    return column;
  });
}

/** Probes once whether the server takes query parameters (`{p0:UInt8}`); 18.16 does not. */
async function takesQueryParams(client: ClickHouseClient): Promise<boolean> {
  try {
    const result = await client.query({ query: 'SELECT {p0:UInt8} AS v', query_params: { p0: 1 }, format: 'JSONEachRow' });
    const rows = await result.json<{ v: number }>();
    return Number(rows[0]?.v) === 1;
  } catch (error) {
    if (isUnreachable(error)) throw error;
    return false;
  }
}

/** The client library, loaded when a store is made: an instance whose logs stay in its SQL database never needs it. */
const clickHouseClient = lazyPackage<typeof ClickHouse>('@clickhouse/client');

export function createClickHouseLogStore(options: ClickHouseLogStoreOptions): ClickHouseLogStore {
  const { createClient, ClickHouseLogLevel } = clickHouseClient();
  const target = parseClickHouseUrl(options.url);
  const clientOptions = {
    url: target.url,
    username: target.username,
    password: target.password,
    database: target.database,
    request_timeout: options.requestTimeoutMs ?? 30_000,
    // The store turns failures into its own errors; the client's log would repeat them on stderr.
    log: { level: ClickHouseLogLevel.OFF },
  };
  const client = createClient(clientOptions);
  const clock = createDayClock(options.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE);
  const sqlDb = options.database.db;
  let kind = 'clickhouse';

  let native: Promise<boolean> | undefined;
  const nativeParams = () => {
    native ??= takesQueryParams(client).catch((error: unknown) => {
      native = undefined;
      throw error;
    });
    return native;
  };
  /** The query and its values as the server takes them: native parameters, or bound literals. */
  async function prepared(text: string, params: ClickHouseParams) {
    return (await nativeParams()) ? { query: text, query_params: params.values } : { query: bindClickHouse(text, params.values) };
  }

  const select = <T>(text: string, params: ClickHouseParams, settings?: ClickHouseSettings) =>
    guarded(async () => {
      const result = await client.query({ ...(await prepared(text, params)), format: 'JSONEachRow', ...(settings ? { clickhouse_settings: settings } : {}) });
      return result.json<T>();
    });

  const selectArrays = (text: string, params: ClickHouseParams) =>
    guarded(async () => {
      // 18.16 has no JSONCompactEachRow; one JSONCompact document per chunk gives the arrays.
      const result = await client.query({ ...(await prepared(text, params)), format: 'JSONCompact' });
      return (await result.json<unknown[]>()).data;
    });

  const command = (text: string) => guarded(() => client.command({ query: text }));

  async function selectRows(p: TablePlan, from: string, columns: readonly LogColumnDef[], filter: LogFilter, limit: number, after?: LogPosition, offset = 0): Promise<LogRecord[]> {
    const params = new ClickHouseParams();
    const where = filterSql(p, filter, params, after);
    const keyed = columns.some((c) => c.name === 'b_timestamp') && columns.some((c) => c.name === 'b_log_id');
    // The role-first copy reads only the role's rows already, and its key does not start with the time.
    if (offset > 0 || limit > KEYS_FIRST_MAX || !keyed || from !== p.table) {
      const rows = await select<Record<string, unknown>>(selectSql(from, columns, where, limit, offset), params);
      return rows.map((row) => decodeRow(columns, row));
    }
    // Keys first: 18.16 reads every selected column of every matching row before it sorts, so
    // the page's 25 columns were read for the ~140,000 rows of an hour at 100 million events.
    // The sort reads the time and id only; the page's rows are then read by their keys, within
    // the few milliseconds they span.
    const keys = await select<{ t: string | number; id: string }>(`SELECT \`b_timestamp\` AS t, \`b_log_id\` AS id FROM ${ident(from)}${where} ORDER BY t DESC, id DESC LIMIT ${Math.max(1, Math.floor(limit))}`, params);
    if (keys.length === 0) return [];
    const byKey = new ClickHouseParams();
    const ids = [...new Set(keys.map((k) => k.id))].map((id) => byKey.add(id, 'String'));
    const span = `\`b_timestamp\` >= ${byKey.add(Number((keys.at(-1) as { t: string | number }).t), 'Int64')} AND \`b_timestamp\` <= ${byKey.add(Number((keys[0] as { t: string | number }).t), 'Int64')}`;
    const rows = await select<Record<string, unknown>>(`SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(from)} WHERE ${span} AND \`b_log_id\` IN (${ids.join(', ')})`, byKey, GUARD_SETTINGS);
    const found = new Map(rows.map((row) => [`${String(row.b_timestamp)}\u0000${String(row.b_log_id)}`, row]));
    return keys.flatMap((k) => {
      const row = found.get(`${String(k.t)}\u0000${k.id}`);
      return row ? [decodeRow(columns, row)] : [];
    });
  }

  /** The names marked filled in MARKS. */
  const readMarks = async () => new Set((await select<{ name: string }>(`SELECT DISTINCT \`name\` FROM ${MARKS}`, new ClickHouseParams())).map((row) => row.name));
  /** Logs whose role-first copy is filled (marked in MARKS), learnt at start. */
  const byRoleReady = new Set<LogKey>();
  /** Logs whose per-hour counts are filled (marked in MARKS). */
  const hourlyReady = new Set<LogKey>();
  /**
   * A store opened for reading only (the export thread's, which never runs `ensureTables`) learns
   * from the marks which copies are filled, once, at its first read with a role condition.
   */
  let learnt: Promise<void> | undefined;
  const learnMarks = () =>
    (learnt ??= readMarks().then(
      (names) => {
        for (const p of PLANS.values()) {
          if (names.has(p.byRole)) byRoleReady.add(p.key);
          if (names.has(p.hourly)) hourlyReady.add(p.key);
        }
      },
      // No marks table (a store older than the copies): every read uses the main tables.
      () => undefined,
    ));
  /** The table a filter is read from: the role-first copy when it has a role condition and is filled. */
  async function sourceOf(p: TablePlan, filter: LogFilter): Promise<string> {
    if (!hasRoleCondition(filter)) return p.table;
    if (!byRoleReady.has(p.key)) await learnMarks();
    return byRoleReady.has(p.key) ? p.byRole : p.table;
  }

  /**
   * The exact count of a time range alone from the per-hour counts: the whole hours inside
   * [start, end) summed from the hourly table, the partial hours at its edges counted on the main
   * table, in one statement. Undefined when the counts are not filled (yet) or the range holds no
   * whole hour: the main table counts it then.
   */
  async function countByHours(p: TablePlan, filter: LogFilter): Promise<number | undefined> {
    if ((filter.conditions?.length ?? 0) > 0) return undefined;
    if (!hourlyReady.has(p.key)) await learnMarks();
    if (!hourlyReady.has(p.key)) return undefined;
    // Hours [first, last) lie wholly inside the range.
    const first = filter.start === undefined ? undefined : Math.ceil(filter.start / HOUR_MS);
    const last = filter.end === undefined ? undefined : Math.floor(filter.end / HOUR_MS);
    if (first !== undefined && last !== undefined && last <= first) return undefined;
    const params = new ClickHouseParams();
    const hours: string[] = [];
    const edges: string[] = [];
    if (first !== undefined && filter.start !== undefined) {
      hours.push(`\`hour\` >= ${params.add(first, 'Int64')}`);
      edges.push(`(\`b_timestamp\` >= ${params.add(filter.start, 'Int64')} AND \`b_timestamp\` < ${params.add(first * HOUR_MS, 'Int64')})`);
    }
    if (last !== undefined && filter.end !== undefined) {
      hours.push(`\`hour\` < ${params.add(last, 'Int64')}`);
      edges.push(`(\`b_timestamp\` >= ${params.add(last * HOUR_MS, 'Int64')} AND \`b_timestamp\` < ${params.add(filter.end, 'Int64')})`);
    }
    const summed = `(SELECT sum(\`n\`) FROM ${ident(p.hourly)}${hours.length > 0 ? ` WHERE ${hours.join(' AND ')}` : ''})`;
    const edged = edges.length > 0 ? ` + (SELECT count() FROM ${ident(p.table)} WHERE ${edges.join(' OR ')})` : '';
    const rows = await select<{ n: string | number }>(`SELECT ${summed}${edged} AS n`, params);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The newest `limit` rows from `from`. In the role-first copy the key narrows the read to the
   * role's rows of the range, so one read sorts only those; the eightfold windows would repeat
   * the same small read up to five times for a rare role.
   */
  const newestOf = <T>(p: TablePlan, from: string, filter: LogFilter, after: LogPosition | undefined, limit: number, read: (filter: LogFilter) => Promise<T[]>) =>
    from === p.byRole ? read(filter) : newestFirst(filter, after, limit, read);

  // -------------------------------------------------------------------------------------------
  // Inserts.
  // -------------------------------------------------------------------------------------------

  /** Each id of a batch once (the first row given for it), encoded and checked. */
  function prepare(batch: LogBatch): { p: TablePlan; rows: LogRow[]; encoded: Record<string, unknown>[] } {
    const p = plan(batch.logKey);
    const rows: LogRow[] = [];
    const encoded: Record<string, unknown>[] = [];
    const seen = new Set<string>();
    for (const row of batch.rows) {
      const out: Record<string, unknown> = {};
      p.columns.forEach((column, c) => {
        out[column.name] = (p.encoders[c] as Encoder)(row[column.name], column);
      });
      const id = out.b_log_id as string;
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
      encoded.push(out);
    }
    return { p, rows, encoded };
  }

  /** The ids of these rows already stored, looked up within the rows' time range. */
  async function storedIds(p: TablePlan, encoded: readonly Record<string, unknown>[]): Promise<Set<string>> {
    let min = Infinity;
    let max = -Infinity;
    for (const row of encoded) {
      const t = row.b_timestamp as number;
      if (t < min) min = t;
      if (t > max) max = t;
    }
    const found = new Set<string>();
    for (let i = 0; i < encoded.length; i += GUARD_IDS) {
      const params = new ClickHouseParams();
      const ids = encoded.slice(i, i + GUARD_IDS).map((row) => params.add(row.b_log_id, 'String'));
      const text = `SELECT \`b_log_id\` FROM ${ident(p.table)} WHERE \`b_timestamp\` >= ${params.add(min, 'Int64')} AND \`b_timestamp\` <= ${params.add(max, 'Int64')} AND \`b_log_id\` IN (${ids.join(', ')})`;
      for (const row of await select<{ b_log_id: string }>(text, params, GUARD_SETTINGS)) found.add(row.b_log_id);
    }
    return found;
  }

  type Prepared = ReturnType<typeof prepare>;
  interface Waiting {
    prepared: readonly Prepared[];
    rows: number;
    done: (count: number) => void;
    failed: (error: unknown) => void;
  }
  // Inserts gathered per instance: while one group is being stored, the batches of the requests
  // that arrive wait, and are then stored together, one guard read and one insert per log for all
  // of them. ClickHouse's cost is per statement and per part far more than per row (a thousand-row
  // insert per log and request kept it at a few thousand events a second), so under load the
  // groups grow by themselves; a lone request is stored at once. One group at a time, so two
  // requests of one instance never both find the same ids new. Each request is answered only
  // once its rows are stored, with the number that were new to the store.
  let waiting: Waiting[] = [];
  let storing = false;

  /** Stores a group's batches; answers, per request, how many of its rows were new (an id given by two requests counts for the first). */
  async function storeGroup(group: readonly Waiting[]): Promise<number[]> {
    const counts = group.map(() => 0);
    const byLog = new Map<LogKey, { p: TablePlan; encoded: Record<string, unknown>[]; owner: number[]; ids: Set<string> }>();
    group.forEach((request, r) => {
      for (const { p, encoded } of request.prepared) {
        let merged = byLog.get(p.key);
        if (!merged) byLog.set(p.key, (merged = { p, encoded: [], owner: [], ids: new Set() }));
        for (const row of encoded) {
          const id = row.b_log_id as string;
          if (merged.ids.has(id)) continue;
          merged.ids.add(id);
          merged.encoded.push(row);
          merged.owner.push(r);
        }
      }
    });
    for (const { p, encoded, owner } of byLog.values()) {
      const stored = await storedIds(p, encoded);
      const fresh: Record<string, unknown>[] = [];
      encoded.forEach((row, i) => {
        if (stored.has(row.b_log_id as string)) return;
        fresh.push(row);
        const r = owner[i] as number;
        counts[r] = (counts[r] ?? 0) + 1;
      });
      if (fresh.length === 0) continue;
      await guarded(() => client.insert({ table: ident(p.table), values: fresh, format: 'JSONEachRow', columns: p.columns.map((c) => c.name) as [string, ...string[]] }));
    }
    return counts;
  }

  /** Takes the waiting requests, up to GROUP_ROWS rows (always at least one request). */
  function nextGroup(): Waiting[] {
    let rows = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || rows + (waiting[taken] as Waiting).rows <= GROUP_ROWS)) rows += (waiting[taken++] as Waiting).rows;
    const group = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    return group;
  }

  async function storeWaiting(): Promise<void> {
    storing = true;
    try {
      while (waiting.length > 0) {
        const group = nextGroup();
        try {
          const counts = await storeGroup(group);
          group.forEach((request, r) => request.done(counts[r] ?? 0));
        } catch (error) {
          // A group is not a transaction: what was stored stays, and each request's retry stores the rest.
          for (const request of group) request.failed(error);
        }
      }
    } finally {
      storing = false;
    }
  }

  function storeGathered(prepared: readonly Prepared[]): Promise<number> {
    return new Promise<number>((done, failed) => {
      waiting.push({ prepared, rows: prepared.reduce((sum, b) => sum + b.encoded.length, 0), done, failed });
      if (!storing) void storeWaiting();
    });
  }

  async function insertAll(batches: readonly LogBatch[]): Promise<number> {
    const prepared = batches.filter((b) => b.rows.length > 0).map(prepare);
    if (prepared.length === 0) return 0;
    const inserted = await storeGathered(prepared);
    // Every login and recharge row is offered, not only those new to ClickHouse: a batch retried
    // after ClickHouse kept it but the rollups did not is counted then.
    const offered: RollupInput = { login: [], recharge: [] };
    for (const { p, rows } of prepared) if (ROLLUP_LOGS.has(p.key)) (offered[p.key as keyof RollupInput] as LogRow[]).push(...rows);
    await feedRollups(sqlDb, clock, offered);
    return inserted;
  }

  async function rebuildRollups(): Promise<number> {
    await clearRollupFeed(sqlDb);
    let replayed = 0;
    for (const logKey of ROLLUP_LOGS) {
      for await (const rows of replayOldestFirst(store, logKey)) {
        await feedRollups(sqlDb, clock, { login: logKey === 'login' ? rows : [], recharge: logKey === 'recharge' ? rows : [] });
        replayed += rows.length;
      }
    }
    return replayed;
  }

  /**
   * The role-first copy of a log, its feed (a materialized view: every insert into the main table,
   * deduplicated there, reaches the copy in the same statement) and, once, its filling from the
   * main table. The copy is made `AS` the main table, so columns a catalogue change added (as
   * Nullable) match. The feed is made before the filling, so no row falls between them; rows
   * stored during the filling may reach the copy twice, which its merges reduce to one, as they
   * do for racing instances. Reads use the copy only after the filling is marked, so a start
   * that stops midway fills it again at the next start.
   */
  /** Makes the copy and its feed; answers whether the copy must be filled (made now, or never marked). */
  async function ensureByRole(p: TablePlan, existing: Map<string, Set<string>>, marked: ReadonlySet<string>): Promise<boolean> {
    const made = !existing.has(p.byRole);
    if (made) await command(`CREATE TABLE IF NOT EXISTS ${ident(p.byRole)} AS ${ident(p.table)} ${BY_ROLE_ENGINE}`);
    if (!existing.has(byRoleFeed(p.table))) await command(`CREATE MATERIALIZED VIEW IF NOT EXISTS ${ident(byRoleFeed(p.table))} TO ${ident(p.byRole)} AS SELECT * FROM ${ident(p.table)}`);
    // A copy made now is empty whatever the marks say (a copy dropped by hand, a database restored).
    return made || !marked.has(p.byRole);
  }

  const mark = (names: readonly string[]) => {
    const params = new ClickHouseParams();
    return command(bindClickHouse(`INSERT INTO ${MARKS} (\`name\`) VALUES ${names.map((name) => `(${params.add(name, 'String')})`).join(', ')}`, params.values));
  };

  /**
   * The per-hour counts of a log and, when they are filled or the log is empty, their feed. The
   * feed is made only by whoever fills the counts, just before reading the main table (fillHours):
   * made earlier, the rows stored between its making and that read would be counted twice, and a
   * sum, unlike a copy's merges, never drops the second. Answers whether the counts are unfilled
   * (made now, never marked, or their feed gone: they would miss the rows stored since).
   */
  async function ensureHourly(p: TablePlan, existing: Map<string, Set<string>>, marked: ReadonlySet<string>): Promise<boolean> {
    const made = !existing.has(p.hourly);
    if (made) await command(`CREATE TABLE IF NOT EXISTS ${ident(p.hourly)} ${HOURLY_COLUMNS}`);
    return made || !marked.has(p.hourly) || !existing.has(p.hourlyFeed);
  }
  const hourlyFeedSql = (p: TablePlan) =>
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${ident(p.hourlyFeed)} TO ${ident(p.hourly)} AS SELECT ${HOUR_OF} AS \`hour\`, count() AS \`n\` FROM ${ident(p.table)} GROUP BY \`hour\``;

  /** The tables of this database that hold rows. */
  const tablesWithRows = async () =>
    new Set(
      (await select<{ table: string }>(`SELECT \`table\` FROM system.parts WHERE \`database\` = currentDatabase() AND active AND rows > 0 GROUP BY \`table\``, new ClickHouseParams())).map(
        (row) => row.table,
      ),
    );

  /** A filling to do once across instances: a log's role-first copy or its per-hour counts. */
  interface Filling {
    /** The table filled, which is also its mark's name. */
    name: string;
    /** Marked when this store started although unfilled (the table or its feed dropped by hand): a mark seen later is not proof. */
    markedBefore: boolean;
    run(long: ClickHouseClient): Promise<void>;
    ready(): void;
  }
  const copyFilling = (p: TablePlan, markedBefore: boolean): Filling => ({
    name: p.byRole,
    markedBefore,
    async run(long) {
      await guarded(() => long.command({ query: `TRUNCATE TABLE ${ident(p.byRole)}` }));
      await guarded(() => long.command({ query: `INSERT INTO ${ident(p.byRole)} SELECT * FROM ${ident(p.table)}` }));
    },
    ready: () => byRoleReady.add(p.key),
  });
  const hourlyFilling = (p: TablePlan, markedBefore: boolean): Filling => ({
    name: p.hourly,
    markedBefore,
    // fillHours: the feed made again right before the main table is read, so that a row is
    // counted by one of them. A row whose insert overlaps those milliseconds (begun before the
    // feed, its part written after the read started, or the reverse) can still be counted twice
    // or missed: docs/decisions.md, "ClickHouse log store".
    async run(long) {
      for (const query of [
        `DROP TABLE IF EXISTS ${ident(p.hourlyFeed)}`,
        `TRUNCATE TABLE ${ident(p.hourly)}`,
        hourlyFeedSql(p),
        `INSERT INTO ${ident(p.hourly)} SELECT ${HOUR_OF} AS \`hour\`, count() AS \`n\` FROM ${ident(p.table)} GROUP BY \`hour\``,
      ])
        await guarded(() => long.command({ query }));
    },
    ready: () => hourlyReady.add(p.key),
  });

  /** Who this store is in the claims (fill-claim.ts). */
  const holder = randomUUID();
  let closed = false;

  /**
   * Does each filling once across instances, one after another, on a client of its own whose
   * requests may take hours (a copy of 10 million events took minutes on this machine; a start
   * bound to the 30 s timeout failed, then emptied the copy and began again at every retry). A
   * filling another instance holds is waited for: its mark is looked at every FILL_POLL_MS, and
   * its claim taken over if its holder stops renewing it.
   */
  async function fillOnce(fillings: readonly Filling[]): Promise<void> {
    const claims = fillClaims(options.database, holder);
    const long = createClient({ ...clientOptions, request_timeout: FILL_TIMEOUT_MS });
    const done = (f: Filling, marks: ReadonlySet<string>) => marks.has(f.name) && !f.markedBefore;
    try {
      let pending = fillings;
      while (pending.length > 0 && !closed) {
        const held: Filling[] = [];
        for (const f of pending) {
          const claim = `${target.url}/${target.database}/${f.name}`;
          if (closed) return;
          if (!(await claims.take(claim))) {
            held.push(f);
            continue;
          }
          try {
            // Another instance may have filled it and let go of the claim since this one started.
            if (!done(f, await readMarks())) {
              const renewing = setInterval(() => void claims.renew(claim).catch(() => undefined), CLAIM_RENEW_MS);
              try {
                await f.run(long);
              } finally {
                clearInterval(renewing);
              }
              await mark([f.name]);
            }
            f.ready();
          } finally {
            await claims.release(claim);
          }
        }
        if (held.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, FILL_POLL_MS).unref());
        const marks = await readMarks();
        pending = held.filter((f) => {
          if (!done(f, marks)) return true;
          f.ready();
          return false;
        });
      }
    } finally {
      await long.close();
    }
  }
  let filling: Promise<unknown> = Promise.resolve();

  /** Adds a column the catalogue gained to a table that lacks it (another instance may just have). */
  const addColumn = (table: string, column: LogColumnDef) =>
    // 18.16 has no ADD COLUMN IF NOT EXISTS.
    command(`ALTER TABLE ${ident(table)} ADD COLUMN ${ident(column.name)} Nullable(${chType(column)})`).catch((error: unknown) => {
      if (!/already exists/i.test((error as Error).message)) throw error;
    });

  async function existingColumns(): Promise<Map<string, Set<string>>> {
    const rows = await select<{ table: string; name: string }>('SELECT `table`, `name` FROM system.columns WHERE `database` = currentDatabase()', new ClickHouseParams());
    const tables = new Map<string, Set<string>>();
    for (const row of rows) {
      let columns = tables.get(row.table);
      if (!columns) tables.set(row.table, (columns = new Set()));
      columns.add(row.name);
    }
    return tables;
  }

  const store: ClickHouseLogStore = {
    get kind() {
      return kind;
    },

    statistics: createRollupReader(sqlDb, clock, rebuildRollups),

    async ensureTables() {
      const [{ version } = { version: '' }] = await select<{ version: string }>('SELECT version() AS version', new ClickHouseParams());
      kind = `clickhouse ${version}`;
      // This store learns its marks here and from its fillings: the marks alone would trust a
      // table dropped by hand and made again empty.
      learnt = Promise.resolve();
      await command(`CREATE TABLE IF NOT EXISTS ${MARKS} (\`name\` String) ENGINE = ReplacingMergeTree ORDER BY \`name\``);
      const existing = await existingColumns();
      const marked = await readMarks();
      // The logs side by side: a first start makes some 60 tables and views, each a round trip.
      const needs = await Promise.all(
        LOG_CATALOGUE.map(async (log) => {
          const p = plan(log.key);
          const have = existing.get(p.table);
          if (!have) {
            await command(`CREATE TABLE IF NOT EXISTS ${ident(p.table)} (${p.columns.map((c) => `${ident(c.name)} ${chType(c)}`).join(', ')}) ${ENGINE}`);
          } else {
            const copy = existing.get(p.byRole);
            for (const column of p.columns) {
              if (have.has(column.name)) continue;
              // The copy first: the feed then never brings it a column it lacks.
              if (copy && !copy.has(column.name)) await addColumn(p.byRole, column);
              await addColumn(p.table, column);
            }
          }
          const [copy, hours] = await Promise.all([ensureByRole(p, existing, marked), ensureHourly(p, existing, marked)]);
          return { p, copy, hours };
        }),
      );
      const copies = needs.filter((n) => n.copy).map((n) => n.p);
      const hours = needs.filter((n) => n.hours).map((n) => n.p);
      const nonEmpty = copies.length + hours.length === 0 ? new Set<string>() : await tablesWithRows();
      // Copies of empty logs (a first start) are marked at once; a row stored meanwhile that
      // reaches one twice is dropped by its merges.
      const emptyCopies = copies.filter((p) => !nonEmpty.has(p.table));
      // Counts of an empty log get their feed now, and are marked if the log is still empty
      // then: every row stored after the feed is counted by it.
      const quiet = hours.filter((p) => !nonEmpty.has(p.table) && !nonEmpty.has(p.hourly));
      await Promise.all(quiet.map((p) => command(hourlyFeedSql(p))));
      const stillEmpty = quiet.length === 0 ? [] : await tablesWithRows().then((rows) => quiet.filter((p) => !rows.has(p.table)));
      const toMark = [...emptyCopies.map((p) => p.byRole), ...stillEmpty.map((p) => p.hourly)];
      if (toMark.length > 0) await mark(toMark);
      // Set anew at each start: a table found unfilled now (dropped by hand, an old table put
      // back) is not read until filled again, whatever an earlier start of this store found.
      for (const p of PLANS.values()) {
        if (!copies.includes(p) || emptyCopies.includes(p)) byRoleReady.add(p.key);
        else byRoleReady.delete(p.key);
        if (!hours.includes(p) || stillEmpty.includes(p)) hourlyReady.add(p.key);
        else hourlyReady.delete(p.key);
      }
      // The others are filled in the background by one instance (the counts first: seconds,
      // where a copy takes minutes), and their reads use the main table until then. A start
      // that stops midway leaves them unmarked and its claim unrenewed: another fills them.
      const fillings = [
        ...hours.filter((p) => !stillEmpty.includes(p)).map((p) => hourlyFilling(p, marked.has(p.hourly))),
        ...copies.filter((p) => !emptyCopies.includes(p)).map((p) => copyFilling(p, marked.has(p.byRole))),
      ];
      if (fillings.length > 0) {
        await ensureFillClaims(options.database);
        filling = filling.catch(() => undefined).then(() => fillOnce(fillings));
        // Handled here so that a failure nobody awaits does not end the process; the table stays
        // unmarked and its reads on the main table.
        filling.catch(() => undefined);
      }
      // First start of this store on the main database: the rollups there (if any) describe
      // other logs, so they are made again from ClickHouse's.
      if (await ensureRollupFeed(options.database)) await rebuildRollups();
    },

    insertEvents: (logKey, rows) => insertAll([{ logKey, rows }]),

    insertBatch: insertAll,

    async page(logKey, query) {
      const p = plan(logKey);
      const size = pageSize(query.size);
      const from = await sourceOf(p, query);
      return pageOf(await newestOf(p, from, query, query.after, size + 1, (filter) => selectRows(p, from, p.columns, filter, size + 1, query.after)), size);
    },

    async count(logKey, filter = {}, bound) {
      const p = plan(logKey);
      const params = new ClickHouseParams();
      const where = filterSql(p, filter, params);
      if (bound === undefined || bound >= HOURLY_MIN_BOUND) {
        const n = await countByHours(p, filter);
        if (n !== undefined) return bound === undefined ? { total: n, exact: true } : { total: Math.min(n, Math.max(0, Math.floor(bound))), exact: n <= bound };
      }
      const from = ident(await sourceOf(p, filter));
      if (bound === undefined) {
        const rows = await select<{ n: string | number }>(`SELECT count() AS n FROM ${from}${where}`, params);
        return { total: Number(rows[0]?.n ?? 0), exact: true };
      }
      // Counting stops one row past the bound, as on the SQL store.
      const limit = Math.max(0, Math.floor(bound)) + 1;
      const rows = await select<{ n: string | number }>(`SELECT count() AS n FROM (SELECT 1 FROM ${from}${where} LIMIT ${limit})`, params);
      const n = Number(rows[0]?.n ?? 0);
      return { total: Math.min(n, limit - 1), exact: n < limit };
    },

    stream(logKey, query) {
      const p = plan(logKey);
      const chunk = chunkSize(query.chunkSize);
      const from = sourceOf(p, query);
      const read = async (after: LogPosition | undefined) => {
        const table = await from;
        return newestOf(p, table, query, after, chunk, (filter) => selectRows(p, table, p.columns, filter, chunk, after));
      };
      return keysetChunks(chunk, read, positionOf);
    },

    async *streamRows(logKey, query: LogRowsQuery) {
      const p = plan(logKey);
      const wanted = columnsNamed(p, query.columns);
      const width = wanted.length;
      // The keyset needs each chunk's last time and id: read after the wanted columns when not among them.
      const selected = [...wanted];
      for (const name of ['b_timestamp', 'b_log_id']) if (!query.columns.includes(name)) selected.push(p.byName.get(name) as LogColumnDef);
      const timeAt = selected.findIndex((c) => c.name === 'b_timestamp');
      const idAt = selected.findIndex((c) => c.name === 'b_log_id');
      const decoders = selected.flatMap((c, i) => (c.type === 'string' ? [] : [{ i, decode: decoderOf(c) }]));
      const chunk = chunkSize(query.chunkSize);
      const from = await sourceOf(p, query);
      const read = (after: LogPosition | undefined) =>
        newestOf(p, from, query, after, chunk, (filter) => {
          const params = new ClickHouseParams();
          return selectArrays(selectSql(from, selected, filterSql(p, filter, params, after), chunk), params);
        });
      for await (const rows of keysetChunks(chunk, read, (last) => ({ t: Number(last[timeAt]), id: String(last[idAt]) }))) {
        for (const row of rows) {
          for (const { i, decode } of decoders) row[i] = decode(row[i]);
          if (row.length > width) row.length = width;
        }
        yield rows;
      }
    },

    async custom(table, query) {
      const logKey = logKeyOfTable(table);
      if (!logKey) throw new LogQueryError(`not a log table: ${table}`);
      const p = plan(logKey);
      const wanted = query.columns ?? p.columns.map((c) => c.name);
      for (const name of wanted) if (!p.byName.has(name)) throw new LogQueryError(`no column ${name} in ${table}`);
      const columns = p.columns.filter((c) => wanted.includes(c.name));
      return selectRows(p, p.table, columns, { start: query.start, end: query.end }, Math.max(1, Math.floor(query.limit)), undefined, Math.max(0, Math.floor(query.offset)));
    },

    async gachaSummary(range, poolId) {
      const p = plan('gacha');
      const params = new ClickHouseParams();
      let where = filterSql(p, { start: range.start, end: range.end }, params);
      if (poolId !== undefined) where += `${where ? ' AND' : ' WHERE'} \`pool_id\` = ${params.add(poolId, 'String')}`;
      const rows = await select<GachaGroup>(
        `SELECT \`pool_id\` AS pool_id, max(\`pool_name\`) AS pool_name, \`highest_rarity\` AS highest_rarity, count() AS pulls, sum(\`draw_count\`) AS draws, avg(\`pity_count\`) AS pity
         FROM ${ident(p.table)}${where} GROUP BY \`pool_id\`, \`highest_rarity\``,
        params,
      );
      return rows.map(gachaRowOf);
    },

    async ping() {
      // A health check answers within seconds even when the host swallows packets.
      return (await client.ping({ select: false, abort_signal: AbortSignal.timeout(3_000) }).catch(() => ({ success: false }))).success;
    },

    copiesFilled: () => filling.then(() => undefined),

    close: () => {
      closed = true;
      return client.close();
    },
  };
  return store;
}
