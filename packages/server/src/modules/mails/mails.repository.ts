/**
 * Queries of the console's mail records (db/mails.table.ts). A private mail's role ids are one
 * JSON text, read only where the whole mail is needed (detail, delivery), never by the list.
 */
import type { MailListQuery } from '@gm/contract/mails.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MailRow, MailUpdate, NewMail } from '../../db/mails.table.ts';
import { containsText } from '../../platform/query/contains.ts';

type Conn = Db | Trx;

/** Every column but the role ids (the list's rows). */
export const SUMMARY_COLUMNS = [
  'id',
  'type',
  'title',
  'sender',
  'area_ids',
  'all_areas',
  'role_count',
  'start_time',
  'end_time',
  'time_zone',
  'start_at',
  'end_at',
  'items',
  'status',
  'failure',
  'batches',
  'batches_done',
  'delivered',
  'unknown_ids',
  'created_by',
  'created_by_name',
  'created_at',
  'updated_at',
  'sent_at',
  'withdrawn_at',
] as const satisfies readonly (keyof MailRow)[];
export type MailSummaryRow = Pick<MailRow, (typeof SUMMARY_COLUMNS)[number]>;

export async function insert(trx: Trx, row: NewMail): Promise<void> {
  await trx.insertInto('mails').values(row).execute();
}

export async function find(db: Conn, id: string): Promise<MailRow | undefined> {
  return db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSummary(db: Conn, id: string): Promise<MailSummaryRow | undefined> {
  return db.selectFrom('mails').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Changes a mail only while its status is still `from` (two operators, or an operator and the job). */
export async function updateIf(trx: Conn, id: string, from: readonly string[], set: MailUpdate): Promise<boolean> {
  const result = await trx.updateTable('mails').set(set).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records one delivered batch, only if it is the next one and the mail is still sending. */
export async function recordBatch(trx: Conn, id: string, batch: number, delivered: number, unknown: number, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('mails')
    .set((eb) => ({
      batches_done: batch + 1,
      delivered: eb('delivered', '+', delivered),
      unknown_ids: eb('unknown_ids', '+', unknown),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('batches_done', '=', batch)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function remove(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('mails').where('id', '=', id).execute();
}

export async function page(db: Conn, q: MailListQuery): Promise<{ rows: MailSummaryRow[]; total: number }> {
  let base = db.selectFrom('mails');
  if (q.status?.length) base = base.where('status', 'in', q.status);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.keyword) {
    const keyword = q.keyword;
    base = base.where(() => containsText('title', keyword));
  }
  if (q.createdBy) base = base.where('created_by_name', '=', q.createdBy);
  if (q.start !== undefined) base = base.where('created_at', '>=', q.start);
  if (q.end !== undefined) base = base.where('created_at', '<', q.end);
  const [rows, count] = await Promise.all([
    base
      .select(SUMMARY_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
