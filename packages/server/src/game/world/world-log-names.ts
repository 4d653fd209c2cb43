/**
 * The currencies and bag items as the game's currency and item logs name them (`gold_id`,
 * `gold_type`, `item_category`): what the simulator writes for the players' own play and what
 * the embedded game writes for the console's commands (world-log-lines.ts), so both read alike.
 */
import type { BagItemType } from '@gm/contract/game-commands.contract.ts';
import type { LogEvent } from '@gm/contract/log-catalogue.ts';
import { DEMO_ITEMS } from './world.seed.ts';

// ---------------------------------------------------------------------------------------------
// Currencies: `gold_id` in the currency log, and which world column holds the balance.
// ---------------------------------------------------------------------------------------------

export type CurrencyId = 'paid_crystal' | 'free_crystal' | 'union_coin' | 'gold';

export interface CurrencyDef {
  id: CurrencyId;
  name: string;
  /** CURRENCY_TYPES code: 1 recharge, 2 non-recharge, 3 other. */
  type: 1 | 2 | 3;
  /** The world's column for the balance; `gold` lives only in the game's logs. */
  worldColumn: 'recharge_currency' | 'non_recharge_currency' | 'union_coin' | null;
}

export const CURRENCIES: Readonly<Record<CurrencyId, CurrencyDef>> = {
  paid_crystal: { id: 'paid_crystal', name: '晶钻 Crystal', type: 1, worldColumn: 'recharge_currency' },
  free_crystal: { id: 'free_crystal', name: '赠送晶钻 Bonus crystal', type: 2, worldColumn: 'non_recharge_currency' },
  union_coin: { id: 'union_coin', name: '联盟币 Union coin', type: 3, worldColumn: 'union_coin' },
  gold: { id: 'gold', name: '金币 Gold', type: 3, worldColumn: null },
};

/** A grant currency of the world (`Grant.currency`) as a log currency. */
export const GRANT_CURRENCY: Readonly<Record<'recharge' | 'nonRecharge' | 'unionCoin', CurrencyId>> = {
  recharge: 'paid_crystal',
  nonRecharge: 'free_crystal',
  unionCoin: 'union_coin',
};

// ---------------------------------------------------------------------------------------------
// Bag items (the world seed's), with their item-log category.
// ---------------------------------------------------------------------------------------------

export const ITEM = {
  energyPotion: '100101',
  sweepScroll: '100102',
  recruitTicket: '100103',
  renameCard: '100104',
  monthlyToken: '100105',
  passTicket: '100106',
  alloyPlate: '400101',
  nanoFiber: '400102',
  driverExpChip: '400103',
  quantumCore: '400104',
} as const;

export type ItemCategory = LogEvent<'item'>['item_category'];

/** ITEM_CATEGORIES code of each stackable bag item (weapons and chips are equipment). */
const CATEGORY: Readonly<Record<string, ItemCategory>> = {
  [ITEM.energyPotion]: 1,
  [ITEM.sweepScroll]: 8,
  [ITEM.recruitTicket]: 1,
  [ITEM.renameCard]: 1,
  [ITEM.monthlyToken]: 1,
  [ITEM.passTicket]: 1,
  [ITEM.alloyPlate]: 2,
  [ITEM.nanoFiber]: 2,
  [ITEM.driverExpChip]: 3,
  [ITEM.quantumCore]: 2,
};

export interface ItemDef {
  sourceId: string;
  name: string;
  type: BagItemType;
  rarity: number;
  /** Item-log category; null for equipment (weapons and chips go to the equipment log). */
  category: ItemCategory | null;
}

export const ITEMS: ReadonlyMap<string, ItemDef> = new Map(
  DEMO_ITEMS.map((i) => [
    i.sourceId,
    { sourceId: i.sourceId, name: `${i.name.zh} ${i.name.en}`, type: i.type, rarity: i.rarity, category: i.type === 'weapon' || i.type === 'chip' ? null : (CATEGORY[i.sourceId] ?? 1) },
  ]),
);

export function itemDef(sourceId: string): ItemDef {
  const found = ITEMS.get(sourceId);
  if (!found) throw new Error(`unknown item ${sourceId}`);
  return found;
}
