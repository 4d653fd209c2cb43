import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { RETENTION_DAYS, type RetentionKind } from '@gm/contract/statistics.contract.ts';
import type { DayClock } from '../display-time.ts';
import type { LogRow } from './log-store.ts';
import type { ActiveDay, CohortFigure, DaySoFar, GoodsFigure, PaymentDay, RollupRange, StatisticsReader } from './statistics-port.ts';

/**
 * The statistics rollups of the SQL log store (issue 12, house plan section 5): small tables kept
 * up to date in the same transaction that stores new events, so a statistics screen reads a few
 * thousand rows however many events there are. Only events stored for the first time (not a
 * repeated `b_log_id`) reach `applyRollups`, and every rollup is either a set (insert or ignore)
 * or a sum of such events, so repeated batches change nothing and events arriving late or out
 * of order land where they belong. `rebuild` replays the raw logs into empty rollups; a test
 * proves it gives the same tables as the incremental path. Definitions: docs/statistics.md.
 *
 * Tables (days are day numbers of the display time zone; dims are the zone, channel and platform
 * a row is counted under). So that the figures do not depend on the order events arrive in, a
 * role's activity is counted under the dims of its first login ever, a cohort under those of its
 * first event, a payment row under those of its earliest payment, and revenue under each event's
 * own; when a late event turns out to be earlier, what was counted under the old dims moves.
 * - `stat_activity`: one row per (kind, id, day) a role or a device had a login event, with the
 *   instant of the first (the dashboard's "yesterday at this time").
 * - `stat_first`: the first day (and instant) of a role, account, device or payer (`pay:CNY`).
 * - `stat_daily`: per day and dims, DAU and the difference arrays of WAU and MAU (a role counts
 *   for WAU on day t when it was active in [t-6, t]: the days a role's activity covers are runs,
 *   each stored as +1 at its first day and -1 after its last, so WAU(t) is the running sum up to
 *   t; a new active day adds the runs it newly covers).
 * - `stat_retention`: per cohort day, retention point and dims, how many of the cohort were active
 *   that many days after their first day.
 * - `stat_recharge`: revenue and orders per day, hour, dims and currency.
 * - `stat_payment`: per role, currency, product and day, revenue, orders, first and last instant.
 */

export const ROLLUP_TABLES = ['stat_activity', 'stat_first', 'stat_new', 'stat_daily', 'stat_retention', 'stat_recharge', 'stat_payment'] as const;

interface Dims {
  zone: number;
  channel: string;
  platform: string;
}

interface RollupTables {
  stat_activity: { kind: string; id: string; day: number; first_at: number };
  stat_first: { kind: string; id: string; day: number; at: number } & Dims;
  stat_new: { kind: string; day: number; n: number } & Dims;
  stat_daily: { day: number; dau: number; wau_delta: number; mau_delta: number } & Dims;
  stat_retention: { kind: string; cohort: number; after_days: number; n: number } & Dims;
  stat_recharge: { day: number; hour: number; currency: string; revenue: number; orders: number } & Dims;
  stat_payment: { role_id: string; currency: string; product_id: string; product_name: string; day: number; revenue: number; orders: number; first_at: number; last_at: number } & Dims;
}

type RollupDb = Kysely<RollupTables>;

const ID = 'varchar(100) not null';
const DIM_DDL = `"zone" integer not null, "channel" varchar(64) not null, "platform" varchar(32) not null`;

/** DDL of the rollup tables and their indexes (both engines). */
export const ROLLUP_DDL = [
  `create table if not exists "stat_activity" ("kind" varchar(8) not null, "id" ${ID}, "day" integer not null, "first_at" bigint not null, primary key ("kind", "id", "day"))`,
  `create table if not exists "stat_first" ("kind" varchar(8) not null, "id" ${ID}, "day" integer not null, "at" bigint not null, ${DIM_DDL}, primary key ("kind", "id"))`,
  `create index if not exists "stat_first_day_idx" on "stat_first" ("kind", "day")`,
  `create table if not exists "stat_new" ("kind" varchar(8) not null, "day" integer not null, ${DIM_DDL}, "n" integer not null, primary key ("kind", "day", "zone", "channel", "platform"))`,
  `create table if not exists "stat_daily" ("day" integer not null, ${DIM_DDL}, "dau" integer not null, "wau_delta" integer not null, "mau_delta" integer not null, primary key ("day", "zone", "channel", "platform"))`,
  `create table if not exists "stat_retention" ("kind" varchar(8) not null, "cohort" integer not null, "after_days" integer not null, ${DIM_DDL}, "n" integer not null, primary key ("kind", "cohort", "after_days", "zone", "channel", "platform"))`,
  `create table if not exists "stat_recharge" ("day" integer not null, "hour" integer not null, ${DIM_DDL}, "currency" varchar(3) not null, "revenue" bigint not null, "orders" integer not null, primary key ("day", "hour", "zone", "channel", "platform", "currency"))`,
  `create table if not exists "stat_payment" ("role_id" ${ID}, "currency" varchar(3) not null, "product_id" ${ID}, "product_name" varchar(100) not null, "day" integer not null, ${DIM_DDL}, "revenue" bigint not null, "orders" integer not null, "first_at" bigint not null, "last_at" bigint not null, primary key ("role_id", "currency", "product_id", "day"))`,
  `create index if not exists "stat_payment_day_idx" on "stat_payment" ("currency", "day")`,
] as const;

/** Rows per multi-row statement: well inside both engines' parameter limits. */
const CHUNK = 400;
const RETENTION_POINTS = new Set<number>(RETENTION_DAYS);
const MAX_RETENTION_DAY = Math.max(...RETENTION_DAYS);
/**
 * How far from a new active day the counts look: a retention point is at most 30 days after a
 * first day, and what a day adds to MAU depends on the days within 29 of the 30 it covers.
 */
const REACH = 30;
const WINDOWS = { wau_delta: 7, mau_delta: 30 } as const;
const RECHARGE_COMPLETED = 1;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Whether the rollups live on PostgreSQL (a transaction answers like its database). */
const onPostgres = (db: RollupDb) => db.getExecutor().adapter instanceof PostgresAdapter;

type PgType = 'varchar' | 'integer' | 'bigint';

/**
 * PostgreSQL: rows as one array per column, turned back into rows by `unnest`. A batch of any
 * size is one statement of a few parameters, where a multi-row VALUES takes a parameter per cell
 * and a statement per CHUNK rows: each statement is a round trip inside the batch's transaction,
 * and on PostgreSQL the round trips were most of what the rollups cost at ingest (issue 12).
 */
function unnest<R>(types: { readonly [K in keyof R]: PgType }, rows: readonly R[]) {
  const columns = Object.keys(types) as (keyof R & string)[];
  const arrays = columns.map((c) => sql`${sql.val(rows.map((r) => r[c]))}::${sql.raw(types[c])}[]`);
  return sql`select * from unnest(${sql.join(arrays)}) as v(${sql.join(columns.map((c) => sql.ref(c)))})`;
}

/**
 * The inserts that store `rows` in `table`: on PostgreSQL one `insert ... select from unnest(...)`,
 * on SQLite multi-row VALUES of CHUNK rows (SQLite has no arrays; its statements are calls inside
 * the process, not round trips, so it keeps the form it was measured with). The caller adds the
 * conflict clause and runs each.
 */
function inserts<TB extends keyof RollupTables, R extends RollupTables[TB]>(db: RollupDb, table: TB, types: { readonly [K in keyof R]: PgType }, rows: readonly R[]) {
  const into = () => db.insertInto(table);
  if (rows.length === 0) return [];
  if (!onPostgres(db)) return chunks(rows).map((part) => into().values(part as never));
  return [into().columns(Object.keys(types) as never).expression(unnest(types, rows) as never)];
}

/** Reads joined into one PostgreSQL statement, up to this many. */
const BRANCHES = 40;

/**
 * The ids one read looks up: on PostgreSQL all of them (one array parameter), on SQLite CHUNK at a
 * time (IN lists: it has no arrays, and its statements are calls inside the process).
 */
const idGroups = (db: RollupDb, ids: readonly string[]): (readonly string[])[] => (ids.length === 0 ? [] : onPostgres(db) ? [ids] : chunks(ids));

/**
 * `id` is one of `ids`. On PostgreSQL `id = any($1::varchar[])`: the planner reads an IN list as
 * that same `= any(array)` (an index condition of the primary key, not a join), here with one
 * parameter instead of one per id for the driver to write and Kysely to compile.
 */
const idIn = (db: RollupDb, ids: readonly string[]) =>
  onPostgres(db) ? sql<boolean>`${sql.ref('id')} = any(${sql.val(ids)}::varchar[])` : sql<boolean>`${sql.ref('id')} in (${sql.join(ids)})`;

/**
 * PostgreSQL: runs reads that give rows of the same shape as few statements (`union all`), each
 * branch the lookup by the primary key it would be as a statement of its own. Reads join no
 * `unnest`: a join's plan depends on the statistics of tables that grow all day, and a hash join
 * over a whole table was seen.
 */
async function unionAll<R>(branches: readonly { unionAll(other: never): unknown; execute(): Promise<R[]> }[]): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(branches, BRANCHES)) {
    const [first, ...rest] = part;
    if (!first) continue;
    const query = rest.reduce((all, q) => all.unionAll(q as never) as typeof first, first);
    out.push(...(await query.execute()));
  }
  return out;
}

/** Runs reads of one shape: on PostgreSQL joined by `unionAll`, on SQLite one after another (calls in the process). */
async function readAll<R>(db: RollupDb, reads: readonly { unionAll(other: never): unknown; execute(): Promise<R[]> }[]): Promise<R[]> {
  if (onPostgres(db)) return unionAll(reads);
  const out: R[] = [];
  for (const query of reads) out.push(...(await query.execute()));
  return out;
}

/** A write of a batch's rollups, run with the others by `writeAll`. */
interface Write {
  execute(): Promise<unknown>;
}

/** The scans the rollups turn off (`applyRollups`), on again for the rest of the transaction. */
const SCANS_ON = [sql<string>`set_config('enable_seqscan', 'on', true)`.as('seqscan'), sql<string>`set_config('enable_bitmapscan', 'on', true)`.as('bitmapscan')];

/**
 * Runs a batch's writes, once everything they depend on is read. They touch different tables (or
 * different rows) and none reads what another writes, so on PostgreSQL they are one statement, each
 * a data-modifying `with` clause of it (PostgreSQL runs every one once and to completion): one round
 * trip instead of one a table; its `select` turns the scans back on. On SQLite one after another
 * (calls in the process).
 */
async function writeAll(db: RollupDb, writes: readonly Write[]): Promise<void> {
  if (!onPostgres(db)) {
    for (const write of writes) await write.execute();
    return;
  }
  interface WithChain {
    with(name: string, query: () => Write): WithChain;
    selectNoFrom(selection: typeof SCANS_ON): Write;
  }
  let query = db as unknown as WithChain;
  writes.forEach((write, i) => {
    query = query.with(`w${i}`, () => write);
  });
  await query.selectNoFrom(SCANS_ON).execute();
}

const ACTIVITY_TYPES = { kind: 'varchar', id: 'varchar', day: 'integer', first_at: 'bigint' } as const;
const DIM_TYPES = { zone: 'integer', channel: 'varchar', platform: 'varchar' } as const;
const FIRST_TYPES = { kind: 'varchar', id: 'varchar', day: 'integer', at: 'bigint', ...DIM_TYPES } as const;
const NEW_TYPES = { kind: 'varchar', day: 'integer', ...DIM_TYPES, n: 'integer' } as const;
const DAILY_TYPES = { day: 'integer', ...DIM_TYPES, dau: 'integer', wau_delta: 'integer', mau_delta: 'integer' } as const;
const RETENTION_TYPES = { kind: 'varchar', cohort: 'integer', after_days: 'integer', ...DIM_TYPES, n: 'integer' } as const;
const RECHARGE_TYPES = { day: 'integer', hour: 'integer', ...DIM_TYPES, currency: 'varchar', revenue: 'bigint', orders: 'integer' } as const;
const PAYMENT_TYPES = { role_id: 'varchar', currency: 'varchar', product_id: 'varchar', product_name: 'varchar', day: 'integer', ...DIM_TYPES, revenue: 'bigint', orders: 'integer', first_at: 'bigint', last_at: 'bigint' } as const;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
const dimsOf = (row: LogRow): Dims => ({
  zone: typeof row.b_zone_id === 'number' ? row.b_zone_id : 0,
  channel: text(row.b_channel_id, 64),
  platform: text(row.b_platform, 32),
});
const dimsKey = (d: Dims) => `${d.zone}\u0000${d.channel}\u0000${d.platform}`;
const num = (value: unknown) => Number(value ?? 0);
/** The smaller or larger of two columns, in SQL both engines read (SQLite's min(a, b) is PostgreSQL's least). */
const smaller = (a: string, b: string) => sql<number>`case when ${sql.ref(b)} < ${sql.ref(a)} then ${sql.ref(b)} else ${sql.ref(a)} end`;
const larger = (a: string, b: string) => sql<number>`case when ${sql.ref(b)} > ${sql.ref(a)} then ${sql.ref(b)} else ${sql.ref(a)} end`;

/** Adds `n` to a counter keyed by a string, keeping the row that describes the key. */
class Counter<T> {
  readonly rows = new Map<string, { row: T; n: number }>();
  add(key: string, row: T, n: number): void {
    const seen = this.rows.get(key);
    if (seen) seen.n += n;
    else this.rows.set(key, { row, n });
  }
  nonZero(): { row: T; n: number }[] {
    return [...this.rows.values()].filter((e) => e.n !== 0);
  }
}

interface Activity extends Dims {
  id: string;
  day: number;
  at: number;
}

interface FirstSeen extends Dims {
  id: string;
  day: number;
  at: number;
}

/** New login and recharge events of one stored batch (their first storing, never a repeat). */
export interface RollupInput {
  login: readonly LogRow[];
  recharge: readonly LogRow[];
}

/** Keeps the earliest event per key (rows are visited in time order). */
function earliest<T extends { at: number }>(into: Map<string, T>, key: string, value: T): void {
  const seen = into.get(key);
  if (!seen || value.at < seen.at) into.set(key, value);
}

/** The advisory lock that makes batches apply their rollups one at a time on PostgreSQL (any instance). */
const PG_ROLLUP_LOCK = 7_301_948;

/**
 * Counts a batch's new events into the rollups. Runs inside the caller's transaction. The counts
 * read what they change (a first day is looked up, then set; a moved role's days are re-counted),
 * so on PostgreSQL two batches applied at once (two requests, two instances) could both find an
 * id new and both insert it (a unique violation: the batch refused) or both move it from the same
 * old day (counted twice). A transaction-level advisory lock makes them take turns, until commit.
 * SQLite has one writer at a time already.
 *
 * On PostgreSQL the same statement turns off sequential and bitmap scans for the rollups' reads,
 * and the last one (`writeAll`) turns them back on: every read is a lookup of a few hundred ids by a primary
 * key, and the planner's choice between that and a scan of every row of the kind followed the
 * table's size and statistics (at 15,000 players it read the 14,000 roles' rows through the
 * `(kind, day)` index for 280 of them, 3-7 times the time of the lookups; docs/performance.md,
 * "Session 10"). The writes are inserts from `unnest` whose conflicts go by the key either way.
 */
export async function applyRollups<T>(executor: Kysely<T>, clock: DayClock, input: RollupInput): Promise<void> {
  const db = executor as unknown as RollupDb;
  const pg = onPostgres(db);
  if (pg) await sql`select pg_advisory_xact_lock(${PG_ROLLUP_LOCK}), set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`.execute(db);
  const logins = input.login.filter((r) => r.b_event_name === 'login' && typeof r.b_timestamp === 'number');
  const paid = input.recharge.filter((r) => r.status === RECHARGE_COMPLETED && r.is_sandbox !== true && typeof r.b_timestamp === 'number');
  const login = logins.length > 0 ? loginsOf(clock, logins) : undefined;
  const payment = paid.length > 0 ? paymentsOf(clock, paid) : undefined;
  const writes: Write[] = [];
  if (login || payment) {
    // Every kind's first days and the stored days of the batch's roles and devices in one read,
    // everything counted from it, then every write at once (`writeAll`). The kinds touch rows of
    // their own kind only, so the order of the steps between them does not matter.
    const candidates: Record<string, readonly FirstSeen[]> = { ...login?.firsts, ...payment?.firstPayers };
    const stored = await readStored(db, candidates, login?.days ?? []);
    const known = await setFirsts(db, candidates, stored.firsts, writes);
    if (login) await applyLogins(db, login, known, stored.days, writes);
    if (payment) applyPayments(db, payment, writes);
  }
  if (pg || writes.length > 0) await writeAll(db, writes);
}

// ---------------------------------------------------------------------------------------------
// Logins: activity, first days, DAU / WAU / MAU, retention.
// ---------------------------------------------------------------------------------------------

type FirstKind = 'role' | 'account' | 'device';
/** The first-day kind that goes with each activity kind. */
const FIRST_OF = { player: 'role', device: 'device' } as const satisfies Record<RetentionKind, FirstKind>;

/** A batch's logins, gathered: the (kind, id, day) activity, the first day each id is seen, the roles' days wanted. */
interface Logins {
  activity: Record<RetentionKind, Activity[]>;
  firsts: Record<FirstKind, FirstSeen[]>;
  /**
   * The stored days to read: of the roles a month either side of the batch's days (what new days
   * add to WAU and MAU depends on them), of the devices on the batch's days; both say which
   * (kind, id, day) the batch adds.
   */
  days: DaysToRead[];
}

function loginsOf(clock: DayClock, rows: readonly LogRow[]): Logins {
  const activity: Record<RetentionKind, Map<string, Activity>> = { player: new Map(), device: new Map() };
  const firsts: Record<FirstKind, Map<string, FirstSeen>> = { role: new Map(), account: new Map(), device: new Map() };
  for (const row of rows) {
    const at = row.b_timestamp as number;
    const day = clock.dayOf(at);
    const dims = dimsOf(row);
    const role = text(row.b_role_id, 100);
    const device = text(row.b_device_id, 100);
    const account = text(row.b_account_id, 100);
    if (role) {
      earliest(activity.player, `${role}\u0000${day}`, { id: role, day, at, ...dims });
      earliest(firsts.role, role, { id: role, day, at, ...dims });
    }
    if (device) {
      earliest(activity.device, `${device}\u0000${day}`, { id: device, day, at, ...dims });
      earliest(firsts.device, device, { id: device, day, at, ...dims });
    }
    if (account) earliest(firsts.account, account, { id: account, day, at, ...dims });
  }
  const span = (pairs: Map<string, Activity>, reach: number) => {
    const days = [...pairs.values()].map((a) => a.day);
    return { from: Math.min(...days) - reach, to: Math.max(...days) + reach };
  };
  const days: DaysToRead[] = [];
  if (firsts.role.size > 0) days.push({ kind: 'player', ids: [...firsts.role.keys()], range: span(activity.player, REACH) });
  if (firsts.device.size > 0) days.push({ kind: 'device', ids: [...firsts.device.keys()], range: span(activity.device, 0) });
  return {
    activity: { player: [...activity.player.values()], device: [...activity.device.values()] },
    firsts: { account: [...firsts.account.values()], role: [...firsts.role.values()], device: [...firsts.device.values()] },
    days,
  };
}

/**
 * The counts of a batch's logins, once the first days are set: `known` says per kind which ids
 * are new, moved or unchanged, `storedDays` the days stored before the batch (`Logins.days`).
 */
async function applyLogins(db: RollupDb, login: Logins, known: Map<string, FirstMoves>, storedDays: Record<RetentionKind, Map<string, number[]>>, writes: Write[]): Promise<void> {
  const daily: DailyCounter = new Counter();
  const retention = new Counter<{ kind: RetentionKind; cohort: number; after_days: number } & Dims>();
  // The (kind, id, day) the batch adds: those not stored (the read covers every day of the batch).
  const inserted: Record<RetentionKind, Activity[]> = { player: [], device: [] };
  for (const kind of ['player', 'device'] as const) {
    const stored = new Map([...storedDays[kind]].map(([id, days]) => [id, new Set(days)]));
    inserted[kind] = login.activity[kind].filter((a) => !stored.get(a.id)?.has(a.day));
  }
  // Every pair: the new ones stored, and a pair stored before but seen earlier in the day now has
  // its first instant moved (the dashboard's "so far"; only rows whose instant moves are written).
  const rows = (['player', 'device'] as const).flatMap((kind) => login.activity[kind].map((p) => ({ kind, id: p.id, day: p.day, first_at: p.at })));
  for (const query of inserts(db, 'stat_activity', ACTIVITY_TYPES, rows)) {
    writes.push(query.onConflict((oc) => oc.columns(['kind', 'id', 'day']).doUpdateSet({ first_at: smaller('stat_activity.first_at', 'excluded.first_at') }).where(sql<boolean>`${sql.ref('excluded.first_at')} < ${sql.ref('stat_activity.first_at')}`)));
  }
  // The roles' days near the new ones as they are with the batch: those stored and those it adds.
  const near = new Map([...storedDays.player].map(([id, days]) => [id, [...days]]));
  for (const a of inserted.player) near.set(a.id, [...(near.get(a.id) ?? []), a.day]);
  for (const kind of ['player', 'device'] as const) {
    const moves = known.get(FIRST_OF[kind]) ?? { moved: [], unchanged: new Map<string, FirstSeen>() };
    await countRetention(db, kind, inserted[kind], moves, retention);
    if (kind === 'player') await countActive(db, inserted.player, moves, daily, near);
  }
  upsertDaily(db, daily, writes);
  upsertRetention(db, retention, writes);
}

/** The stored days of `ids` (read before the batch's writes) with the days the batch adds to them. */
function withAdded(stored: Map<string, number[]>, inserted: readonly Activity[], ids: ReadonlySet<string>): Map<string, number[]> {
  const out = new Map([...stored].map(([id, days]) => [id, [...days]]));
  for (const a of inserted) if (ids.has(a.id)) out.set(a.id, [...(out.get(a.id) ?? []), a.day]);
  return out;
}

/** A first day that moved earlier (or appeared): `before` is undefined for an id seen the first time. */
interface FirstMove {
  id: string;
  before: FirstSeen | undefined;
  after: FirstSeen;
}

interface FirstMoves {
  moved: FirstMove[];
  unchanged: Map<string, FirstSeen>;
}

/**
 * Keeps the earliest first day of each id (per kind: role, account, device, payer of a currency),
 * and how many ids were first seen per day and dims (`stat_new`: the screens sum a few rows per
 * day instead of counting every id); answers per kind the ids whose first day appeared or moved
 * earlier, and (for the unchanged ones) what the first day is. `existing`: the stored first days
 * of the candidates (`readStored`). A first day moved earlier is updated at once (few: late
 * events); the inserts and counts go to `writes`.
 */
async function setFirsts(db: RollupDb, candidates: Readonly<Record<string, readonly FirstSeen[]>>, existing: Map<string, FirstSeen>, writes: Write[]): Promise<Map<string, FirstMoves>> {
  const out = new Map<string, FirstMoves>();
  const counts = new Counter<{ kind: string; day: number } & Dims>();
  const count = (kind: string, f: FirstSeen, n: number) => counts.add(`${kind}\u0000${f.day}\u0000${dimsKey(f)}`, { kind, day: f.day, zone: f.zone, channel: f.channel, platform: f.platform }, n);
  const fresh: RollupTables['stat_first'][] = [];
  const earlier: RollupTables['stat_first'][] = [];
  for (const [kind, list] of Object.entries(candidates)) {
    const moves: FirstMoves = { moved: [], unchanged: new Map() };
    out.set(kind, moves);
    for (const c of list) {
      const before = existing.get(`${kind}\u0000${c.id}`);
      const row = { kind, id: c.id, day: c.day, at: c.at, zone: c.zone, channel: c.channel, platform: c.platform };
      if (!before) {
        fresh.push(row);
        moves.moved.push({ id: c.id, before: undefined, after: c });
        count(kind, c, 1);
      } else if (c.at < before.at) {
        earlier.push(row);
        if (c.day !== before.day || dimsKey(c) !== dimsKey(before)) {
          moves.moved.push({ id: c.id, before, after: c });
          count(kind, before, -1);
          count(kind, c, 1);
        } else moves.unchanged.set(c.id, c);
      } else {
        moves.unchanged.set(c.id, before);
      }
    }
  }
  // A first day moved earlier (a late event: few) is one update by the primary key, on both
  // engines: an update joined with the arrays' unnest would plan by the table's statistics.
  for (const e of earlier) {
    await db.updateTable('stat_first').set({ day: e.day, at: e.at, zone: e.zone, channel: e.channel, platform: e.platform }).where('kind', '=', e.kind).where('id', '=', e.id).execute();
  }
  writes.push(...inserts(db, 'stat_first', FIRST_TYPES, fresh));
  const news = counts.nonZero().map(({ row, n }) => ({ ...row, n }));
  for (const query of inserts(db, 'stat_new', NEW_TYPES, news)) {
    writes.push(query.onConflict((oc) => oc.columns(['kind', 'day', 'zone', 'channel', 'platform']).doUpdateSet({ n: sql`${sql.ref('stat_new.n')} + ${sql.ref('excluded.n')}` })));
  }
  return out;
}

/** Stored active days to read: of `ids`, within `range`. */
interface DaysToRead {
  kind: RetentionKind;
  ids: string[];
  range: { from: number; to: number };
}

/** What a batch's counts start from, as stored before it. */
interface Stored {
  /** The stored first days of the candidates, keyed by kind and id. */
  firsts: Map<string, FirstSeen>;
  /** The stored active days asked for, per kind and id. */
  days: Record<RetentionKind, Map<string, number[]>>;
}

/**
 * The stored first days of some ids (every kind), and stored active days: on PostgreSQL one
 * statement (a `union all` of lookups by the primary keys), on SQLite one after another.
 */
async function readStored(db: RollupDb, candidates: Readonly<Record<string, readonly FirstSeen[]>>, wanted: readonly DaysToRead[]): Promise<Stored> {
  const stored: Stored = { firsts: new Map(), days: { player: new Map(), device: new Map() } };
  const reads = Object.entries(candidates).flatMap(([kind, list]) =>
    idGroups(db, list.map((c) => c.id)).map((ids) =>
      db.selectFrom('stat_first').select([sql<string>`'first'`.as('source'), 'kind', 'id', 'day', 'at', 'zone', 'channel', 'platform']).where('kind', '=', kind).where(idIn(db, ids)),
    ),
  );
  for (const { kind, ids: all, range } of wanted) {
    for (const ids of idGroups(db, all)) {
      reads.push(
        db
          .selectFrom('stat_activity')
          // The first-day columns, empty, so that both reads are one shape (one statement).
          .select([sql<string>`'days'`.as('source'), 'kind', 'id', 'day', sql<number>`0`.as('at'), sql<number>`0`.as('zone'), sql<string>`''`.as('channel'), sql<string>`''`.as('platform')])
          .where('kind', '=', kind)
          .where(idIn(db, ids))
          .where('day', '>=', range.from)
          .where('day', '<=', range.to) as unknown as (typeof reads)[number],
      );
    }
  }
  for (const r of await readAll(db, reads)) {
    if (r.source === 'days') {
      const byId = stored.days[r.kind as RetentionKind];
      const days = byId.get(r.id) ?? [];
      days.push(Number(r.day));
      byId.set(r.id, days);
    } else {
      stored.firsts.set(`${r.kind}\u0000${r.id}`, { id: r.id, day: Number(r.day), at: Number(r.at), zone: Number(r.zone), channel: r.channel, platform: r.platform });
    }
  }
  return stored;
}

/** Active days wanted: of an id within [from, to], or all of them without a range. */
interface DaysWanted {
  kind: RetentionKind;
  id: string;
  range?: { from: number; to: number };
}

/** Active days of some ids, per kind and id. */
async function activeDays(db: RollupDb, wanted: readonly DaysWanted[]): Promise<Record<RetentionKind, Map<string, number[]>>> {
  const out: Record<RetentionKind, Map<string, number[]>> = { player: new Map(), device: new Map() };
  const add = (r: { kind: string; id: string; day: number }) => {
    const byId = out[r.kind as RetentionKind];
    const days = byId.get(r.id) ?? [];
    days.push(Number(r.day));
    byId.set(r.id, days);
  };
  // An id asked twice would have its days twice.
  const unique = [...new Map(wanted.map((w) => [`${w.kind}\u0000${w.id}`, w])).values()];
  // One lookup per kind and range (the callers ask one range per kind; SQLite: per CHUNK ids); on
  // PostgreSQL every lookup a branch of one statement.
  const groups = new Map<string, { kind: RetentionKind; range: DaysWanted['range']; ids: string[] }>();
  for (const w of unique) {
    const g = `${w.kind}\u0000${w.range?.from ?? ''}\u0000${w.range?.to ?? ''}`;
    const group = groups.get(g) ?? { kind: w.kind, range: w.range, ids: [] };
    group.ids.push(w.id);
    groups.set(g, group);
  }
  const branches = [...groups.values()].flatMap(({ kind, range, ids }) =>
    idGroups(db, ids).map((part) => {
      const query = db.selectFrom('stat_activity').select(['kind', 'id', 'day']).where('kind', '=', kind).where(idIn(db, part));
      return range ? query.where('day', '>=', range.from).where('day', '<=', range.to) : query;
    }),
  );
  for (const r of await readAll(db, branches)) add(r);
  return out;
}

/**
 * Retention counters of the ids a batch touched: what an id counts now (its first day and every
 * active day) less what it counted before (its old first day and the days stored before). Ids
 * whose new days lie past their 30th day count nothing new and are skipped.
 */
async function countRetention(
  db: RollupDb,
  kind: RetentionKind,
  inserted: readonly Activity[],
  firsts: { moved: FirstMove[]; unchanged: Map<string, FirstSeen> },
  counter: Counter<{ kind: RetentionKind; cohort: number; after_days: number } & Dims>,
): Promise<void> {
  const add = (first: FirstSeen, day: number, n: number) => {
    const after = day - first.day;
    if (!RETENTION_POINTS.has(after)) return;
    const dims = { zone: first.zone, channel: first.channel, platform: first.platform };
    counter.add(`${kind}\u0000${first.day}\u0000${after}\u0000${dimsKey(dims)}`, { kind, cohort: first.day, after_days: after, ...dims }, n);
  };
  const touched = new Map<string, { before: FirstSeen | undefined; after: FirstSeen; added: Set<number> }>();
  for (const m of firsts.moved) touched.set(m.id, { before: m.before, after: m.after, added: new Set() });
  for (const a of inserted) {
    let entry = touched.get(a.id);
    if (!entry) {
      const first = firsts.unchanged.get(a.id);
      if (!first || a.day - first.day > MAX_RETENTION_DAY) continue;
      entry = { before: first, after: first, added: new Set() };
      touched.set(a.id, entry);
    }
    entry.added.add(a.day);
  }
  // The days each id counts from: an id seen the first time, or whose first day stayed, only this
  // batch's new days (with the first day unchanged, a day stored before counts the same before and
  // after: nothing to read); one whose first day moved (a late event), its days from the new first
  // day to a month after the old one.
  const late = [...touched].filter(([, e]) => e.before && e.before !== e.after).map(([id]) => id);
  const lateRange = { from: Math.min(...late.map((id) => touched.get(id)?.after.day ?? 0)), to: Math.max(...late.map((id) => touched.get(id)?.before?.day ?? 0)) + MAX_RETENTION_DAY };
  // Read before the batch's writes: its own days are added.
  const lateDays = late.length === 0 ? new Map<string, number[]>() : withAdded((await activeDays(db, late.map((id) => ({ kind, id, range: lateRange }))))[kind], inserted, new Set(late));
  for (const [id, e] of touched) {
    const moved = e.before !== undefined && e.before !== e.after;
    const all = moved ? (lateDays.get(id) ?? []) : [...e.added];
    if (moved && e.before) for (const day of all) if (!e.added.has(day)) add(e.before, day, -1);
    for (const day of all) add(e.after, day, 1);
  }
}

/** The runs of days that active days cover for a window of `width` days: [first, last] each. */
function coverage(days: readonly number[], width: number): [number, number][] {
  const runs: [number, number][] = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && d <= last[1] + 1) last[1] = Math.max(last[1], d + width - 1);
    else runs.push([d, d + width - 1]);
  }
  return runs;
}

type DailyCounter = Counter<{ column: 'dau' | keyof typeof WINDOWS; day: number } & Dims>;

function countDays(counter: DailyCounter, column: 'dau' | keyof typeof WINDOWS, day: number, dims: Dims, n: number): void {
  counter.add(`${column}\u0000${day}\u0000${dimsKey(dims)}`, { column, day, zone: dims.zone, channel: dims.channel, platform: dims.platform }, n);
}

/** Every contribution of a role with these active days, under its dims, times `sign`. */
function countRole(counter: DailyCounter, days: readonly number[], dims: Dims, sign: 1 | -1): void {
  for (const day of days) countDays(counter, 'dau', day, dims, sign);
  for (const [column, width] of Object.entries(WINDOWS) as [keyof typeof WINDOWS, number][]) {
    for (const [first, last] of coverage(days, width)) {
      countDays(counter, column, first, dims, sign);
      countDays(counter, column, last + 1, dims, -sign);
    }
  }
}

/**
 * DAU, WAU and MAU of the new active days, counted under each role's first-login dims. A role
 * whose first login moved to other dims has everything it counted moved; any other role adds
 * what its new days newly cover (the coverage of its days within a month either side).
 */
async function countActive(
  db: RollupDb,
  inserted: readonly Activity[],
  firsts: { moved: FirstMove[]; unchanged: Map<string, FirstSeen> },
  counter: DailyCounter,
  near: Map<string, number[]>,
): Promise<void> {
  const relocated = new Map(firsts.moved.filter((m) => m.before && dimsKey(m.before) !== dimsKey(m.after)).map((m) => [m.id, m]));
  const dimsOfRole = new Map<string, Dims>(firsts.unchanged);
  for (const m of firsts.moved) dimsOfRole.set(m.id, m.after);
  const newDays = new Map<string, number[]>();
  for (const a of inserted) newDays.set(a.id, [...(newDays.get(a.id) ?? []), a.day]);

  if (relocated.size > 0) {
    // Every active day moves with the role (no range: PostgreSQL's integer \`day\` takes no "unbounded" sentinel).
    // Read before the batch's writes: its own days are added.
    const all = withAdded((await activeDays(db, [...relocated.keys()].map((id) => ({ kind: 'player' as const, id })))).player, inserted, new Set(relocated.keys()));
    for (const [id, m] of relocated) {
      const days = all.get(id) ?? [];
      const added = new Set(newDays.get(id) ?? []);
      countRole(counter, days.filter((d) => !added.has(d)), m.before as FirstSeen, -1);
      countRole(counter, days, m.after, 1);
    }
  }
  for (const [id, added] of newDays) {
    const dims = dimsOfRole.get(id);
    if (!dims || relocated.has(id)) continue;
    for (const day of added) countDays(counter, 'dau', day, dims, 1);
    countNewCoverage(counter, near.get(id) ?? [], new Set(added), dims);
  }
}

/**
 * What new active days add to WAU and MAU: the days they cover that the role's other days did not,
 * as +1 where such a stretch starts and -1 after it ends. Only the days from the first new day to
 * a window past the last can change, so only they are looked at.
 */
function countNewCoverage(counter: DailyCounter, days: readonly number[], added: ReadonlySet<number>, dims: Dims): void {
  const lo = Math.min(...added);
  const hi = Math.max(...added);
  for (const [column, width] of Object.entries(WINDOWS) as [keyof typeof WINDOWS, number][]) {
    const span = hi - lo + width + 1;
    const before = new Uint8Array(span);
    const after = new Uint8Array(span);
    for (const d of days) {
      // Day d covers [d, d + width - 1]; only the part inside [lo, lo + span) matters.
      const from = Math.max(d, lo) - lo;
      const to = Math.min(d + width - 1, lo + span - 1) - lo;
      for (let t = from; t <= to; t += 1) {
        after[t] = 1;
        if (!added.has(d)) before[t] = 1;
      }
    }
    let previous = 0;
    for (let t = 0; t < span; t += 1) {
      const fresh = (after[t] ?? 0) - (before[t] ?? 0);
      if (fresh !== previous) countDays(counter, column, lo + t, dims, fresh - previous);
      previous = fresh;
    }
    if (previous !== 0) countDays(counter, column, lo + span, dims, -previous);
  }
}

function upsertDaily(db: RollupDb, counter: DailyCounter, writes: Write[]): void {
  const rows = new Map<string, RollupTables['stat_daily']>();
  for (const { row, n } of counter.nonZero()) {
    const column = row.column;
    const id = `${row.day}\u0000${dimsKey(row)}`;
    const target = rows.get(id) ?? { day: row.day, zone: row.zone, channel: row.channel, platform: row.platform, dau: 0, wau_delta: 0, mau_delta: 0 };
    if (column === 'dau') target.dau += n;
    else if (column === 'wau_delta') target.wau_delta += n;
    else target.mau_delta += n;
    rows.set(id, target);
  }
  for (const query of inserts(db, 'stat_daily', DAILY_TYPES, [...rows.values()])) {
    writes.push(
      query.onConflict((oc) =>
        oc.columns(['day', 'zone', 'channel', 'platform']).doUpdateSet({
          dau: sql`${sql.ref('stat_daily.dau')} + ${sql.ref('excluded.dau')}`,
          wau_delta: sql`${sql.ref('stat_daily.wau_delta')} + ${sql.ref('excluded.wau_delta')}`,
          mau_delta: sql`${sql.ref('stat_daily.mau_delta')} + ${sql.ref('excluded.mau_delta')}`,
        }),
      ),
    );
  }
}

function upsertRetention(db: RollupDb, counter: Counter<{ kind: RetentionKind; cohort: number; after_days: number } & Dims>, writes: Write[]): void {
  for (const query of inserts(db, 'stat_retention', RETENTION_TYPES, counter.nonZero().map(({ row, n }) => ({ ...row, n })))) {
    writes.push(query.onConflict((oc) => oc.columns(['kind', 'cohort', 'after_days', 'zone', 'channel', 'platform']).doUpdateSet({ n: sql`${sql.ref('stat_retention.n')} + ${sql.ref('excluded.n')}` })));
  }
}

// ---------------------------------------------------------------------------------------------
// Payments: revenue per hour, per payer and product, first payers.
// ---------------------------------------------------------------------------------------------

/** A batch's payments, gathered: revenue per hour, per payer, product and day, and the first payment of each payer per currency. */
interface Payments {
  hourly: RollupTables['stat_recharge'][];
  payments: RollupTables['stat_payment'][];
  /** Per payer kind (`pay:CNY`), the earliest payment of each payer. */
  firstPayers: Record<string, FirstSeen[]>;
}

function paymentsOf(clock: DayClock, rows: readonly LogRow[]): Payments {
  const hourly = new Map<string, RollupTables['stat_recharge']>();
  const payments = new Map<string, RollupTables['stat_payment']>();
  const firstPayers = new Map<string, Map<string, FirstSeen>>();
  for (const row of rows) {
    const at = row.b_timestamp as number;
    const day = clock.dayOf(at);
    const dims = dimsOf(row);
    const currency = text(row.currency, 3);
    const amount = num(row.amount);
    const role = text(row.b_role_id, 100);
    const hourKey = `${day}\u0000${clock.hourOf(at)}\u0000${dimsKey(dims)}\u0000${currency}`;
    const h = hourly.get(hourKey) ?? { day, hour: clock.hourOf(at), ...dims, currency, revenue: 0, orders: 0 };
    h.revenue += amount;
    h.orders += 1;
    hourly.set(hourKey, h);
    if (!role) continue;
    const product = text(row.product_id, 100);
    const payKey = `${role}\u0000${currency}\u0000${product}\u0000${day}`;
    const p = payments.get(payKey) ?? { role_id: role, currency, product_id: product, product_name: text(row.product_name, 100), day, ...dims, revenue: 0, orders: 0, first_at: at, last_at: at };
    p.revenue += amount;
    p.orders += 1;
    p.first_at = Math.min(p.first_at, at);
    p.last_at = Math.max(p.last_at, at);
    payments.set(payKey, p);
    const byCurrency = firstPayers.get(currency) ?? new Map<string, FirstSeen>();
    earliest(byCurrency, role, { id: role, day, at, ...dims });
    firstPayers.set(currency, byCurrency);
  }
  return {
    hourly: [...hourly.values()],
    payments: [...payments.values()],
    firstPayers: Object.fromEntries([...firstPayers].map(([currency, payers]) => [payerKind(currency), [...payers.values()]])),
  };
}

/** Revenue per hour and per payer: sums, whatever order the events come in (first payers are set with the other first days). */
function applyPayments(db: RollupDb, { hourly, payments }: Payments, writes: Write[]): void {
  for (const query of inserts(db, 'stat_recharge', RECHARGE_TYPES, hourly)) {
    writes.push(
      query.onConflict((oc) =>
        oc.columns(['day', 'hour', 'zone', 'channel', 'platform', 'currency']).doUpdateSet({
          revenue: sql`${sql.ref('stat_recharge.revenue')} + ${sql.ref('excluded.revenue')}`,
          orders: sql`${sql.ref('stat_recharge.orders')} + ${sql.ref('excluded.orders')}`,
        }),
      ),
    );
  }
  for (const query of inserts(db, 'stat_payment', PAYMENT_TYPES, payments)) {
    writes.push(
      query.onConflict((oc) =>
        oc.columns(['role_id', 'currency', 'product_id', 'day']).doUpdateSet({
          revenue: sql`${sql.ref('stat_payment.revenue')} + ${sql.ref('excluded.revenue')}`,
          orders: sql`${sql.ref('stat_payment.orders')} + ${sql.ref('excluded.orders')}`,
          first_at: smaller('stat_payment.first_at', 'excluded.first_at'),
          last_at: larger('stat_payment.last_at', 'excluded.last_at'),
        }),
      ),
    );
  }
}

const payerKind = (currency: string) => `pay:${currency}`;

// ---------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------

interface Whereable {
  where(column: string, op: string, value: unknown): unknown;
}

/** The region, channel and platform filters of a range, on any rollup table (all carry the dims). */
function withDims<Q>(query: Q, range: RollupRange): Q {
  let q = query as unknown as Whereable;
  if (range.zones && range.zones.length > 0) q = q.where('zone', 'in', [...range.zones]) as Whereable;
  if (range.channel) q = q.where('channel', '=', range.channel) as Whereable;
  if (range.platform) q = q.where('platform', '=', range.platform) as Whereable;
  return q as unknown as Q;
}

/**
 * Creates the rollup tables that are missing. `stat_new` came after the others: on a database
 * whose rollups predate it, it is filled once from `stat_first`, which holds the same counts.
 */
export async function createRollupTables<T>(executor: Kysely<T>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const db = executor as unknown as RollupDb;
  const found = dialect === 'postgres'
    ? sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'stat_new'`
    : sql`select 1 from sqlite_master where type = 'table' and name = 'stat_new'`;
  const hadNew = (await found.execute(db)).rows.length > 0;
  for (const ddl of ROLLUP_DDL) await sql.raw(ddl).execute(db);
  if (!hadNew) {
    await sql`insert into ${sql.table('stat_new')} (${sql.join(['kind', 'day', 'zone', 'channel', 'platform', 'n'].map((c) => sql.ref(c)))})
      select ${sql.join(['kind', 'day', 'zone', 'channel', 'platform'].map((c) => sql.ref(c)))}, count(*) from ${sql.table('stat_first')}
      group by ${sql.join(['kind', 'day', 'zone', 'channel', 'platform'].map((c) => sql.ref(c)))}`.execute(db);
  }
}

/** Empties every rollup (before a rebuild from the raw logs). */
export async function clearRollups<T>(executor: Kysely<T>): Promise<void> {
  const db = executor as unknown as RollupDb;
  for (const table of ROLLUP_TABLES) await db.deleteFrom(table).execute();
}

const FIRST_KINDS = { role: 'newPlayers', account: 'newAccounts', device: 'newDevices' } as const;

export function createRollupReader<T>(executor: Kysely<T>, clock: DayClock, rebuild: () => Promise<number>): StatisticsReader {
  const db = executor as unknown as RollupDb;

  async function activity(range: RollupRange): Promise<ActiveDay[]> {
    // WAU and MAU are running sums of their difference arrays from the first day on record.
    const daily = await withDims(
      db.selectFrom('stat_daily')
        .select(['day', sql<number>`sum(${sql.ref('dau')})`.as('dau'), sql<number>`sum(${sql.ref('wau_delta')})`.as('wau'), sql<number>`sum(${sql.ref('mau_delta')})`.as('mau')])
        .where('day', '<=', range.to)
        .groupBy('day'),
      range,
    ).execute();
    const firsts = await withDims(
      db.selectFrom('stat_new')
        .select(['kind', 'day', sql<number>`sum(${sql.ref('n')})`.as('n')])
        .where('kind', 'in', Object.keys(FIRST_KINDS))
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy(['kind', 'day']), range).execute();
    const byDay = new Map(daily.map((d) => [Number(d.day), d]));
    const out: ActiveDay[] = [];
    let wau = 0;
    let mau = 0;
    for (const d of daily) {
      if (Number(d.day) < range.from) {
        wau += Number(d.wau);
        mau += Number(d.mau);
      }
    }
    for (let day = range.from; day <= range.to; day += 1) {
      const d = byDay.get(day);
      wau += Number(d?.wau ?? 0);
      mau += Number(d?.mau ?? 0);
      out.push({ day, dau: Number(d?.dau ?? 0), wau, mau, newPlayers: 0, newAccounts: 0, newDevices: 0 });
    }
    for (const f of firsts) {
      const row = out[Number(f.day) - range.from];
      const field = FIRST_KINDS[f.kind as keyof typeof FIRST_KINDS];
      if (row && field) row[field] = Number(f.n);
    }
    return out;
  }

  async function totals(range: RollupRange) {
    const rows = await withDims(
      db.selectFrom('stat_new').select(['kind', sql<number>`sum(${sql.ref('n')})`.as('n')]).where('kind', 'in', Object.keys(FIRST_KINDS)).where('day', '<=', range.to).groupBy('kind'), range).execute();
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return { accounts: of('account'), players: of('role'), devices: of('device') };
  }

  async function payments(range: RollupRange, currency: string) {
    const revenue = await withDims(
      db.selectFrom('stat_recharge')
        .select(['day', sql<number>`sum(${sql.ref('revenue')})`.as('revenue'), sql<number>`sum(${sql.ref('orders')})`.as('orders')])
        .where('currency', '=', currency)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('day'), range).execute();
    const before = await withDims(
      db.selectFrom('stat_recharge').select(sql<number>`coalesce(sum(${sql.ref('revenue')}), 0)`.as('revenue')).where('currency', '=', currency).where('day', '<', range.from), range).executeTakeFirst();
    const payers = await withDims(
      db.selectFrom('stat_payment')
        .select(['day', sql<number>`count(distinct ${sql.ref('role_id')})`.as('n')])
        .where('currency', '=', currency)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('day'), range).execute();
    const first = await withDims(
      db.selectFrom('stat_new').select(['day', sql<number>`sum(${sql.ref('n')})`.as('n')]).where('kind', '=', payerKind(currency)).where('day', '>=', range.from).where('day', '<=', range.to).groupBy('day'), range).execute();
    const others = await withDims(
      db.selectFrom('stat_recharge').select('currency').distinct().where('currency', '!=', currency).where('day', '>=', range.from).where('day', '<=', range.to), range).execute();
    const days: PaymentDay[] = [];
    for (let day = range.from; day <= range.to; day += 1) days.push({ day, revenue: 0, orders: 0, payers: 0, firstPayers: 0 });
    const at = (day: unknown) => days[Number(day) - range.from];
    for (const r of revenue) {
      const d = at(r.day);
      if (d) Object.assign(d, { revenue: Number(r.revenue), orders: Number(r.orders) });
    }
    for (const r of payers) {
      const d = at(r.day);
      if (d) d.payers = Number(r.n);
    }
    for (const r of first) {
      const d = at(r.day);
      if (d) d.firstPayers = Number(r.n);
    }
    return { days, before: Number(before?.revenue ?? 0), otherCurrencies: others.map((o) => o.currency).sort() };
  }

  async function goods(range: RollupRange, currency: string): Promise<GoodsFigure[]> {
    const rows = await withDims(
      db.selectFrom('stat_payment')
        .select([
          'product_id',
          sql<string>`max(${sql.ref('product_name')})`.as('product_name'),
          sql<number>`sum(${sql.ref('revenue')})`.as('revenue'),
          sql<number>`sum(${sql.ref('orders')})`.as('orders'),
          sql<number>`count(distinct ${sql.ref('role_id')})`.as('payers'),
        ])
        .where('currency', '=', currency)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('product_id'), range).execute();
    return rows
      .map((r) => ({ productId: r.product_id, productName: r.product_name, revenue: Number(r.revenue), orders: Number(r.orders), payers: Number(r.payers) }))
      .sort((a, b) => b.revenue - a.revenue || a.productId.localeCompare(b.productId));
  }

  async function payers(range: RollupRange, currency: string, limit: number) {
    const top = await withDims(
      db.selectFrom('stat_payment')
        .select([
          'role_id',
          sql<number>`max(${sql.ref('zone')})`.as('zone'),
          sql<number>`sum(${sql.ref('revenue')})`.as('revenue'),
          sql<number>`sum(${sql.ref('orders')})`.as('orders'),
          sql<number>`min(${sql.ref('first_at')})`.as('first_at'),
          sql<number>`max(${sql.ref('last_at')})`.as('last_at'),
        ])
        .where('currency', '=', currency)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('role_id')
        .orderBy(sql`sum(${sql.ref('revenue')})`, 'desc')
        .orderBy('role_id')
        .limit(limit),
      range,
    ).execute();
    const count = await withDims(
      db.selectFrom('stat_payment').select(sql<number>`count(distinct ${sql.ref('role_id')})`.as('n')).where('currency', '=', currency).where('day', '>=', range.from).where('day', '<=', range.to),
      range,
    ).executeTakeFirst();
    return {
      payers: Number(count?.n ?? 0),
      top: top.map((r) => ({ roleId: r.role_id, zone: Number(r.zone), revenue: Number(r.revenue), orders: Number(r.orders), firstPaidAt: Number(r.first_at), lastPaidAt: Number(r.last_at) })),
    };
  }

  async function retention(kind: RetentionKind, range: RollupRange): Promise<CohortFigure[]> {
    const sizes = await withDims(
      db.selectFrom('stat_new').select(['day', sql<number>`sum(${sql.ref('n')})`.as('n')]).where('kind', '=', kind === 'player' ? 'role' : 'device').where('day', '>=', range.from).where('day', '<=', range.to).groupBy('day'), range).execute();
    const kept = await withDims(
      db.selectFrom('stat_retention')
        .select(['cohort', 'after_days', sql<number>`sum(${sql.ref('n')})`.as('n')])
        .where('kind', '=', kind)
        .where('cohort', '>=', range.from)
        .where('cohort', '<=', range.to)
        .groupBy(['cohort', 'after_days']), range).execute();
    const cohorts: CohortFigure[] = [];
    for (let day = range.from; day <= range.to; day += 1) cohorts.push({ day, size: 0, retained: new Map() });
    for (const s of sizes) {
      const c = cohorts[Number(s.day) - range.from];
      if (c) c.size = Number(s.n);
    }
    for (const k of kept) {
      const c = cohorts[Number(k.cohort) - range.from];
      if (c) c.retained.set(Number(k.after_days), Number(k.n));
    }
    return cohorts;
  }

  async function daySoFar(day: number, until: number, currency: string): Promise<DaySoFar> {
    const players = await db.selectFrom('stat_first').select(sql<number>`count(*)`.as('n')).where('kind', '=', 'role').where('day', '=', day).where('at', '<=', until).executeTakeFirst();
    const active = await db.selectFrom('stat_activity').select(sql<number>`count(*)`.as('n')).where('kind', '=', 'player').where('day', '=', day).where('first_at', '<=', until).executeTakeFirst();
    // Revenue is kept per hour: "so far" counts the hours up to and including the one of `until`.
    const revenue = await db
      .selectFrom('stat_recharge')
      .select(sql<number>`coalesce(sum(${sql.ref('revenue')}), 0)`.as('n'))
      .where('currency', '=', currency)
      .where('day', '=', day)
      .where('hour', '<=', clock.hourOf(until))
      .executeTakeFirst();
    return { newPlayers: Number(players?.n ?? 0), dau: Number(active?.n ?? 0), revenue: Number(revenue?.n ?? 0) };
  }

  return { activity, totals, payments, goods, payers, retention, daySoFar, rebuild };
}
