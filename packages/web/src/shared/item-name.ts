import type { Language } from '@gm/contract/messages.ts';

/** An item's name from the game's catalogue in the reader's language (the other one if it is blank). */
export function itemName(name: { en: string; zh: string } | null | undefined, language: Language, fallback: string): string {
  if (!name) return fallback;
  return (language === 'zh-CN' ? name.zh || name.en : name.en || name.zh) || fallback;
}
