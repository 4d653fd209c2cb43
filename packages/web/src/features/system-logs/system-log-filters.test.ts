import { describe, expect, it } from 'vitest';
import { parseExceptionFilters, parseGameCallFilters } from './system-log-filters.ts';

describe('system log filters from the URL', () => {
  it('reads every filter of the exceptions', () => {
    expect(parseExceptionFilters(new URLSearchParams('source=job&what=area&operator=admin&start=1000&end=2000&page=2&size=50'))).toEqual({
      source: 'job',
      what: 'area',
      operator: 'admin',
      start: 1000,
      end: 2000,
      page: 2,
      size: 50,
    });
  });

  it('drops what the contract refuses and half a time range', () => {
    expect(parseGameCallFilters(new URLSearchParams('outcome=maybe&kind=read&start=5&end=1&page=0&size=9999'))).toEqual({ kind: 'read', page: 1, size: 20 });
    expect(parseGameCallFilters(new URLSearchParams('start=1000&name=%20ban%20'))).toEqual({ name: 'ban', page: 1, size: 20 });
  });
});
