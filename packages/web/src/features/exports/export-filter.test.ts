import { describe, expect, it } from 'vitest';
import { describeExportFilter, parseExportFilters } from './export-filter.ts';

const words = { yes: 'Yes', no: 'No' };

describe('a download task\'s filter in words', () => {
  it('names fields, operators and enumeration values in the reader\'s language', () => {
    const filter = {
      list: 'gold_list',
      table: 'log_currency',
      start: 0,
      end: 86_400_000,
      conditions: [
        { field: 'b_role_id', op: 'eq', value: '100000016' },
        { field: 'gold_type', op: 'in', value: [1, 3] },
        { field: 'b_level', op: 'between', value: [10, 20] },
        { field: 'b_is_guest', op: 'eq', value: false },
      ],
      columns: ['b_timestamp'],
    };
    const en = describeExportFilter(filter, 'en', words);
    expect(en.conditions).toEqual(['Role ID equals 100000016', 'Currency type in the list Recharge currency, Other currency', 'Level between (inclusive) 10 – 20', 'Guest equals No']);
    expect(en.range).toContain(' – ');
    expect(describeExportFilter(filter, 'zh-CN', { yes: '是', no: '否' }).conditions[1]).toBe('货币类型 在列表中 充值货币, 其他货币');
  });

  it('describes a table export by its table', () => {
    expect(describeExportFilter({ list: null, table: 'log_item', start: 0, end: 1, conditions: [], columns: [] }, 'en', words).conditions).toEqual([]);
  });

  it('reads its list filters from the URL', () => {
    expect(parseExportFilters(new URLSearchParams('status=running&page=2&account=%20ops%20'))).toEqual({ status: 'running', account: 'ops', page: 2, size: 20 });
    expect(parseExportFilters(new URLSearchParams('status=bogus'))).toEqual({ status: undefined, account: undefined, page: 1, size: 20 });
  });
});
