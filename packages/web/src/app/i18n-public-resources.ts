import { en as contractEn, zhCN as contractZhCN, type Language } from '@gm/contract/messages.ts';

/**
 * The namespaces bundled with the app: the contract's `errors` and `validation` (the server's
 * own words, one module with both languages that the web app shares with the server).
 */
export const bundledResources = {
  en: { errors: contractEn.errors, validation: contractEn.validation },
  'zh-CN': { errors: contractZhCN.errors, validation: contractZhCN.validation },
} as const;

/**
 * What the sign-in, sign-up and 404 pages and the shell need besides: loaded before the first
 * render (`initI18n` waits for them), in the operator's language only, one module per language
 * (`i18n-public.<language>.ts`). The console's own namespaces (`i18n-console-resources.ts`) load
 * with their pages.
 */
const publicModule = {
  en: () => import('./i18n-public.en.ts'),
  'zh-CN': () => import('./i18n-public.zh-CN.ts'),
} satisfies Record<Language, () => Promise<object>>;

export const PUBLIC_MESSAGES = {
  common: { en: () => publicModule.en().then((m) => m.common), 'zh-CN': () => publicModule['zh-CN']().then((m) => m.common) },
  nav: { en: () => publicModule.en().then((m) => m.nav), 'zh-CN': () => publicModule['zh-CN']().then((m) => m.nav) },
  auth: { en: () => publicModule.en().then((m) => m.auth), 'zh-CN': () => publicModule['zh-CN']().then((m) => m.auth) },
} satisfies Record<string, Record<Language, () => Promise<object>>>;
