/**
 * Data statistics (issue 12): online users, new and active users, recharge, recharge by goods and
 * by user, player and device retention. Every figure is read from rollups that ingest keeps up to
 * date (house plan section 5); definitions in docs/statistics.md.
 *
 * Days are calendar days in the console's display time zone (`DISPLAY_TIME_ZONE`), written
 * `YYYY-MM-DD`; a range names its first and its last day, both included. Money is integer minor
 * units of one currency (`currency`, default CNY): payments in another currency are counted in
 * their own figures, never added to these.
 */
import { z } from 'zod';

/** The longest range one statistics call covers (the issue's "a range over 366 days" is refused). */
export const STAT_RANGE_MAX_DAYS = 366;
/** The spec's retention points (section 9): next day, 3, 7, 15, 21 and 30 days. */
export const RETENTION_DAYS = [1, 3, 7, 15, 21, 30] as const;
export type RetentionDay = (typeof RETENTION_DAYS)[number];
/** Online counts per minute up to this many days; per hour beyond. */
export const ONLINE_MINUTE_RESOLUTION_DAYS = 2;
/** Top payers listed by the recharge-by-user view. */
export const TOP_PAYERS_MAX = 200;
export const DEFAULT_STAT_CURRENCY = 'CNY';
export const RETENTION_KINDS = ['player', 'device'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` to days since 1970-01-01 (the day number the rollups are keyed by), or NaN. */
export function dayNumber(date: string): number {
  if (!DATE.test(date)) return Number.NaN;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = Date.UTC(y, m - 1, d);
  const back = new Date(at);
  // 2026-02-30 is not a day (Date.UTC would roll it over into March).
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return Number.NaN;
  return at / DAY_MS;
}

/** Days since 1970-01-01 to `YYYY-MM-DD`. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const statDate = z.string().refine((v) => !Number.isNaN(dayNumber(v)), { error: 'validation.statDate' });

/** Comma-separated region ids as `b_zone_id` carries them (whole numbers). */
const areaIds = z
  .string()
  .max(2000)
  .refine((v) => v.split(',').every((id) => /^\d{1,10}$/.test(id.trim())), { error: 'validation.statAreaIds' })
  .transform((v) => [...new Set(v.split(',').map((id) => Number(id.trim())))])
  .optional();

const dimension = (max: number) => z.string().trim().min(1).max(max, { error: 'validation.tooLong' }).optional();

const statRange = z.object({
  start: statDate,
  end: statDate,
  areaIds,
  channel: dimension(64),
  platform: dimension(32),
});

/** The range's rules, with the field named: end on or after start, at most 366 days. */
function checkRange(value: { start: string; end: string }, ctx: z.RefinementCtx): void {
  const start = dayNumber(value.start);
  const end = dayNumber(value.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return;
  if (end < start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.statEndBeforeStart' });
  else if (end - start + 1 > STAT_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.statRangeTooLong', params: { maximum: STAT_RANGE_MAX_DAYS } });
}

export const statisticsQuery = statRange.superRefine(checkRange);
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const rechargeQuery = statRange
  .extend({ currency: z.string().regex(/^[A-Z]{3}$/, { error: 'validation.statCurrency' }).default(DEFAULT_STAT_CURRENCY) })
  .superRefine(checkRange);
export type RechargeQuery = z.infer<typeof rechargeQuery>;

export const retentionQuery = statRange.extend({ kind: z.enum(RETENTION_KINDS, { error: 'validation.statKind' }).default('player') }).superRefine(checkRange);
export type RetentionQuery = z.infer<typeof retentionQuery>;

// ---------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------

const count = z.number().int().min(0);
const money = z.number().int();

export const onlinePoint = z.object({ time: z.number(), online: count });
export const onlineStats = z.object({
  resolution: z.enum(['minute', 'hour']),
  /** One series per region with events in the range (or per region asked for), then `all`. */
  series: z.array(z.object({ areaId: z.number().int().nullable(), points: z.array(onlinePoint) })),
  /** The highest total (all regions asked) and when; null when nobody was online. */
  peak: z.object({ online: count, time: z.number() }).nullable(),
  /** Mean of the total over the points up to now. */
  average: z.number(),
});
export type OnlineStats = z.infer<typeof onlineStats>;

export const newActiveDay = z.object({
  date: z.string(),
  newAccounts: count,
  newPlayers: count,
  newDevices: count,
  dau: count,
  wau: count,
  mau: count,
});
export const newActiveStats = z.object({
  days: z.array(newActiveDay),
  /** Accounts, roles and devices ever seen up to the range's last day (the filters apply). */
  totals: z.object({ accounts: count, players: count, devices: count }),
});
export type NewActiveStats = z.infer<typeof newActiveStats>;

export const rechargeDay = z.object({
  date: z.string(),
  revenue: money,
  orders: count,
  payers: count,
  /** Payers / active roles of the day (0 when nobody was active). */
  payRate: z.number(),
  /** Revenue / active roles, in minor units (not rounded). */
  arpu: z.number(),
  /** Revenue / payers, in minor units (not rounded). */
  arppu: z.number(),
  firstPayers: count,
  /** Revenue from the first day on record to this day. */
  cumulative: money,
});
export const rechargeStats = z.object({
  currency: z.string(),
  days: z.array(rechargeDay),
  /** Revenue from the first day on record to the range's last day. */
  cumulative: money,
  /** Other currencies with payments in the range (shown as a hint; their money is not added here). */
  otherCurrencies: z.array(z.string()),
});
export type RechargeStats = z.infer<typeof rechargeStats>;

export const rechargeByGoodsRow = z.object({
  productId: z.string(),
  productName: z.string(),
  revenue: money,
  orders: count,
  payers: count,
  /** Share of the range's revenue, 0 to 1. */
  share: z.number(),
});
export const rechargeByGoodsStats = z.object({ currency: z.string(), revenue: money, rows: z.array(rechargeByGoodsRow) });
export type RechargeByGoodsStats = z.infer<typeof rechargeByGoodsStats>;

export const rechargeByUserRow = z.object({
  roleId: z.string(),
  areaId: z.number().int().nullable(),
  revenue: money,
  orders: count,
  firstPaidAt: z.number(),
  lastPaidAt: z.number(),
});
export const rechargeByUserStats = z.object({ currency: z.string(), payers: count, rows: z.array(rechargeByUserRow) });
export type RechargeByUserStats = z.infer<typeof rechargeByUserStats>;

export const retentionCohort = z.object({
  date: z.string(),
  size: count,
  /** Keys "1", "3", "7", "15", "21", "30"; a key is absent while that day is still to come. */
  retained: z.partialRecord(z.enum(['1', '3', '7', '15', '21', '30']), count),
});
export const retentionStats = z.object({ kind: z.enum(RETENTION_KINDS), cohorts: z.array(retentionCohort) });
export type RetentionStats = z.infer<typeof retentionStats>;

/** The dashboard's game figures: online now with the last 24 hours, today against yesterday at this hour. */
export const dashboardStats = z.object({
  now: z.number(),
  online: z.object({ current: count, points: z.array(onlinePoint) }),
  today: z.object({ newPlayers: count, dau: count, revenue: money }),
  /** Yesterday from its start to the same time of day as now. */
  yesterdaySoFar: z.object({ newPlayers: count, dau: count, revenue: money }),
  currency: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export { STATISTICS_AUDIT_ACTIONS } from './statistics.audit.ts';
