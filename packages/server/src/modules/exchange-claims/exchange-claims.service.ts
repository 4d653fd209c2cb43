import type { ClaimListQuery, ClaimPage } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { grantItemNames } from '../../game/gateway/grant-item-names.ts';

/**
 * /exchange/list: who redeemed which code, when, and what it gave, as the game recorded it (read
 * through the gateway), with the catalogue's names of the rewards' items.
 */
export async function listClaims(ctx: ServiceContext, q: ClaimListQuery): Promise<ClaimPage> {
  const page = await ctx.gateway.listRedeemClaims(q);
  return { ...page, itemNames: await grantItemNames(ctx.gateway, page.results.flatMap((c) => c.rewards)) };
}
