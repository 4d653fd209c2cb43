import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, initialLanguage, languageToSetting, normalizeLanguage, settingToLanguage } from './language.ts';

describe('language selection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefers the stored setting, whatever the browser language', () => {
    expect(detectLanguage('cn', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });

  it("falls back to the browser's first language, zh* meaning Chinese", () => {
    expect(detectLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(undefined, ['zh'])).toBe('zh-CN');
    expect(detectLanguage('fr', ['zh-CN'])).toBe('zh-CN');
    expect(detectLanguage(null, ['en-US', 'zh-CN'])).toBe('en');
    expect(detectLanguage(null, ['de-DE', 'zh-CN'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, [])).toBe('en');
    expect(detectLanguage('fr', [''])).toBe('en');
  });

  it('reads the stored setting and the browser, and stores nothing until a language is chosen', () => {
    // Node has no localStorage: a map stands in for the browser's.
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    vi.stubGlobal('navigator', { languages: ['zh-CN', 'en'], language: 'zh-CN' });
    expect(initialLanguage()).toBe('zh-CN');
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    expect(initialLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBeNull();
    localStorage.setItem('language', 'cn');
    expect(initialLanguage()).toBe('zh-CN');
  });

  it('maps between the stored setting and i18next languages', () => {
    expect(settingToLanguage('cn')).toBe('zh-CN');
    expect(settingToLanguage('en')).toBe('en');
    expect(settingToLanguage('xx')).toBeNull();
    expect(languageToSetting('zh-CN')).toBe('cn');
    expect(languageToSetting('en')).toBe('en');
    expect(normalizeLanguage('zh-cn')).toBe('zh-CN');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
