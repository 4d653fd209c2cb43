import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Grant, GrantCurrency, GrantItemNames } from '@gm/contract/game-commands.contract.ts';
import { itemName } from '../catalogue-labels.ts';
import { normalizeLanguage } from '../language.ts';

const NO_NAMES: GrantItemNames = [];

/**
 * The words for what the game grants, as an operator reads them: an item by the catalogue's name
 * (the answer that carries the grants carries the names of their items), a currency by its name,
 * each with how many. An item the catalogue does not name reads as its source id.
 */
export function useGrantLabels(names: GrantItemNames = NO_NAMES) {
  const { t, i18n } = useTranslation('common');
  const language = normalizeLanguage(i18n.language);
  const item = (sourceId: string, itemType?: string) =>
    itemName(names.find((n) => n.itemId === sourceId && (itemType === undefined || n.itemType === itemType))?.name, language, sourceId);
  const currency = (c: GrantCurrency) => t(`currencies.${c}`);
  return {
    item,
    currency,
    /** One grant, with how many. */
    grant: (g: Grant) => `${g.kind === 'item' ? item(g.sourceId, g.itemType) : currency(g.currency)} ×${g.quantity}`,
  };
}

/** Grants as tags (an order's goods, a claim's rewards); an item's tag says its type and source id on hover. */
export function GrantTags({ grants, names }: { grants: readonly Grant[]; names: GrantItemNames }) {
  const labels = useGrantLabels(names);
  if (grants.length === 0) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {grants.map((g, i) => (
        <Tag key={i} title={g.kind === 'item' ? `${g.itemType} ${g.sourceId}` : undefined}>
          {labels.grant(g)}
        </Tag>
      ))}
    </Space>
  );
}
