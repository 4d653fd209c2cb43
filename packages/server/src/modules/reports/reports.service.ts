import type { CappedPage, PlayerReport, ReportListQuery, ReportReason } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { inForce } from '../../game/world/game-world.ts';
import * as reportsRepository from './reports.repository.ts';

/**
 * Player reports as the game files them (`game_reports`). Muting or banning from a report goes
 * through the players' own calls (`report/closure`, `report/banned`), so it is the same command
 * and the same audit entry as from the player list.
 */
export async function listReports(ctx: ServiceContext, q: ReportListQuery): Promise<CappedPage<PlayerReport>> {
  const now = ctx.now();
  const { rows, total, capped } = await reportsRepository.pageReports(ctx.db, q);
  const counts = await reportsRepository.reportCounts(
    ctx.db,
    rows.map((r) => r.role_id),
  );
  return {
    results: rows.map((r) => ({
      reportId: r.report_id,
      roleId: r.role_id,
      roleName: r.role_name,
      areaId: r.area_id,
      reason: r.reason as ReportReason,
      reportedAt: r.reported_at,
      content: r.content,
      reportCount: counts.get(r.role_id) ?? 1,
      reporterRoleId: r.reporter_role_id,
      muted: inForce(r.mute_until, now),
      banned: inForce(r.ban_until, now),
    })),
    total,
    page: q.page,
    size: q.size,
    totalCapped: capped,
  };
}
