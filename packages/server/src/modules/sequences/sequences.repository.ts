import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { IdSequenceRow, IdSequencesTable } from '../../db/basic-management.table.ts';
import { containsText } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

function filtered(db: Executor, keyword: string | undefined) {
  let query = db.selectFrom('id_sequences');
  if (keyword) query = query.where((eb) => eb.or([containsText('name', keyword), containsText('description', keyword)]));
  return query;
}

export async function page(db: Executor, keyword: string | undefined, paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, keyword).selectAll().orderBy('name', 'asc').limit(paging.size).offset(paging.page * paging.size).execute(),
    filtered(db, keyword).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findById(db: Executor, id: string): Promise<IdSequenceRow | undefined> {
  return db.selectFrom('id_sequences').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByName(db: Executor, name: string): Promise<IdSequenceRow | undefined> {
  return db.selectFrom('id_sequences').selectAll().where('name', '=', name).executeTakeFirst();
}

export function findByIds(db: Executor, ids: readonly string[]): Promise<IdSequenceRow[]> {
  return db.selectFrom('id_sequences').selectAll().where('id', 'in', ids).execute();
}

export async function insert(trx: Trx, row: Insertable<IdSequencesTable>): Promise<void> {
  await trx.insertInto('id_sequences').values(row).execute();
}

/**
 * One conditional UPDATE, so a concurrent `next` cannot slip in between the check and the
 * write: the current value moves only forward (`current <= target`) and stays within the new
 * maximum. Answers the updated row, or undefined when the condition no longer holds.
 */
export function updateGuarded(
  trx: Trx,
  id: string,
  changes: { description: string; step: number; maxValue: number; currentValue: number | undefined; by: string; at: number },
): Promise<IdSequenceRow | undefined> {
  const ceiling = changes.currentValue ?? changes.maxValue;
  return trx
    .updateTable('id_sequences')
    .set({
      description: changes.description,
      step: changes.step,
      max_value: changes.maxValue,
      ...(changes.currentValue !== undefined ? { current_value: changes.currentValue } : {}),
      updated_by: changes.by,
      updated_at: changes.at,
    })
    .where('id', '=', id)
    .where('current_value', '<=', ceiling)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Hands out `delta` more: `current += delta` only while that stays within the maximum. The
 * row lock of the UPDATE serializes concurrent calls on PostgreSQL; SQLite has one writer.
 */
export function advance(trx: Trx, id: string, delta: number, by: string, at: number): Promise<IdSequenceRow | undefined> {
  return trx
    .updateTable('id_sequences')
    .set((eb) => ({ current_value: eb('current_value', '+', delta), updated_by: by, updated_at: at }))
    .where('id', '=', id)
    .where((eb) => eb(eb('current_value', '+', delta), '<=', eb.ref('max_value')))
    .returningAll()
    .executeTakeFirst();
}

export async function remove(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('id_sequences').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
