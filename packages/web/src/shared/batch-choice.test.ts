import { describe, expect, it } from 'vitest';
import { nameList } from './batch-choice.ts';

describe('batch choice', () => {
  it('lists up to six names, then how many more', () => {
    expect(nameList(['a', 'b'])).toBe('a, b');
    expect(nameList(['1', '2', '3', '4', '5', '6', '7', '8'])).toBe('1, 2, 3, 4, 5, 6 … (+2)');
  });
});
