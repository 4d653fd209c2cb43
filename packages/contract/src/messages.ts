import { en, type Messages } from './messages.en.ts';
import { zhCN } from './messages.zh-CN.ts';

/**
 * Messages the server sends and the web shows in both languages: error codes and validation
 * rules. The texts live one language per module (`messages.en.ts`, the source of the keys, and
 * `messages.zh-CN.ts`): the web app registers them as its `errors` and `validation` namespaces
 * and downloads only the operator's language; the server answers in the request's language, so
 * it reads both through this module. Add a message in the two language modules, not here.
 */
export { en, zhCN, type Messages };

export type Language = 'en' | 'zh-CN';

export const MESSAGES: Record<Language, Messages> = { en, 'zh-CN': zhCN };

/** Picks the language from an Accept-Language style value: zh* is Chinese, anything else English. */
export function languageFrom(value: string | undefined | null): Language {
  // Accept-Language: the most wanted of the two, by q-value (`zh-CN;q=0.1, en;q=0.9` is English).
  const wanted = (value ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((w) => w.q > 0 && (w.tag.startsWith('zh') || w.tag.startsWith('en')))
    .sort((a, b) => b.q - a.q || a.order - b.order)[0];
  return wanted?.tag.startsWith('zh') ? 'zh-CN' : 'en';
}

/** How a list reads inside a sentence: "1001, 1002" / "1001、1002". */
const LIST_SEPARATOR: Record<Language, string> = { en: ', ', 'zh-CN': '、' };

/** Looks up `a.b` in the messages of a language and fills `{{placeholders}}` (a list joined as the language joins one). */
export function translate(lang: Language, key: string, values: Record<string, unknown> = {}): string {
  const [namespace, ...rest] = key.split('.');
  const table = MESSAGES[lang][namespace as keyof Messages] as Record<string, string> | undefined;
  // "1 second", not "1 seconds": a message may have a `_one` form for a count of 1.
  const one = values.seconds === 1 || values.count === 1 ? table?.[`${rest.join('.')}_one`] : undefined;
  const template = one ?? table?.[rest.join('.')];
  if (template === undefined) return key;
  const text = (value: unknown): string => {
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    // A name in both languages (a log column's label): the reader's.
    if (value && typeof value === 'object' && 'en' in value && 'zh' in value) return text(lang === 'zh-CN' ? value.zh : value.en);
    return '';
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value.map(text).join(LIST_SEPARATOR[lang]) : text(value);
  });
}
