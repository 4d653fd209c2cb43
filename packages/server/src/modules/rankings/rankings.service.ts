/**
 * Rankings (`/develop/redis_rank`): the game's leaderboards read through the gateway, and taking
 * a cheater's entry off a board (and back on) through its `removeRankEntries` and
 * `restoreRankEntries` commands. The gateway is called first, then the audit entry is written
 * with what the game answered (a failed command reaches the error handler, which audits it).
 */
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { RankBoard, RankChangeResult, RankEntry, RankingQuery, RankRemoval, RankRemovalQuery } from '@gm/contract/rankings.contract.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';

export function listRanking(ctx: ServiceContext, q: RankingQuery): Promise<CappedPage<RankEntry>> {
  return ctx.gateway.listRankings(q);
}

export function listRemovals(ctx: ServiceContext, q: RankRemovalQuery): Promise<{ results: RankRemoval[]; total: number; page: number; size: number }> {
  return ctx.gateway.listRankRemovals(q);
}

export async function removeEntries(ctx: ServiceContext, actor: AuditActor, commandId: string, board: RankBoard, body: { roleIds: string[]; reason: string }): Promise<RankChangeResult> {
  const result = await ctx.gateway.removeRankEntries({ commandId, board, roleIds: body.roleIds, reason: body.reason, by: actor.accountName });
  const changed = result.entries.filter((e) => !e.before.removed).map((e) => e.roleId);
  await audit.record(
    ctx.db,
    actor,
    { commandId, action: 'rankings.remove', code: P.INFO_CONFIG_EDIT, targets: body.roleIds, params: { board, ...body }, before: result.entries.map((e) => ({ roleId: e.roleId, ...e.before })), after: { board, removed: changed } },
    ctx.now(),
  );
  return { board, changed: changed.length, roleIds: changed };
}

export async function restoreEntries(ctx: ServiceContext, actor: AuditActor, commandId: string, board: RankBoard, body: { roleIds: string[] }): Promise<RankChangeResult> {
  const result = await ctx.gateway.restoreRankEntries({ commandId, board, roleIds: body.roleIds });
  const changed = result.entries.filter((e) => e.before.removed).map((e) => e.roleId);
  await audit.record(
    ctx.db,
    actor,
    { commandId, action: 'rankings.restore', code: P.INFO_CONFIG_EDIT, targets: body.roleIds, params: { board, ...body }, before: result.entries.map((e) => ({ roleId: e.roleId, ...e.before })), after: { board, restored: changed } },
    ctx.now(),
  );
  return { board, changed: changed.length, roleIds: changed };
}
