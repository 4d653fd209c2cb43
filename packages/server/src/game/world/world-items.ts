/**
 * The game's item catalogue as the gateway read `listItems` answers it: every bag item of the
 * demo world (DEMO_ITEMS, the same the bags and the store's goods are made of), or the published
 * `items` config table, and the three currencies a grant can add to. A mail may carry only what
 * is listed here.
 */
import { GRANT_CURRENCIES, type GrantCurrency } from '@gm/contract/game-commands.contract.ts';
import type { CatalogueItem, MailItemCategory } from '@gm/contract/mails.contract.ts';
import type { Db } from '../../db/database.ts';
import { liveTable } from './world-config-tables.ts';
import { DEMO_ITEMS, type DemoItem } from './world.seed.ts';

/** Items whose category is narrower than their bag type (spec section 9 "Item categories"). */
const CATEGORY_BY_ID: Record<string, MailItemCategory> = { '100102': 'sweepScroll', '400103': 'driverExp' };
const CATEGORY_BY_TYPE: Record<DemoItem['type'], MailItemCategory> = { prop: 'props', weapon: 'weapon', chip: 'chip', materials: 'material' };

const CURRENCY_NAMES: Record<GrantCurrency, { en: string; zh: string }> = {
  recharge: { en: 'Crystals (recharge currency)', zh: '晶钻（充值货币）' },
  nonRecharge: { en: 'Bonus crystals (non-recharge currency)', zh: '赠送晶钻（非充值货币）' },
  unionCoin: { en: 'Union coin', zh: '联盟币' },
};

const currencies = (): CatalogueItem[] =>
  GRANT_CURRENCIES.map((currency) => ({
    itemType: 'currency' as const,
    itemId: currency,
    name: CURRENCY_NAMES[currency],
    category: 'currency' as const,
    rarity: 0,
    // The game books every currency grant under a source (the currency log's reason).
    needsSourceType: true,
    needsCardType: false,
  }));

const bagItem = (type: DemoItem['type'], itemId: string, name: { en: string; zh: string }, rarity: number): CatalogueItem => ({
  itemType: type,
  itemId,
  name,
  category: CATEGORY_BY_ID[itemId] ?? CATEGORY_BY_TYPE[type],
  rarity,
  needsSourceType: false,
  // A weapon arrives as a card of a kind the game must be told (normal or SP).
  needsCardType: type === 'weapon',
});

export const WORLD_ITEM_CATALOGUE: readonly CatalogueItem[] = [...DEMO_ITEMS.map((item) => bagItem(item.type, item.sourceId, item.name, item.rarity)), ...currencies()];

/**
 * The catalogue the game runs: the published `items` config table (database management) when
 * one was published, else the built-in one; the currencies either way.
 */
export async function itemCatalogue(db: Db): Promise<CatalogueItem[]> {
  const live = await liveTable(db, 'items');
  if (!live) return [...WORLD_ITEM_CATALOGUE];
  const rows = live.rows as { itemId: string; itemType: DemoItem['type']; nameEn: string; nameZh: string; rarity: number }[];
  return [...rows.map((r) => bagItem(r.itemType, r.itemId, { en: r.nameEn, zh: r.nameZh }, r.rarity)), ...currencies()];
}
