import type { CappedPage, PlayerReport, ReportListQuery } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';

/**
 * Player reports as the game files them, read through the gateway with the reported role's
 * current mute and ban. Muting or banning from a report goes through the players' own calls
 * (`report/closure`, `report/banned`), so it is the same command and the same audit entry as
 * from the player list.
 */
export async function listReports(ctx: ServiceContext, q: ReportListQuery): Promise<CappedPage<PlayerReport>> {
  return ctx.gateway.listReports(q);
}
