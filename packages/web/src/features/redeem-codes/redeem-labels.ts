import { useTranslation } from 'react-i18next';
import type { ItemCatalogue } from '@gm/contract/mails.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { normalizeLanguage } from '../../shared/language.ts';

/** The reader's language, for the contract's labels and the catalogue's item names. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language);
}

/** The game's item catalogue (`GET /items`), for the reward pickers. */
export function itemCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['redeem-batches', 'items'] as const,
    queryFn: async ({ signal }) => (await api.get<ItemCatalogue>(`${ADMIN_API}/items`, undefined, { signal })).items,
    staleTime: 5 * 60_000,
  });
}
