import { describe, expect, it } from 'vitest';
import { parseOperatorFilters, parseTab } from './operator-filters.ts';

describe('operator filters in the URL', () => {
  it('reads keyword, role, status and page', () => {
    expect(parseOperatorFilters(new URLSearchParams('keyword=%20ops%20&roleId=r1&status=disabled&page=2&size=50'))).toEqual({
      keyword: 'ops',
      roleId: 'r1',
      status: 'disabled',
      page: 2,
      size: 50,
    });
  });

  it('ignores unknown statuses and defaults the page', () => {
    expect(parseOperatorFilters(new URLSearchParams('status=gone&page=0'))).toEqual({
      keyword: undefined,
      roleId: undefined,
      status: undefined,
      page: 1,
      size: 20,
    });
  });

  it('picks the tab', () => {
    expect(parseTab(new URLSearchParams('tab=roles'))).toBe('roles');
    expect(parseTab(new URLSearchParams('tab=x'))).toBe('operators');
  });
});
