/**
 * The game's leaderboards (rankings.contract.ts; migration 2026-11-26T1040): boards read from the
 * roles' own figures, best first (ties: the higher role id first, as the board's index orders
 * them), without the roles taken off the board. The embedded gateway answers the reads and
 * applies `removeRankEntries` / `restoreRankEntries`; the reference game server does through it.
 */
import type { Selectable } from 'kysely';
import type { RankBoard } from '@gm/contract/game-commands.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { RankEntry, RankingQuery, RankRemoval, RankRemovalQuery } from '@gm/contract/rankings.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { boundedTotal } from '../../platform/query/bounded-total.ts';
import type { GameRankRemovalsTable } from './world-rankings.table.ts';

type RemovalRow = Selectable<GameRankRemovalsTable>;

/** The role figure each board ranks by. */
export const BOARD_COLUMN = { level: 'level', mainStory: 'main_story_progress', arena: 'pvp_score' } as const satisfies Record<RankBoard, string>;

export async function pageRanking(db: Db, q: RankingQuery): Promise<CappedPage<RankEntry>> {
  const column = BOARD_COLUMN[q.board];
  let base = db
    .selectFrom('game_players')
    .where('role_id', 'not in', db.selectFrom('game_rank_removals').select('role_id').where('board', '=', q.board));
  if (q.areaId !== undefined) base = base.where('area_id', '=', q.areaId);
  const rows = await base
    .select(['role_id', 'role_name', 'area_id', 'level', `${column} as value`])
    .orderBy(column, 'desc')
    .orderBy('role_id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const { total, capped } = await boundedTotal(db, base, q);
  return {
    results: rows.map((r, i) => ({ rank: q.page * q.size + i + 1, roleId: r.role_id, roleName: r.role_name, areaId: r.area_id, level: r.level, value: Number(r.value) })),
    total,
    page: q.page,
    size: q.size,
    totalCapped: capped,
  };
}

export async function pageRemovals(db: Db, q: RankRemovalQuery): Promise<{ results: RankRemoval[]; total: number; page: number; size: number }> {
  let base = db.selectFrom('game_rank_removals').innerJoin('game_players', 'game_players.role_id', 'game_rank_removals.role_id');
  if (q.board !== undefined) base = base.where('game_rank_removals.board', '=', q.board);
  if (q.roleId !== undefined) base = base.where('game_rank_removals.role_id', '=', q.roleId);
  const rows = await base
    .select(['game_rank_removals.board', 'game_rank_removals.role_id', 'game_players.role_name', 'game_players.area_id', 'game_rank_removals.reason', 'game_rank_removals.removed_by', 'game_rank_removals.removed_at'])
    .orderBy('game_rank_removals.removed_at', 'desc')
    .orderBy('game_rank_removals.role_id')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    results: rows.map((r) => ({
      board: r.board as RankBoard,
      roleId: r.role_id,
      roleName: r.role_name,
      areaId: r.area_id,
      reason: r.reason,
      removedBy: r.removed_by,
      removedAt: Number(r.removed_at),
    })),
    total: Number(counted.n),
    page: q.page,
    size: q.size,
  };
}

async function removedOf(trx: Trx, board: RankBoard, roleIds: readonly string[]): Promise<Set<string>> {
  const rows: Pick<RemovalRow, 'role_id'>[] = await trx.selectFrom('game_rank_removals').select('role_id').where('board', '=', board).where('role_id', 'in', [...roleIds]).execute();
  return new Set(rows.map((r) => r.role_id));
}

/** Takes the roles off the board; those already off stay as they were (their first reason kept). */
export async function remove(trx: Trx, board: RankBoard, roleIds: readonly string[], reason: string, by: string, at: number) {
  const already = await removedOf(trx, board, roleIds);
  const fresh = roleIds.filter((id) => !already.has(id));
  if (fresh.length > 0) await trx.insertInto('game_rank_removals').values(fresh.map((role_id) => ({ board, role_id, reason, removed_by: by, removed_at: at }))).execute();
  return roleIds.map((roleId) => ({ roleId, before: { removed: already.has(roleId) }, after: { removed: true } }));
}

export async function restore(trx: Trx, board: RankBoard, roleIds: readonly string[]) {
  const removed = await removedOf(trx, board, roleIds);
  if (removed.size > 0) await trx.deleteFrom('game_rank_removals').where('board', '=', board).where('role_id', 'in', [...removed]).execute();
  return roleIds.map((roleId) => ({ roleId, before: { removed: removed.has(roleId) }, after: { removed: false } }));
}
