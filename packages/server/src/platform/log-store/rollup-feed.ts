import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { DayClock } from '../display-time.ts';
import type { LogRow } from './log-store.ts';
import { PG_DDL_LOCK } from './sql-log-store.ts';
import { applyRollups, clearRollups, createRollupTables, type RollupInput } from './sql-rollups.ts';

/**
 * The statistics rollups of a log store that is not the main database (ClickHouse): the same
 * rollup tables and code as the SQL store's (sql-rollups.ts), in the main database, fed by
 * ingest. A store without unique keys cannot say which events are new in the transaction that
 * updates the rollups, so the main database keeps the ids of the login and recharge events it
 * has counted (`stat_seen_event`): a batch's rows are offered to it (`on conflict do nothing`),
 * and only the ids it had not seen reach `applyRollups`, in the same transaction. Two instances
 * offering the same batch at once, or a batch retried after the column store kept part of it,
 * count each event once.
 *
 * The seen ids are kept for `SEEN_WINDOW_MS` after they arrive, not for ever (one row per login
 * and recharge event grew without bound): `at` is the arrival time, and ids older than the window
 * are deleted at most once an hour per instance. What must stay deduplicated is a repeat of a
 * delivery, and repeats come soon: a game's retry within minutes, two instances racing within
 * seconds, a batch retried after ClickHouse kept part of it within minutes. An event delivered
 * again more than 30 days after it first arrived is counted again. Late events are not repeats:
 * an event first delivered 60 days after it happened arrives now and is kept for 30 days.
 */

interface SeenTables {
  stat_seen_event: { log: string; b_log_id: string; at: number };
}

export const SEEN_DDL = `create table if not exists "stat_seen_event" ("log" varchar(16) not null, "b_log_id" varchar(100) not null, "at" bigint not null, primary key ("log", "b_log_id"))`;

/** How long after its arrival an id stays known (a repeat within it is not counted again). */
export const SEEN_WINDOW_MS = 30 * 86_400_000;
/** Pruning runs at most this often per main database and instance. */
const PRUNE_EVERY_MS = 3_600_000;
const lastPruned = new WeakMap<object, number>();

/** Forgets the ids that arrived before `now - SEEN_WINDOW_MS`; answers how many. */
export async function pruneSeenEvents<T>(db: Kysely<T>, now = Date.now()): Promise<number> {
  const result = await (db as unknown as Kysely<SeenTables>).deleteFrom('stat_seen_event').where('at', '<', now - SEEN_WINDOW_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows per statement: three parameters a row, far inside both engines' limits. */
const CHUNK = 500;

/**
 * Creates the rollup tables and the seen-ids table when missing; answers whether one was missing
 * (a first start on this database, or rollups dropped: they must be rebuilt from the store).
 */
export async function ensureRollupFeed(database: Pick<Database, 'db' | 'dialect'>): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PG_DDL_LOCK})`.execute(trx);
    // The seen ids, or the rollups themselves (dropped, or older than the store): both made again.
    const tables = ['stat_seen_event', 'stat_daily'];
    const found =
      database.dialect === 'postgres'
        ? sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name in (${sql.join(tables)})`
        : sql`select 1 from sqlite_master where type = 'table' and name in (${sql.join(tables)})`;
    const missing = (await found.execute(trx)).rows.length < tables.length;
    await createRollupTables<DB>(trx, database.dialect);
    await sql.raw(SEEN_DDL).execute(trx);
    // The hourly prune deletes by arrival time: without it, a scan of every id kept.
    await sql.raw(`create index if not exists "stat_seen_event_at" on "stat_seen_event" ("at")`).execute(trx);
    return missing;
  });
}

/** The rows whose ids the table had not seen (each id once, the first row given for it). */
async function firstSeen(trx: Kysely<SeenTables>, log: string, rows: readonly LogRow[], now: number): Promise<LogRow[]> {
  const byId = new Map<string, LogRow>();
  for (const row of rows) {
    const id = row.b_log_id;
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, row);
  }
  const fresh: LogRow[] = [];
  const entries = [...byId.entries()];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const part = entries.slice(i, i + CHUNK);
    const inserted = await trx
      .insertInto('stat_seen_event')
      // The arrival time (the window is counted from it); rows stored before session 8 hold the event's time.
      .values(part.map(([id]) => ({ log, b_log_id: id, at: now })))
      .onConflict((oc) => oc.columns(['log', 'b_log_id']).doNothing())
      .returning('b_log_id')
      .execute();
    for (const { b_log_id } of inserted) fresh.push(byId.get(b_log_id) as LogRow);
  }
  return fresh;
}

/** Offers login and recharge rows to the rollups: those never counted before are, in one transaction. */
export async function feedRollups<T>(db: Kysely<T>, clock: DayClock, input: RollupInput, now = Date.now()): Promise<void> {
  if (input.login.length === 0 && input.recharge.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const seen = trx as unknown as Kysely<SeenTables>;
    const fresh: RollupInput = { login: await firstSeen(seen, 'login', input.login, now), recharge: await firstSeen(seen, 'recharge', input.recharge, now) };
    if (fresh.login.length > 0 || fresh.recharge.length > 0) await applyRollups(trx, clock, fresh);
  });
  // After the batch's own transaction, which the delete never holds up.
  if (now - (lastPruned.get(db) ?? 0) >= PRUNE_EVERY_MS) {
    lastPruned.set(db, now);
    await pruneSeenEvents(db, now);
  }
}

/** Empties the rollups and the seen ids, before a replay of the store's login and recharge logs. */
export async function clearRollupFeed<T>(db: Kysely<T>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await clearRollups(trx);
    await (trx as unknown as Kysely<SeenTables>).deleteFrom('stat_seen_event').execute();
  });
}
