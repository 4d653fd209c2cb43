import { describe, expect, it } from 'vitest';
import { customRequestOf, customSearchParams, customSignature, parseCustomSearch } from './custom-query.ts';

describe('the custom query in the URL', () => {
  it('round-trips a view', () => {
    const search = { table: 'log_currency', start: 1, end: 2, offset: 40, limit: 20, columns: ['b_role_id', 'gold_num'] };
    expect(parseCustomSearch(new URLSearchParams(customSearchParams(search).toString()))).toEqual(search);
  });

  it('runs only what the contract accepts', () => {
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_nope')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_currency&cols=nope')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_currency&start=5&end=1')))).toBeNull();
    expect(customRequestOf(parseCustomSearch(new URLSearchParams('table=log_currency&limit=5000')))).toEqual({ table: 'log_currency', offset: 0, limit: 5000 });
  });

  it('treats another offset of the same query as the same query', () => {
    const a = { table: 'log_currency', offset: 0, limit: 20 };
    expect(customSignature(a)).toBe(customSignature({ ...a, offset: 20 }));
    expect(customSignature(a)).not.toBe(customSignature({ ...a, start: 1, end: 2 }));
  });
});
