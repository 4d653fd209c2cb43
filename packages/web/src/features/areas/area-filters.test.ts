import { describe, expect, it } from 'vitest';
import { parseAreaFilters } from './area-filters.ts';

describe('parseAreaFilters', () => {
  it('reads lists, enums and the page from the URL', () => {
    const filters = parseAreaFilters(new URLSearchParams('keyword=%20dawn%20&status=open,close,bogus&heat=packed&merged=only&page=3&size=50&group=CN-East'));
    expect(filters).toEqual({
      keyword: 'dawn',
      status: ['open', 'close'],
      loginStatus: undefined,
      heat: ['packed'],
      group: 'CN-East',
      merged: 'only',
      page: 3,
      size: 50,
    });
  });

  it('drops what is malformed', () => {
    expect(parseAreaFilters(new URLSearchParams('status=nope&merged=all&page=0&size=9999'))).toMatchObject({
      status: undefined,
      merged: undefined,
      page: 1,
      size: 20,
    });
  });
});
