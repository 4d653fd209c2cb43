import { useTranslation } from 'react-i18next';
import { MAIL_LABELS, type ItemCatalogue } from '@gm/contract/mails.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { normalizeLanguage } from '../../shared/language.ts';

type Labels = typeof MAIL_LABELS;

/** The reader's language, for the contract's labels and the catalogue's item names. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language);
}

/** A label of the contract's item enumerations (item type, source type, card type) in the reader's language. */
export function itemLabel<G extends keyof Labels>(group: G, value: string, language: Language): string {
  const entry = (MAIL_LABELS[group] as Record<string, { en: string; zh: string } | undefined>)[value];
  if (!entry) return value;
  return language === 'zh-CN' ? entry.zh : entry.en;
}

/** The game's item catalogue (`GET /items`), for the reward pickers. */
export function itemCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['redeem-batches', 'items'] as const,
    queryFn: async ({ signal }) => (await api.get<ItemCatalogue>(`${ADMIN_API}/items`, undefined, { signal })).items,
    staleTime: 5 * 60_000,
  });
}
