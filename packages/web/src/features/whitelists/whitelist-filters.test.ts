import { describe, expect, it } from 'vitest';
import { parseDomainFilters, parseFunctionFilters, parseIdFilters, parseIpFilters, parseWhitelistTab } from './whitelist-filters.ts';

const q = (text: string) => new URLSearchParams(text);

describe('whitelist filters from the URL', () => {
  it('reads the tab, defaulting to the IP whitelist', () => {
    expect(parseWhitelistTab(q('tab=function'))).toBe('function');
    expect(parseWhitelistTab(q('tab=nope'))).toBe('ip');
    expect(parseWhitelistTab(q(''))).toBe('ip');
  });

  it('reads every filter of each list', () => {
    expect(parseIpFilters(q('keyword=%20office%20&status=close&sdk=123&page=2&size=50'))).toEqual({ keyword: 'office', status: 'close', sdkPlatformId: '123', page: 2, size: 50 });
    expect(parseIdFilters(q('kind=user&status=open'))).toEqual({ keyword: undefined, kind: 'user', status: 'open', page: 1, size: 20 });
    expect(parseFunctionFilters(q('log=open&keyword=g'))).toEqual({ keyword: 'g', logSwitch: 'open', page: 1, size: 20 });
    expect(parseDomainFilters(q('purpose=payment&status=open'))).toEqual({ keyword: undefined, purpose: 'payment', status: 'open', page: 1, size: 20 });
  });

  it('drops malformed values', () => {
    expect(parseIpFilters(q('status=maybe&sdk=12ab&page=0&size=9999'))).toEqual({ keyword: undefined, status: undefined, sdkPlatformId: undefined, page: 1, size: 20 });
    expect(parseIdFilters(q('kind=guild')).kind).toBeUndefined();
    expect(parseDomainFilters(q('purpose=ads')).purpose).toBeUndefined();
  });
});
