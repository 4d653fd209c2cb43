import { describe, expect, it } from 'vitest';
import { applySearchPatch, readEnum, readInt } from './use-search-state.ts';

describe('search-param filters', () => {
  it('sets, clears and resets the page', () => {
    const current = new URLSearchParams('keyword=ad&page=3&status=active');
    const next = applySearchPatch(current, { keyword: 'ops', status: '' });
    expect(next.toString()).toBe('keyword=ops');
  });

  it('keeps the page when the patch sets it', () => {
    const next = applySearchPatch(new URLSearchParams('keyword=a'), { page: 2 });
    expect(next.get('page')).toBe('2');
    expect(next.get('keyword')).toBe('a');
  });

  it('reads numbers and enums defensively', () => {
    expect(readInt('4', 1, 1)).toBe(4);
    expect(readInt('x', 1, 1)).toBe(1);
    expect(readInt('0', 1, 1)).toBe(1);
    expect(readInt(null, 20)).toBe(20);
    expect(readEnum('ok', ['ok', 'failed'] as const)).toBe('ok');
    expect(readEnum('nope', ['ok', 'failed'] as const)).toBeUndefined();
  });
});
