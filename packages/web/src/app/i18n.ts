import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@gm/contract/messages.ts';
import { initialLanguage, LANGUAGES, normalizeLanguage } from '../shared/language.ts';
import { CONSOLE_MESSAGES, type ConsoleNamespace } from './i18n-console-resources.ts';
import { PUBLIC_MESSAGES } from './i18n-public-resources.ts';

/**
 * i18next with every namespace downloaded in the operator's language only (the contract's
 * `errors` and `validation` too), through a backend that imports the namespace's module for that
 * language: the public ones before the first render (`initI18n` waits), a feature's before its
 * pages render (`loadMessages`, awaited by the pages' loaders), so no page ever flashes keys.
 * `changeLanguage` asks the backend for every namespace loaded so far in the new language before
 * it switches, so the switch never shows keys either. No fallback language: the translation
 * test keeps both languages' keys the same, and a fallback would download English for Chinese.
 * The starting language is the stored setting, else the browser's (zh* Chinese), else English;
 * dayjs follows every change, and antd follows through the provider. The document's lang
 * attribute follows too.
 */
export function dayjsLocale(language: Language): string {
  return language === 'zh-CN' ? 'zh-cn' : 'en';
}

function applyLanguage(value: string): void {
  const language = normalizeLanguage(value);
  dayjs.locale(dayjsLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const LOADERS: Record<string, Record<Language, () => Promise<object>>> = { ...PUBLIC_MESSAGES, ...CONSOLE_MESSAGES };

/** The i18next backend: a namespace's module in one language, imported when i18next asks. */
export const messagesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = LOADERS[namespace]?.[normalizeLanguage(language)];
    if (!load || !(LANGUAGES as readonly string[]).includes(language)) {
      callback(new Error(`no messages for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (messages) => callback(null, messages as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', applyLanguage);
  await i18next
    .use(messagesBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: Object.keys(PUBLIC_MESSAGES),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  applyLanguage(i18next.language);
  return i18next;
}

const failed = new Set<string>();

/**
 * Loads a feature's namespace in the current language (i18next remembers it and loads it in the
 * other language on a switch); its pages wait for it (`pages.ts`). i18next settles even when a
 * download failed (a deploy, the network) and never asks its backend for that namespace again,
 * so the page's loader fails here instead and the next visit downloads it directly.
 */
export async function loadMessages(namespace: ConsoleNamespace): Promise<void> {
  const language = normalizeLanguage(i18next.language);
  const key = `${language}|${namespace}`;
  try {
    if (failed.delete(key)) {
      i18next.addResourceBundle(language, namespace, await CONSOLE_MESSAGES[namespace][language](), true, true);
    } else {
      await i18next.loadNamespaces(namespace);
    }
  } catch {
    // the direct retry failed too: the check below reports it
  }
  if (!i18next.hasResourceBundle(language, namespace)) {
    failed.add(key);
    throw new Error(`The ${namespace} messages could not be downloaded.`);
  }
}
