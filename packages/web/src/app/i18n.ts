import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@gm/contract/messages.ts';
import { initialLanguage, normalizeLanguage } from '../shared/language.ts';
import { NAMESPACES, resources } from './i18n-resources.ts';

/**
 * i18next with every namespace bundled (no loading flash). The starting language is the stored
 * setting, else the browser's (zh* Chinese), else English; dayjs follows every change, and antd
 * follows through the provider. The document's lang attribute follows too.
 */
export function dayjsLocale(language: Language): string {
  return language === 'zh-CN' ? 'zh-cn' : 'en';
}

function applyLanguage(value: string): void {
  const language = normalizeLanguage(value);
  dayjs.locale(dayjsLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', applyLanguage);
  await i18next.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh-CN'],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  applyLanguage(i18next.language);
  return i18next;
}
