import { useTranslation } from 'react-i18next';
import type { AssetChange, GrantItemNames } from '@gm/contract/game-commands.contract.ts';
import { GRANT_CURRENCIES } from '@gm/contract/game-commands.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { useGrantLabels } from '../../shared/components/grant-tags.tsx';

/**
 * The words for an order's goods (`good`, the shared grant labels) and for what a replenish or
 * cancel moved (`change`), with what could not be taken back.
 */
export function useGoodsLabels(names?: GrantItemNames) {
  const { t } = useTranslation('orders');
  const labels = useGrantLabels(names);
  return {
    good: labels.grant,
    change: (c: AssetChange) => {
      const currency = c.kind === 'currency' ? readEnum(c.id, GRANT_CURRENCIES) : undefined;
      const name = currency ? labels.currency(currency) : labels.item(c.id);
      return `${name} ×${c.quantity}${c.shortfall > 0 ? ` (${t('cancel.short', { count: c.shortfall })})` : ''}`;
    },
  };
}
