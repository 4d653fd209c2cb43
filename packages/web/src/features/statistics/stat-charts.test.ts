import { describe, expect, it } from 'vitest';
import { summarizeOption } from './chart-option.ts';
import { goodsChart, onlineChart, PIE_SLICES, retentionChart } from './stat-charts.ts';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
/** 2026-11-24 00:00 in Shanghai. */
const DAY_START = Date.UTC(2026, 10, 23, 16);

const names = { total: 'All', region: (id: number) => `R${id}`, compare: (date: string) => `All ${date}`, peak: 'Peak' };

describe('statistics charts', () => {
  it('draws online times on the display zone\'s wall clock, and lays the second day over the range\'s last day', () => {
    const data = {
      resolution: 'hour' as const,
      series: [
        { areaId: 1001, points: [{ time: DAY_START, online: 3 }] },
        { areaId: null, points: [{ time: DAY_START, online: 3 }, { time: DAY_START + HOUR, online: 5 }] },
      ],
      peak: { online: 5, time: DAY_START + HOUR },
      average: 4,
    };
    const earlier = { ...data, series: [{ areaId: null, points: [{ time: DAY_START - 7 * 24 * HOUR + 2 * HOUR, online: 9 }] }] };
    const option = onlineChart(data, names, { date: '2026-11-17', onto: '2026-11-24', data: earlier }, TZ);
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series.map((s) => s.name)).toEqual(['R1001', 'All', 'All 2026-11-17']);
    // Drawn in UTC: Shanghai's midnight is drawn at 00:00.
    expect(series[1]?.data?.[0]).toEqual([Date.UTC(2026, 10, 24), 3]);
    // 02:00 on the 17th lands on 02:00 of the 24th.
    expect(series[2]?.data?.[0]).toEqual([Date.UTC(2026, 10, 24, 2), 9]);
    expect(summarizeOption(option)).toEqual([
      { name: 'R1001', type: 'line', points: 1, nonZero: 1 },
      { name: 'All', type: 'line', points: 2, nonZero: 2 },
      { name: 'All 2026-11-17', type: 'line', points: 1, nonZero: 1 },
    ]);
  });

  it('makes room under the legend for the peak\'s pin, only when there is a peak', () => {
    const points = [{ time: DAY_START, online: 5 }];
    const withPeak = onlineChart({ resolution: 'hour', series: [{ areaId: null, points }], peak: { online: 5, time: DAY_START }, average: 5 }, names, undefined, TZ);
    const without = onlineChart({ resolution: 'hour', series: [], peak: null, average: 0 }, names, undefined, TZ);
    const top = (option: ReturnType<typeof onlineChart>) => (option.grid as { top: number }).top;
    expect(top(withPeak) - top(without)).toBeGreaterThanOrEqual(44);
  });

  it('leaves a gap for a retention day still to come', () => {
    const option = retentionChart(
      { kind: 'player', cohorts: [{ date: '2026-11-01', size: 10, retained: { '1': 4, '7': 1, '30': 0 } }, { date: '2026-11-20', size: 8, retained: { '1': 2 } }] },
      (day) => `D${day}`,
      '2026-11-26',
    );
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series.map((s) => s.data)).toEqual([
      [40, 25],
      [10, null],
      [0, null],
    ]);
  });

  it('leaves a gap for a retention day that is today (the logins so far)', () => {
    const cohorts = [{ date: '2026-11-24', size: 10, retained: { '1': 4 } }, { date: '2026-11-25', size: 100, retained: { '1': 3 } }];
    const option = retentionChart({ kind: 'player', cohorts }, (day) => `D${day}`, '2026-11-26');
    const [nextDay] = Array.isArray(option.series) ? option.series : [];
    expect(nextDay?.data).toEqual([40, null]);
  });

  it('puts the products beyond the largest slices into one', () => {
    const rows = Array.from({ length: PIE_SLICES + 3 }, (_, i) => ({ productId: `p${i}`, productName: '', revenue: 100 * (i + 1), orders: 1, payers: 1, share: 0 }));
    const option = goodsChart({ currency: 'CNY', revenue: 0, rows }, { revenue: 'Revenue', other: 'Other' });
    const [pie] = Array.isArray(option.series) ? option.series : [];
    const data = (pie?.data ?? []) as { name: string; value: number }[];
    expect(data).toHaveLength(PIE_SLICES + 1);
    expect(data[0]).toEqual({ name: `p${PIE_SLICES + 2}`, value: PIE_SLICES + 3 });
    expect(data.at(-1)).toEqual({ name: 'Other', value: 1 + 2 + 3 });
    // Every slice its own colour, "Other" included.
    const colors = (option.color as string[]).slice(0, data.length);
    expect(new Set(colors).size).toBe(data.length);
  });

  it('on a phone puts the legend under the pie and leaves the slices unlabelled', () => {
    const rows = [{ productId: 'p1', productName: 'Crystals', revenue: 600, orders: 1, payers: 1, share: 1 }];
    const option = goodsChart({ currency: 'CNY', revenue: 600, rows }, { revenue: 'Revenue', other: 'Other' }, true);
    const [pie] = Array.isArray(option.series) ? option.series : [];
    expect(option.legend).toMatchObject({ orient: 'horizontal', bottom: 0 });
    expect(pie).toMatchObject({ center: ['50%', '45%'], label: { show: false } });
  });
});
