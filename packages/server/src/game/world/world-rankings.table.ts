/** The embedded world's tables of world-rankings.ts (types only, so the schema imports no code). */

export interface GameRankRemovalsTable {
  board: string;
  role_id: string;
  reason: string;
  removed_by: string;
  removed_at: number;
}

export interface GameRankTables {
  game_rank_removals: GameRankRemovalsTable;
}
