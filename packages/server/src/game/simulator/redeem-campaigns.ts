/**
 * The shapes of redeem-code campaigns and of the codes roles hold, apart from redeem-codes.ts so
 * that the run context and the player state can name them without importing the code that
 * redeems (which itself works on the player state): types only, no cycle.
 */
import type { RedeemBatch } from '../world/reports.seed.ts';

export interface RedeemCampaign {
  batch: RedeemBatch;
  startsAt: number;
  endsAt: number;
  /** Share of new and playing roles that get the code. */
  reach: number;
}

/** A code a role has and has not redeemed yet. */
export interface HeldCode {
  campaign: RedeemCampaign;
  code: string;
}
