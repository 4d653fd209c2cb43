import { describe, expect, it } from 'vitest';
import { parseGmLogFilters } from './gm-log-filters.ts';

describe('GM log filters from the URL', () => {
  it('reads every filter', () => {
    const filters = parseGmLogFilters(
      new URLSearchParams('operator=admin&code=21028&target=op1&outcome=failed&from=1000&to=2000&page=3&size=50'),
    );
    expect(filters).toEqual({ operator: 'admin', code: 21028, target: 'op1', outcome: 'failed', from: 1000, to: 2000, page: 3, size: 50 });
  });

  it('drops malformed values and defaults the page', () => {
    const filters = parseGmLogFilters(new URLSearchParams('code=abc&outcome=maybe&from=5&to=1&page=-1&size=9999'));
    expect(filters).toEqual({ page: 1, size: 20 });
  });

  it('drops half a time range', () => {
    expect(parseGmLogFilters(new URLSearchParams('from=1000&operator=%20admin%20'))).toEqual({ operator: 'admin', page: 1, size: 20 });
  });
});
