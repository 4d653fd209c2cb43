/**
 * Version 1 of each config table: the catalogue the game world is built with (world.seed.ts),
 * so the screens start with what the game runs before anyone uploads a file.
 */
import type { AnyConfigRow, ConfigTableName } from '@gm/contract/config-tables.contract.ts';
import { DEMO_ITEMS, DEMO_MAPS, DEMO_PRODUCTS } from '../../game/world/world.seed.ts';

export const SEED_ROWS: Record<ConfigTableName, () => AnyConfigRow[]> = {
  items: () => DEMO_ITEMS.map((i) => ({ itemId: i.sourceId, itemType: i.type, nameEn: i.name.en, nameZh: i.name.zh, rarity: i.rarity, stack: i.stack })),
  products: () =>
    DEMO_PRODUCTS.map((p) => ({
      productId: p.productId,
      name: p.name,
      price: p.price,
      currency: p.currency,
      goodsId: p.goodsId,
      goodsName: p.goodsName,
      itemGroupId: p.itemGroupId,
      itemGroupName: p.itemGroupName,
    })),
  maps: () => Object.entries(DEMO_MAPS).flatMap(([kind, ids]) => ids.map((mapId, i) => ({ mapId, kind, unlockOrder: i + 1 }))),
};

export const SEED_FILE_NAME = 'game world catalogue';
export const SEED_BY = 'system';
