import { describe, expect, it } from 'vitest';
import { pageTitle, parseGlobalConfig, parseProtocolConfig, pickLocalized } from './app-config.ts';

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
});
