import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AssetChange, Grant } from '@gm/contract/game-commands.contract.ts';
import { GRANT_CURRENCIES } from '@gm/contract/game-commands.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';

type T = TFunction<'orders'>;

/** One good as an operator reads it: an item's source id or the currency's name, and how many. */
export function goodLabel(t: T, g: Grant): string {
  return g.kind === 'item' ? `${g.sourceId} ×${g.quantity}` : `${t(`currencies.${g.currency}`)} ×${g.quantity}`;
}

/** What a command moved, with what could not be taken back. */
export function changeLabel(t: T, c: AssetChange): string {
  const currency = c.kind === 'currency' ? readEnum(c.id, GRANT_CURRENCIES) : undefined;
  const name = currency ? t(`currencies.${currency}`) : c.id;
  return `${name} ×${c.quantity}${c.shortfall > 0 ? ` (${t('cancel.short', { count: c.shortfall })})` : ''}`;
}

/** What an order grants (and a cancel takes back). */
export function OrderGoods({ goods }: { goods: readonly Grant[] }) {
  const { t } = useTranslation('orders');
  if (goods.length === 0) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {goods.map((g, i) => (
        <Tag key={i}>{goodLabel(t, g)}</Tag>
      ))}
    </Space>
  );
}
