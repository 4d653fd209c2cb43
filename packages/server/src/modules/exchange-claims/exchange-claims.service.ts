import type { CappedPage, ClaimListQuery, RedeemClaim } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';

/** /exchange/list: who redeemed which code, when, and what it gave, as the game recorded it (read through the gateway). */
export async function listClaims(ctx: ServiceContext, q: ClaimListQuery): Promise<CappedPage<RedeemClaim>> {
  return ctx.gateway.listRedeemClaims(q);
}
