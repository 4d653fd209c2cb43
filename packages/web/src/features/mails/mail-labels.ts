import { MAIL_LABELS } from '@gm/contract/mails.contract.ts';
import type { Language } from '@gm/contract/messages.ts';

type Labels = typeof MAIL_LABELS;

/** A label of one of the contract's mail enumerations (status, type, item type ...) in the reader's language. */
export function mailLabel<G extends keyof Labels>(group: G, value: string, language: Language): string {
  const entry = (MAIL_LABELS[group] as Record<string, { en: string; zh: string } | undefined>)[value];
  if (!entry) return value;
  return language === 'zh-CN' ? entry.zh : entry.en;
}
