import { sql } from 'kysely';
import type { AuditQuery } from '@gm/contract/audit.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { containsLiteral } from '../query/contains.ts';
import type { NewAuditRow } from './audit.table.ts';

/** A second successful entry for the same game command (a retried request) is not written. */
export async function insert(db: Db | Trx, row: NewAuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values(row)
    // The predicate is a literal: a bound parameter could not be matched to the partial index.
    .onConflict((oc) => oc.column('command_id').where('outcome', '=', sql.lit('ok')).doNothing())
    .execute();
}

/** Newest first. Filters are exact on operator and code, a contains-match on targets. */
export async function page(db: Db, query: AuditQuery) {
  let base = db.selectFrom('audit_log');
  if (query.operator) base = base.where('account_name', '=', query.operator);
  if (query.code !== undefined) base = base.where('code', '=', query.code);
  if (query.outcome) base = base.where('outcome', '=', query.outcome);
  if (query.target) base = base.where(containsLiteral('targets', JSON.stringify(query.target).slice(1, -1)));
  if (query.from !== undefined) base = base.where('at', '>=', query.from);
  if (query.to !== undefined) base = base.where('at', '<', query.to);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.size).offset(query.page * query.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
