import { describe, expect, it } from 'vitest';
import { parseSequenceFilters, usedPercent } from './sequence-filters.ts';

describe('sequence list helpers', () => {
  it('reads the filters from the URL', () => {
    expect(parseSequenceFilters(new URLSearchParams('keyword=%20mail%20&page=2&size=10'))).toEqual({ keyword: 'mail', page: 2, size: 10 });
    expect(parseSequenceFilters(new URLSearchParams('page=0&size=5000'))).toEqual({ keyword: undefined, page: 1, size: 20 });
  });

  it('tells how much of the range is used', () => {
    expect(usedPercent({ currentValue: 150, minValue: 100, maxValue: 200 })).toBe(50);
    expect(usedPercent({ currentValue: 0, minValue: 0, maxValue: Number.MAX_SAFE_INTEGER })).toBe(0);
    expect(usedPercent({ currentValue: 5, minValue: 5, maxValue: 5 })).toBe(100);
  });
});
