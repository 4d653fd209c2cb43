import { ErrorCode } from '@gm/contract/errors.ts';
import {
  DEFAULT_STAT_CURRENCY,
  ONLINE_MINUTE_RESOLUTION_DAYS,
  RETENTION_DAYS,
  TOP_PAYERS_MAX,
  dateOfDay,
  dayNumber,
  type DashboardStats,
  type NewActiveStats,
  type OnlineStats,
  type RechargeByGoodsStats,
  type RechargeByUserStats,
  type RechargeQuery,
  type RechargeStats,
  type RetentionQuery,
  type RetentionStats,
  type StatisticsQuery,
} from '@gm/contract/statistics.contract.ts';
import * as ingestRepository from '../../game/ingest/ingest.repository.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { createDayClock, type DayClock } from '../../platform/display-time.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import type { RollupRange } from '../../platform/log-store/statistics-port.ts';
import { LogStoreUnavailableError } from '../../platform/log-store/log-store.ts';

/**
 * The figures of the "Data statistics" screens (issue 12), from the log store's rollups and the
 * game's online samples; definitions in docs/statistics.md. Nothing here changes data.
 */

const HOUR_MS = 3_600_000;
const clocks = new Map<string, DayClock>();

export function clockOf(ctx: ServiceContext): DayClock {
  const zone = ctx.config.displayTimeZone;
  let clock = clocks.get(zone);
  if (!clock) clocks.set(zone, (clock = createDayClock(zone)));
  return clock;
}

function rangeOf(q: StatisticsQuery): RollupRange {
  return { from: dayNumber(q.start), to: dayNumber(q.end), zones: q.areaIds, channel: q.channel, platform: q.platform };
}

/** A store failure becomes the screen's own message (the spec's words where it has them). */
async function orFail<T>(messageKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A log store that cannot be reached has its own answer (LOG_STORE_UNAVAILABLE, try again).
    if (error instanceof DomainError || error instanceof LogStoreUnavailableError) throw error;
    const failure = new DomainError(ErrorCode.SYSTEM_ERROR, { messageKey });
    failure.cause = error;
    throw failure;
  }
}

// ---------------------------------------------------------------------------------------------
// Online users: the game's samples, per region and in total.
// ---------------------------------------------------------------------------------------------

interface Sample {
  area_id: number;
  at: number;
  online: number;
}

/**
 * Up to two days: every sample as the game sent it. Longer: one point per hour, the hour's mean
 * (rounded). The peak and the average are of the total over every sample, whatever the points.
 */
export function onlineFrom(samples: readonly Sample[], days: number): OnlineStats {
  const hourly = days > ONLINE_MINUTE_RESOLUTION_DAYS;
  const totals = new Map<number, number>();
  for (const s of samples) totals.set(s.at, (totals.get(s.at) ?? 0) + s.online);
  let peak: OnlineStats['peak'] = null;
  let sum = 0;
  for (const [time, online] of totals) {
    sum += online;
    if (!peak || online > peak.online) peak = { online, time };
  }
  const perArea = new Map<number | null, Map<number, number>>();
  const add = (area: number | null, at: number, online: number) => {
    let points = perArea.get(area);
    if (!points) perArea.set(area, (points = new Map<number, number>()));
    points.set(at, (points.get(at) ?? 0) + online);
  };
  for (const s of samples) add(s.area_id, s.at, s.online);
  for (const [at, online] of totals) add(null, at, online);
  const series = [...perArea]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([areaId, points]) => ({ areaId, points: hourly ? byHour(points) : [...points].map(([time, online]) => ({ time, online })) }));
  return { resolution: hourly ? 'hour' : 'minute', series, peak: peak && peak.online > 0 ? peak : null, average: totals.size === 0 ? 0 : sum / totals.size };
}

function byHour(points: Map<number, number>): { time: number; online: number }[] {
  const hours = new Map<number, { sum: number; n: number }>();
  for (const [at, online] of points) {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const h = hours.get(hour) ?? { sum: 0, n: 0 };
    h.sum += online;
    h.n += 1;
    hours.set(hour, h);
  }
  return [...hours].map(([time, h]) => ({ time, online: Math.round(h.sum / h.n) }));
}

export function online(ctx: ServiceContext, q: StatisticsQuery): Promise<OnlineStats> {
  return orFail('errors.statOnlineFailed', async () => {
    const clock = clockOf(ctx);
    const { from, to } = rangeOf(q);
    const samples = await ingestRepository.onlineSamples(ctx.db, { from: clock.startOf(from), to: clock.startOf(to + 1), areaIds: q.areaIds });
    return onlineFrom(samples, to - from + 1);
  });
}

// ---------------------------------------------------------------------------------------------
// New and active users.
// ---------------------------------------------------------------------------------------------

export async function newActive(ctx: ServiceContext, q: StatisticsQuery): Promise<NewActiveStats> {
  const range = rangeOf(q);
  const days = await orFail('errors.statTotalsFailed', () => ctx.logStore.statistics.activity(range));
  const totals = await orFail('errors.statTotalsFailed', () => ctx.logStore.statistics.totals(range));
  return {
    days: days.map((d) => ({ date: dateOfDay(d.day), newAccounts: d.newAccounts, newPlayers: d.newPlayers, newDevices: d.newDevices, dau: d.dau, wau: d.wau, mau: d.mau })),
    totals,
  };
}

// ---------------------------------------------------------------------------------------------
// Recharge.
// ---------------------------------------------------------------------------------------------

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export async function recharge(ctx: ServiceContext, q: RechargeQuery): Promise<RechargeStats> {
  const range = rangeOf(q);
  const [payments, activity] = await orFail('errors.statRechargeFailed', () =>
    Promise.all([ctx.logStore.statistics.payments(range, q.currency), ctx.logStore.statistics.activity(range)]),
  );
  let cumulative = payments.before;
  const days = payments.days.map((d, i) => {
    const dau = activity[i]?.dau ?? 0;
    cumulative += d.revenue;
    return {
      date: dateOfDay(d.day),
      revenue: d.revenue,
      orders: d.orders,
      payers: d.payers,
      payRate: ratio(d.payers, dau),
      arpu: ratio(d.revenue, dau),
      arppu: ratio(d.revenue, d.payers),
      firstPayers: d.firstPayers,
      cumulative,
    };
  });
  return { currency: q.currency, days, cumulative, otherCurrencies: payments.otherCurrencies };
}

export async function rechargeByGoods(ctx: ServiceContext, q: RechargeQuery): Promise<RechargeByGoodsStats> {
  const goods = await orFail('errors.statRechargeFailed', () => ctx.logStore.statistics.goods(rangeOf(q), q.currency));
  const revenue = goods.reduce((sum, g) => sum + g.revenue, 0);
  return { currency: q.currency, revenue, rows: goods.map((g) => ({ ...g, share: ratio(g.revenue, revenue) })) };
}

export async function rechargeByUser(ctx: ServiceContext, q: RechargeQuery): Promise<RechargeByUserStats> {
  const { payers, top } = await orFail('errors.statRechargeFailed', () => ctx.logStore.statistics.payers(rangeOf(q), q.currency, TOP_PAYERS_MAX));
  return { currency: q.currency, payers, rows: top.map(({ zone, ...p }) => ({ ...p, areaId: zone })) };
}

// ---------------------------------------------------------------------------------------------
// Retention.
// ---------------------------------------------------------------------------------------------

/** A retention point still to come (its day after today) has no figure, rather than a 0. */
export async function retention(ctx: ServiceContext, q: RetentionQuery): Promise<RetentionStats> {
  const today = clockOf(ctx).dayOf(ctx.now());
  const cohorts = await orFail('errors.statRetentionFailed', () => ctx.logStore.statistics.retention(q.kind, rangeOf(q)));
  return {
    kind: q.kind,
    cohorts: cohorts.map((c) => {
      const retained: RetentionStats['cohorts'][number]['retained'] = {};
      for (const n of RETENTION_DAYS) if (c.day + n <= today) retained[String(n) as keyof typeof retained] = c.retained.get(n) ?? 0;
      return { date: dateOfDay(c.day), size: c.size, retained };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard.
// ---------------------------------------------------------------------------------------------

export async function dashboard(ctx: ServiceContext): Promise<DashboardStats> {
  const clock = clockOf(ctx);
  const now = ctx.now();
  const today = clock.dayOf(now);
  const samples = await orFail('errors.statOnlineFailed', () => ingestRepository.onlineSamples(ctx.db, { from: now - 24 * HOUR_MS, to: now + 1 }));
  const { series } = onlineFrom(samples, 1);
  const points = series.find((s) => s.areaId === null)?.points ?? [];
  const stats = ctx.logStore.statistics;
  const [todayActivity, todayPayments, yesterdaySoFar] = await orFail('errors.statRechargeFailed', () =>
    Promise.all([
      stats.activity({ from: today, to: today }),
      stats.payments({ from: today, to: today }, DEFAULT_STAT_CURRENCY),
      stats.daySoFar(today - 1, clock.startOf(today - 1) + (now - clock.startOf(today)), DEFAULT_STAT_CURRENCY),
    ]),
  );
  return {
    now,
    online: { current: points[points.length - 1]?.online ?? 0, points },
    today: { newPlayers: todayActivity[0]?.newPlayers ?? 0, dau: todayActivity[0]?.dau ?? 0, revenue: todayPayments.days[0]?.revenue ?? 0 },
    yesterdaySoFar,
    currency: DEFAULT_STAT_CURRENCY,
  };
}
