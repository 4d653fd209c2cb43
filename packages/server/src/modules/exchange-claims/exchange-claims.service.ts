import type { CappedPage, ClaimListQuery, RedeemClaim } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { parseGrants } from '../../game/world/game-world.ts';
import * as claimsRepository from './exchange-claims.repository.ts';

/** /exchange/list: who redeemed which code, when, and what it gave (as the game recorded it). */
export async function listClaims(ctx: ServiceContext, q: ClaimListQuery): Promise<CappedPage<RedeemClaim>> {
  const { rows, total, capped } = await claimsRepository.pageClaims(ctx.db, q);
  return {
    results: rows.map((r) => ({
      claimId: r.claim_id,
      code: r.code,
      batchId: r.batch_id,
      batchName: r.batch_name,
      roleId: r.role_id,
      roleName: r.role_name,
      userId: r.user_id,
      areaId: r.area_id,
      rewards: parseGrants(r.rewards),
      claimedAt: r.claimed_at,
    })),
    total,
    page: q.page,
    size: q.size,
    totalCapped: capped,
  };
}
