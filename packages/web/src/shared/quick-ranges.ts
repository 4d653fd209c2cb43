import type { Dayjs } from 'dayjs';

/**
 * The spec's quick date ranges (section 9): today, yesterday, a week ago, past week, past month,
 * past three months. Computed on "now" in the display time zone; the end is exclusive.
 */
export const QUICK_RANGES = ['today', 'yesterday', 'weekAgo', 'pastWeek', 'pastMonth', 'pastThreeMonths'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export function quickRange(range: QuickRange, now: Dayjs): [number, number] {
  const startOfToday = now.startOf('day');
  switch (range) {
    case 'today':
      return [startOfToday.valueOf(), startOfToday.add(1, 'day').valueOf()];
    case 'yesterday':
      return [startOfToday.subtract(1, 'day').valueOf(), startOfToday.valueOf()];
    case 'weekAgo':
      return [startOfToday.subtract(7, 'day').valueOf(), startOfToday.subtract(6, 'day').valueOf()];
    case 'pastWeek':
      return [now.subtract(7, 'day').valueOf(), now.valueOf()];
    case 'pastMonth':
      return [now.subtract(1, 'month').valueOf(), now.valueOf()];
    case 'pastThreeMonths':
      return [now.subtract(3, 'month').valueOf(), now.valueOf()];
  }
}
