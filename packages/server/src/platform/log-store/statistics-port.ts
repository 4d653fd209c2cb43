import type { RetentionKind } from '@gm/contract/statistics.contract.ts';

/**
 * The statistics side of the log store (issue 12): figures read from rollups that the store
 * keeps as it stores events, so a column store can serve them from its own materialized views
 * without a caller knowing (house plan sections 5 and 9). Days are day numbers of the display
 * time zone (days since 1970-01-01 there); money is integer minor units of one currency.
 */

/** Days [from, to], both included, and the filters every figure takes. */
export interface RollupRange {
  from: number;
  to: number;
  /** Region ids as `b_zone_id` carries them; none: every region. */
  zones?: readonly number[] | undefined;
  channel?: string | undefined;
  platform?: string | undefined;
}

export interface ActiveDay {
  day: number;
  dau: number;
  wau: number;
  mau: number;
  newPlayers: number;
  newAccounts: number;
  newDevices: number;
}

export interface PaymentDay {
  day: number;
  revenue: number;
  orders: number;
  payers: number;
  firstPayers: number;
}

export interface GoodsFigure {
  productId: string;
  productName: string;
  revenue: number;
  orders: number;
  payers: number;
}

export interface PayerFigure {
  roleId: string;
  zone: number;
  revenue: number;
  orders: number;
  firstPaidAt: number;
  lastPaidAt: number;
}

export interface CohortFigure {
  day: number;
  size: number;
  /** Retention point (days after the first) to how many were active then. */
  retained: Map<number, number>;
}

/** How much of a day had happened by an instant (the dashboard's "yesterday at this hour"). */
export interface DaySoFar {
  newPlayers: number;
  dau: number;
  revenue: number;
}

export interface StatisticsReader {
  /** Per day of the range (days without activity included, as zeros). */
  activity(range: RollupRange): Promise<ActiveDay[]>;
  /** Accounts, roles and devices first seen on or before the range's last day. */
  totals(range: RollupRange): Promise<{ accounts: number; players: number; devices: number }>;
  /** Per day of the range; `before` is the revenue of every day before the range. */
  payments(range: RollupRange, currency: string): Promise<{ days: PaymentDay[]; before: number; otherCurrencies: string[] }>;
  /** Per product over the range, most revenue first. */
  goods(range: RollupRange, currency: string): Promise<GoodsFigure[]>;
  /** The top payers over the range, most revenue first, and how many paid at all. */
  payers(range: RollupRange, currency: string, limit: number): Promise<{ payers: number; top: PayerFigure[] }>;
  /** Cohorts by first day (of a role or a device) within the range. */
  retention(kind: RetentionKind, range: RollupRange): Promise<CohortFigure[]>;
  /** One day's new roles, active roles and revenue up to an instant of that day. */
  daySoFar(day: number, until: number, currency: string): Promise<DaySoFar>;
  /** Empties the rollups and fills them again from the raw logs; answers the events replayed. */
  rebuild(): Promise<number>;
}
