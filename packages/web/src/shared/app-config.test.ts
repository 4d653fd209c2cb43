import { describe, expect, it } from 'vitest';
import { copyrightText, pageTitle, parseGlobalConfig, parseProtocolConfig, pickLocalized } from './app-config.ts';

describe('static config', () => {
  it('fills defaults for missing or broken fields and keeps extra ones', () => {
    const config = parseGlobalConfig({ title: 'Ops', displayTimeZone: 5, extra: true });
    expect(config.title).toBe('Ops');
    expect(config.displayTimeZone).toBe('Asia/Shanghai');
    expect(config.breadcrumbTitle).toBe('GM Console');
    expect((config as Record<string, unknown>).extra).toBe(true);
    expect(parseGlobalConfig(null).title).toBe('GM Console');
  });

  it('reads the protocol config', () => {
    const protocol = parseProtocolConfig({
      gameId: 'demo',
      agreements: [{ key: 'user', title: { en: 'User', zh: '用户' }, url: 'https://x' }],
    });
    expect(protocol.gameId).toBe('demo');
    expect(protocol.agreements).toHaveLength(1);
    expect(parseProtocolConfig({ agreements: 'nope' }).agreements).toEqual([]);
  });

  it('builds the page title from the route title and the config title', () => {
    expect(pageTitle('Dashboard', { title: 'GM Console' })).toBe('Dashboard - GM Console');
    expect(pageTitle(undefined, { title: 'GM Console' })).toBe('GM Console');
  });

  it('picks the text of the language', () => {
    expect(pickLocalized({ en: 'A', zh: '甲' }, 'zh-CN')).toBe('甲');
    expect(pickLocalized({ en: 'A', zh: '' }, 'zh-CN')).toBe('A');
  });

  it('shows the copyright line in the operator\'s language, or the one text for every language', () => {
    const both = parseGlobalConfig({ copyright: { en: 'Internal use only', zh: '仅限内部使用' } });
    expect(copyrightText(both, 'en')).toBe('Internal use only');
    expect(copyrightText(both, 'zh-CN')).toBe('仅限内部使用');
    expect(copyrightText(parseGlobalConfig({ copyright: 'Studio X' }), 'zh-CN')).toBe('Studio X');
    // Half a pair or another shape is no line at all (the footer falls back to the title and year).
    expect(copyrightText(parseGlobalConfig({ copyright: { en: 'A' } }), 'en')).toBe('');
    expect(copyrightText(parseGlobalConfig({ copyright: 7 }), 'en')).toBe('');
  });
});
