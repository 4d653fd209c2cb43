import type { Insertable, Selectable } from 'kysely';

/**
 * What the game reports besides its world state (migration 2026-11-22T1200): players' reports
 * of each other and redeem-code claims. The game writes them as they happen (the embedded
 * world's seed and simulator here, a real game through its own tables); the console reads them.
 */

/** One player's report of another (spec section 3 "Player report"). */
export interface GameReportsTable {
  report_id: string;
  /** The reported role: the one a mute or ban from the report acts on. */
  role_id: string;
  /** The reported role's name and area when the report was filed. */
  role_name: string;
  area_id: string;
  reporter_role_id: string;
  /** `REPORT_REASONS`: cheating, abuse, spam, inappropriateName, fraud, other. */
  reason: string;
  content: string;
  reported_at: number;
}

/** One redemption of a redeem code by a role. */
export interface GameRedeemClaimsTable {
  claim_id: string;
  code: string;
  /** The code batch (campaign) the code belongs to. */
  batch_id: string;
  batch_name: string;
  role_id: string;
  role_name: string;
  user_id: string;
  area_id: string;
  /** JSON `Grant[]`: what the code gave. */
  rewards: string;
  claimed_at: number;
}

export interface GameReportTables {
  game_reports: GameReportsTable;
  game_redeem_claims: GameRedeemClaimsTable;
}

export type GameReportRow = Selectable<GameReportsTable>;
export type NewGameReport = Insertable<GameReportsTable>;
export type GameRedeemClaimRow = Selectable<GameRedeemClaimsTable>;
export type NewGameRedeemClaim = Insertable<GameRedeemClaimsTable>;
