import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, initialLanguage, languageToSetting, normalizeLanguage, settingToLanguage } from './language.ts';

describe('language selection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefers the stored setting, whatever the browser language', () => {
    expect(detectLanguage('cn')).toBe('zh-CN');
    expect(detectLanguage('en')).toBe('en');
  });

  it("falls back to the spec's default, cn", () => {
    expect(detectLanguage(null)).toBe('zh-CN');
    expect(detectLanguage(undefined)).toBe('zh-CN');
    expect(detectLanguage('fr')).toBe('zh-CN');
  });

  it('stores the default when the key holds none or a stray value, and keeps a stored choice', () => {
    // Node has no localStorage: a map stands in for the browser's.
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    expect(initialLanguage()).toBe('zh-CN');
    expect(localStorage.getItem('language')).toBe('cn');
    localStorage.setItem('language', 'fr');
    expect(initialLanguage()).toBe('zh-CN');
    expect(localStorage.getItem('language')).toBe('cn');
    localStorage.setItem('language', 'en');
    expect(initialLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
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
