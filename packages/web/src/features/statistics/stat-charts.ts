import type { NewActiveStats, OnlineStats, RechargeByGoodsStats, RechargeByUserStats, RechargeStats, RetentionStats } from '@gm/contract/statistics.contract.ts';
import { startOfDayInZone, zoneOffsetMs } from '../../shared/format.ts';
import type { ChartOption } from './chart-option.ts';
import { isSoFar, retentionRate } from './retention.ts';
import { formatCount, formatMoney, formatPercent, moneyUnits } from './stat-format.ts';

/**
 * The statistics charts' options, built from the API's answers (pure: no ECharts here). Names
 * are passed in, already translated. Money is drawn in currency units.
 */
const GRID = { left: 16, right: 24, top: 56, bottom: 16, containLabel: true } as const;
const LEGEND = { type: 'scroll', top: 8 } as const;
const countAxis = { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v) } } as const;
const moneyAxis = { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v) } } as const;
/** The peak's pin on the online chart: it stands this tall above its point. */
const PEAK_PIN = 44;
const countTooltip = { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? formatCount(v) : '–') } as const;

/**
 * Epoch milliseconds -> the same instant shifted so that ECharts, drawing in UTC, shows the
 * display time zone's wall clock (ticks at its midnights, labels in its hours). The offset is
 * looked up once per hour of time, not per point.
 */
function wallClock(tz?: string): (ms: number) => number {
  const offsets = new Map<number, number>();
  return (ms) => {
    const hour = Math.floor(ms / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMs(ms, tz);
      offsets.set(hour, offset);
    }
    return ms + offset;
  };
}

export interface OnlineChartNames {
  total: string;
  region: (areaId: number) => string;
  compare: (date: string) => string;
  peak: string;
}

/**
 * Online users per region and in all, over time; `compare` (another day's total) is laid over
 * `onto` (the range's last day), point for point by time of day.
 */
export function onlineChart(data: OnlineStats, names: OnlineChartNames, compare?: { date: string; onto: string; data: OnlineStats }, tz?: string): ChartOption {
  const wall = wallClock(tz);
  const series: NonNullable<ChartOption['series']> = data.series.map((s) => {
    const total = s.areaId === null;
    return {
      type: 'line',
      name: total ? names.total : names.region(s.areaId ?? 0),
      showSymbol: false,
      z: total ? 3 : 2,
      lineStyle: { width: total ? 2.5 : 1.2 },
      data: s.points.map((p) => [wall(p.time), p.online]),
      ...(total && data.peak
        ? { markPoint: { symbolSize: PEAK_PIN, label: { formatter: formatCount(data.peak.online) }, data: [{ name: names.peak, coord: [wall(data.peak.time), data.peak.online] }] } }
        : {}),
    };
  });
  const compareTotal = compare?.data.series.find((s) => s.areaId === null);
  if (compare && compareTotal) {
    const shift = startOfDayInZone(compare.onto, tz) - startOfDayInZone(compare.date, tz);
    series.push({
      type: 'line',
      name: names.compare(compare.date),
      showSymbol: false,
      lineStyle: { type: 'dashed', width: 2 },
      data: compareTotal.points.map((p) => [wall(p.time + shift), p.online]),
    });
  }
  return {
    useUTC: true,
    // A peak at the top of the axis has its pin above the plot: room for it under the legend.
    grid: data.peak ? { ...GRID, top: GRID.top + PEAK_PIN } : GRID,
    legend: LEGEND,
    tooltip: countTooltip,
    // Labels by the tick's level: dates at midnights, hours within a day.
    xAxis: { type: 'time', axisLabel: { formatter: { year: '{yyyy}', month: '{MM}-{dd}', day: '{MM}-{dd}', hour: '{HH}:{mm}', minute: '{HH}:{mm}', second: '{HH}:{mm}:{ss}' } } },
    yAxis: countAxis,
    series,
  };
}

export type NewActiveLabel = 'newPlayers' | 'newAccounts' | 'newDevices' | 'dau' | 'wau' | 'mau' | 'active' | 'new';

/** Active players as lines (left axis), new ones as bars (right axis: they are far fewer). */
export function newActiveChart(data: NewActiveStats, name: (label: NewActiveLabel) => string): ChartOption {
  const dates = data.days.map((d) => d.date);
  const bar = (key: 'newPlayers' | 'newAccounts' | 'newDevices') => ({ type: 'bar' as const, name: name(key), yAxisIndex: 1, data: data.days.map((d) => d[key]) });
  const line = (key: 'dau' | 'wau' | 'mau') => ({ type: 'line' as const, name: name(key), yAxisIndex: 0, data: data.days.map((d) => d[key]) });
  return {
    grid: GRID,
    legend: LEGEND,
    tooltip: countTooltip,
    xAxis: { type: 'category', data: dates },
    yAxis: [
      { ...countAxis, name: name('active') },
      { ...countAxis, name: name('new'), splitLine: { show: false } },
    ],
    series: [bar('newPlayers'), bar('newAccounts'), bar('newDevices'), line('dau'), line('wau'), line('mau')],
  };
}

export function rechargeChart(data: RechargeStats, names: Record<'revenue' | 'cumulative', string>): ChartOption {
  return {
    grid: GRID,
    legend: LEGEND,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? formatMoney(v * 100) : '–') },
    xAxis: { type: 'category', data: data.days.map((d) => d.date) },
    // The legend names the two series; the axes only their currency (a long name would be cut at the right edge).
    yAxis: [
      { ...moneyAxis, name: data.currency },
      { ...moneyAxis, name: data.currency, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.revenue, data: data.days.map((d) => moneyUnits(d.revenue)) },
      { type: 'line', name: names.cumulative, yAxisIndex: 1, data: data.days.map((d) => moneyUnits(d.cumulative)) },
    ],
  };
}

/** Products beyond this many share one slice ("Other"). */
export const PIE_SLICES = 12;

/**
 * A colour for every slice: ECharts' nine, three more, and grey for "Other" (the thirteenth).
 * With its default nine, the tenth product took the first's colour beside it.
 */
export const PIE_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#2f54eb', '#a0d911', '#13c2c2', '#8c8c8c'];

/**
 * `narrow` (a phone): the legend scrolls under the pie and the slices carry no outside labels,
 * which beside a vertical legend overlapped it and pushed the pie off the card.
 */
export function goodsChart(data: RechargeByGoodsStats, names: Record<'revenue' | 'other', string>, narrow = false): ChartOption {
  const rows = [...data.rows].sort((a, b) => b.revenue - a.revenue);
  const shown = rows.slice(0, PIE_SLICES).map((r) => ({ name: r.productName || r.productId, value: moneyUnits(r.revenue) }));
  const rest = rows.slice(PIE_SLICES).reduce((sum, r) => sum + r.revenue, 0);
  if (rest > 0) shown.push({ name: names.other, value: moneyUnits(rest) });
  return {
    color: PIE_COLORS,
    legend: narrow ? { ...LEGEND, type: 'scroll', orient: 'horizontal', left: 'center', bottom: 0 } : { ...LEGEND, type: 'scroll', orient: 'vertical', left: 8, top: 16 },
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${formatMoney(v * 100)} ${data.currency}` : '–') },
    series: [
      {
        type: 'pie',
        name: names.revenue,
        radius: narrow ? ['30%', '62%'] : ['38%', '68%'],
        center: narrow ? ['50%', '45%'] : ['62%', '52%'],
        label: narrow ? { show: false } : { formatter: (p: { name: string; percent?: number }) => `${p.name}\n${formatPercent((p.percent ?? 0) / 100)}` },
        data: shown,
      },
    ],
  };
}

/** The top payers shown as bars (the table lists them all). */
export const PAYER_BARS = 20;

export function payersChart(data: RechargeByUserStats, names: Record<'revenue', string>): ChartOption {
  const top = data.rows.slice(0, PAYER_BARS);
  return {
    grid: { ...GRID, top: 24 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => (typeof v === 'number' ? `${formatMoney(v * 100)} ${data.currency}` : '–') },
    xAxis: { ...moneyAxis, name: data.currency },
    yAxis: { type: 'category', inverse: true, data: top.map((r) => r.roleId) },
    series: [{ type: 'bar', name: names.revenue, data: top.map((r) => moneyUnits(r.revenue)) }],
  };
}

/**
 * Day-1, day-7 and day-30 retention of each cohort, in percent; a day still to come, or today
 * (`today`, in the display time zone: its figure is only the logins so far), leaves a gap.
 */
export const RETENTION_LINES = ['1', '7', '30'] as const;

export function retentionChart(data: RetentionStats, name: (day: (typeof RETENTION_LINES)[number]) => string, today: string): ChartOption {
  return {
    grid: GRID,
    legend: LEGEND,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(1)}%` : '–') },
    xAxis: { type: 'category', data: data.cohorts.map((c) => c.date) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: RETENTION_LINES.map((day) => ({
      type: 'line' as const,
      name: name(day),
      connectNulls: false,
      data: data.cohorts.map((c) => {
        const rate = isSoFar(c, day, today) ? null : retentionRate(c, day);
        return rate === null ? null : Math.round(rate * 1000) / 10;
      }),
    })),
  };
}
