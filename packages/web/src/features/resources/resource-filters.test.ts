import { describe, expect, it } from 'vitest';
import { humanSize, parseResourceFilters } from './resource-filters.ts';

describe('resource filters', () => {
  it('reads every filter from the URL and drops malformed ones', () => {
    expect(parseResourceFilters(new URLSearchParams('keyword=%20patch&type=bundle&platform=ios&status=online&page=3&size=50'))).toEqual({
      keyword: 'patch', type: 'bundle', platform: 'ios', status: 'online', page: 3, size: 50,
    });
    expect(parseResourceFilters(new URLSearchParams('type=movie&platform=wii&status=gone&page=x'))).toEqual({
      keyword: undefined, type: undefined, platform: undefined, status: undefined, page: 1, size: 20,
    });
  });

  it('shows sizes as people read them', () => {
    expect(humanSize(512)).toBe('512 B');
    expect(humanSize(52_428_800)).toBe('50.0 MB');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
