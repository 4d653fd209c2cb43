import type { Insertable, Selectable } from 'kysely';

/** The beta window and the rebate rule: one row, id 1 (issue 14, docs/decisions.md "Beta-test rebate"). */
export interface CbtRebateSettingsTable {
  id: number;
  beta_start: number;
  beta_end: number;
  percent: number;
  units_per_major: number;
  updated_by: string;
  updated_at: number;
}

/** A proposed rebate and its review. Money in minor units, the amount in recharge currency. */
export interface CbtRebatesTable {
  id: string;
  user_id: string;
  account: string;
  paid: number;
  currency: string;
  percent: number;
  units_per_major: number;
  amount: number;
  /** The beta's end when proposed: the game grants it to the first role created from then on. */
  not_before: number;
  /** proposed, approved, rejected */
  status: string;
  note: string;
  proposed_by: string;
  proposed_at: number;
  reviewed_by: string | null;
  reviewed_at: number | null;
  reject_reason: string | null;
}

export interface CbtRebateTables {
  cbt_rebate_settings: CbtRebateSettingsTable;
  cbt_rebates: CbtRebatesTable;
}

export type CbtRebateRow = Selectable<CbtRebatesTable>;
export type NewCbtRebate = Insertable<CbtRebatesTable>;
export type CbtRebateSettingsRow = Selectable<CbtRebateSettingsTable>;
