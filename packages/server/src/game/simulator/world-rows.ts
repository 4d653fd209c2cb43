/**
 * The world's rows for a simulated role once its history is played: the role with every field,
 * its bag, map progress and mailbox, the snapshot a game server reports, and its account.
 * Balances are the ledger's, so they equal the last `after` of the role's logs.
 */
import { createHash } from 'node:crypto';
import type { PlayerSnapshot } from '@gm/contract/ingest.contract.ts';
import type { MapKind } from '@gm/contract/game-commands.contract.ts';
import { DEMO_MAPS, demoNickname, type Random } from '../world/world.seed.ts';
import type { NewGameAccount, NewGameBagItem, NewGameMapProgress, NewGamePlayer } from '../world/world.table.ts';
import { itemDef, storyProgressText, STAGES_PER_CHAPTER } from './game-content.ts';
import { pvpRank, type PlayerSim } from './player-state.ts';
import type { AccountProfile } from './population.ts';
import type { NewGameMailbox } from './run-context.ts';

const HEX = '0123456789abcdef';
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const chars = (rng: Random, alphabet: string, n: number) => {
  let out = '';
  for (let i = 0; i < n; i += 1) out += alphabet.charAt(rng.int(0, alphabet.length - 1));
  return out;
};

export interface AccountIdentity {
  account: string;
  nickname: string;
  thirdId: string | null;
  initAccount: string;
  inheritanceCode: string | null;
  inheritancePasswordHash: string | null;
}

/** The account's names and codes, drawn from the account's own stream (the same for each of its roles). */
export function accountIdentity(profile: AccountProfile, userId: string): AccountIdentity {
  const rng = profile.identityStream();
  const nickname = demoNickname(rng);
  const thirdPrefix = profile.platform === 'ios' ? rng.pick(['apple', 'wx', 'qq']) : profile.channel === 'googleplay' ? 'google' : rng.pick(['wx', 'qq']);
  const thirdId = profile.type === 'thirdParty' ? `${thirdPrefix}_${chars(rng, HEX, 24)}` : null;
  const guest = `guest_${chars(rng, HEX, 10)}`;
  const phone = `1${rng.pick(['3', '5', '7', '8', '9'])}${chars(rng, '0123456789', 9)}`;
  const email = `${nickname.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'pilot'}${rng.int(1, 999)}@example.com`;
  const account = profile.type === 'guest' ? guest : profile.type === 'phone' ? phone : profile.type === 'email' ? email : (thirdId ?? guest);
  const inherits = rng.chance(0.3);
  const boundLater = rng.chance(0.5);
  return {
    account,
    nickname,
    thirdId,
    initAccount: profile.type === 'guest' || boundLater ? guest : account,
    inheritanceCode: inherits ? chars(rng, ALNUM, 12) : null,
    inheritancePasswordHash: inherits ? `sha256$${createHash('sha256').update(`${userId}:${chars(rng, HEX, 8)}`).digest('hex')}` : null,
  };
}

export interface AccountActivity {
  ownerIndex: number;
  createdAt: number;
  lastLoginAt: number | null;
  lastIp: string | null;
}

export function accountRow(profile: AccountProfile, userId: string, activity: AccountActivity): NewGameAccount {
  const id = accountIdentity(profile, userId);
  return {
    user_id: userId,
    account: id.account,
    name: id.nickname,
    type: profile.type,
    third_id: id.thirdId,
    inheritance_code: id.inheritanceCode,
    inheritance_password_hash: id.inheritancePasswordHash,
    init_account: id.initAccount,
    last_login_at: activity.lastLoginAt,
    last_login_ip: activity.lastIp,
    last_login_device: profile.deviceModel,
    create_device_number: profile.deviceId,
    created_at: activity.createdAt,
    updated_at: activity.lastLoginAt ?? activity.createdAt,
  };
}

export interface RoleRows {
  player: NewGamePlayer;
  bag: NewGameBagItem[];
  maps: NewGameMapProgress[];
  mailboxes: NewGameMailbox[];
  snapshot: PlayerSnapshot;
}

const IDENTITY_REMARK = { 0: '', 1: '内部测试 Internal QA', 2: '合作主播 Partner streamer' } as const;

export function roleRows(p: PlayerSim, identity: AccountIdentity, updatedAt: number): RoleRows {
  const { ledger, profile, run } = p;
  const now = run.now;
  const player: NewGamePlayer = {
    role_id: p.roleId,
    role_name: p.roleName,
    user_id: p.userId,
    third_id: identity.thirdId,
    account: identity.account,
    area_id: profile.region.id,
    level: p.level,
    union_name: p.unionName,
    identity_mark: profile.identityMark,
    identity_remark: IDENTITY_REMARK[profile.identityMark],
    created_at: profile.signupAt,
    last_login_at: p.lastLoginAt,
    recent_login_at: p.online ? p.lastLoginAt : p.lastLogoutAt,
    offline_at: p.online ? null : p.lastLogoutAt,
    is_online: p.online ? 1 : 0,
    is_recharge: p.completedOrders > 0 ? 1 : 0,
    recharge_currency: ledger.currency.paid_crystal,
    non_recharge_currency: ledger.currency.free_crystal,
    mute_until: p.muteUntil,
    mute_reason: p.muteReason,
    ban_until: p.banUntil,
    ban_reason: p.banReason,
    main_story_progress: p.story,
    current_exp: p.exp,
    energy: ledger.energy,
    union_coin: ledger.currency.union_coin,
    pvp_ranks: pvpRank(p.pvpScore, p.level),
    pvp_score: p.level >= 15 ? p.pvpScore : 0,
    updated_at: updatedAt,
  };

  const bag: NewGameBagItem[] = [...ledger.bag.entries()]
    .filter(([, stack]) => stack.obtained > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([sourceId, stack]) => {
      const def = itemDef(sourceId);
      return { role_id: p.roleId, source_id: sourceId, item_type: def.type, number: stack.obtained, rarity: def.rarity, current_number: stack.current, updated_at: stack.updatedAt };
    });

  const unlocked: Record<MapKind, number> = {
    explore: Math.min(DEMO_MAPS.explore.length, 1 + Math.floor(p.level / 12)),
    stage: Math.min(DEMO_MAPS.stage.length, 1 + Math.floor(p.story / STAGES_PER_CHAPTER)),
    quantum: p.level >= 20 ? Math.min(DEMO_MAPS.quantum.length, Math.floor((p.level - 10) / 10)) : 0,
  };
  const maps: NewGameMapProgress[] = [];
  for (const kind of ['explore', 'stage', 'quantum'] as const) {
    for (const mapId of DEMO_MAPS[kind].slice(0, unlocked[kind])) {
      maps.push({
        role_id: p.roleId,
        kind,
        map_id: mapId,
        unlocked: 1,
        position: kind === 'explore' ? JSON.stringify({ x: p.rng.int(-2000, 2000), y: p.rng.int(-2000, 2000), z: p.rng.int(0, 120) }) : null,
        updated_at: updatedAt,
      });
    }
  }

  const mailboxes: NewGameMailbox[] = [...p.mailbox.values()].map((m) => ({
    role_id: p.roleId,
    mail_id: m.mailId,
    mail_kind: m.kind,
    sender: m.sender.slice(0, 64),
    title: m.title,
    content: m.content,
    items: JSON.stringify(m.grants),
    delivered_at: m.deliveredAt,
    expires_at: m.expiresAt,
    is_read: m.read ? 1 : 0,
    is_collected: m.collected ? 1 : 0,
    collected_at: m.collectedAt,
  }));

  const snapshot: PlayerSnapshot = {
    roleId: p.roleId,
    roleName: p.roleName,
    userId: p.userId,
    thirdId: identity.thirdId,
    account: identity.account,
    areaId: profile.region.zoneId,
    level: p.level,
    unionName: p.unionName,
    identityMark: profile.identityMark,
    identityRemark: IDENTITY_REMARK[profile.identityMark],
    createTime: profile.signupAt,
    lastLoginTime: p.lastLoginAt,
    recentLoginTime: player.recent_login_at ?? null,
    offlineTime: p.online ? null : p.lastLogoutAt,
    isOnline: p.online,
    isRecharge: p.completedOrders > 0,
    rechargeCurrency: ledger.currency.paid_crystal,
    nonRechargeCurrency: ledger.currency.free_crystal,
    muteMark: p.muteUntil !== null && p.muteUntil > now,
    banMark: p.banUntil !== null && p.banUntil > now,
    mainStoryProgress: storyProgressText(p.story),
    currentExp: p.exp,
    energy: ledger.energy,
    unionCoin: ledger.currency.union_coin,
    pvpRank: pvpRank(p.pvpScore, p.level),
    pvpScore: p.level >= 15 ? p.pvpScore : 0,
    snapshotAt: now,
  };
  return { player, bag, maps, mailboxes, snapshot };
}
