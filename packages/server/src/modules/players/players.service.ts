/**
 * Player management: the screens' reads and every change go through the game gateway, so they
 * show and act on whichever game the console operates (embedded or over http). The gateway is
 * called outside any transaction (the embedded game opens its own); the audit entry is written
 * after it with the game's before and after values.
 * A failed command reaches the error handler, which audits it with outcome `failed`.
 */
import { ErrorCode } from '@gm/contract/errors.ts';
import { PERMANENT_UNTIL } from '@gm/contract/game-commands.contract.ts';
import type { WorldAccount } from '@gm/contract/game-reads.contract.ts';
import { P, isGranted } from '@gm/contract/permissions.ts';
import {
  PERMANENT_DURATION,
  SANCTION_DURATIONS,
  sanctionUntil,
  type AccountForbidQuery,
  type AccountLiftBody,
  type AccountListQuery,
  type AccountSanctionBody,
  type AreaOption,
  type BagResult,
  type BatchResult,
  type LiftResult,
  type CappedPage,
  type CheckPlayerResult,
  type CreatePlayerBody,
  type CreatePlayerResult,
  type DeductBody,
  type DeductResult,
  type ForbidTimeResult,
  type GameAccount,
  type KickAllBody,
  type KickBody,
  type LiftBody,
  type MarkBody,
  type Player,
  type PlayerDetail,
  type PlayerForbidQuery,
  type PlayerListQuery,
  type PlayerMaps,
  type PlayerValueQuery,
  type PlayerValueResult,
  type SanctionBody,
  type UnlockMapsBody,
  type UnlockMapsResult,
} from '@gm/contract/players.contract.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { Principal } from '../../platform/auth/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import * as playersRepository from './players.repository.ts';

/** Spec: "player does not exist". */
export const playerNotFound = () => new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'game.playerNotFound' });

// ---------------------------------------------------------------------------------------------
// Reads, answered by the game through the gateway.
// ---------------------------------------------------------------------------------------------

export async function listPlayers(ctx: ServiceContext, q: PlayerListQuery): Promise<CappedPage<Player>> {
  return ctx.gateway.listPlayers(q);
}

export async function listSanctionedPlayers(ctx: ServiceContext, q: PlayerForbidQuery): Promise<CappedPage<Player>> {
  return ctx.gateway.listSanctionedPlayers(q);
}

export async function checkPlayer(ctx: ServiceContext, roleId: string): Promise<CheckPlayerResult> {
  const { player } = await ctx.gateway.playerDetail({ roleId });
  return { exists: player !== null, roleId, roleName: player?.roleName ?? null, areaId: player?.areaId ?? null, isOnline: player ? player.isOnline : null };
}

export async function playerDetail(ctx: ServiceContext, roleId: string): Promise<PlayerDetail> {
  const { player } = await ctx.gateway.playerDetail({ roleId });
  if (!player) throw playerNotFound();
  return player;
}

export async function bag(ctx: ServiceContext, roleId: string): Promise<BagResult> {
  const { bag: found } = await ctx.gateway.playerBag({ roleId });
  if (!found) throw playerNotFound();
  return found;
}

/** The role's maps of each kind: the game's whole catalogue merged with the role's progress. */
export async function playerMaps(ctx: ServiceContext, roleId: string): Promise<PlayerMaps> {
  const { maps } = await ctx.gateway.playerMaps({ roleId });
  if (!maps) throw playerNotFound();
  return maps;
}

/** Regions for the area filters and the player-add form, as the game lists them. */
export async function areaOptions(ctx: ServiceContext): Promise<AreaOption[]> {
  const regions = await ctx.gateway.listRegions();
  return regions.map((r) => ({ id: r.id, name: r.name, status: r.status, mergedInto: r.mergedInto }));
}

export function forbidTime(): ForbidTimeResult {
  return { durations: [...SANCTION_DURATIONS], permanent: PERMANENT_DURATION };
}

// ---------------------------------------------------------------------------------------------
// Changes through the game gateway.
// ---------------------------------------------------------------------------------------------

type Sanction = 'ban' | 'mute';

/** A ban's or mute's end, computed once per command id so a retried action sends the same command. */
async function untilOf(ctx: ServiceContext, commandId: string, durationSeconds: number): Promise<number> {
  const now = ctx.now();
  const { until } = await playersRepository.stableParams(ctx.db, commandId, { until: sanctionUntil(now, durationSeconds, PERMANENT_UNTIL) }, now);
  return until;
}

export async function sanctionPlayers(ctx: ServiceContext, actor: AuditActor, commandId: string, kind: Sanction, body: SanctionBody): Promise<BatchResult> {
  const until = await untilOf(ctx, commandId, body.duration);
  const command = { commandId, roleIds: body.roleIds, until, reason: body.reason };
  const params = { duration: body.duration, until, reason: body.reason, commandId };
  if (kind === 'ban') {
    const result = await ctx.gateway.banPlayers(command);
    await audit.record(
      ctx.db,
      actor,
      {
        commandId,
        action: 'players.ban',
        code: P.PLAYER_BAN,
        targets: result.players.map((p) => p.roleId),
        params,
        before: result.players.map((p) => ({ roleId: p.roleId, ...p.before })),
        after: result.players.map((p) => ({ roleId: p.roleId, ...p.after })),
      },
      ctx.now(),
    );
    return { commandId, appliedAt: result.appliedAt, count: result.players.length, kicked: result.players.filter((p) => p.before.isOnline).length };
  }
  const result = await ctx.gateway.mutePlayers(command);
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.mute',
      code: P.PLAYER_MUTE,
      targets: result.players.map((p) => p.roleId),
      params,
      before: result.players.map((p) => ({ roleId: p.roleId, ...p.before })),
      after: result.players.map((p) => ({ roleId: p.roleId, ...p.after })),
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: result.players.length, kicked: 0 };
}

/** A sanction is in force while its end is still to come; an expired one has nothing to lift. */
const inForceAt = (appliedAt: number) => (until: number | null) => until !== null && until > appliedAt;

export async function liftSanction(ctx: ServiceContext, actor: AuditActor, commandId: string, kind: Sanction, body: LiftBody): Promise<LiftResult> {
  const command = { commandId, roleIds: body.roleIds, reason: body.reason };
  const result = kind === 'ban' ? await ctx.gateway.unbanPlayers(command) : await ctx.gateway.unmutePlayers(command);
  const players = result.players as { roleId: string; before: { banUntil?: number | null; muteUntil?: number | null }; after: object }[];
  const inForce = inForceAt(result.appliedAt);
  const lifted = players.filter((p) => inForce((kind === 'ban' ? p.before.banUntil : p.before.muteUntil) ?? null)).length;
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: kind === 'ban' ? 'players.unban' : 'players.unmute',
      code: kind === 'ban' ? P.PLAYER_BAN : P.PLAYER_MUTE,
      targets: players.map((p) => p.roleId),
      params: { reason: body.reason, commandId },
      before: players.map((p) => ({ roleId: p.roleId, ...p.before })),
      after: players.map((p) => ({ roleId: p.roleId, ...p.after })),
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: lifted, kicked: 0, unchanged: players.length - lifted };
}

export async function kickPlayers(ctx: ServiceContext, actor: AuditActor, commandId: string, body: KickBody): Promise<BatchResult> {
  const result = await ctx.gateway.kickPlayers({ commandId, roleIds: body.roleIds });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.kick',
      code: P.PLAYER_KICK,
      targets: result.players.map((p) => p.roleId),
      params: { commandId },
      before: result.players.map((p) => ({ roleId: p.roleId, ...p.before })),
      after: result.players.map((p) => ({ roleId: p.roleId, ...p.after })),
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: result.players.length, kicked: result.players.filter((p) => p.before.isOnline).length };
}

export async function kickAll(ctx: ServiceContext, actor: AuditActor, commandId: string, body: KickAllBody): Promise<BatchResult> {
  const result = await ctx.gateway.kickAll({ commandId, areaId: body.areaId });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.kickAll',
      code: P.PLAYER_KICK_ALL,
      targets: body.areaId === null ? [] : [body.areaId],
      params: { areaId: body.areaId, commandId },
      before: result.regions.map((r) => ({ areaId: r.areaId, ...r.before })),
      after: { kicked: result.kicked, regions: result.regions.map((r) => ({ areaId: r.areaId, ...r.after })) },
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: result.regions.length, kicked: result.kicked };
}

export async function markPlayers(ctx: ServiceContext, actor: AuditActor, commandId: string, body: MarkBody): Promise<BatchResult> {
  const result = await ctx.gateway.setIdentityMark({ commandId, roleIds: body.roleIds, identityMark: body.identityMark, remark: body.remark });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.mark',
      code: P.PLAYER_MARK,
      targets: result.players.map((p) => p.roleId),
      params: { identityMark: body.identityMark, remark: body.remark, commandId },
      before: result.players.map((p) => ({ roleId: p.roleId, ...p.before })),
      after: result.players.map((p) => ({ roleId: p.roleId, ...p.after })),
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: result.players.length, kicked: 0 };
}

export async function deduct(ctx: ServiceContext, actor: AuditActor, commandId: string, body: DeductBody): Promise<DeductResult> {
  const result = await ctx.gateway.deductAssets({ commandId, ...body });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.deduct',
      code: P.PLAYER_DEDUCT,
      targets: [body.roleId],
      params: { ...body, commandId },
      before: { sourceId: result.sourceId, itemType: result.itemType, currentNumber: result.before.currentNumber },
      after: { sourceId: result.sourceId, itemType: result.itemType, currentNumber: result.after.currentNumber },
    },
    ctx.now(),
  );
  return {
    commandId,
    appliedAt: result.appliedAt,
    roleId: result.roleId,
    sourceId: result.sourceId,
    quantity: result.quantity,
    before: result.before.currentNumber,
    after: result.after.currentNumber,
  };
}

export async function unlockMaps(
  ctx: ServiceContext,
  actor: AuditActor,
  commandId: string,
  body: UnlockMapsBody,
  audited: { action: 'players.unlockMaps' | 'develop.unlockMaps'; code: number } = { action: 'players.unlockMaps', code: P.PLAYER_UNLOCK_MAP },
): Promise<UnlockMapsResult> {
  const result = await ctx.gateway.unlockMaps({ commandId, roleId: body.roleId, kind: body.kind, mapIds: body.mapIds });
  await audit.record(
    ctx.db,
    actor,
    {
      ...audited,
      commandId,
      targets: [body.roleId],
      params: { kind: body.kind, mapIds: body.mapIds, commandId },
      before: result.maps.map((m) => ({ mapId: m.mapId, ...m.before })),
      after: result.maps.map((m) => ({ mapId: m.mapId, ...m.after })),
    },
    ctx.now(),
  );
  return {
    commandId,
    appliedAt: result.appliedAt,
    roleId: result.roleId,
    kind: result.kind,
    unlocked: result.maps.filter((m) => !m.before.unlocked).map((m) => m.mapId),
    alreadyUnlocked: result.maps.filter((m) => m.before.unlocked).map((m) => m.mapId),
  };
}

const NUMBER_FIELDS = new Set<string>(['level', 'mainStoryProgress', 'currentExp', 'energy', 'unionCoin', 'rechargeCurrency', 'nonRechargeCurrency', 'pvpRanks', 'pvpScore']);

/** `player-detail-update` (and the debugging screen): one value of one role. */
export async function setPlayerValue(
  ctx: ServiceContext,
  actor: AuditActor,
  commandId: string,
  change: { roleId: string; field: PlayerValueQuery['field']; value: string | number },
  audited: { action: 'players.setValue' | 'develop.setValue'; code: number } = { action: 'players.setValue', code: P.PLAYER_VALUE_EDIT },
): Promise<PlayerValueResult> {
  const value = NUMBER_FIELDS.has(change.field) ? Number(change.value) : String(change.value).trim();
  const result = await ctx.gateway.setPlayerValue({ commandId, roleId: change.roleId, field: change.field, value } as Parameters<ServiceContext['gateway']['setPlayerValue']>[0]);
  await audit.record(
    ctx.db,
    actor,
    {
      ...audited,
      commandId,
      targets: [change.roleId],
      params: { field: change.field, value, commandId },
      before: { [result.field]: result.before },
      after: { [result.field]: result.after },
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, roleId: result.roleId, field: result.field, before: result.before, after: result.after };
}

export async function createPlayer(ctx: ServiceContext, actor: AuditActor, commandId: string, body: CreatePlayerBody): Promise<CreatePlayerResult> {
  const result = await ctx.gateway.createPlayer({ commandId, ...body });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'players.create',
      code: P.PLAYER_CREATE,
      targets: [result.roleId],
      params: { ...body, commandId },
      before: null,
      after: { roleId: result.roleId, userId: result.userId, account: result.account, areaId: result.areaId, roleName: result.roleName, identityMark: body.identityMark, level: body.level },
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, roleId: result.roleId, userId: result.userId, account: result.account, areaId: result.areaId, roleName: result.roleName };
}

// ---------------------------------------------------------------------------------------------
// User accounts.
// ---------------------------------------------------------------------------------------------

/** The game sends every field; IP and devices are personal data, shown only to a role holding 12003. */
function withPersonalData(principal: Principal, page: CappedPage<WorldAccount>): CappedPage<GameAccount> {
  const personal = isGranted(principal, P.PERSONAL_DATA);
  const shown = (a: WorldAccount): GameAccount =>
    personal
      ? { ...a, personalHidden: false }
      : { ...a, lastLoginIp: null, lastLoginDevice: null, createDeviceNumber: null, personalHidden: true };
  return { ...page, results: page.results.map(shown) };
}

export async function listAccounts(ctx: ServiceContext, principal: Principal, q: AccountListQuery): Promise<CappedPage<GameAccount>> {
  return withPersonalData(principal, await ctx.gateway.listAccounts(q));
}

export async function listBannedAccounts(ctx: ServiceContext, principal: Principal, q: AccountForbidQuery): Promise<CappedPage<GameAccount>> {
  return withPersonalData(principal, await ctx.gateway.listBannedAccounts(q));
}

export async function banAccounts(ctx: ServiceContext, actor: AuditActor, commandId: string, body: AccountSanctionBody): Promise<BatchResult> {
  const until = await untilOf(ctx, commandId, body.duration);
  const result = await ctx.gateway.banAccounts({ commandId, userIds: body.ids, until, reason: body.reason });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'accounts.ban',
      code: P.USER_BAN,
      targets: result.accounts.map((a) => a.userId),
      params: { duration: body.duration, until, reason: body.reason, commandId },
      before: result.accounts.map((a) => ({ userId: a.userId, ...a.before })),
      after: { accounts: result.accounts.map((a) => ({ userId: a.userId, ...a.after })), kickedRoleIds: result.kickedRoleIds },
    },
    ctx.now(),
  );
  return { commandId, appliedAt: result.appliedAt, count: result.accounts.length, kicked: result.kickedRoleIds.length };
}

export async function unbanAccounts(ctx: ServiceContext, actor: AuditActor, commandId: string, body: AccountLiftBody): Promise<LiftResult> {
  const result = await ctx.gateway.unbanAccounts({ commandId, userIds: body.ids, reason: body.reason });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'accounts.unban',
      code: P.USER_BAN,
      targets: result.accounts.map((a) => a.userId),
      params: { reason: body.reason, commandId },
      before: result.accounts.map((a) => ({ userId: a.userId, ...a.before })),
      after: result.accounts.map((a) => ({ userId: a.userId, ...a.after })),
    },
    ctx.now(),
  );
  const lifted = result.accounts.filter((a) => inForceAt(result.appliedAt)(a.before.banUntil)).length;
  return { commandId, appliedAt: result.appliedAt, count: lifted, kicked: 0, unchanged: result.accounts.length - lifted };
}
