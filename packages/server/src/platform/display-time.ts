/**
 * Times as people read them: `YYYY-MM-DD HH:mm:ss` in the display time zone (DISPLAY_TIME_ZONE,
 * house plan section 5: stored in UTC, shown in one configurable zone), the way the web app
 * shows them. Made for exports, which format millions of times: the zone's offset comes from
 * Intl once per hour of time seen (so daylight saving works), the date part once per day, and
 * the rest is arithmetic.
 */

/** The display time zone when none is configured (DISPLAY_TIME_ZONE's default). */
export const DEFAULT_DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

export type TimeFormatter = (at: number) => string;

/**
 * The zone's offset from UTC at an instant, in milliseconds: asked of Intl once per hour of time
 * seen (so daylight saving works) and kept.
 */
function offsetReader(timeZone: string): (at: number) => number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  return (at: number): number => {
    const hour = Math.floor(at / HOUR_MS);
    let found = offsets.get(hour);
    if (found === undefined) {
      const probe = hour * HOUR_MS;
      const f: Record<string, number> = {};
      for (const p of parts.formatToParts(probe)) if (p.type !== 'literal') f[p.type] = Number(p.value);
      found = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0, f.minute ?? 0, f.second ?? 0) - probe;
      // A long export crosses few hours; a sparse one must not grow the cache without end.
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(hour, found);
    }
    return found;
  };
}

export function createTimeFormatter(timeZone: string): TimeFormatter {
  const offsetAt = offsetReader(timeZone);
  let lastDay = Number.NaN;
  let lastDate = '';
  return (at: number) => {
    const local = at + offsetAt(at);
    const day = Math.floor(local / DAY_MS);
    if (day !== lastDay) {
      const d = new Date(day * DAY_MS);
      lastDay = day;
      lastDate = `${d.getUTCFullYear()}-${TWO_DIGITS[d.getUTCMonth() + 1]}-${TWO_DIGITS[d.getUTCDate()]} `;
    }
    const seconds = Math.floor((local - day * DAY_MS) / 1000);
    return `${lastDate}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
  };
}

/**
 * Calendar days of the display time zone as numbers (days since 1970-01-01 there), the key of
 * the statistics rollups: `dayOf` an instant's day, `startOf` the instant a day begins. Offsets
 * come from Intl once per hour of time seen, so a zone with daylight saving gets 23- and 25-hour
 * days right.
 */
export interface DayClock {
  dayOf(at: number): number;
  startOf(day: number): number;
  /** The hour of the day (0-23) an instant falls in, in the zone. */
  hourOf(at: number): number;
}

export function createDayClock(timeZone: string): DayClock {
  const offsetAt = offsetReader(timeZone);
  const dayOf = (at: number) => Math.floor((at + offsetAt(at)) / DAY_MS);
  return {
    dayOf,
    hourOf: (at) => Math.floor((((at + offsetAt(at)) % DAY_MS) + DAY_MS) % DAY_MS / HOUR_MS),
    startOf(day) {
      // Local midnight is UTC midnight minus the offset in force then; the offset a few hours
      // either side can differ on a day the clocks change, so settle on the one that maps back.
      const guess = day * DAY_MS - offsetAt(day * DAY_MS);
      const at = day * DAY_MS - offsetAt(guess);
      return dayOf(at) === day ? at : guess;
    },
  };
}
