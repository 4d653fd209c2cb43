import { MAIL_LABELS } from '@gm/contract/mails.contract.ts';
import type { Language } from '@gm/contract/messages.ts';

type Labels = typeof MAIL_LABELS;

/** A label of the contract's mail and item enumerations (mail status and type, item type, source type, card type ...) in the reader's language. */
export function mailLabel<G extends keyof Labels>(group: G, value: string, language: Language): string {
  const entry = (MAIL_LABELS[group] as Record<string, { en: string; zh: string } | undefined>)[value];
  if (!entry) return value;
  return language === 'zh-CN' ? entry.zh : entry.en;
}

/** An item's name from the game's catalogue in the reader's language (the other one if it is blank). */
export function itemName(name: { en: string; zh: string } | null | undefined, language: Language, fallback: string): string {
  if (!name) return fallback;
  return (language === 'zh-CN' ? name.zh || name.en : name.en || name.zh) || fallback;
}
