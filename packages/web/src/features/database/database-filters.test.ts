import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '../../shared/hooks/use-search-state.ts';
import { readRecordFilters, readRowsFilters, readTableChoice } from './database-filters.ts';

const read = (text: string) => new URLSearchParams(text);

describe('the database pages in the URL', () => {
  it('reads data show through the contract rows query, the table from its path param', () => {
    expect(readRowsFilters(read('table=maps&version=3&q=%20boss%20&page=2&size=50'))).toEqual({ table: 'maps', version: 3, q: 'boss', page: 2, size: 50 });
    expect(readRowsFilters(read(''))).toEqual({ table: 'items', page: 1, size: 20 });
  });

  it('drops a tampered value and keeps the rest', () => {
    expect(readRowsFilters(read(`table=nope&version=0&q=${'x'.repeat(101)}&page=-2&size=500`))).toEqual({ table: 'items', page: 1, size: 20 });
    expect(readRowsFilters(read('table=maps&version=99999999999&size=30'))).toEqual({ table: 'maps', page: 1, size: 30 });
    expect(readRecordFilters(read('table=nope&page=3'))).toEqual({ page: 3, size: 20 });
    expect(readTableChoice(read('table=%3Cscript%3E'))).toEqual({ table: 'items' });
  });

  it('reads back what the filter form writes', () => {
    const view = { table: 'maps', version: 4, q: 'boss', page: 3, size: 50 } as const;
    const written = applySearchPatch(read(''), view);
    expect(readRowsFilters(read(written.toString()))).toEqual(view);
    const records = { table: 'items', page: 2, size: 20 } as const;
    expect(readRecordFilters(read(applySearchPatch(read(''), records).toString()))).toEqual(records);
  });
});
