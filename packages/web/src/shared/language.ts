import { LANGUAGE_STORAGE_KEY, type LanguageSetting } from '@gm/contract/constants.ts';
import type { Language } from '@gm/contract/messages.ts';

/**
 * The spec keeps its stored setting as `cn` / `en`; i18next, antd and the server speak
 * `zh-CN` / `en`. These functions translate between the two and pick the starting language as
 * spec section 1 has it: the stored setting, else the browser's language (zh* is Chinese), else
 * English (docs/decisions.md, "The starting language").
 */
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

export function settingToLanguage(setting: string | null | undefined): Language | null {
  return setting === 'cn' || setting === 'en' ? languageOfSetting(setting) : null;
}

export function languageToSetting(language: Language): LanguageSetting {
  return language === 'zh-CN' ? 'cn' : 'en';
}

export function detectLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  return settingToLanguage(stored) ?? normalizeLanguage(browser.find((value) => value.trim() !== ''));
}

function languageOfSetting(setting: LanguageSetting): Language {
  return setting === 'cn' ? 'zh-CN' : 'en';
}

export function normalizeLanguage(value: string | undefined): Language {
  return value === 'zh-CN' || (value !== undefined && /^zh/i.test(value)) ? 'zh-CN' : 'en';
}

export function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, languageToSetting(language));
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language ?? ''];
}

/**
 * The language to start in. Nothing is stored until the operator picks a language, so until then
 * the console follows the browser's.
 */
export function initialLanguage(): Language {
  return detectLanguage(readStoredLanguage(), browserLanguages());
}
