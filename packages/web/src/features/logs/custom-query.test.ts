import { describe, expect, it } from 'vitest';
import { customRequestOf, customSearchParams, customSignature, parseCustomSearch } from './custom-query.ts';

describe('the custom query in the URL', () => {
  it('round-trips a view', () => {
    const search = { table: 'log_currency', start: 1, end: 2, offset: 40, limit: 20, columns: ['b_role_id', 'gold_num'] };
    expect(parseCustomSearch(new URLSearchParams(customSearchParams(search).toString()))).toEqual(search);
  });

  it('runs only what the contract accepts', () => {
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('start=1&end=2')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_currency&limit=5000')))).toEqual({ table: 'log_currency', offset: 0, limit: 5000 });
  });

  it('drops what a tampered link spoils and keeps the rest', () => {
    // An unknown table: no table (nothing runs), the other fields kept.
    expect(parseCustomSearch(new URLSearchParams('table=log_nope&offset=20&limit=10'))).toEqual({ offset: 20, limit: 10 });
    // One unknown column goes alone.
    expect(parseCustomSearch(new URLSearchParams('table=log_currency&cols=b_role_id,nope,gold_num'))).toEqual({ table: 'log_currency', offset: 0, limit: 50, columns: ['b_role_id', 'gold_num'] });
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_currency&cols=nope')))).toEqual({ table: 'log_currency', offset: 0, limit: 50 });
    // A reversed range is no range; a negative offset, a zero limit and a deeper offset than the contract allows fall back.
    expect(parseCustomSearch(new URLSearchParams('table=log_currency&start=5&end=1&offset=-3&limit=0'))).toEqual({ table: 'log_currency', offset: 0, limit: 50 });
    expect(parseCustomSearch(new URLSearchParams('table=log_currency&offset=100001&limit=1.5'))).toEqual({ table: 'log_currency', offset: 0, limit: 50 });
  });

  it('treats another offset of the same query as the same query', () => {
    const a = { table: 'log_currency', offset: 0, limit: 20 };
    expect(customSignature(a)).toBe(customSignature({ ...a, offset: 20 }));
    expect(customSignature(a)).not.toBe(customSignature({ ...a, start: 1, end: 2 }));
  });
});
