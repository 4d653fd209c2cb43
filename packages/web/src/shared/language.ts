import { DEFAULT_LANGUAGE_SETTING, LANGUAGE_STORAGE_KEY, type LanguageSetting } from '@gm/contract/constants.ts';
import type { Language } from '@gm/contract/messages.ts';

/**
 * The spec keeps its stored setting as `cn` / `en`; i18next, antd and the server speak
 * `zh-CN` / `en`. These functions translate between the two and pick the starting language:
 * the stored setting, else the spec's default, `cn` (section 9: "the language key in local
 * storage defaults to cn"), whatever the browser's language (docs/decisions.md, "The starting
 * language").
 */
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

export function settingToLanguage(setting: string | null | undefined): Language | null {
  return setting === 'cn' || setting === 'en' ? languageOfSetting(setting) : null;
}

export function languageToSetting(language: Language): LanguageSetting {
  return language === 'zh-CN' ? 'cn' : 'en';
}

export function detectLanguage(stored: string | null | undefined): Language {
  return settingToLanguage(stored) ?? languageOfSetting(DEFAULT_LANGUAGE_SETTING);
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

/** The language to start in; the key takes its default value when it holds none (or a stray one). */
export function initialLanguage(): Language {
  const stored = readStoredLanguage();
  const language = detectLanguage(stored);
  if (languageToSetting(language) !== stored) storeLanguage(language);
  return language;
}
