import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { QUICK_RANGES, quickRange } from './quick-ranges.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('quick ranges', () => {
  // 2024-03-15 10:30 in Shanghai.
  const now = dayjs.tz('2024-03-15 10:30:00', 'Asia/Shanghai');
  const show = ([from, to]: [number, number]) => [
    dayjs(from).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm'),
    dayjs(to).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm'),
  ];

  it('covers whole days for today, yesterday and a week ago', () => {
    expect(show(quickRange('today', now))).toEqual(['2024-03-15 00:00', '2024-03-16 00:00']);
    expect(show(quickRange('yesterday', now))).toEqual(['2024-03-14 00:00', '2024-03-15 00:00']);
    expect(show(quickRange('weekAgo', now))).toEqual(['2024-03-08 00:00', '2024-03-09 00:00']);
  });

  it('runs up to now for the past week, month and three months', () => {
    expect(show(quickRange('pastWeek', now))).toEqual(['2024-03-08 10:30', '2024-03-15 10:30']);
    expect(show(quickRange('pastMonth', now))).toEqual(['2024-02-15 10:30', '2024-03-15 10:30']);
    expect(show(quickRange('pastThreeMonths', now))).toEqual(['2023-12-15 10:30', '2024-03-15 10:30']);
  });

  it('always starts before it ends', () => {
    for (const range of QUICK_RANGES) {
      const [from, to] = quickRange(range, now);
      expect(from).toBeLessThan(to);
    }
  });
});
