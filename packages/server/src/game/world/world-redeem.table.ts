/** The embedded world's tables of world-redeem.ts (types only, so the schema imports no code). */

export interface GameRedeemBatchesTable {
  batch_id: string;
  name: string;
  kind: string;
  shared_code: string | null;
  code_prefix: string;
  code_length: number;
  code_count: number;
  secret: string;
  /** JSON `Grant[]`. */
  rewards: string;
  per_player_limit: number;
  total_limit: number;
  valid_from: number;
  valid_to: number;
  /** JSON `string[]`, empty for every area. */
  area_ids: string;
  status: string;
  claimed: number;
  updated_at: number;
}

export interface GameRedeemCodeUsesTable {
  batch_id: string;
  code_index: number;
  role_id: string;
  claimed_at: number;
}

export interface GameRedeemTables {
  game_redeem_batches: GameRedeemBatchesTable;
  game_redeem_code_uses: GameRedeemCodeUsesTable;
}
