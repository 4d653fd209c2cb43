/**
 * Local time in the game's display time zone. Times are stored in UTC (epoch ms); players live
 * by the local clock (evening peaks, local midnight starts a new day), and `b_datetime` is the
 * game's local date-time text. Offsets come from Intl, cached per hour, so a zone with daylight
 * saving works too.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Share of the day's play that starts in each local hour (0-23): a trough before dawn, a lunch
 * bump, and the evening peak around 21:00. Weekends move play into the afternoon.
 */
export const WEEKDAY_HOURS = [0.9, 0.5, 0.3, 0.2, 0.15, 0.2, 0.4, 0.8, 1.2, 1.3, 1.4, 1.6, 2.2, 2.0, 1.5, 1.4, 1.5, 1.8, 2.4, 3.2, 3.8, 4.0, 3.3, 2.0] as const;
export const WEEKEND_HOURS = [1.2, 0.8, 0.5, 0.3, 0.2, 0.2, 0.3, 0.5, 0.9, 1.4, 1.9, 2.2, 2.5, 2.6, 2.6, 2.5, 2.4, 2.4, 2.7, 3.3, 3.8, 4.0, 3.5, 2.4] as const;

export interface DisplayClock {
  readonly timeZone: string;
  /** Offset of local time from UTC at `at`, in ms. */
  offset(at: number): number;
  /** Local midnight (as epoch ms) of the local day containing `at`. */
  dayStart(at: number): number;
  /** The local hour 0-23 of `at`. */
  hour(at: number): number;
  /** 0 Sunday ... 6 Saturday, local. */
  weekday(at: number): number;
  /** `YYYY-MM-DD HH:mm:ss`, local. */
  format(at: number): string;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function createDisplayClock(timeZone: string): DisplayClock {
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
  const offset = (at: number): number => {
    const hourKey = Math.floor(at / HOUR_MS);
    let found = offsets.get(hourKey);
    if (found === undefined) {
      const probe = hourKey * HOUR_MS;
      const f: Record<string, number> = {};
      for (const p of parts.formatToParts(probe)) if (p.type !== 'literal') f[p.type] = Number(p.value);
      const asUtc = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0, f.minute ?? 0, f.second ?? 0);
      found = asUtc - probe;
      offsets.set(hourKey, found);
    }
    return found;
  };
  const local = (at: number) => new Date(at + offset(at));
  return {
    timeZone,
    offset,
    dayStart(at) {
      const shifted = at + offset(at);
      const midnightLocal = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
      // The offset at midnight may differ (daylight saving); take midnight's own offset.
      return midnightLocal - offset(midnightLocal - offset(at));
    },
    hour: (at) => local(at).getUTCHours(),
    weekday: (at) => local(at).getUTCDay(),
    format(at) {
      const d = local(at);
      return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
    },
  };
}

export const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

export function hourWeights(weekday: number): readonly number[] {
  return isWeekend(weekday) ? WEEKEND_HOURS : WEEKDAY_HOURS;
}

/** Picks an hour of the day by the curve from a uniform draw u in [0, 1). */
export function hourOf(weights: readonly number[], u: number): { hour: number; within: number } {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = u * total;
  for (let h = 0; h < weights.length; h += 1) {
    const w = weights[h] as number;
    if (roll < w) return { hour: h, within: roll / w };
    roll -= w;
  }
  return { hour: weights.length - 1, within: 0.999 };
}
