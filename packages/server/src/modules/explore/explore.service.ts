import { P } from '@gm/contract/permissions.ts';
import {
  EXPLORE_BOUNDS,
  EXPLORE_KICK_DELAY_SECONDS,
  type ExploreKickResult,
  type ExplorePositionBody,
  type ExplorePositionResult,
  type ExplorePositions,
} from '@gm/contract/players.contract.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import * as playersService from '../players/players.service.ts';

/**
 * The explore-map coordinate editor (spec section 4): show the role's known explore maps, kick
 * the role, then submit the edit. The game keeps an online role's position in memory and would
 * overwrite an edit, so it refuses `setMapPosition` while the role is online (`playerOnline`).
 */
export async function positions(ctx: ServiceContext, roleId: string): Promise<ExplorePositions> {
  const [maps, player] = await Promise.all([playersService.playerMaps(ctx, roleId), playersService.playerDetail(ctx, roleId)]);
  return {
    roleId,
    roleName: player.roleName,
    areaId: player.areaId,
    isOnline: maps.isOnline,
    offlineAt: maps.offlineAt,
    maps: maps.maps.explore,
    bounds: { min: EXPLORE_BOUNDS.min, max: EXPLORE_BOUNDS.max },
  };
}

/** Signs the role out before the edit; the editor then waits `EXPLORE_KICK_DELAY_SECONDS` for the game to save it. */
export async function kick(ctx: ServiceContext, actor: AuditActor, commandId: string, roleId: string): Promise<ExploreKickResult> {
  const result = await ctx.gateway.kickPlayers({ commandId, roleIds: [roleId] });
  const [change] = result.players;
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'explore.kick',
      code: P.EXPLORE_POS_EDIT,
      targets: [roleId],
      params: { roleId, commandId },
      before: change?.before ?? null,
      after: change?.after ?? null,
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, wasOnline: change?.before.isOnline ?? false, delaySeconds: EXPLORE_KICK_DELAY_SECONDS };
}

export async function setPosition(ctx: ServiceContext, actor: AuditActor, commandId: string, body: ExplorePositionBody): Promise<ExplorePositionResult> {
  const result = await ctx.gateway.setMapPosition({ commandId, roleId: body.roleId, mapId: body.mapId, position: body.position });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'explore.setPosition',
      code: P.EXPLORE_POS_EDIT,
      targets: [body.roleId],
      params: { ...body, commandId },
      before: { mapId: body.mapId, position: result.before.position },
      after: { mapId: body.mapId, position: result.after.position },
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, roleId: result.roleId, mapId: result.mapId, before: result.before.position, after: result.after.position };
}
