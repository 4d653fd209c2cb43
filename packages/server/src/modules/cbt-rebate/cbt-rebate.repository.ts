import type { Db, Trx } from '../../db/database.ts';
import type { CbtRebateRow, CbtRebateSettingsRow, NewCbtRebate } from '../../db/cbt-rebate.table.ts';
import type { RebateListQuery, RebateSettings } from '@gm/contract/cbt-rebate.contract.ts';

type Conn = Db | Trx;

export async function findSettings(db: Conn): Promise<CbtRebateSettingsRow | undefined> {
  return db.selectFrom('cbt_rebate_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSettings(trx: Trx, s: RebateSettings, by: string, at: number): Promise<void> {
  const row = { beta_start: s.betaStart, beta_end: s.betaEnd, percent: s.percent, units_per_major: s.unitsPerMajor, updated_by: by, updated_at: at };
  const updated = await trx.updateTable('cbt_rebate_settings').set(row).where('id', '=', 1).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('cbt_rebate_settings').values({ id: 1, ...row }).execute();
}

/** The proposals of these accounts that are not rejected (at most one each). */
export async function openRebatesOf(db: Conn, userIds: readonly string[]): Promise<CbtRebateRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('cbt_rebates').selectAll().where('user_id', 'in', [...userIds]).where('status', '!=', 'rejected').execute();
}

export async function insertRebates(trx: Trx, rows: NewCbtRebate[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('cbt_rebates').values(rows).execute();
}

export async function findRebate(db: Conn, id: string): Promise<CbtRebateRow | undefined> {
  return db.selectFrom('cbt_rebates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a proposed rebate on; false when someone reviewed it first. */
export async function review(trx: Trx, id: string, change: { status: 'approved' | 'rejected'; reviewed_by: string; reviewed_at: number; reject_reason: string | null }): Promise<boolean> {
  const done = await trx.updateTable('cbt_rebates').set(change).where('id', '=', id).where('status', '=', 'proposed').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function pageRebates(db: Conn, q: RebateListQuery): Promise<{ rows: CbtRebateRow[]; total: number }> {
  let base = db.selectFrom('cbt_rebates');
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.userId !== undefined) base = base.where('user_id', '=', q.userId);
  const rows = await base.selectAll().orderBy('proposed_at', 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}
