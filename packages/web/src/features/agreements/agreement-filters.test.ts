import { describe, expect, it } from 'vitest';
import { agreementName, parseAgreementFilters } from './agreement-filters.ts';

describe('agreement list helpers', () => {
  it('reads the filters from the URL and drops malformed ones', () => {
    expect(parseAgreementFilters(new URLSearchParams('channel=taptap&kind=privacyPolicy&status=published&keyword=x&size=50'))).toEqual({
      keyword: 'x', channel: 'taptap', kind: 'privacyPolicy', status: 'published', page: 1, size: 50,
    });
    expect(parseAgreementFilters(new URLSearchParams('channel=Tap%20Tap&kind=eula&status=gone'))).toEqual({
      keyword: undefined, channel: undefined, kind: undefined, status: undefined, page: 1, size: 20,
    });
  });

  it('names an agreement', () => {
    expect(agreementName({ channel: 'huawei', version: '2.0' }, 'Privacy policy')).toBe('huawei · Privacy policy 2.0');
  });
});
