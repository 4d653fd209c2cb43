/** The embedded world's tables of world-grants.ts (types only, so the schema imports no code). */

export interface GameAccountGrantsTable {
  grant_id: string;
  user_id: string;
  not_before: number;
  /** JSON `Grant[]`. */
  grants: string;
  created_at: number;
  delivered_to: string | null;
  delivered_at: number | null;
}

export interface GameGrantTables {
  game_account_grants: GameAccountGrantsTable;
}
