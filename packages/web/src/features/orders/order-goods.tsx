import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssetChange, Grant } from '@gm/contract/game-commands.contract.ts';
import { GRANT_CURRENCIES } from '@gm/contract/game-commands.contract.ts';
import type { OrderDetailResult } from '@gm/contract/orders.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { itemName } from '../../shared/catalogue-labels.ts';
import { normalizeLanguage } from '../../shared/language.ts';

type ItemNames = OrderDetailResult['itemNames'];

const NO_NAMES: ItemNames = [];

/**
 * The words for an order's goods as an operator reads them: an item by the catalogue's name (the
 * order's detail carries the names of its items), a currency by its name, each with how many.
 * An item the catalogue does not name reads as its source id.
 */
export function useGoodsLabels(names: ItemNames = NO_NAMES) {
  const { t, i18n } = useTranslation('orders');
  const language = normalizeLanguage(i18n.language);
  const item = (sourceId: string, itemType?: string) =>
    itemName(names.find((n) => n.itemId === sourceId && (itemType === undefined || n.itemType === itemType))?.name, language, sourceId);
  return {
    /** One good an order grants. */
    good: (g: Grant) => (g.kind === 'item' ? `${item(g.sourceId, g.itemType)} ×${g.quantity}` : `${t(`currencies.${g.currency}`)} ×${g.quantity}`),
    /** What a command moved, with what could not be taken back. */
    change: (c: AssetChange) => {
      const currency = c.kind === 'currency' ? readEnum(c.id, GRANT_CURRENCIES) : undefined;
      const name = currency ? t(`currencies.${currency}`) : item(c.id);
      return `${name} ×${c.quantity}${c.shortfall > 0 ? ` (${t('cancel.short', { count: c.shortfall })})` : ''}`;
    },
  };
}

/** What an order grants (and a cancel takes back); an item's tag says its type and source id on hover. */
export function OrderGoods({ goods, names }: { goods: readonly Grant[]; names: ItemNames }) {
  const labels = useGoodsLabels(names);
  if (goods.length === 0) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {goods.map((g, i) => (
        <Tag key={i} title={g.kind === 'item' ? `${g.itemType} ${g.sourceId}` : undefined}>
          {labels.good(g)}
        </Tag>
      ))}
    </Space>
  );
}
