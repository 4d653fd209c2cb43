import { z } from 'zod';
import { dateOfDay, dayNumber, rechargeQuery, statisticsQuery, type StatisticsQuery } from '@gm/contract/statistics.contract.ts';
import type { QueryParams } from '../../shared/api-client.ts';
import { formatInZone, nowInZone } from '../../shared/format.ts';
import { quickRange, type QuickRange } from '../../shared/quick-ranges.ts';
import { readUrlQuery } from '../../shared/url-filters.ts';

/**
 * A statistics page's view in the URL (so it survives a reload and can be shared): `start` and
 * `end` (days `YYYY-MM-DD` of the display time zone, both included), `areaIds` (comma-separated
 * region ids), `channel`, `platform`, read through the contract's statistics query; beside them
 * the page's own `view=table` for the table, `compare` (the online page's second day, a day as
 * the contract spells one) and `currency` (the recharge pages, as their contract query has it).
 * Without a range, or with one the contract refuses: the last 7 days to today.
 */
export const STAT_VIEWS = ['chart', 'table'] as const;
export type StatView = (typeof STAT_VIEWS)[number];

export const statUrlQuery = statisticsQuery.safeExtend({
  view: z.enum(STAT_VIEWS).default('chart'),
  compare: statisticsQuery.shape.start.optional(),
  // Optional here: without one the server answers in its default currency.
  currency: rechargeQuery.shape.currency.removeDefault().optional(),
});

type StatUrlView = z.output<typeof statUrlQuery>;
/** The filters a statistic is asked with; no region chosen is every region (`[]`). */
export type StatFilters = Omit<StatisticsQuery, 'areaIds'> & { areaIds: NonNullable<StatisticsQuery['areaIds']> };
export type StatSearch = StatFilters & Pick<StatUrlView, 'view' | 'compare' | 'currency'>;

export const DEFAULT_RANGE_DAYS = 7;

export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

/** Today in the display time zone. */
export const todayInZone = () => nowInZone().format('YYYY-MM-DD');

export function defaultRange(today: string): [string, string] {
  return [addDays(today, -(DEFAULT_RANGE_DAYS - 1)), today];
}

/** The calendar days a quick range touches: its first day and the day of its last moment. */
export function quickDays(range: QuickRange, now = nowInZone(), tz?: string): [string, string] {
  const [from, to] = quickRange(range, now);
  return [formatInZone(from, 'YYYY-MM-DD', tz), formatInZone(to - 1, 'YYYY-MM-DD', tz)];
}

/** The URL's search params -> the page's view (anything the contract refuses is dropped; a refused range as a whole). */
export function parseStatSearch(params: URLSearchParams, today: string): StatSearch {
  const [defaultStart, defaultEnd] = defaultRange(today);
  const { areaIds, ...view } = readUrlQuery(statUrlQuery, params, { start: defaultStart, end: defaultEnd });
  // The range is one value: a bound refused (or missing) takes the other with it, back to the last 7 days.
  const kept = view.start === params.get('start')?.trim() && view.end === params.get('end')?.trim();
  return { ...view, ...(kept ? {} : { start: defaultStart, end: defaultEnd }), areaIds: areaIds ?? [] };
}

/** The API's query for the filters (the same for a statistic and its export). */
export function statQuery(filters: StatFilters, extra: QueryParams = {}): QueryParams {
  return {
    start: filters.start,
    end: filters.end,
    areaIds: filters.areaIds.length > 0 ? filters.areaIds.join(',') : undefined,
    channel: filters.channel,
    platform: filters.platform,
    ...extra,
  };
}
