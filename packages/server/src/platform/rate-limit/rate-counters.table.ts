/** Fixed-window request counters shared by every instance (migration 2026-11-26T1200). */
export interface RateCountersTable {
  /** What is counted and for whom: `notFound:<address>`. */
  key: string;
  count: number;
  /** When the window ends (ms since epoch); a hit after it starts a new one. */
  reset_at: number;
}

export interface RateCounterTables {
  rate_counters: RateCountersTable;
}
