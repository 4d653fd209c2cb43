import { describe, expect, it } from 'vitest';
import { deviceForWidth, MOBILE_MEDIA_QUERY, sidebarCookieValue, sidebarOpenedFromCookie } from './sidebar-state.ts';

describe('sidebar state', () => {
  it('is open unless the cookie says collapsed', () => {
    expect(sidebarOpenedFromCookie(undefined)).toBe(true);
    expect(sidebarOpenedFromCookie('1')).toBe(true);
    expect(sidebarOpenedFromCookie('0')).toBe(false);
    expect(sidebarCookieValue(false)).toBe('0');
    expect(sidebarCookieValue(true)).toBe('1');
  });

  it('is mobile under 992 px', () => {
    expect(deviceForWidth(991)).toBe('mobile');
    expect(deviceForWidth(992)).toBe('desktop');
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 991.98px)');
  });
});
