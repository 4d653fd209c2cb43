import { describe, expect, it } from 'vitest';
import { parseAreaFilters } from './area-filters.ts';

describe('parseAreaFilters', () => {
  it('reads lists, enums and the page from the URL', () => {
    const filters = parseAreaFilters(new URLSearchParams('keyword=%20dawn%20&status=open,close&heat=packed&merged=only&page=3&size=50&group=CN-East'));
    expect(filters).toEqual({
      keyword: 'dawn',
      status: ['open', 'close'],
      heat: ['packed'],
      group: 'CN-East',
      merged: 'only',
      page: 3,
      size: 50,
    });
  });

  it('drops what the contract refuses, one filter at a time', () => {
    expect(parseAreaFilters(new URLSearchParams('status=open,bogus&heat=packed&merged=all&page=0&size=9999'))).toEqual({
      heat: ['packed'],
      page: 1,
      size: 20,
    });
  });
});
