import { sql } from 'kysely';
import type { ExceptionQuery, GameCallQuery } from '@gm/contract/system-logs.contract.ts';
import type { Db } from '../../db/database.ts';
import type { NewGameCallRow, NewSystemExceptionRow } from '../../db/system-logs.table.ts';
import { boundedTotal } from '../query/bounded-total.ts';
import { containsText } from '../query/contains.ts';

/**
 * Writes an exception unless `limit` rows of its fingerprint already began in the minute before
 * it: then the repeat is counted on the latest of them (occurrences, last_at). A storm of one
 * failure costs a few rows a minute, not one per request.
 */
export async function insertException(db: Db, row: NewSystemExceptionRow & { at: number }, limit: number): Promise<'inserted' | 'counted'> {
  const recent = await db
    .selectFrom('system_exceptions')
    .select('id')
    .where('fingerprint', '=', row.fingerprint)
    .where('at', '>', row.at - 60_000)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const latest = recent[0];
  if (latest && recent.length >= limit) {
    await db
      .updateTable('system_exceptions')
      .set((eb) => ({ occurrences: eb('occurrences', '+', 1), last_at: sql<number>`case when ${sql.ref('last_at')} > ${row.at} then ${sql.ref('last_at')} else ${row.at} end` }))
      .where('id', '=', latest.id)
      .execute();
    return 'counted';
  }
  await db.insertInto('system_exceptions').values(row).execute();
  return 'inserted';
}

export async function insertGameCalls(db: Db, rows: NewGameCallRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('game_calls').values(rows).execute();
}

/** Rows that began before `before` go, in both logs. */
export async function deleteOlderThan(db: Db, before: number): Promise<void> {
  await db.deleteFrom('system_exceptions').where('at', '<', before).execute();
  await db.deleteFrom('game_calls').where('at', '<', before).execute();
}

/** Newest first; the total is counted no further than the page asked for needs (boundedTotal). */
export async function pageExceptions(db: Db, query: ExceptionQuery) {
  let base = db.selectFrom('system_exceptions');
  if (query.start !== undefined) base = base.where('at', '>=', query.start);
  if (query.end !== undefined) base = base.where('at', '<', query.end);
  if (query.source) base = base.where('source', '=', query.source);
  if (query.what) base = base.where(containsText('what', query.what));
  if (query.operator) base = base.where('operator', '=', query.operator);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'at', 'last_at', 'source', 'what', 'operator', 'request_id', 'error_code', 'message', 'occurrences', 'instance'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
    boundedTotal(db, base, query),
  ]);
  return { rows, ...total };
}

export async function findException(db: Db, id: string) {
  return db.selectFrom('system_exceptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pageGameCalls(db: Db, query: GameCallQuery) {
  let base = db.selectFrom('game_calls');
  if (query.start !== undefined) base = base.where('at', '>=', query.start);
  if (query.end !== undefined) base = base.where('at', '<', query.end);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.outcome) base = base.where('outcome', '=', query.outcome);
  if (query.name) base = base.where(containsText('name', query.name));
  if (query.operator) base = base.where('operator', '=', query.operator);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.size).offset(query.page * query.size).execute(),
    boundedTotal(db, base, query),
  ]);
  return { rows, ...total };
}
