import type { Generated, Insertable, Selectable } from 'kysely';

/** Booleans are 0/1 integers and times epoch milliseconds, the same on SQLite and PostgreSQL. */
export interface GamesTable {
  id: string;
  name: string;
  /**
   * The shared secret of the ingest signature, stored as is: an HMAC can only be checked with
   * the key itself, so a hash would not do (docs/ingest.md, "Keys").
   */
  ingest_key: string;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Signatures seen within the timestamp window, so a captured request cannot be replayed. */
export interface IngestNoncesTable {
  game_id: string;
  signature: string;
  /** The request's X-Timestamp in ms. */
  signed_at: number;
  received_at: number;
}

export interface OnlineSamplesTable {
  game_id: string;
  area_id: number;
  at: number;
  online: number;
  queue: number;
  received_at: number;
}

/** The latest snapshot of each player (role) a game reported: spec section 3 "Player (role)". */
export interface PlayerSnapshotsTable {
  game_id: string;
  role_id: string;
  role_name: string;
  user_id: string;
  third_id: string | null;
  account: string;
  area_id: number;
  level: number;
  union_name: string | null;
  identity_mark: number;
  identity_remark: string;
  create_time: number;
  last_login_time: number | null;
  recent_login_time: number | null;
  offline_time: number | null;
  is_online: number;
  is_recharge: number;
  recharge_currency: number;
  non_recharge_currency: number;
  mute_mark: number;
  ban_mark: number;
  main_story_progress: string;
  current_exp: number;
  energy: number;
  union_coin: number;
  pvp_rank: number;
  pvp_score: number;
  snapshot_at: number;
  received_at: number;
}

export interface IngestTables {
  games: GamesTable;
  ingest_nonces: IngestNoncesTable;
  online_samples: OnlineSamplesTable;
  player_snapshots: PlayerSnapshotsTable;
}

export type GameRow = Selectable<GamesTable>;
export type NewOnlineSample = Insertable<OnlineSamplesTable>;
export type NewPlayerSnapshot = Insertable<PlayerSnapshotsTable>;
