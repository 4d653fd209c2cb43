/**
 * What grants do to a role (goods of an order, mail attachments, rewards): added to its bag or
 * balance, or taken back. Apart from game-world.ts so the world's feature files (redeem codes,
 * rebates, payment callbacks) use them without importing the world itself.
 */
import { z } from 'zod';
import { grant as grantSchema, type AssetChange, type Grant, type GrantCurrency } from '@gm/contract/game-commands.contract.ts';
import type { Trx } from '../../db/database.ts';
import type { GamePlayerRow } from './world.table.ts';
import * as worldRepository from './world.repository.ts';

export function parseGrants(json: string): Grant[] {
  return z.array(grantSchema).parse(JSON.parse(json));
}

const CURRENCY_COLUMN = {
  recharge: 'recharge_currency',
  nonRecharge: 'non_recharge_currency',
  unionCoin: 'union_coin',
} as const satisfies Record<GrantCurrency, keyof GamePlayerRow>;

/** Adds goods to a role: items to the bag (a new stack when it had none), currency to its balance. */
export async function applyGrants(trx: Trx, roleId: string, grants: readonly Grant[], at: number): Promise<AssetChange[]> {
  const changes: AssetChange[] = [];
  for (const g of grants) {
    if (g.kind === 'currency') {
      const player = await worldRepository.findPlayer(trx, roleId);
      if (!player) throw new Error(`role ${roleId} vanished inside its transaction`);
      const column = CURRENCY_COLUMN[g.currency];
      const before = player[column];
      await worldRepository.updatePlayer(trx, roleId, { [column]: before + g.quantity, updated_at: at });
      changes.push({ kind: 'currency', id: g.currency, quantity: g.quantity, before, after: before + g.quantity, shortfall: 0 });
      continue;
    }
    const item = await worldRepository.findBagItem(trx, roleId, g.sourceId);
    if (item) {
      await worldRepository.addToBag(trx, roleId, g.sourceId, { number: item.number + g.quantity, current_number: item.current_number + g.quantity }, at);
    } else {
      await worldRepository.insertBagItems(trx, [
        { role_id: roleId, source_id: g.sourceId, item_type: g.itemType, number: g.quantity, rarity: g.rarity, current_number: g.quantity, updated_at: at },
      ]);
    }
    const before = item?.current_number ?? 0;
    changes.push({ kind: 'item', id: g.sourceId, quantity: g.quantity, before, after: before + g.quantity, shortfall: 0 });
  }
  return changes;
}

/**
 * Takes goods back (a refunded order): as much as the role still holds, never below zero; what
 * was already spent is reported as the shortfall.
 */
export async function revokeGrants(trx: Trx, roleId: string, grants: readonly Grant[], at: number): Promise<AssetChange[]> {
  const changes: AssetChange[] = [];
  for (const g of grants) {
    if (g.kind === 'currency') {
      const player = await worldRepository.findPlayer(trx, roleId);
      if (!player) throw new Error(`role ${roleId} vanished inside its transaction`);
      const column = CURRENCY_COLUMN[g.currency];
      const before = player[column];
      const taken = Math.min(before, g.quantity);
      await worldRepository.updatePlayer(trx, roleId, { [column]: before - taken, updated_at: at });
      changes.push({ kind: 'currency', id: g.currency, quantity: taken, before, after: before - taken, shortfall: g.quantity - taken });
      continue;
    }
    const item = await worldRepository.findBagItem(trx, roleId, g.sourceId);
    const before = item?.current_number ?? 0;
    const taken = Math.min(before, g.quantity);
    if (item && taken > 0) await worldRepository.setBagCurrent(trx, roleId, g.sourceId, before, before - taken, at);
    changes.push({ kind: 'item', id: g.sourceId, quantity: taken, before, after: before - taken, shortfall: g.quantity - taken });
  }
  return changes;
}
