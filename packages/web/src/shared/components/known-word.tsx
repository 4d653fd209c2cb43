import type { Language } from '@gm/contract/messages.ts';

/**
 * A value of one of the game's open vocabularies (a payment channel, a stage type): the console's
 * word for it in the reader's language with the code on hover, or the value as sent when the
 * console does not know it.
 */
export function KnownWord({ words, value, language }: { words: readonly { value: string; en: string; zh: string }[] | undefined; value: string; language: Language }) {
  const word = words?.find((w) => w.value === value);
  return word ? <span title={value}>{language === 'zh-CN' ? word.zh : word.en}</span> : <span>{value}</span>;
}
