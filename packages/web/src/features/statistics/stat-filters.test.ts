import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { applySearchPatch } from '../../shared/hooks/use-search-state.ts';
import { parseStatSearch, quickDays, statQuery, type StatSearch } from './stat-filters.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('statistics filters in the URL', () => {
  const today = '2026-11-25';

  it('reads every filter', () => {
    expect(parseStatSearch(new URLSearchParams('start=2026-11-01&end=2026-11-20&areaIds=1001,1002,1001&channel=%20tap%20&platform=ios&view=table&compare=2026-11-18&currency=USD'), today)).toEqual({
      start: '2026-11-01', end: '2026-11-20', areaIds: [1001, 1002], channel: 'tap', platform: 'ios', view: 'table', compare: '2026-11-18', currency: 'USD',
    });
  });

  it('falls back to the last 7 days and drops what is malformed', () => {
    expect(parseStatSearch(new URLSearchParams('start=2026-11-20&end=2026-11-01&areaIds=1,x&view=pie&compare=2026-02-30&currency=usd'), today)).toEqual({
      start: '2026-11-19', end: '2026-11-25', areaIds: [], channel: undefined, platform: undefined, view: 'chart', compare: undefined, currency: undefined,
    });
  });

  it('reads the URL through the contract: a range it refuses (over 366 days, a day that is none) is the last 7 days', () => {
    expect(parseStatSearch(new URLSearchParams('start=2024-11-01&end=2026-11-20&channel=tap'), today)).toEqual({ start: '2026-11-19', end: '2026-11-25', areaIds: [], channel: 'tap', view: 'chart' });
    expect(parseStatSearch(new URLSearchParams('start=2026-02-30&end=2026-11-20'), today)).toMatchObject({ start: '2026-11-19', end: '2026-11-25' });
    expect(parseStatSearch(new URLSearchParams('end=2026-11-20'), today)).toMatchObject({ start: '2026-11-19', end: '2026-11-25' });
    expect(parseStatSearch(new URLSearchParams(`start=2026-11-01&end=2026-11-02&channel=${'c'.repeat(65)}&platform=ios&areaIds=${'1,'.repeat(1000)}1`), today)).toEqual({
      start: '2026-11-01', end: '2026-11-02', areaIds: [], platform: 'ios', view: 'chart',
    });
  });

  it('reads back what the filter bar writes', () => {
    const search: StatSearch = { start: '2026-11-01', end: '2026-11-20', areaIds: [1001, 1002], channel: 'tap', platform: 'ios', view: 'table', compare: '2026-11-18', currency: 'USD' };
    const written = applySearchPatch(new URLSearchParams(), { ...statQuery(search), view: search.view, compare: search.compare, currency: search.currency });
    expect(parseStatSearch(new URLSearchParams(written.toString()), today)).toEqual(search);
  });

  it('asks the API with the same filters, regions comma-separated', () => {
    expect(statQuery({ start: '2026-11-01', end: '2026-11-02', areaIds: [1, 2] }, { kind: 'device' })).toEqual({
      start: '2026-11-01', end: '2026-11-02', areaIds: '1,2', channel: undefined, platform: undefined, kind: 'device',
    });
    expect(statQuery({ start: '2026-11-01', end: '2026-11-02', areaIds: [] }).areaIds).toBeUndefined();
  });

  it('turns the quick ranges into the days they touch, in the display time zone', () => {
    const now = dayjs.tz('2026-11-25 10:30:00', 'Asia/Shanghai');
    expect(quickDays('today', now, 'Asia/Shanghai')).toEqual(['2026-11-25', '2026-11-25']);
    expect(quickDays('yesterday', now, 'Asia/Shanghai')).toEqual(['2026-11-24', '2026-11-24']);
    expect(quickDays('weekAgo', now, 'Asia/Shanghai')).toEqual(['2026-11-18', '2026-11-18']);
    expect(quickDays('pastWeek', now, 'Asia/Shanghai')).toEqual(['2026-11-18', '2026-11-25']);
  });
});
