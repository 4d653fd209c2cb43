import { RETENTION_DAYS, type RetentionStats } from '@gm/contract/statistics.contract.ts';

export type Cohort = RetentionStats['cohorts'][number];
export type RetentionKey = keyof Cohort['retained'];

/** The table's day columns, from the contract's retention points. */
export const RETENTION_KEYS = RETENTION_DAYS.map((day) => String(day) as RetentionKey);

/** Roles (or devices) of the cohort back on day N; null while day N is still to come. */
export function retainedCount(cohort: Cohort, day: RetentionKey): number | null {
  return cohort.retained[day] ?? null;
}

/** The calendar day (YYYY-MM-DD) on which a cohort's day N falls. */
export function dayOf(cohort: Cohort, day: RetentionKey): string {
  const [y, m, d] = cohort.date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + Number(day))).toISOString().slice(0, 10);
}

/**
 * Day N is today (`today` in the display time zone): the figure counts the logins so far and
 * grows until midnight, so it is shown as such and left out of the chart and the average, where
 * an early-morning 3 % would read as a collapse.
 */
export function isSoFar(cohort: Cohort, day: RetentionKey, today: string): boolean {
  return retainedCount(cohort, day) !== null && dayOf(cohort, day) === today;
}

/** Retained / cohort size; null while day N is to come or for an empty cohort. */
export function retentionRate(cohort: Cohort, day: RetentionKey): number | null {
  const count = retainedCount(cohort, day);
  return count === null || cohort.size === 0 ? null : count / cohort.size;
}

/**
 * The heat-map shade of a rate: the console's blue, its opacity growing with the square root of
 * the rate, so that the low rates of later days (3 %, 8 %) still differ at a glance; white text
 * on the dark end.
 */
export function heatShade(rate: number): { background: string; color: string } {
  const clamped = Math.min(1, Math.max(0, rate));
  const alpha = 0.06 + 0.84 * Math.sqrt(clamped);
  return { background: `rgba(22, 119, 255, ${alpha.toFixed(2)})`, color: alpha > 0.55 ? '#fff' : 'rgba(0, 0, 0, 0.88)' };
}
