import { describe, expect, it } from 'vitest';
import { detectLanguage, languageToSetting, normalizeLanguage, settingToLanguage } from './language.ts';

describe('language selection', () => {
  it('prefers the stored setting', () => {
    expect(detectLanguage('cn', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('falls back to the browser language, zh* meaning Chinese', () => {
    expect(detectLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(null, ['zh'])).toBe('zh-CN');
    expect(detectLanguage(null, ['de-DE', 'zh-CN'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, [])).toBe('en');
    expect(detectLanguage('fr', [])).toBe('en');
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
