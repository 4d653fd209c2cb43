import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';
import { getGlobalConfig } from './app-config.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/**
 * Times travel as epoch milliseconds (UTC) and are shown in the one display time zone of the
 * global config (house plan, section 5), whatever the browser's own zone is.
 */
export const STAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function zone(tz?: string): string {
  return tz ?? getGlobalConfig().displayTimeZone;
}

/**
 * One `Intl.DateTimeFormat` per zone, made once. dayjs's `.tz()` calls `toLocaleString` with a
 * time zone, which builds a new ICU formatter on every call: in Chromium 40 such calls (the
 * player list's twenty rows, two stamps each) took 4-5 ms warm and 19 ms on a cold page, against
 * 0.2 ms for 40 `formatToParts` of one formatter (docs/performance.md, "First visit", seventh
 * pass).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * The display zone's wall clock at `ms`, as the epoch milliseconds of that same wall-clock time
 * in UTC (so `dayjs.utc(…)` shows the zone's fields).
 */
function wallClock(ms: number, tz?: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone(tz)).formatToParts(ms)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  // hourCycle h23 gives 0-23; an engine that still says 24 at midnight means 0.
  const utc = Date.UTC(year, month - 1, day, hour === 24 ? 0 : hour, minute, second);
  return utc + (((ms % 1000) + 1000) % 1000);
}

export function formatStamp(ms: number | null | undefined, tz?: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  return formatInZone(ms, STAMP_FORMAT, tz);
}

/**
 * A time in the display zone in another format (`YYYY-MM-DD`, `HH:mm`). Wall-clock tokens only:
 * an offset token (`Z`) would say UTC.
 */
export function formatInZone(ms: number, format: string, tz?: string): string {
  return dayjs.utc(wallClock(ms, tz)).format(format);
}

/** The start of a day (`YYYY-MM-DD`) of the display zone, as epoch milliseconds. */
export function startOfDayInZone(date: string, tz?: string): number {
  return dayjs.tz(date, 'YYYY-MM-DD', zone(tz)).valueOf();
}

/** How far the display zone's clock is ahead of UTC at that moment, in milliseconds. */
export function zoneOffsetMs(ms: number, tz?: string): number {
  return wallClock(ms, tz) - ms;
}

export function fromNow(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  return dayjs(ms).fromNow();
}

/** Now, as seen in the display time zone. */
export function nowInZone(tz?: string): Dayjs {
  return dayjs().tz(zone(tz));
}

/**
 * antd's pickers work on browser-local dayjs objects. To let the operator pick wall-clock times
 * of the display zone, the picker gets a local object carrying the zone's wall-clock fields ...
 */
export function toPickerValue(ms: number, tz?: string): Dayjs {
  return dayjs(formatInZone(ms, STAMP_FORMAT, tz), STAMP_FORMAT);
}

/** ... and a picked value is read back as that wall-clock time in the display zone. */
export function fromPickerValue(value: Dayjs, tz?: string): number {
  return dayjs.tz(value.format(STAMP_FORMAT), STAMP_FORMAT, zone(tz)).valueOf();
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function durationParts(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** A short browser description from a user agent (browser/version · OS). */
export function describeAgent(userAgent: string): string {
  if (!userAgent) return '-';
  const edge = /Edg\/[\d.]+/.exec(userAgent)?.[0]?.replace('Edg', 'Edge');
  const browser = edge ?? /(Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[0] ?? userAgent.split(' ')[0] ?? userAgent;
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(userAgent)?.[0];
  return os ? `${browser} · ${os}` : browser;
}

/**
 * An integer count of a currency's minor unit (cents, fen) in display units, exactly: never
 * through a float division, so 1999 is "19.99" and 10 is "0.10".
 */
export function formatMinorUnits(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${cents}`;
}

/** The change from `before` to `now` as "+12.5%" / "-3.0%"; null when there is nothing to compare with (0 before). */
export function formatChange(now: number, before: number): string | null {
  if (before === 0) return null;
  const change = (now - before) / before;
  return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;
}

/** A file size for people: 512 B, 45.2 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'TB'}`;
}

/** Pretty JSON for audit parameters and before/after values. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return typeof value === 'string' ? value : '[unserializable]';
  }
}
