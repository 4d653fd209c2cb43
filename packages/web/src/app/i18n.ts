import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@gm/contract/messages.ts';
import { initialLanguage, normalizeLanguage } from '../shared/language.ts';
import { CONSOLE_MESSAGES, type ConsoleNamespace } from './i18n-console-resources.ts';
import { publicResources } from './i18n-public-resources.ts';

/**
 * i18next with the public namespaces bundled and each feature's loaded before its pages render
 * (`loadMessages`, awaited by the pages' loaders), so no page ever flashes keys. The starting
 * language is the stored setting, else the browser's (zh* Chinese), else English; dayjs follows
 * every change, and antd follows through the provider. The document's lang attribute follows too.
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
    resources: publicResources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh-CN'],
    ns: Object.keys(publicResources.en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  applyLanguage(i18next.language);
  return i18next;
}

const loading = new Map<ConsoleNamespace, Promise<void>>();

/** Adds a feature's namespace (both languages) once; its pages wait for it (`pages.ts`). */
export function loadMessages(namespace: ConsoleNamespace): Promise<void> {
  let pending = loading.get(namespace);
  if (!pending) {
    pending = CONSOLE_MESSAGES[namespace]().then(
      (messages) => {
        i18next.addResourceBundle('en', namespace, messages.en, true, true);
        i18next.addResourceBundle('zh-CN', namespace, messages.zhCN, true, true);
      },
      (error: unknown) => {
        loading.delete(namespace); // a failed download (a deploy, the network) may be retried
        throw error;
      },
    );
    loading.set(namespace, pending);
  }
  return pending;
}
