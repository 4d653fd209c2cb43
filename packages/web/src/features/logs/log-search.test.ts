import { describe, expect, it } from 'vitest';
import { logCatalogue } from '@gm/contract/logs.contract.ts';
import { firstPage, logSearchParams, nextPage, parseCondition, parseLogSearch, previousPage, queryBodyOf, readTrail, serializeCondition, trailState, type LogSearch } from './log-search.ts';

const columns = logCatalogue().lists.find((l) => l.path === 'gold_list')?.columns ?? [];

describe('a log list in the URL', () => {
  it('writes and reads the range, the conditions, the size and the cursor', () => {
    const search: LogSearch = {
      start: 1_700_000_000_000,
      end: 1_700_086_400_000,
      conditions: [
        { field: 'b_role_id', op: 'eq', value: '100000016' },
        { field: 'gold_type', op: 'in', value: [1, 2] },
        { field: 'b_level', op: 'between', value: [10, 20] },
        { field: 'reason', op: 'prefix', value: 'shop.buy, 2' },
        { field: 'b_is_guest', op: 'eq', value: false },
      ],
      size: 50,
      cursor: 'eyJ0IjoxfQ.abc-_',
      page: 3,
    };
    const params = logSearchParams(search);
    expect(params.getAll('q')).toEqual(['b_role_id.eq.100000016', 'gold_type.in.[1,2]', 'b_level.between.[10,20]', 'reason.prefix.shop.buy, 2', 'b_is_guest.eq.false']);
    expect(parseLogSearch(new URLSearchParams(params.toString()), columns)).toEqual(search);
  });

  it('keeps ids as text and numbers as numbers, by the field type', () => {
    expect(parseCondition('b_role_id.in.["007","8"]', columns)).toEqual({ field: 'b_role_id', op: 'in', value: ['007', '8'] });
    expect(parseCondition('b_role_id.eq.007', columns)).toEqual({ field: 'b_role_id', op: 'eq', value: '007' });
    expect(parseCondition('b_level.gte.7', columns)).toEqual({ field: 'b_level', op: 'gte', value: 7 });
    expect(parseCondition('b_level.gte.seven', columns)).toEqual({ field: 'b_level', op: 'gte', value: 'seven' });
    expect(serializeCondition({ field: 'b_level', op: 'gte', value: 7 })).toBe('b_level.gte.7');
  });

  it('drops what is malformed and defaults the rest', () => {
    const search = parseLogSearch(new URLSearchParams('start=20&end=10&q=nodots&q=b_level.like.3&q=b_level.in.notjson&q=b_level.eq.&size=5000&page=4'), columns);
    expect(search).toEqual({ conditions: [], size: 20, page: 1 });
    // A page number without a cursor is the first page.
    expect(parseLogSearch(new URLSearchParams('start=1&end=2&page=9'), columns).page).toBe(1);
  });

  it('reads the URL through the contract: a refused condition goes alone, the rest of the view stays', () => {
    const long = 'x'.repeat(101);
    const many = JSON.stringify(Array.from({ length: 101 }, (_, i) => i));
    const params = new URLSearchParams();
    params.set('start', '1700000000000');
    params.set('end', '1700086400000');
    for (const q of ['b_role_id.eq.7', `reason.prefix.${long}`, `gold_type.in.${many}`, 'b_level.gte.3']) params.append('q', q);
    params.set('size', '50');
    params.set('cursor', 'c'.repeat(513));
    params.set('page', '3');
    expect(parseLogSearch(params, columns)).toEqual({
      start: 1_700_000_000_000,
      end: 1_700_086_400_000,
      conditions: [
        { field: 'b_role_id', op: 'eq', value: '7' },
        { field: 'b_level', op: 'gte', value: 3 },
      ],
      size: 50,
      page: 1,
    });
  });

  it('takes the range as the contract reads it (ISO 8601 too), or none at all', () => {
    expect(parseLogSearch(new URLSearchParams('start=2026-11-01T00:00:00Z&end=2026-11-02T00:00:00Z'), columns)).toMatchObject({ start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 10, 2) });
    expect(parseLogSearch(new URLSearchParams('start=5&end=5'), columns)).toEqual({ conditions: [], size: 20, page: 1 });
    expect(parseLogSearch(new URLSearchParams('start=-1&end=5&size=abc'), columns)).toEqual({ conditions: [], size: 20, page: 1 });
    expect(parseLogSearch(new URLSearchParams('start=1'), columns)).toEqual({ conditions: [], size: 20, page: 1 });
  });

  it('leaves the default size and the first page out of the URL', () => {
    expect(logSearchParams({ start: 1, end: 2, conditions: [], size: 20, page: 1 }).toString()).toBe('start=1&end=2');
  });

  it('asks for the page the view shows', () => {
    expect(queryBodyOf({ start: 1, end: 2, conditions: [], size: 20, page: 1 })).toEqual({ start: 1, end: 2, conditions: [], size: 20 });
    expect(queryBodyOf({ start: 1, end: 2, conditions: [], size: 20, cursor: 'c2', page: 2 })).toEqual({ start: 1, end: 2, conditions: [], size: 20, cursor: 'c2' });
  });
});

describe('paging by cursor', () => {
  const first: LogSearch = { start: 1, end: 2, conditions: [], size: 20, page: 1 };

  it('goes forward pushing cursors and back popping them', () => {
    const two = nextPage(first, [], 'c2');
    expect(two).toEqual({ search: { ...first, cursor: 'c2', page: 2 }, trail: [null] });
    const three = nextPage(two.search, two.trail, 'c3');
    expect(three).toEqual({ search: { ...first, cursor: 'c3', page: 3 }, trail: [null, 'c2'] });
    const back = previousPage(three.search, three.trail);
    expect(back).toEqual({ search: { ...first, cursor: 'c2', page: 2 }, trail: [null] });
    expect(previousPage(back?.search ?? first, back?.trail ?? null)).toEqual({ search: first, trail: [] });
    expect(previousPage(first, [])).toBeNull();
  });

  it('reads the trail from history state only when it fits the page', () => {
    const three: LogSearch = { ...first, cursor: 'c3', page: 3 };
    expect(readTrail(trailState([null, 'c2']), three)).toEqual([null, 'c2']);
    expect(readTrail(trailState([null]), three)).toBeNull();
    expect(readTrail(null, three)).toBeNull();
    expect(readTrail({ logTrail: [null, 4] }, three)).toBeNull();
    // Opened from a shared link: no trail, so no "Previous", but the first page is there.
    expect(previousPage(three, null)).toBeNull();
    expect(firstPage(three)).toEqual(first);
  });
});
