import { describe, expect, it } from 'vitest';
import { createDayClock } from './display-time.ts';

describe('createDayClock', () => {
  it('numbers the calendar days of the zone and finds where each begins', () => {
    const shanghai = createDayClock('Asia/Shanghai');
    const at = Date.parse('2026-11-25T16:30:00Z'); // 00:30 on the 26th in Shanghai
    expect(shanghai.dayOf(at)).toBe(Date.UTC(2026, 10, 26) / 86_400_000);
    expect(shanghai.hourOf(at)).toBe(0);
    expect(shanghai.startOf(shanghai.dayOf(at))).toBe(Date.parse('2026-11-25T16:00:00Z'));
  });

  it('gets the days right when the clocks change', () => {
    const newYork = createDayClock('America/New_York');
    // 2026-03-08 is 23 hours long there, 2026-11-01 25 hours.
    const march8 = Date.UTC(2026, 2, 8) / 86_400_000;
    expect(newYork.startOf(march8)).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(newYork.startOf(march8 + 1)).toBe(Date.parse('2026-03-09T04:00:00Z'));
    const november1 = Date.UTC(2026, 10, 1) / 86_400_000;
    expect(newYork.startOf(november1 + 1) - newYork.startOf(november1)).toBe(25 * 3_600_000);
    expect(newYork.dayOf(Date.parse('2026-11-02T04:59:59Z'))).toBe(november1);
  });
});
