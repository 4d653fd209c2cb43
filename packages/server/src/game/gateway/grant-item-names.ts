import type { Grant, GrantItemNames } from '@gm/contract/game-commands.contract.ts';
import type { GameGateway } from './gateway.ts';

/**
 * The catalogue's names of the items some grants give (an order's goods, the rewards on a page
 * of redeem claims). The names only label the grants: a catalogue the game cannot serve leaves
 * them as source ids rather than failing the answer they label.
 */
export async function grantItemNames(gateway: GameGateway, grants: readonly Grant[]): Promise<GrantItemNames> {
  const wanted = new Set(grants.flatMap((g) => (g.kind === 'item' ? [`${g.itemType}:${g.sourceId}`] : [])));
  if (wanted.size === 0) return [];
  try {
    const { items } = await gateway.listItems({});
    return items.flatMap((i) => (i.itemType !== 'currency' && wanted.has(`${i.itemType}:${i.itemId}`) ? [{ itemType: i.itemType, itemId: i.itemId, name: i.name }] : []));
  } catch {
    // The failed read is in the game-call log (a request's gateway records it).
    return [];
  }
}
