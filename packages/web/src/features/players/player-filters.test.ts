import { describe, expect, it } from 'vitest';
import { parseAccountFilters, parseDialog, parseForbidFilters, parsePlayerFilters, parseReportFilters } from './player-filters.ts';

describe('player list filters from the URL', () => {
  it('reads every filter', () => {
    const filters = parsePlayerFilters(
      new URLSearchParams(
        'roleId=1&roleName=Nova&userId=2&thirdId=wx_1&account=a&areaId=1001&levelMin=10&levelMax=20&identityMark=1&online=true&recharge=false&banned=true&muted=false&createdFrom=1&createdTo=2&lastLoginFrom=3&lastLoginTo=4&page=3&size=50',
      ),
    );
    expect(filters).toEqual({
      roleId: '1', roleName: 'Nova', userId: '2', thirdId: 'wx_1', account: 'a', areaId: '1001', levelMin: 10, levelMax: 20, identityMark: 1,
      online: true, recharge: false, banned: true, muted: false, createdFrom: 1, createdTo: 2, lastLoginFrom: 3, lastLoginTo: 4, page: 3, size: 50,
    });
  });

  it('drops malformed values, reversed ranges and pages past the depth limit', () => {
    const filters = parsePlayerFilters(new URLSearchParams('levelMin=30&levelMax=5&identityMark=7&online=maybe&createdFrom=9&createdTo=1&page=9999&size=100'));
    // Read through the contract's playerListQuery: each refused value is left out.
    expect(filters).toEqual({ levelMin: 30, page: 1, size: 100 });
  });

  it('reads a time range only whole and in order, through the contract queries', () => {
    expect(parsePlayerFilters(new URLSearchParams('createdFrom=5&createdTo=5&lastLoginFrom=1&lastLoginTo=2'))).toEqual({ lastLoginFrom: 1, lastLoginTo: 2, page: 1, size: 20 });
    expect(parseAccountFilters(new URLSearchParams('createdFrom=1&lastLoginTo=2&banned=false'))).toEqual({ banned: false, page: 1, size: 20 });
    expect(parseReportFilters(new URLSearchParams('from=9&to=1&reason=spam'))).toEqual({ reason: 'spam', page: 1, size: 20 });
  });

  it('reads the other lists and the open dialog', () => {
    expect(parseAccountFilters(new URLSearchParams('type=phone&banned=true'))).toMatchObject({ type: 'phone', banned: true, page: 1 });
    expect(parseAccountFilters(new URLSearchParams('type=robot')).type).toBeUndefined();
    expect(parseReportFilters(new URLSearchParams('reason=spam&from=1&to=5'))).toMatchObject({ reason: 'spam', from: 1, to: 5 });
    expect(parseForbidFilters(new URLSearchParams('kind=mute')).kind).toBe('mute');
    expect(parseForbidFilters(new URLSearchParams('kind=x')).kind).toBe('ban');
    expect(parseDialog(new URLSearchParams('dialog=bag&role=100'))).toEqual({ dialog: 'bag', roleId: '100' });
    expect(parseDialog(new URLSearchParams('dialog=drop&role=100'))).toBeNull();
  });
});
