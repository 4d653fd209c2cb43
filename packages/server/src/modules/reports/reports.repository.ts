import { sql, type Expression, type SqlBool } from 'kysely';
import { countBound, type ReportListQuery } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';

/** Reports newest first, with the reported role's current mute and ban ends. */
export async function pageReports(db: Db, q: ReportListQuery) {
  const base = db.selectFrom('game_reports').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.roleId !== undefined) c.push(eb('game_reports.role_id', '=', q.roleId));
    if (q.areaId !== undefined) c.push(eb('game_reports.area_id', '=', q.areaId));
    if (q.reason !== undefined) c.push(eb('game_reports.reason', '=', q.reason));
    if (q.from !== undefined) c.push(eb('game_reports.reported_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('game_reports.reported_at', '<', q.to));
    return eb.and(c);
  });
  const rows = await base
    .leftJoin('game_players', 'game_players.role_id', 'game_reports.role_id')
    .selectAll('game_reports')
    .select(['game_players.mute_until', 'game_players.ban_until'])
    .orderBy('game_reports.reported_at', 'desc')
    .orderBy('game_reports.report_id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const counted = await db
    .selectFrom(base.select(sql<number>`1`.as('one')).limit(countBound(q.page, q.size) + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  const bound = countBound(q.page, q.size);
  return { rows, total: Math.min(n, bound), capped: n > bound };
}

/** How many reports name each role, in all. */
export async function reportCounts(db: Db, roleIds: readonly string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_reports')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', [...new Set(roleIds)])
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}
