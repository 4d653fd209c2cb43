import type { Db, Trx } from '../../db/database.ts';
import type { NewRedeemBatch, RedeemBatchesTable, RedeemBatchRow } from '../../db/redeem-batches.table.ts';
import type { RedeemBatchQuery } from '@gm/contract/redeem-codes.contract.ts';
import { containsText } from '../../platform/query/contains.ts';

type Conn = Db | Trx;

export async function findBatch(db: Conn, id: string): Promise<RedeemBatchRow | undefined> {
  return db.selectFrom('redeem_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBySharedCode(db: Conn, code: string): Promise<RedeemBatchRow | undefined> {
  return db.selectFrom('redeem_batches').selectAll().where('shared_code', '=', code).executeTakeFirst();
}

export async function insertBatch(trx: Trx, row: NewRedeemBatch): Promise<void> {
  await trx.insertInto('redeem_batches').values(row).execute();
}

/** Changes a batch only if it is still at `version` (a concurrent change wins once); true when it did. */
export async function updateBatch(trx: Trx, id: string, version: number, changes: Partial<Omit<RedeemBatchesTable, 'id'>>): Promise<boolean> {
  const r = await trx.updateTable('redeem_batches').set(changes).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** What the game answered for a version: published, or why not. A later version is left alone. */
export async function markPublished(db: Conn, id: string, version: number, error: string | null): Promise<void> {
  await db
    .updateTable('redeem_batches')
    .set(error === null ? { published_version: version, publish_error: null } : { publish_error: error.slice(0, 255) })
    .where('id', '=', id)
    .where('version', '=', version)
    .execute();
}

export async function pageBatches(db: Conn, q: RedeemBatchQuery): Promise<{ rows: RedeemBatchRow[]; total: number }> {
  let base = db.selectFrom('redeem_batches');
  if (q.kind !== undefined) base = base.where('kind', '=', q.kind);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.name !== undefined && q.name !== '') {
    const name = q.name;
    base = base.where((eb) => eb.or([containsText('name', name), eb('shared_code', '=', name.toUpperCase()), eb('id', '=', name)]));
  }
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}
