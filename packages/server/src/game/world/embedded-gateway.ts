/**
 * The `embedded` adapter of the game gateway: applies each command to the game world tables of
 * the console's own database, inside one transaction that also claims the command id in
 * `game_commands`. A command id is applied at most once: a repeat, or a concurrent duplicate on
 * another instance, answers the first outcome. Refusals are recorded too (after their
 * transaction rolled back), so a retried refused command is refused the same way.
 */
import {
  GAME_COMMANDS,
  type BagItemType,
  type GameCommand,
  type GameCommandInput,
  type GameCommandKind,
  type GameCommandResult,
  type Region,
} from '@gm/contract/game-commands.contract.ts';
import { GAME_READS, type GameReadName, type GameReadQuery, type GameReadQueryInput } from '@gm/contract/game-reads.contract.ts';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { GatewayError, gatewayFrom, type CommandExecutor, type GameGateway, type ReadExecutor } from '../gateway/gateway.ts';
import {
  applyGrants,
  createGameWorld,
  parseGrants,
  parsePosition,
  revokeGrants,
  signOut,
  type GameWorld,
} from './game-world.ts';
import { WORLD_READS, type WorldRead } from './world-reads.ts';
import type { GameAccountRow, GamePlayerRow, GameRegionRow } from './world.table.ts';
import * as worldRepository from './world.repository.ts';
import * as worldMails from './world-mails.repository.ts';
import * as worldGrants from './world-grants.ts';
import * as worldRedeem from './world-redeem.ts';
import * as worldCallbacks from './world-callbacks.ts';
import * as worldRankings from './world-rankings.ts';
import * as worldConfigs from './world-configs.ts';
import * as worldConfigTables from './world-config-tables.ts';
import { WorldLog, type WorldLogLine, type WorldLogOptions } from './world-log-lines.ts';

type Payload<K extends GameCommandKind> = Omit<GameCommandResult<K>, 'commandId' | 'appliedAt'>;
type Handler<K extends GameCommandKind> = (trx: Trx, command: GameCommand<K>, at: number, log: WorldLog) => Promise<Payload<K>>;

export interface EmbeddedGateway extends GameGateway {
  /** The game itself, for tests and the simulator: who may sign in or chat, players' own actions. */
  readonly world: GameWorld;
}

export interface EmbeddedGatewayOptions {
  now?: () => number;
  /**
   * Where the game reports the log lines of what a command did (world-log-lines.ts), after the
   * command's transaction commits; without it the world writes none (tests of the world alone).
   */
  logLines?: WorldLogOptions & { write(lines: readonly WorldLogLine[]): Promise<void> };
}

export function createEmbeddedGateway(db: Db, options: EmbeddedGatewayOptions = {}): EmbeddedGateway {
  const now = options.now ?? Date.now;
  const logLines = options.logLines;

  const execute: CommandExecutor = async <K extends GameCommandKind>(kind: K, input: GameCommandInput<K>) => {
    const parsed = GAME_COMMANDS[kind].params.safeParse(input);
    if (!parsed.success) {
      throw GatewayError.invalid('invalidParams', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    const command = parsed.data as GameCommand<K>;
    const params = JSON.stringify(command);

    const earlier = await worldRepository.findCommand(db, command.commandId);
    if (earlier) return replay<K>(earlier, kind, params);

    const handler = HANDLERS[kind] as Handler<K>;
    try {
      let log: WorldLog | undefined;
      const result = await db.transaction().execute(async (trx) => {
        const at = now();
        log = new WorldLog(logLines, command.commandId, at);
        if (!(await worldRepository.claimCommand(trx, { command_id: command.commandId, kind, params, applied_at: at }))) throw new AlreadyClaimed();
        const result = { commandId: command.commandId, appliedAt: at, ...(await handler(trx, command, at, log)) } as GameCommandResult<K>;
        await worldRepository.completeCommand(trx, command.commandId, JSON.stringify(result));
        return result;
      });
      if (logLines && log && log.lines.length > 0) await logLines.write(log.lines);
      return result;
    } catch (error) {
      if (error instanceof AlreadyClaimed) {
        const row = await worldRepository.findCommand(db, command.commandId);
        if (row) return replay<K>(row, kind, params);
      }
      if (error instanceof GatewayError && error.kind === 'rejected') {
        await worldRepository.recordFailedCommand(db, {
          command_id: command.commandId,
          kind,
          params,
          result: JSON.stringify(error.toFailure()),
          applied_at: now(),
        });
      }
      throw error;
    }
  };

  // A read runs outside any transaction: each of its queries sees committed state, which is all
  // a screen needs, and it never holds a write lock (SQLite) while the operator pages.
  const read: ReadExecutor = async <K extends GameReadName>(name: K, input: GameReadQueryInput<K>) => {
    const parsed = GAME_READS[name].query.safeParse(input);
    if (!parsed.success) {
      throw GatewayError.invalid('invalidParams', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    // The map's type ties each name to its own query and answer; indexed by a generic name, TypeScript sees a union.
    const answer = WORLD_READS[name] as unknown as WorldRead<K>;
    return answer(db, parsed.data as GameReadQuery<K>, now());
  };

  async function health() {
    const started = performance.now();
    try {
      await sql`select 1`.execute(db);
      return { ok: true, adapter: 'embedded', latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch (error) {
      return { ok: false, adapter: 'embedded', latencyMs: Math.round((performance.now() - started) * 100) / 100, message: String(error) };
    }
  }

  const listRegions = async () => (await worldRepository.listRegions(db)).map(regionOf);

  return { ...gatewayFrom('embedded', execute, read, { listRegions, health }), world: createGameWorld(db, now) };
}

/** A new role; the grants its account holds for a role created from now on go to it (beta-test rebates). */
async function insertRole(trx: Trx, c: GameCommand<'createPlayer'>, roleId: string, userId: string, account: string, areaId: string, at: number): Promise<void> {
  await worldRepository.insertPlayers(trx, [
    {
      role_id: roleId,
      role_name: c.roleName,
      user_id: userId,
      third_id: null,
      account,
      area_id: areaId,
      level: c.level,
      identity_mark: c.identityMark,
      identity_remark: c.remark,
      created_at: at,
      updated_at: at,
    },
  ]);
  await worldGrants.deliverHeldGrants(trx, userId, roleId, at, at);
}

/** A concurrent transaction claimed the same command id first. */
class AlreadyClaimed extends Error {}

/** Id ranges of roles and accounts made by `createPlayer` (nine-digit strings, so they sort as numbers). */
const CREATED_ROLE_IDS = { from: '300000000', to: '400000000' } as const;
const CREATED_USER_IDS = { from: '700000000', to: '800000000' } as const;

function nextIdIn(range: { from: string; to: string }, last: string | undefined): string {
  const next = last === undefined ? Number(range.from) + 1 : Number(last) + 1;
  if (next >= Number(range.to)) throw new Error(`the id range from ${range.from} is used up`);
  return String(next);
}

function replay<K extends GameCommandKind>(row: { kind: string; params: string; status: string; result: string }, kind: K, params: string): GameCommandResult<K> {
  if (row.kind !== kind || row.params !== params) throw GatewayError.invalid('commandIdReused', { kind: row.kind });
  if (row.status === 'failed') throw GatewayError.fromFailure(JSON.parse(row.result));
  return JSON.parse(row.result) as GameCommandResult<K>;
}

// ---------------------------------------------------------------------------------------------
// Lookups that refuse when a target is missing (a batch applies to all its targets or none).
// ---------------------------------------------------------------------------------------------

const unique = (ids: readonly string[]) => [...new Set(ids)];

async function requirePlayers(trx: Trx, roleIds: readonly string[]): Promise<GamePlayerRow[]> {
  const ids = unique(roleIds);
  const rows = await worldRepository.findPlayers(trx, ids);
  const byId = new Map(rows.map((r) => [r.role_id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw GatewayError.rejected('playerNotFound', { roleIds: missing });
  return ids.map((id) => byId.get(id) as GamePlayerRow);
}

async function requirePlayer(trx: Trx, roleId: string): Promise<GamePlayerRow> {
  const [player] = await requirePlayers(trx, [roleId]);
  if (!player) throw GatewayError.rejected('playerNotFound', { roleIds: [roleId] });
  return player;
}

async function requireAccounts(trx: Trx, userIds: readonly string[]): Promise<GameAccountRow[]> {
  const ids = unique(userIds);
  const rows = await worldRepository.findAccounts(trx, ids);
  const byId = new Map(rows.map((r) => [r.user_id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw GatewayError.rejected('accountNotFound', { userIds: missing });
  return ids.map((id) => byId.get(id) as GameAccountRow);
}

/** The regions, live (not merged away); refuses unknown and merged ones. */
async function requireRegions(trx: Trx, areaIds: readonly string[]): Promise<GameRegionRow[]> {
  const ids = unique(areaIds);
  const rows = await worldRepository.findRegions(trx, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw GatewayError.rejected('regionNotFound', { areaIds: missing });
  const merged = rows.filter((r) => r.merged_into !== null).map((r) => r.id);
  if (merged.length > 0) throw GatewayError.rejected('regionMerged', { areaIds: merged });
  return ids.map((id) => byId.get(id) as GameRegionRow);
}

function requireFuture(until: number, at: number): void {
  if (until <= at) throw GatewayError.invalid('untilNotInFuture', { until, now: at });
}

// ---------------------------------------------------------------------------------------------
// Row to contract shapes.
// ---------------------------------------------------------------------------------------------

const banState = (p: Pick<GamePlayerRow, 'ban_until' | 'ban_reason' | 'is_online'>) => ({
  banUntil: p.ban_until,
  banReason: p.ban_reason,
  isOnline: p.is_online === 1,
});
const muteState = (p: Pick<GamePlayerRow, 'mute_until' | 'mute_reason'>) => ({ muteUntil: p.mute_until, muteReason: p.mute_reason });

export function regionOf(row: GameRegionRow): Region {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Region['status'],
    loginStatus: row.login_status as Region['loginStatus'],
    heat: row.heat as Region['heat'],
    uiSort: row.ui_sort,
    group: row.group_name,
    onlineNumber: row.online_number,
    queueSize: row.queue_size,
    queueSequence: row.queue_sequence,
    autoCloseAt: row.auto_close_at,
    mergedInto: row.merged_into,
    underMaintenance: row.under_maintenance === 1,
  };
}

const regionStatusState = (r: GameRegionRow) => ({
  status: r.status as Region['status'],
  underMaintenance: r.under_maintenance === 1,
  onlineNumber: r.online_number,
  queueSize: r.queue_size,
});

const regionInfo = (r: GameRegionRow) => ({ name: r.name, uiSort: r.ui_sort, group: r.group_name, autoCloseAt: r.auto_close_at });

const PLAYER_COLUMNS = {
  level: 'level',
  mainStoryProgress: 'main_story_progress',
  currentExp: 'current_exp',
  energy: 'energy',
  unionCoin: 'union_coin',
  rechargeCurrency: 'recharge_currency',
  nonRechargeCurrency: 'non_recharge_currency',
  pvpRanks: 'pvp_ranks',
  pvpScore: 'pvp_score',
  roleName: 'role_name',
  unionName: 'union_name',
} as const satisfies Record<GameCommand<'setPlayerValue'>['field'], keyof GamePlayerRow>;

// ---------------------------------------------------------------------------------------------
// What the game does on each command.
// ---------------------------------------------------------------------------------------------

const HANDLERS: { [K in GameCommandKind]: Handler<K> } = {
  async kickPlayers(trx, c, at) {
    const players = await requirePlayers(trx, c.roleIds);
    await signOut(
      trx,
      players.filter((p) => p.is_online === 1),
      at,
    );
    return { players: players.map((p) => ({ roleId: p.role_id, before: { isOnline: p.is_online === 1 }, after: { isOnline: false } })) };
  },

  async kickAll(trx, c, at) {
    const regions = c.areaId === null ? await worldRepository.listRegions(trx) : await requireRegions(trx, [c.areaId]);
    const kicked = await worldRepository.signOutAll(trx, c.areaId, at);
    const ids = regions.map((r) => r.id);
    await worldRepository.updateRegions(trx, ids, { online_number: 0, queue_size: 0, updated_at: at });
    return {
      areaId: c.areaId,
      kicked,
      regions: regions.map((r) => ({
        areaId: r.id,
        before: { onlineNumber: r.online_number, queueSize: r.queue_size },
        after: { onlineNumber: 0, queueSize: 0 },
      })),
    };
  },

  async banPlayers(trx, c, at) {
    requireFuture(c.until, at);
    const players = await requirePlayers(trx, c.roleIds);
    await worldRepository.updatePlayers(
      trx,
      players.map((p) => p.role_id),
      { ban_until: c.until, ban_reason: c.reason, updated_at: at },
    );
    await signOut(
      trx,
      players.filter((p) => p.is_online === 1),
      at,
    );
    return {
      players: players.map((p) => ({ roleId: p.role_id, before: banState(p), after: { banUntil: c.until, banReason: c.reason, isOnline: false } })),
    };
  },

  async unbanPlayers(trx, c, at) {
    const players = await requirePlayers(trx, c.roleIds);
    await worldRepository.updatePlayers(
      trx,
      players.map((p) => p.role_id),
      { ban_until: null, ban_reason: null, updated_at: at },
    );
    return {
      players: players.map((p) => ({ roleId: p.role_id, before: banState(p), after: { banUntil: null, banReason: null, isOnline: p.is_online === 1 } })),
    };
  },

  async mutePlayers(trx, c, at) {
    requireFuture(c.until, at);
    const players = await requirePlayers(trx, c.roleIds);
    await worldRepository.updatePlayers(
      trx,
      players.map((p) => p.role_id),
      { mute_until: c.until, mute_reason: c.reason, updated_at: at },
    );
    return { players: players.map((p) => ({ roleId: p.role_id, before: muteState(p), after: { muteUntil: c.until, muteReason: c.reason } })) };
  },

  async unmutePlayers(trx, c, at) {
    const players = await requirePlayers(trx, c.roleIds);
    await worldRepository.updatePlayers(
      trx,
      players.map((p) => p.role_id),
      { mute_until: null, mute_reason: null, updated_at: at },
    );
    return { players: players.map((p) => ({ roleId: p.role_id, before: muteState(p), after: { muteUntil: null, muteReason: null } })) };
  },

  async banAccounts(trx, c, at) {
    requireFuture(c.until, at);
    const accounts = await requireAccounts(trx, c.userIds);
    const ids = accounts.map((a) => a.user_id);
    await worldRepository.updateAccounts(trx, ids, { ban_until: c.until, ban_reason: c.reason, updated_at: at });
    const online = await worldRepository.onlineRolesOfAccounts(trx, ids);
    await signOut(trx, online, at);
    return {
      accounts: accounts.map((a) => ({
        userId: a.user_id,
        before: { banUntil: a.ban_until, banReason: a.ban_reason },
        after: { banUntil: c.until, banReason: c.reason },
      })),
      kickedRoleIds: online.map((p) => p.role_id),
    };
  },

  async unbanAccounts(trx, c, at) {
    const accounts = await requireAccounts(trx, c.userIds);
    await worldRepository.updateAccounts(
      trx,
      accounts.map((a) => a.user_id),
      { ban_until: null, ban_reason: null, updated_at: at },
    );
    return {
      accounts: accounts.map((a) => ({ userId: a.user_id, before: { banUntil: a.ban_until, banReason: a.ban_reason }, after: { banUntil: null, banReason: null } })),
      kickedRoleIds: [],
    };
  },

  async deductAssets(trx, c, at, log) {
    const player = await requirePlayer(trx, c.roleId);
    const item = await worldRepository.findBagItem(trx, c.roleId, c.sourceId);
    if (!item) throw GatewayError.rejected('itemNotFound', { roleId: c.roleId, sourceId: c.sourceId });
    // The operator decided on the quantity shown; if it moved since, they must look again.
    const expected = c.expectedCurrent ?? item.current_number;
    if (item.current_number !== expected) throw GatewayError.rejected('staleQuantity', { current: item.current_number, expected });
    if (c.quantity > item.current_number) throw GatewayError.rejected('insufficientQuantity', { current: item.current_number, quantity: c.quantity });
    const after = item.current_number - c.quantity;
    if (!(await worldRepository.setBagCurrent(trx, c.roleId, c.sourceId, expected, after, at))) {
      throw GatewayError.rejected('staleQuantity', { expected });
    }
    const itemType = item.item_type as BagItemType;
    await log.assets(
      trx,
      player,
      [{ kind: 'item', itemType, sourceId: c.sourceId, quantity: c.quantity, rarity: item.rarity }],
      [{ kind: 'item', id: c.sourceId, quantity: c.quantity, before: item.current_number, after, shortfall: 0 }],
      { reason: 'gm_deduct', subreason: '', order: '' },
    );
    return {
      roleId: c.roleId,
      sourceId: c.sourceId,
      itemType,
      quantity: c.quantity,
      before: { currentNumber: item.current_number },
      after: { currentNumber: after },
    };
  },

  async unlockMaps(trx, c, at) {
    await requirePlayer(trx, c.roleId);
    const mapIds = unique(c.mapIds);
    const known = new Map((await worldRepository.findMaps(trx, c.roleId, c.kind, mapIds)).map((m) => [m.map_id, m.unlocked === 1]));
    await worldRepository.unlockMaps(trx, c.roleId, c.kind, mapIds, at);
    return {
      roleId: c.roleId,
      kind: c.kind,
      maps: mapIds.map((mapId) => ({ mapId, before: { unlocked: known.get(mapId) ?? false }, after: { unlocked: true } })),
    };
  },

  async setMapPosition(trx, c, at) {
    const player = await requirePlayer(trx, c.roleId);
    // The game keeps an online player's position in memory and would overwrite the edit.
    if (player.is_online === 1) throw GatewayError.rejected('playerOnline', { roleId: c.roleId });
    const [map] = await worldRepository.findMaps(trx, c.roleId, 'explore', [c.mapId]);
    if (map?.unlocked !== 1) throw GatewayError.rejected('mapLocked', { mapId: c.mapId });
    await worldRepository.setMapPosition(trx, c.roleId, 'explore', c.mapId, JSON.stringify(c.position), at);
    return { roleId: c.roleId, mapId: c.mapId, before: { position: parsePosition(map.position) }, after: { position: c.position } };
  },

  async setPlayerValue(trx, c, at) {
    const player = await requirePlayer(trx, c.roleId);
    const column = PLAYER_COLUMNS[c.field];
    const before = player[column];
    const after = c.field === 'unionName' && c.value === '' ? null : c.value;
    if (before === after) throw GatewayError.rejected('unmodifiedData', { field: c.field });
    await worldRepository.updatePlayer(trx, c.roleId, { [column]: after, updated_at: at });
    return { roleId: c.roleId, field: c.field, before, after };
  },

  async setIdentityMark(trx, c, at) {
    const players = await requirePlayers(trx, c.roleIds);
    await worldRepository.updatePlayers(
      trx,
      players.map((p) => p.role_id),
      { identity_mark: c.identityMark, identity_remark: c.remark, updated_at: at },
    );
    return {
      players: players.map((p) => ({
        roleId: p.role_id,
        before: { identityMark: p.identity_mark, identityRemark: p.identity_remark },
        after: { identityMark: c.identityMark, identityRemark: c.remark },
      })),
    };
  },

  async createPlayer(trx, c, at) {
    const [region] = await requireRegions(trx, [c.areaId]);
    if (!region) throw GatewayError.rejected('regionNotFound', { areaIds: [c.areaId] });
    // Created roles and accounts take ids from their own ranges, apart from the ones players sign up with.
    const roleId = nextIdIn(CREATED_ROLE_IDS, await worldRepository.lastRoleIdBetween(trx, CREATED_ROLE_IDS.from, CREATED_ROLE_IDS.to));
    if (c.userId !== undefined) {
      const [owner] = await requireAccounts(trx, [c.userId]);
      if (!owner) throw GatewayError.rejected('accountNotFound', { userIds: [c.userId] });
      await insertRole(trx, c, roleId, owner.user_id, owner.account, region.id, at);
      return { roleId, userId: owner.user_id, account: owner.account, areaId: region.id, roleName: c.roleName };
    }
    const userId = nextIdIn(CREATED_USER_IDS, await worldRepository.lastUserIdBetween(trx, CREATED_USER_IDS.from, CREATED_USER_IDS.to));
    const account = c.account === '' ? `qa_${roleId}` : c.account;
    await worldRepository.insertAccounts(trx, [
      {
        user_id: userId,
        account,
        name: c.roleName,
        type: 'guest',
        third_id: null,
        inheritance_code: null,
        inheritance_password_hash: null,
        init_account: account,
        last_login_at: null,
        last_login_ip: null,
        last_login_device: null,
        created_at: at,
        updated_at: at,
      },
    ]);
    await insertRole(trx, c, roleId, userId, account, region.id, at);
    return { roleId, userId, account, areaId: region.id, roleName: c.roleName };
  },

  async deliverMail(trx, c, at) {
    const { targets, mail } = c;
    const copy = {
      mail_id: mail.mailId,
      mail_kind: targets.kind,
      sender: mail.sender,
      title: mail.title,
      content: mail.content,
      items: JSON.stringify(mail.items),
      delivered_at: at,
      expires_at: mail.expiresAt,
    };
    const record = {
      mail_id: mail.mailId,
      mail_kind: targets.kind,
      sender: mail.sender,
      title: mail.title,
      content: mail.content,
      items: copy.items,
      created_at: at,
      expires_at: mail.expiresAt,
    };
    if (targets.kind === 'private') {
      if (targets.roleIds.length === 0) throw GatewayError.invalid('invalidParams', { issues: [{ path: 'targets.roleIds', message: 'validation.required' }] });
      const excluded = new Set(targets.excludedRoleIds);
      const players = (await requirePlayers(trx, targets.roleIds)).filter((p) => !excluded.has(p.role_id));
      // Private mail comes in batches under one mail id: the record is made by the first.
      await worldMails.recordGameMail(trx, { ...record, targets: '{}' });
      const known = await worldMails.findGameMail(trx, mail.mailId);
      // A batch arriving after the mail was withdrawn delivers nothing.
      if (known?.withdrawn_at !== null) return { mailId: mail.mailId, delivered: 0, alreadyDelivered: 0 };
      const delivered = await worldRepository.deliverToRoles(
        trx,
        players.map((p) => p.role_id),
        copy,
      );
      return { mailId: mail.mailId, delivered, alreadyDelivered: players.length - delivered };
    }
    // Public mail is one record: each matching player gets it when their mailbox opens (world.mailbox).
    if (targets.areaIds.length > 0) await requireRegions(trx, targets.areaIds);
    const publicTargets = {
      areaIds: unique(targets.areaIds),
      excludedRoleIds: unique(targets.excludedRoleIds),
      createdFrom: targets.createdFrom,
      createdTo: targets.createdTo,
      levelMin: targets.levelMin,
      levelMax: targets.levelMax,
    };
    const matched = await worldMails.countMatching(trx, publicTargets);
    const isNew = await worldMails.recordGameMail(trx, { ...record, targets: JSON.stringify(publicTargets) });
    return { mailId: mail.mailId, delivered: isNew ? matched : 0, alreadyDelivered: isNew ? 0 : matched };
  },

  async withdrawMail(trx, c, at) {
    const known = await worldMails.findGameMail(trx, c.mailId);
    if (!known) throw GatewayError.rejected('mailNotFound', { mailId: c.mailId });
    const live = known.withdrawn_at === null;
    await worldMails.markWithdrawn(trx, c.mailId, at);
    const removed = await worldMails.deleteUncollected(trx, c.mailId);
    const kept = await worldMails.countCollected(trx, c.mailId);
    return { mailId: c.mailId, removed, kept, before: { live }, after: { live: false } };
  },

  async pushAnnouncement(trx, c, at) {
    if (c.areaIds.length > 0) await requireRegions(trx, c.areaIds);
    const earlier = await worldRepository.findAnnouncement(trx, c.announcementId);
    await worldRepository.upsertAnnouncement(trx, {
      announcement_id: c.announcementId,
      type: c.type,
      area_ids: JSON.stringify(unique(c.areaIds)),
      title: c.title,
      content: c.content,
      start_at: c.startAt,
      end_at: c.endAt,
      sort: c.sort,
      pushed_at: at,
      withdrawn_at: null,
      display: JSON.stringify({
        tab: c.tab,
        tabTitle: c.tabTitle,
        secondaryTitle: c.secondaryTitle,
        hotType: c.hotType,
        jumpType: c.jumpType,
        jumpTarget: c.jumpTarget,
        image: c.image,
        previewImage: c.previewImage,
        videoName: c.videoName,
        popupType: c.popupType,
        showTime: c.showTime,
        daysAfterRegistration: c.daysAfterRegistration,
        restrictionLevel: c.restrictionLevel,
        mapId: c.mapId,
        progress: c.progress,
      }),
    });
    return {
      announcementId: c.announcementId,
      before: { live: earlier !== undefined && earlier.withdrawn_at === null, title: earlier?.title ?? null },
      after: { live: true, title: c.title },
    };
  },

  async withdrawAnnouncement(trx, c, at) {
    const earlier = await worldRepository.findAnnouncement(trx, c.announcementId);
    if (!earlier) throw GatewayError.rejected('announcementNotFound', { announcementId: c.announcementId });
    if (earlier.withdrawn_at === null) await worldRepository.withdrawAnnouncement(trx, c.announcementId, at);
    return { announcementId: c.announcementId, before: { live: earlier.withdrawn_at === null }, after: { live: false } };
  },

  async createRegion(trx, c, at) {
    const r = c.region;
    if (await worldRepository.findRegion(trx, r.id)) throw GatewayError.rejected('regionExists', { areaId: r.id });
    await worldRepository.insertRegions(trx, [
      {
        id: r.id,
        name: r.name,
        status: r.status,
        login_status: r.loginStatus,
        heat: r.heat,
        ui_sort: r.uiSort,
        group_name: r.group,
        under_maintenance: r.status === 'close' ? 1 : 0,
        created_at: at,
        updated_at: at,
      },
    ]);
    const row = await worldRepository.findRegion(trx, r.id);
    if (!row) throw new Error(`region ${r.id} vanished inside its transaction`);
    return { region: regionOf(row) };
  },

  async updateRegion(trx, c, at) {
    const [region] = await requireRegions(trx, [c.areaId]);
    if (!region) throw GatewayError.rejected('regionNotFound', { areaIds: [c.areaId] });
    const before = regionInfo(region);
    const after = { ...before, ...c.changes };
    if (c.changes.autoCloseAt !== undefined && c.changes.autoCloseAt !== null) requireFuture(c.changes.autoCloseAt, at);
    if (JSON.stringify(before) === JSON.stringify(after)) throw GatewayError.rejected('unmodifiedData', { areaId: c.areaId });
    await worldRepository.updateRegion(trx, c.areaId, {
      name: after.name,
      ui_sort: after.uiSort,
      group_name: after.group,
      auto_close_at: after.autoCloseAt,
      updated_at: at,
    });
    return { areaId: c.areaId, before, after };
  },

  async setRegionStatus(trx, c, at) {
    const regions = await requireRegions(trx, c.areaIds);
    const closing = c.status === 'close';
    let kicked = 0;
    if (closing) {
      // Maintenance: everyone is signed out and the queue is dropped; a pending auto-close is moot.
      for (const r of regions) kicked += await worldRepository.signOutAll(trx, r.id, at);
    }
    await worldRepository.updateRegions(
      trx,
      regions.map((r) => r.id),
      closing
        ? { status: 'close', under_maintenance: 1, online_number: 0, queue_size: 0, auto_close_at: null, updated_at: at }
        : { status: c.status, under_maintenance: 0, updated_at: at },
    );
    const after = await worldRepository.findRegions(
      trx,
      regions.map((r) => r.id),
    );
    const afterById = new Map(after.map((r) => [r.id, r]));
    return {
      kicked,
      regions: regions.map((r) => ({ areaId: r.id, before: regionStatusState(r), after: regionStatusState(afterById.get(r.id) ?? r) })),
    };
  },

  async setRegionLoginStatus(trx, c, at) {
    const regions = await requireRegions(trx, c.areaIds);
    await worldRepository.updateRegions(
      trx,
      regions.map((r) => r.id),
      { login_status: c.loginStatus, updated_at: at },
    );
    return {
      regions: regions.map((r) => ({
        areaId: r.id,
        before: { loginStatus: r.login_status as Region['loginStatus'] },
        after: { loginStatus: c.loginStatus },
      })),
    };
  },

  async setRegionHeat(trx, c, at) {
    const regions = await requireRegions(trx, c.areaIds);
    await worldRepository.updateRegions(
      trx,
      regions.map((r) => r.id),
      { heat: c.heat, updated_at: at },
    );
    return { regions: regions.map((r) => ({ areaId: r.id, before: { heat: r.heat as Region['heat'] }, after: { heat: c.heat } })) };
  },

  async mergeRegions(trx, c, at) {
    if (c.fromId === c.intoId) throw GatewayError.invalid('sameRegion', { areaId: c.fromId });
    const [from, into] = await requireRegions(trx, [c.fromId, c.intoId]);
    if (!from || !into) throw GatewayError.rejected('regionNotFound', { areaIds: [c.fromId, c.intoId] });
    if (from.status !== 'close' || from.under_maintenance !== 1) throw GatewayError.rejected('notUnderMaintenance', { areaId: from.id });
    const movedPlayers = await worldRepository.movePlayers(trx, from.id, into.id, at);
    await worldRepository.updateRegion(trx, from.id, { merged_into: into.id, online_number: 0, queue_size: 0, auto_close_at: null, updated_at: at });
    await worldRepository.recountOnline(trx, [into.id], at);
    const fromAfter = await worldRepository.findRegion(trx, from.id);
    const intoAfter = await worldRepository.findRegion(trx, into.id);
    if (!fromAfter || !intoAfter) throw new Error('merged regions vanished inside their transaction');
    return {
      fromId: from.id,
      intoId: into.id,
      movedPlayers,
      before: { from: regionOf(from), into: regionOf(into) },
      after: { from: regionOf(fromAfter), into: regionOf(intoAfter) },
    };
  },

  async replenishOrder(trx, c, at, log) {
    const order = await worldRepository.findOrder(trx, c.orderId);
    if (!order) throw GatewayError.rejected('orderNotFound', { orderId: c.orderId });
    if (order.status !== 'incomplete') throw GatewayError.rejected('orderNotIncomplete', { status: order.status });
    const goods = await worldRepository.findGoods(trx, order.goods_id);
    if (!goods) throw GatewayError.rejected('goodsNotFound', { goodsId: order.goods_id });
    const player = await requirePlayer(trx, order.role_id);
    if (!(await worldRepository.setOrderStatus(trx, order.order_id, 'incomplete', 'completed', at))) {
      throw GatewayError.rejected('orderNotIncomplete', { status: order.status });
    }
    const grants = parseGrants(goods.items);
    const granted = await applyGrants(trx, order.role_id, grants, at);
    await worldRepository.updatePlayer(trx, order.role_id, { is_recharge: 1, updated_at: at });
    await worldCallbacks.settleWithOrder(trx, order, c.by ?? 'game', at);
    await log.payment(trx, order, player, grants, granted, 'completed');
    return { orderId: order.order_id, roleId: order.role_id, before: { status: 'incomplete' as const }, after: { status: 'completed' as const }, granted };
  },

  async cancelOrder(trx, c, at, log) {
    const order = await worldRepository.findOrder(trx, c.orderId);
    if (!order) throw GatewayError.rejected('orderNotFound', { orderId: c.orderId });
    if (order.status !== 'completed') throw GatewayError.rejected('orderNotCompleted', { status: order.status });
    const goods = await worldRepository.findGoods(trx, order.goods_id);
    if (!goods) throw GatewayError.rejected('goodsNotFound', { goodsId: order.goods_id });
    const player = await requirePlayer(trx, order.role_id);
    if (!(await worldRepository.setOrderStatus(trx, order.order_id, 'completed', 'cancelled', at))) {
      throw GatewayError.rejected('orderNotCompleted', { status: order.status });
    }
    const grants = parseGrants(goods.items);
    const deducted = await revokeGrants(trx, order.role_id, grants, at);
    await log.payment(trx, order, player, grants, deducted, 'cancelled');
    return { orderId: order.order_id, roleId: order.role_id, before: { status: 'completed' as const }, after: { status: 'cancelled' as const }, deducted };
  },

  async removeRankEntries(trx, c, at) {
    await requirePlayers(trx, c.roleIds);
    return { board: c.board, entries: await worldRankings.remove(trx, c.board, unique(c.roleIds), c.reason, c.by, at) };
  },

  async restoreRankEntries(trx, c) {
    await requirePlayers(trx, c.roleIds);
    return { board: c.board, entries: await worldRankings.restore(trx, c.board, unique(c.roleIds)) };
  },

  async retryPaymentCallback(trx, c, at, log) {
    const row = await worldCallbacks.findCallback(trx, c.callbackId);
    if (!row) throw GatewayError.rejected('callbackNotFound', { callbackId: c.callbackId });
    const tried = await worldCallbacks.retry(trx, row, c.by, at, log);
    return { callbackId: row.callback_id, orderId: row.order_id, before: { status: tried.before }, after: { status: tried.after }, attempt: tried.attempt, granted: tried.granted };
  },

  async grantAccountRebate(trx, c, at) {
    await requireAccounts(trx, [c.userId]);
    const held = await worldGrants.holdGrant(trx, { grant_id: c.grantId, user_id: c.userId, not_before: c.notBefore, grants: JSON.stringify(c.grants), created_at: at }, at);
    return { grantId: c.grantId, userId: c.userId, ...held };
  },

  async publishRedeemBatch(trx, c, at) {
    return worldRedeem.publishBatch(trx, c, at);
  },

  async disableRedeemBatch(trx, c, at) {
    const earlier = await worldRedeem.disableBatch(trx, c.batchId, at);
    if (!earlier) throw GatewayError.rejected('redeemBatchNotFound', { batchId: c.batchId });
    return { batchId: c.batchId, before: { live: earlier.status === 'active' }, after: { live: false }, claimed: Number(earlier.claimed) };
  },

  setGameConfig: (trx, c, at) => worldConfigs.applyConfig(trx, c, at),
  publishConfigTable: (trx, c, at) => worldConfigTables.publishTable(trx, c, at),
};
