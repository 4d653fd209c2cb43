import { sql, type Expression, type SqlBool } from 'kysely';
import { countBound, type ClaimListQuery } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';

/** Redeem-code claims newest first. */
export async function pageClaims(db: Db, q: ClaimListQuery) {
  const base = db.selectFrom('game_redeem_claims').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.code !== undefined) c.push(eb('code', '=', q.code));
    if (q.batchId !== undefined) c.push(eb('batch_id', '=', q.batchId));
    if (q.roleId !== undefined) c.push(eb('role_id', '=', q.roleId));
    if (q.areaId !== undefined) c.push(eb('area_id', '=', q.areaId));
    if (q.from !== undefined) c.push(eb('claimed_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('claimed_at', '<', q.to));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('claimed_at', 'desc').orderBy('claim_id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  const counted = await db
    .selectFrom(base.select(sql<number>`1`.as('one')).limit(countBound(q.page, q.size) + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  const bound = countBound(q.page, q.size);
  return { rows, total: Math.min(n, bound), capped: n > bound };
}
