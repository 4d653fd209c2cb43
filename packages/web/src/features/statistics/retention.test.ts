import { describe, expect, it } from 'vitest';
import { dayOf, heatShade, isSoFar, retainedCount, retentionRate, RETENTION_KEYS } from './retention.ts';

describe('retention cells', () => {
  const cohort = { date: '2026-11-20', size: 200, retained: { '1': 80, '3': 0 } };

  it('has the spec\'s six days as columns', () => {
    expect(RETENTION_KEYS).toEqual(['1', '3', '7', '15', '21', '30']);
  });

  it('tells a day still to come (no figure) from a day nobody came back (0)', () => {
    expect(retainedCount(cohort, '1')).toBe(80);
    expect(retentionRate(cohort, '1')).toBe(0.4);
    expect(retainedCount(cohort, '3')).toBe(0);
    expect(retentionRate(cohort, '3')).toBe(0);
    expect(retainedCount(cohort, '7')).toBeNull();
    expect(retentionRate(cohort, '7')).toBeNull();
    expect(retentionRate({ ...cohort, size: 0, retained: { '1': 0 } }, '1')).toBeNull();
  });

  it('knows the day a cohort\'s day N falls on, and when that day is today', () => {
    expect(dayOf(cohort, '1')).toBe('2026-11-21');
    expect(dayOf(cohort, '30')).toBe('2026-12-20');
    expect(dayOf({ ...cohort, date: '2028-02-28' }, '1')).toBe('2028-02-29');
    expect(isSoFar(cohort, '1', '2026-11-21')).toBe(true);
    expect(isSoFar(cohort, '1', '2026-11-22')).toBe(false);
    // A day still to come is not "so far": it has no figure at all.
    expect(isSoFar(cohort, '7', '2026-11-27')).toBe(false);
  });

  it('shades higher rates darker, with white text at the dark end', () => {
    const low = heatShade(0.03);
    const high = heatShade(0.6);
    const alpha = (shade: { background: string }) => Number(/, ([\d.]+)\)$/.exec(shade.background)?.[1]);
    expect(alpha(low)).toBeLessThan(alpha(high));
    expect(alpha(heatShade(0))).toBeGreaterThan(0);
    expect(alpha(heatShade(2))).toBeLessThanOrEqual(0.9);
    expect(low.color).not.toBe('#fff');
    expect(high.color).toBe('#fff');
  });
});
