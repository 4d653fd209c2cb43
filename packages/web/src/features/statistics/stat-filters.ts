import { dateOfDay, dayNumber } from '@gm/contract/statistics.contract.ts';
import type { QueryParams } from '../../shared/api-client.ts';
import { formatInZone, nowInZone } from '../../shared/format.ts';
import { quickRange, type QuickRange } from '../../shared/quick-ranges.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';

/**
 * A statistics page's view in the URL (so it survives a reload and can be shared): `start` and
 * `end` (days `YYYY-MM-DD` of the display time zone, both included), `areaIds` (comma-separated
 * region ids), `channel`, `platform`, `view=table` for the table, `compare` (the online page's
 * second day) and `currency` (the recharge pages). Without a range: the last 7 days to today.
 */
export interface StatFilters {
  start: string;
  end: string;
  areaIds: number[];
  channel?: string | undefined;
  platform?: string | undefined;
}

export const STAT_VIEWS = ['chart', 'table'] as const;
export type StatView = (typeof STAT_VIEWS)[number];

export interface StatSearch extends StatFilters {
  view: StatView;
  compare?: string | undefined;
  currency?: string | undefined;
}

export const DEFAULT_RANGE_DAYS = 7;

export const isDate = (value: string | null | undefined): value is string => !!value && !Number.isNaN(dayNumber(value));
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

function readAreaIds(text: string | null): number[] {
  if (!text) return [];
  const ids = text.split(',').map((id) => id.trim());
  if (!ids.every((id) => /^\d{1,10}$/.test(id))) return [];
  return [...new Set(ids.map(Number))];
}

const text = (value: string | null) => value?.trim() || undefined;

/** The URL's search params -> the page's view (anything malformed is dropped; a reversed range too). */
export function parseStatSearch(params: URLSearchParams, today: string): StatSearch {
  const start = params.get('start');
  const end = params.get('end');
  const [defaultStart, defaultEnd] = defaultRange(today);
  const range = isDate(start) && isDate(end) && start <= end ? { start, end } : { start: defaultStart, end: defaultEnd };
  const compare = params.get('compare');
  const currency = params.get('currency');
  return {
    ...range,
    areaIds: readAreaIds(params.get('areaIds')),
    channel: text(params.get('channel')),
    platform: text(params.get('platform')),
    view: readEnum(params.get('view'), STAT_VIEWS) ?? 'chart',
    compare: isDate(compare) ? compare : undefined,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
  };
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
