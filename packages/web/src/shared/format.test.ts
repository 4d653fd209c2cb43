import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { describeAgent, durationParts, formatChange, formatInZone, formatMinorUnits, formatStamp, fromPickerValue, prettyJson, toPickerValue, zoneOffsetMs } from './format.ts';

describe('time formatting', () => {
  const ms = Date.UTC(2024, 0, 2, 3, 4, 5);

  it('formats epoch milliseconds in the display zone as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatStamp(ms, 'Asia/Shanghai')).toBe('2024-01-02 11:04:05');
    expect(formatStamp(ms, 'UTC')).toBe('2024-01-02 03:04:05');
    expect(formatStamp(null)).toBe('-');
  });

  it('agrees with dayjs.tz (which it replaces for speed) in zones with and without summer time, at their changes too', () => {
    const zones = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    // Every 7 hours 13 minutes 17.5 seconds over two years, and the hours around 2024's changes in New York and London.
    const moments = [...Array.from({ length: 2_500 }, (_, i) => Date.UTC(2023, 0, 1) + i * 26_000_500), -1_500, 0, Date.UTC(1969, 11, 31, 23, 59, 59, 999)];
    for (const change of [Date.UTC(2024, 2, 10, 7), Date.UTC(2024, 10, 3, 6), Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 9, 27, 1)]) {
      for (let m = -90; m <= 90; m += 15) moments.push(change + m * 60_000);
    }
    for (const tz of zones) {
      for (const ms of moments) {
        const expected = dayjs(ms).tz(tz);
        expect(formatStamp(ms, tz), `${tz} ${ms}`).toBe(expected.format('YYYY-MM-DD HH:mm:ss'));
        expect(formatInZone(ms, 'YYYY-MM-DD HH:mm', tz)).toBe(expected.format('YYYY-MM-DD HH:mm'));
        // dayjs's own offset is a minute off just before 1970 (a negative remainder), so not there.
        if (ms >= 0) expect(zoneOffsetMs(ms, tz), `${tz} ${ms}`).toBe(expected.utcOffset() * 60_000);
      }
    }
    expect(zoneOffsetMs(-1_500, 'UTC')).toBe(0);
    expect(zoneOffsetMs(-1_500, 'Asia/Shanghai')).toBe(8 * 3_600_000);
  });

  it('round-trips picker values through the display zone', () => {
    const picked = toPickerValue(ms, 'Asia/Shanghai');
    expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-01-02 11:04:05');
    expect(fromPickerValue(picked, 'Asia/Shanghai')).toBe(ms);
    expect(fromPickerValue(dayjs('2024-01-02 00:00:00'), 'UTC')).toBe(Date.UTC(2024, 0, 2));
  });

  it('splits a duration', () => {
    expect(durationParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('describes a user agent briefly', () => {
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe(
      'Chrome/120.0.0.0 · Linux',
    );
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0.1')).toBe('Edge/120.0.1 · Windows');
    expect(describeAgent('')).toBe('-');
    expect(describeAgent('vitest')).toBe('vitest');
  });

  it('prints JSON', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('');
  });
});

describe('money', () => {
  it('shows money in display units exactly', () => {
    expect(formatMinorUnits(1999)).toBe('19.99');
    expect(formatMinorUnits(10)).toBe('0.10');
    expect(formatMinorUnits(-5)).toBe('-0.05');
    expect(formatMinorUnits(123456789)).toBe('1,234,567.89');
  });
});

describe('changes', () => {
  it('shows a change against a figure before as a signed percentage', () => {
    expect(formatChange(125, 100)).toBe('+25.0%');
    expect(formatChange(97, 100)).toBe('-3.0%');
    expect(formatChange(100, 100)).toBe('+0.0%');
    expect(formatChange(5, 0)).toBeNull();
  });
});
