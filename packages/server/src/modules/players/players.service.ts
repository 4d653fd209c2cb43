/**
 * Player management: reads of the game world for the screens, and every change as a command
 * through the game gateway. The gateway is called outside any transaction (the embedded game
 * opens its own); the audit entry is written after it with the game's before and after values.
 * A failed command reaches the error handler, which audits it with outcome `failed`.
 */
import { ErrorCode } from '@gm/contract/errors.ts';
import { MAP_KINDS, PERMANENT_UNTIL, type MapKind } from '@gm/contract/game-commands.contract.ts';
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
  type MapProgress,
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
import { inForce, parsePosition } from '../../game/world/game-world.ts';
import { DEMO_ITEMS, DEMO_MAPS } from '../../game/world/world.seed.ts';
import type { GameAccountRow, GameMapProgressRow, GamePlayerRow } from '../../game/world/world.table.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import * as playersRepository from './players.repository.ts';

// ---------------------------------------------------------------------------------------------
// Rows to contract shapes.
// ---------------------------------------------------------------------------------------------

export function toPlayer(row: GamePlayerRow, now: number): Player {
  return {
    roleId: row.role_id,
    roleName: row.role_name,
    userId: row.user_id,
    thirdId: row.third_id,
    account: row.account,
    areaId: row.area_id,
    level: row.level,
    unionName: row.union_name,
    identityMark: row.identity_mark,
    identityRemark: row.identity_remark,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    recentLoginAt: row.recent_login_at,
    offlineAt: row.offline_at,
    isOnline: row.is_online === 1,
    isRecharge: row.is_recharge === 1,
    rechargeCurrency: row.recharge_currency,
    nonRechargeCurrency: row.non_recharge_currency,
    muted: inForce(row.mute_until, now),
    muteUntil: row.mute_until,
    muteReason: row.mute_reason,
    banned: inForce(row.ban_until, now),
    banUntil: row.ban_until,
    banReason: row.ban_reason,
    mainStoryProgress: row.main_story_progress,
    currentExp: row.current_exp,
    energy: row.energy,
    unionCoin: row.union_coin,
    pvpRanks: row.pvp_ranks,
    pvpScore: row.pvp_score,
    updatedAt: row.updated_at,
  };
}

function toAccount(row: GameAccountRow, roleCount: number, personal: boolean, now: number): GameAccount {
  return {
    userId: row.user_id,
    account: row.account,
    name: row.name,
    type: row.type,
    thirdId: row.third_id,
    inheritanceCode: row.inheritance_code,
    hasInheritancePassword: row.inheritance_password_hash !== null,
    initAccount: row.init_account,
    lastLoginAt: row.last_login_at,
    lastLoginIp: personal ? row.last_login_ip : null,
    lastLoginDevice: personal ? row.last_login_device : null,
    createDeviceNumber: personal ? row.create_device_number : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    banned: inForce(row.ban_until, now),
    banUntil: row.ban_until,
    banReason: row.ban_reason,
    roleCount,
    personalHidden: !personal,
  };
}

function toMap(row: GameMapProgressRow | undefined, mapId: string): MapProgress {
  return {
    mapId,
    unlocked: row?.unlocked === 1,
    position: parsePosition(row?.position ?? null),
    updatedAt: row?.updated_at ?? null,
  };
}

/** Spec: "player does not exist". */
export const playerNotFound = () => new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'game.playerNotFound' });

export async function requirePlayerRow(ctx: ServiceContext, roleId: string): Promise<GamePlayerRow> {
  const row = await worldRepository.findPlayer(ctx.db, roleId);
  if (!row) throw playerNotFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------

export async function listPlayers(ctx: ServiceContext, q: PlayerListQuery): Promise<CappedPage<Player>> {
  const now = ctx.now();
  const { rows, total, capped } = await playersRepository.pagePlayers(ctx.db, q, now);
  return { results: rows.map((r) => toPlayer(r, now)), total, page: q.page, size: q.size, totalCapped: capped };
}

export async function listSanctionedPlayers(ctx: ServiceContext, q: PlayerForbidQuery): Promise<CappedPage<Player>> {
  const now = ctx.now();
  const { rows, total, capped } = await playersRepository.pageSanctionedPlayers(ctx.db, q, now);
  return { results: rows.map((r) => toPlayer(r, now)), total, page: q.page, size: q.size, totalCapped: capped };
}

export async function checkPlayer(ctx: ServiceContext, roleId: string): Promise<CheckPlayerResult> {
  const row = await worldRepository.findPlayer(ctx.db, roleId);
  return { exists: row !== undefined, roleId, roleName: row?.role_name ?? null, areaId: row?.area_id ?? null, isOnline: row ? row.is_online === 1 : null };
}

export async function playerDetail(ctx: ServiceContext, roleId: string): Promise<PlayerDetail> {
  const now = ctx.now();
  const row = await requirePlayerRow(ctx, roleId);
  const [region, account, bagStacks, maps] = await Promise.all([
    worldRepository.findRegion(ctx.db, row.area_id),
    worldRepository.findAccount(ctx.db, row.user_id),
    playersRepository.countBag(ctx.db, roleId),
    worldRepository.listMaps(ctx.db, roleId),
  ]);
  const unlockedMaps = Object.fromEntries(MAP_KINDS.map((k) => [k, maps.filter((m) => m.kind === k && m.unlocked === 1).length])) as Record<MapKind, number>;
  return {
    ...toPlayer(row, now),
    areaName: region?.name ?? null,
    accountType: account?.type ?? null,
    accountBanned: account ? inForce(account.ban_until, now) : false,
    accountBanUntil: account?.ban_until ?? null,
    bagStacks,
    unlockedMaps,
  };
}

const ITEM_NAMES = new Map(DEMO_ITEMS.map((i) => [i.sourceId, i.name]));

export async function bag(ctx: ServiceContext, roleId: string): Promise<BagResult> {
  const row = await requirePlayerRow(ctx, roleId);
  const items = await worldRepository.listBag(ctx.db, roleId);
  return {
    roleId,
    roleName: row.role_name,
    isOnline: row.is_online === 1,
    items: items.map((i) => ({
      sourceId: i.source_id,
      itemType: i.item_type as BagResult['items'][number]['itemType'],
      number: i.number,
      rarity: i.rarity,
      currentNumber: i.current_number,
      name: ITEM_NAMES.get(i.source_id) ?? null,
      updatedAt: i.updated_at,
    })),
  };
}

/** The game's map catalogue of each kind, merged with the role's progress (maps it knows outside the catalogue too). */
export async function playerMaps(ctx: ServiceContext, roleId: string): Promise<PlayerMaps> {
  const row = await requirePlayerRow(ctx, roleId);
  const progress = await worldRepository.listMaps(ctx.db, roleId);
  const mapsOf = (kind: MapKind): MapProgress[] => {
    const mine = new Map(progress.filter((p) => p.kind === kind).map((p) => [p.map_id, p]));
    const ids = [...DEMO_MAPS[kind], ...[...mine.keys()].filter((id) => !DEMO_MAPS[kind].includes(id))];
    return ids.map((id) => toMap(mine.get(id), id));
  };
  return {
    roleId,
    roleName: row.role_name,
    isOnline: row.is_online === 1,
    offlineAt: row.offline_at,
    maps: { explore: mapsOf('explore'), stage: mapsOf('stage'), quantum: mapsOf('quantum') },
  };
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

export async function liftSanction(ctx: ServiceContext, actor: AuditActor, commandId: string, kind: Sanction, body: LiftBody): Promise<BatchResult> {
  const command = { commandId, roleIds: body.roleIds, reason: body.reason };
  const result = kind === 'ban' ? await ctx.gateway.unbanPlayers(command) : await ctx.gateway.unmutePlayers(command);
  const players = result.players as { roleId: string; before: object; after: object }[];
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
  return { commandId, appliedAt: result.appliedAt, count: players.length, kicked: 0 };
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

async function accountsPage(ctx: ServiceContext, principal: Principal, page: { rows: GameAccountRow[]; total: number; capped: boolean }, q: { page: number; size: number }, now: number): Promise<CappedPage<GameAccount>> {
  const personal = isGranted(principal, P.PERSONAL_DATA);
  const counts = await playersRepository.roleCounts(
    ctx.db,
    page.rows.map((r) => r.user_id),
  );
  return {
    results: page.rows.map((r) => toAccount(r, counts.get(r.user_id) ?? 0, personal, now)),
    total: page.total,
    page: q.page,
    size: q.size,
    totalCapped: page.capped,
  };
}

export async function listAccounts(ctx: ServiceContext, principal: Principal, q: AccountListQuery): Promise<CappedPage<GameAccount>> {
  const now = ctx.now();
  return accountsPage(ctx, principal, await playersRepository.pageAccounts(ctx.db, q, now), q, now);
}

export async function listBannedAccounts(ctx: ServiceContext, principal: Principal, q: AccountForbidQuery): Promise<CappedPage<GameAccount>> {
  const now = ctx.now();
  return accountsPage(ctx, principal, await playersRepository.pageBannedAccounts(ctx.db, q, now), q, now);
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

export async function unbanAccounts(ctx: ServiceContext, actor: AuditActor, commandId: string, body: AccountLiftBody): Promise<BatchResult> {
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
  return { commandId, appliedAt: result.appliedAt, count: result.accounts.length, kicked: 0 };
}
