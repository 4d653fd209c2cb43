import { sql, type Expression, type SqlBool } from 'kysely';
import { LOG_BY_KEY, isSafeIdentifier } from '@gm/contract/log-catalogue.ts';
import type { CommandJournalQuery } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';
import { boundedTotal } from '../../platform/query/bounded-total.ts';
import { containsLiteral } from '../../platform/query/contains.ts';

/** The commands the game received (the embedded game's journal), newest first. */
export async function pageCommands(db: Db, q: CommandJournalQuery) {
  const base = db.selectFrom('game_commands').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.kind !== undefined) c.push(eb('kind', '=', q.kind));
    if (q.status !== undefined) c.push(eb('status', '=', q.status));
    // Ids appear in the command's JSON as quoted strings; `_` and `%` in an id only widen the match.
    if (q.target !== undefined) c.push(containsLiteral('params', JSON.stringify(q.target)));
    if (q.from !== undefined) c.push(eb('applied_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('applied_at', '<', q.to));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('applied_at', 'desc').orderBy('command_id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

export interface GachaRow {
  pool_id: string;
  pool_name: string;
  highest_rarity: number;
  pulls: number;
  draws: number;
  pity: number | null;
}

/**
 * Gacha events per pool and highest rarity in a period, from the gacha log of the SQL log
 * store (its table and columns come from the log catalogue, never from the request).
 */
export async function gachaByPoolAndRarity(db: Db, range: { from: number; to: number }, poolId: string | undefined): Promise<GachaRow[]> {
  const table = LOG_BY_KEY.get('gacha')?.table;
  if (!table || !isSafeIdentifier(table)) throw new Error('the log catalogue has no gacha table');
  const pool = poolId === undefined ? sql`` : sql` and ${sql.ref('pool_id')} = ${poolId}`;
  const { rows } = await sql<GachaRow>`
    select ${sql.ref('pool_id')} as pool_id, max(${sql.ref('pool_name')}) as pool_name, ${sql.ref('highest_rarity')} as highest_rarity,
           count(*) as pulls, sum(${sql.ref('draw_count')}) as draws, avg(${sql.ref('pity_count')}) as pity
    from ${sql.table(table)}
    where ${sql.ref('b_timestamp')} >= ${range.from} and ${sql.ref('b_timestamp')} < ${range.to}${pool}
    group by ${sql.ref('pool_id')}, ${sql.ref('highest_rarity')}`.execute(db);
  return rows.map((r) => ({ ...r, highest_rarity: Number(r.highest_rarity), pulls: Number(r.pulls), draws: Number(r.draws), pity: r.pity === null ? null : Number(r.pity) }));
}
