import { describe, expect, it } from 'vitest';
import { parseClaimFilters } from './exchange-claims-filters.ts';

describe('redeem claim filters from the URL', () => {
  it('reads every filter and drops reversed time ranges', () => {
    expect(parseClaimFilters(new URLSearchParams('code=LAUNCH&batchId=B1&roleId=1&areaId=1001&from=1&to=2&page=2&size=50'))).toEqual({
      code: 'LAUNCH', batchId: 'B1', roleId: '1', areaId: '1001', from: 1, to: 2, page: 2, size: 50,
    });
    expect(parseClaimFilters(new URLSearchParams('from=5&to=1&page=0'))).toEqual({ code: undefined, batchId: undefined, roleId: undefined, areaId: undefined, page: 1, size: 20 });
  });
});
