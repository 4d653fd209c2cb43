import type { Language } from '@gm/contract/messages.ts';

/**
 * What the sign-in, sign-up and 404 pages and the shell need: loaded before the first render
 * (`initI18n` waits for them), in the operator's language only, one module per language
 * (`i18n-public.<language>.ts`). `errors` and `validation` are the contract's (the server's own
 * words, `@gm/contract/messages.<language>.ts`): the server reads both languages, the web app
 * downloads one. The console's own namespaces (`i18n-console-resources.ts`) load with their pages.
 */
const publicModule = {
  en: () => import('./i18n-public.en.ts'),
  'zh-CN': () => import('./i18n-public.zh-CN.ts'),
} satisfies Record<Language, () => Promise<object>>;

type PublicModule = Awaited<ReturnType<(typeof publicModule)['en']>>;

/** One namespace of the public module, in each language. */
function publicNamespace(pick: (module: PublicModule) => object): Record<Language, () => Promise<object>> {
  return { en: () => publicModule.en().then(pick), 'zh-CN': () => publicModule['zh-CN']().then(pick) };
}

export const PUBLIC_MESSAGES = {
  common: publicNamespace((m) => m.common),
  nav: publicNamespace((m) => m.nav),
  auth: publicNamespace((m) => m.auth),
  errors: publicNamespace((m) => m.contract.errors),
  validation: publicNamespace((m) => m.contract.validation),
} satisfies Record<string, Record<Language, () => Promise<object>>>;
