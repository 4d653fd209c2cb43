import type { Insertable, Selectable } from 'kysely';

/** A redeem code batch (issue 13, docs/decisions.md "Redeem codes"); unique codes derive from `secret`. */
export interface RedeemBatchesTable {
  id: string;
  name: string;
  /** shared, unique */
  kind: string;
  shared_code: string | null;
  code_prefix: string;
  code_length: number;
  code_count: number;
  /** Hex; never leaves the console except to the game. */
  secret: string;
  /** JSON `MailItem[]`. */
  rewards: string;
  per_player_limit: number;
  total_limit: number;
  valid_from: number;
  valid_to: number;
  /** JSON `string[]`; empty for every region. */
  area_ids: string;
  /** active, disabled */
  status: string;
  version: number;
  published_version: number | null;
  publish_error: string | null;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface RedeemBatchTables {
  redeem_batches: RedeemBatchesTable;
}

export type RedeemBatchRow = Selectable<RedeemBatchesTable>;
export type NewRedeemBatch = Insertable<RedeemBatchesTable>;
