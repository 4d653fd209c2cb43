/**
 * A small, deterministic demo game: six server regions, a store of realistic products, and a
 * function that creates N players (accounts, roles, bags, maps) from a seed. The same seed and
 * index always give the same player, however the players are split into batches.
 */
import { createHash } from 'node:crypto';
import type { BagItemType, GameAccountType, Grant, MapKind, RegionHeat, RegionLoginStatus, RegionStatus } from '@gm/contract/game-commands.contract.ts';
import type { Db } from '../../db/database.ts';
import type { NewGameAccount, NewGameBagItem, NewGameMapProgress, NewGamePlayer } from './world.table.ts';
import * as worldRepository from './world.repository.ts';

// ---------------------------------------------------------------------------------------------
// A seeded pseudo-random generator (mulberry32): never Math.random, so a seed replays exactly.
// ---------------------------------------------------------------------------------------------

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
  };
}

/** A generator for one (seed, index) pair, independent of every other index. */
function randomFor(seed: number, index: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return createRandom((h ^ (h >>> 16)) >>> 0);
}

// ---------------------------------------------------------------------------------------------
// Regions and catalogue.
// ---------------------------------------------------------------------------------------------

export interface DemoRegion {
  id: string;
  name: string;
  status: RegionStatus;
  loginStatus: RegionLoginStatus;
  heat: RegionHeat;
  uiSort: number;
  group: string;
  queueSize: number;
  queueSequence: number;
  /** Share of new players who pick this region. */
  weight: number;
}

export const DEMO_REGIONS: readonly DemoRegion[] = [
  { id: '1001', name: '晨曦 Dawn', status: 'open', loginStatus: 'open', heat: 'packed', uiSort: 100, group: 'CN-East', queueSize: 37, queueSequence: 184_220, weight: 30 },
  { id: '1002', name: '星海 Starsea', status: 'open', loginStatus: 'open', heat: 'crowded', uiSort: 90, group: 'CN-East', queueSize: 0, queueSequence: 96_410, weight: 25 },
  { id: '1003', name: 'Aurora 极光', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 80, group: 'CN-South', queueSize: 0, queueSequence: 41_876, weight: 18 },
  { id: '1004', name: '烈焰 Blaze', status: 'close', loginStatus: 'gm', heat: 'fluent', uiSort: 70, group: 'CN-South', queueSize: 0, queueSequence: 12_093, weight: 8 },
  { id: '1005', name: 'Nebula 星云', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 60, group: 'Global', queueSize: 0, queueSequence: 8_521, weight: 17 },
  { id: '1006', name: '体验服 Test', status: 'hide', loginStatus: 'gm', heat: 'fluent', uiSort: 0, group: 'Test', queueSize: 0, queueSequence: 311, weight: 2 },
];

export interface DemoItem {
  sourceId: string;
  type: BagItemType;
  rarity: number;
  name: { en: string; zh: string };
  /** How many a player typically holds at most. */
  stack: number;
}

export const DEMO_ITEMS: readonly DemoItem[] = [
  { sourceId: '100101', type: 'prop', rarity: 2, name: { en: 'Energy potion', zh: '体力药剂' }, stack: 40 },
  { sourceId: '100102', type: 'prop', rarity: 1, name: { en: 'Sweep scroll', zh: '扫荡券' }, stack: 200 },
  { sourceId: '100103', type: 'prop', rarity: 4, name: { en: 'Recruit ticket', zh: '招募券' }, stack: 30 },
  { sourceId: '100104', type: 'prop', rarity: 3, name: { en: 'Rename card', zh: '改名卡' }, stack: 2 },
  { sourceId: '100105', type: 'prop', rarity: 3, name: { en: 'Monthly card token', zh: '月卡凭证' }, stack: 1 },
  { sourceId: '100106', type: 'prop', rarity: 4, name: { en: 'Battle pass ticket', zh: '战令凭证' }, stack: 1 },
  { sourceId: '200101', type: 'weapon', rarity: 3, name: { en: 'Pulse rifle', zh: '脉冲步枪' }, stack: 2 },
  { sourceId: '200102', type: 'weapon', rarity: 4, name: { en: 'Plasma blade', zh: '等离子刃' }, stack: 1 },
  { sourceId: '200103', type: 'weapon', rarity: 5, name: { en: 'Rail cannon', zh: '磁轨炮' }, stack: 1 },
  { sourceId: '300101', type: 'chip', rarity: 2, name: { en: 'Attack chip I', zh: '攻击芯片 I' }, stack: 6 },
  { sourceId: '300102', type: 'chip', rarity: 3, name: { en: 'Defense chip II', zh: '防御芯片 II' }, stack: 4 },
  { sourceId: '300103', type: 'chip', rarity: 4, name: { en: 'Critical chip III', zh: '暴击芯片 III' }, stack: 2 },
  { sourceId: '400101', type: 'materials', rarity: 1, name: { en: 'Alloy plate', zh: '合金板' }, stack: 999 },
  { sourceId: '400102', type: 'materials', rarity: 2, name: { en: 'Nano fiber', zh: '纳米纤维' }, stack: 300 },
  { sourceId: '400103', type: 'materials', rarity: 3, name: { en: 'Driver EXP chip', zh: '驾驶员经验芯片' }, stack: 120 },
  { sourceId: '400104', type: 'materials', rarity: 5, name: { en: 'Quantum core', zh: '量子核心' }, stack: 10 },
];

const item = (sourceId: string, quantity: number): Grant => {
  const found = DEMO_ITEMS.find((i) => i.sourceId === sourceId);
  if (!found) throw new Error(`no demo item ${sourceId}`);
  return { kind: 'item', itemType: found.type, sourceId, quantity, rarity: found.rarity };
};
const crystals = (quantity: number): Grant => ({ kind: 'currency', currency: 'recharge', quantity });
const bonus = (quantity: number): Grant => ({ kind: 'currency', currency: 'nonRecharge', quantity });

export interface DemoProduct {
  productId: string;
  name: string;
  /** Minor units (fen). */
  price: number;
  currency: string;
  goodsId: string;
  goodsName: string;
  itemGroupId: string;
  itemGroupName: string;
  items: Grant[];
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { productId: 'com.mecha.cn.crystal60', name: '60 晶钻 Crystals', price: 600, currency: 'CNY', goodsId: 'G1001', goodsName: '60 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(60)] },
  { productId: 'com.mecha.cn.crystal300', name: '300 晶钻 Crystals', price: 3000, currency: 'CNY', goodsId: 'G1002', goodsName: '300 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(300), bonus(30)] },
  { productId: 'com.mecha.cn.crystal680', name: '680 晶钻 Crystals', price: 6800, currency: 'CNY', goodsId: 'G1003', goodsName: '680 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(680), bonus(80)] },
  { productId: 'com.mecha.cn.crystal1280', name: '1280 晶钻 Crystals', price: 12800, currency: 'CNY', goodsId: 'G1004', goodsName: '1280 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(1280), bonus(180)] },
  { productId: 'com.mecha.cn.crystal3280', name: '3280 晶钻 Crystals', price: 32800, currency: 'CNY', goodsId: 'G1005', goodsName: '3280 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(3280), bonus(520)] },
  { productId: 'com.mecha.cn.crystal6480', name: '6480 晶钻 Crystals', price: 64800, currency: 'CNY', goodsId: 'G1006', goodsName: '6480 晶钻', itemGroupId: 'IG100', itemGroupName: '晶钻 Crystals', items: [crystals(6480), bonus(1280)] },
  { productId: 'com.mecha.cn.monthly', name: '月卡 Monthly Card', price: 3000, currency: 'CNY', goodsId: 'G2001', goodsName: '月卡', itemGroupId: 'IG200', itemGroupName: '月卡 Monthly Card', items: [crystals(300), item('100105', 1)] },
  { productId: 'com.mecha.cn.battlepass', name: '战令 Battle Pass', price: 6800, currency: 'CNY', goodsId: 'G2002', goodsName: '战令', itemGroupId: 'IG201', itemGroupName: '战令 Battle Pass', items: [item('100106', 1), item('100103', 5), item('400102', 60)] },
  { productId: 'com.mecha.cn.growthfund', name: '成长基金 Growth Fund', price: 9800, currency: 'CNY', goodsId: 'G2003', goodsName: '成长基金', itemGroupId: 'IG202', itemGroupName: '成长基金 Growth Fund', items: [crystals(980), item('400104', 2)] },
  { productId: 'com.mecha.cn.starter', name: '新手礼包 Starter Pack', price: 100, currency: 'CNY', goodsId: 'G3001', goodsName: '新手礼包', itemGroupId: 'IG300', itemGroupName: '礼包 Packs', items: [crystals(60), item('100101', 10), item('200101', 1)] },
  { productId: 'com.mecha.cn.energy', name: '体力补给 Energy Supply', price: 1200, currency: 'CNY', goodsId: 'G3002', goodsName: '体力补给', itemGroupId: 'IG300', itemGroupName: '礼包 Packs', items: [item('100101', 20), bonus(100)] },
];

/** The places in the game an announcement can jump to (jump type 0). */
export const DEMO_JUMP_TARGETS: readonly { jumpId: string; nameEn: string; nameZh: string }[] = [
  { jumpId: 'shop.main', nameEn: 'Shop', nameZh: '商店' },
  { jumpId: 'shop.monthly', nameEn: 'Monthly card', nameZh: '月卡' },
  { jumpId: 'recharge', nameEn: 'Top up', nameZh: '充值' },
  { jumpId: 'gacha.main', nameEn: 'Card draw', nameZh: '抽卡' },
  { jumpId: 'event.center', nameEn: 'Event centre', nameZh: '活动中心' },
  { jumpId: 'event.signin', nameEn: 'Daily check-in', nameZh: '每日签到' },
  { jumpId: 'mail.box', nameEn: 'Mailbox', nameZh: '邮箱' },
  { jumpId: 'pvp.arena', nameEn: 'Arena', nameZh: '竞技场' },
  { jumpId: 'pvp.peak', nameEn: 'Summit duel', nameZh: '巅峰对决' },
  { jumpId: 'explore.map', nameEn: 'Explore map', nameZh: '探索地图' },
  { jumpId: 'union.home', nameEn: 'Union', nameZh: '公会' },
];

/** Maps of each kind, in the order a player unlocks them. */
export const DEMO_MAPS: Readonly<Record<MapKind, readonly string[]>> = {
  explore: ['E01', 'E02', 'E03', 'E04', 'E05', 'E06'],
  stage: ['C01', 'C02', 'C03', 'C04', 'C05', 'C06', 'C07', 'C08', 'C09', 'C10'],
  quantum: ['Q01', 'Q02', 'Q03', 'Q04'],
};

/** Inserts the demo regions and the store (skipping what exists). */
export async function seedRegionsAndCatalogue(db: Db, now: number): Promise<void> {
  await worldRepository.insertRegions(
    db,
    DEMO_REGIONS.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      login_status: r.loginStatus,
      heat: r.heat,
      ui_sort: r.uiSort,
      group_name: r.group,
      queue_size: r.queueSize,
      queue_sequence: r.queueSequence,
      under_maintenance: r.status === 'close' ? 1 : 0,
      created_at: now,
      updated_at: now,
    })),
  );
  await worldRepository.insertGoods(
    db,
    DEMO_PRODUCTS.map((p) => ({
      goods_id: p.goodsId,
      name: p.goodsName,
      item_group_id: p.itemGroupId,
      item_group_name: p.itemGroupName,
      items: JSON.stringify(p.items),
      created_at: now,
    })),
  );
  await worldRepository.insertProducts(
    db,
    DEMO_PRODUCTS.map((p) => ({ product_id: p.productId, name: p.name, price: p.price, currency: p.currency, goods_id: p.goodsId, created_at: now })),
  );
}

// ---------------------------------------------------------------------------------------------
// Players.
// ---------------------------------------------------------------------------------------------

const CN_FIRST = ['夜', '星', '苍', '烈', '霜', '云', '雷', '影', '风', '龙', '月', '晨', '白', '墨', '赤', '青'];
const CN_SECOND = ['刃', '羽', '歌', '狼', '焰', '痕', '尘', '弦', '翼', '魂', '川', '澜', '舞', '鸣'];
const EN_FIRST = ['Shadow', 'Nova', 'Iron', 'Storm', 'Frost', 'Blaze', 'Echo', 'Raven', 'Zero', 'Vex', 'Luna', 'Kite', 'Onyx', 'Astra'];
const EN_SECOND = ['Fox', 'Wing', 'Heart', 'Fang', 'Rider', 'Pilot', 'Ace', 'Knight', 'Drift', 'Core', 'Blade', 'Spark'];
const UNIONS = ['星辰联盟', 'Iron Legion', '破晓', 'Night Owls', '苍穹之巅', 'Valkyrie', '龙吟阁', 'Aurora Guild', '钢铁之心', 'Deep Blue'];
const DEVICES = ['iPhone15,2', 'iPhone14,5', 'iPhone16,1', 'SM-S9180', 'Mi 13', 'HUAWEI P60', 'OPPO Find X6', 'vivo X90', 'Pixel 8', 'iPad13,4'];
const THIRD_PREFIXES = ['wx', 'qq', 'apple', 'google'];
const BAN_REASONS = ['外挂 Cheating tool', '刷资源 Resource exploit', '恶意退款 Chargeback abuse', '账号交易 Account trading'];
const MUTE_REASONS = ['辱骂 Abusive language', '广告刷屏 Spam advertising', '涉政言论 Prohibited content'];

const DAY_MS = 86_400_000;
const HEX = '0123456789abcdef';
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const chars = (rng: Random, alphabet: string, n: number) => Array.from({ length: n }, () => alphabet.charAt(rng.int(0, alphabet.length - 1))).join('');

function nameOf(rng: Random): string {
  if (rng.chance(0.6)) return `${rng.pick(CN_FIRST)}${rng.pick(CN_SECOND)}${rng.chance(0.4) ? rng.pick(CN_SECOND) : ''}${rng.chance(0.3) ? rng.int(1, 999) : ''}`;
  return `${rng.pick(EN_FIRST)}${rng.pick(EN_SECOND)}${rng.chance(0.6) ? rng.int(1, 9999) : ''}`;
}

export const roleIdOf = (index: number) => String(100_000_000 + index);
export const userIdOf = (index: number) => String(500_000_000 + index);

export interface CreatePlayersOptions {
  count: number;
  seed: number;
  /** The clock the world is created at; players were created in the 60 days before it. */
  now: number;
  /** The index of the first player (default: how many players exist), so batches continue. */
  firstIndex?: number;
  /** Regions players may live in (default: the demo regions); nobody is online in a closed one. */
  regions?: readonly (Pick<DemoRegion, 'id' | 'weight'> & { status?: RegionStatus; loginStatus?: RegionLoginStatus })[];
}

interface GeneratedPlayer {
  account: NewGameAccount | null;
  player: NewGamePlayer;
  bag: NewGameBagItem[];
  maps: NewGameMapProgress[];
}

/** Whether player `index` is a second role of the account of an earlier one, and of which. */
function accountIndexOf(seed: number, index: number, firstEver: number): number {
  let i = index;
  while (i > firstEver && randomFor(seed, i).next() < 0.08) i -= 1;
  return i;
}

function generatePlayer(seed: number, index: number, options: CreatePlayersOptions, firstEver: number): GeneratedPlayer {
  const rng = randomFor(seed, index);
  rng.next(); // the draw accountIndexOf reads
  const { now } = options;
  const regions = options.regions ?? DEMO_REGIONS;
  const totalWeight = regions.reduce((sum, r) => sum + r.weight, 0);
  let roll = rng.next() * totalWeight;
  const region = regions.find((r) => (roll -= r.weight) < 0) ?? regions[0];
  if (!region) throw new Error('no regions to place players in');

  const accountIndex = accountIndexOf(seed, index, firstEver);
  const accountRng = randomFor(seed ^ 0x5bd1e995, accountIndex);
  const type = accountRng.pick<GameAccountType>(['guest', 'phone', 'phone', 'email', 'thirdParty']);
  const nickname = nameOf(accountRng);
  const thirdId = type === 'thirdParty' ? `${accountRng.pick(THIRD_PREFIXES)}_${chars(accountRng, HEX, 24)}` : null;
  const guest = `guest_${chars(accountRng, HEX, 10)}`;
  const accountName =
    type === 'guest'
      ? guest
      : type === 'phone'
        ? `1${accountRng.pick(['3', '5', '7', '8', '9'])}${chars(accountRng, '0123456789', 9)}`
        : type === 'email'
          ? `${nickname.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'player'}${accountRng.int(1, 999)}@example.com`
          : (thirdId ?? guest);
  const accountCreated = now - Math.floor(accountRng.next() * 60 * DAY_MS);
  const device = accountRng.pick(DEVICES);
  const hasInheritance = accountRng.chance(0.3);
  const userId = userIdOf(accountIndex);

  const created = accountIndex === index ? accountCreated : accountCreated + Math.floor(rng.next() * (now - accountCreated));
  const ageDays = (now - created) / DAY_MS;
  const level = Math.min(80, Math.max(1, 1 + Math.floor(Math.sqrt(ageDays + 1) * 10 * rng.next())));
  const banned = rng.chance(0.012);
  const expiredBan = !banned && rng.chance(0.005);
  const muted = rng.chance(0.02);
  const mark = rng.chance(0.01) ? 1 : rng.chance(0.005) ? 2 : 0;
  // Only a role the region would let in can be online: not during maintenance, insiders only under GM login.
  const admitted = region.status !== 'close' && region.loginStatus !== 'blocked' && (region.loginStatus !== 'gm' || mark === 1);
  const online = rng.chance(0.06) && admitted && !banned;
  const lastLogin = online ? now - rng.int(60_000, 2 * 3_600_000) : created + Math.floor(rng.next() * (now - created));
  const offline = online ? null : Math.min(now, lastLogin + rng.int(5 * 60_000, 3 * 3_600_000));
  const paying = rng.chance(0.1);
  const union = level >= 10 && rng.chance(0.55) ? rng.pick(UNIONS) : null;
  const progress = Math.floor(level * 1.5 + rng.next() * 5);
  const roleId = roleIdOf(index);

  const player: NewGamePlayer = {
    role_id: roleId,
    role_name: nameOf(rng),
    user_id: userId,
    third_id: thirdId,
    account: accountName,
    area_id: region.id,
    level,
    union_name: union,
    identity_mark: mark,
    identity_remark: mark === 1 ? '内部测试 Internal QA' : mark === 2 ? '合作主播 Partner streamer' : '',
    created_at: created,
    last_login_at: lastLogin,
    recent_login_at: offline ?? lastLogin,
    offline_at: offline,
    is_online: online ? 1 : 0,
    is_recharge: paying ? 1 : 0,
    recharge_currency: paying ? rng.int(0, 6480) : 0,
    non_recharge_currency: rng.int(0, 20_000),
    mute_until: muted ? now + rng.int(1, 72) * 3_600_000 : null,
    mute_reason: muted ? rng.pick(MUTE_REASONS) : null,
    ban_until: banned ? now + rng.int(1, 30) * DAY_MS : expiredBan ? now - rng.int(1, 10) * DAY_MS : null,
    ban_reason: banned || expiredBan ? rng.pick(BAN_REASONS) : null,
    main_story_progress: progress,
    current_exp: Math.floor(rng.next() * level * 1000),
    energy: rng.int(0, 240),
    union_coin: union ? rng.int(0, 5000) : 0,
    pvp_ranks: level >= 15 ? rng.int(1, 7) : 0,
    pvp_score: level >= 15 ? rng.int(800, 3200) : 0,
    updated_at: Math.max(created, offline ?? lastLogin),
  };

  const account: NewGameAccount | null =
    accountIndex === index
      ? {
          user_id: userId,
          account: accountName,
          name: nickname,
          type,
          third_id: thirdId,
          inheritance_code: hasInheritance ? chars(accountRng, ALNUM, 12) : null,
          inheritance_password_hash: hasInheritance ? `sha256$${createHash('sha256').update(`${userId}:${chars(accountRng, HEX, 8)}`).digest('hex')}` : null,
          init_account: type === 'guest' || accountRng.chance(0.5) ? guest : accountName,
          last_login_at: lastLogin,
          last_login_ip: `${accountRng.int(36, 223)}.${accountRng.int(0, 255)}.${accountRng.int(0, 255)}.${accountRng.int(1, 254)}`,
          last_login_device: device,
          create_device_number: chars(accountRng, HEX, 32),
          created_at: accountCreated,
          updated_at: lastLogin,
        }
      : null;

  const bag: NewGameBagItem[] = [];
  const owned = new Set<string>();
  const kinds = rng.int(4, 12);
  for (let k = 0; k < kinds; k += 1) {
    const it = rng.pick(DEMO_ITEMS);
    if (owned.has(it.sourceId)) continue;
    owned.add(it.sourceId);
    const current = rng.int(it.stack > 1 ? 0 : 1, it.stack);
    bag.push({
      role_id: roleId,
      source_id: it.sourceId,
      item_type: it.type,
      number: current + rng.int(0, Math.max(1, current)),
      rarity: it.rarity,
      current_number: current,
      updated_at: player.updated_at,
    });
  }

  const maps: NewGameMapProgress[] = [];
  const unlockedCount: Record<MapKind, number> = {
    explore: Math.min(DEMO_MAPS.explore.length, 1 + Math.floor(level / 12)),
    stage: Math.min(DEMO_MAPS.stage.length, 1 + Math.floor(progress / 12)),
    quantum: level >= 20 ? Math.min(DEMO_MAPS.quantum.length, Math.floor((level - 10) / 10)) : 0,
  };
  for (const kind of ['explore', 'stage', 'quantum'] as const) {
    DEMO_MAPS[kind].slice(0, unlockedCount[kind]).forEach((mapId) => {
      maps.push({
        role_id: roleId,
        kind,
        map_id: mapId,
        unlocked: 1,
        position: kind === 'explore' ? JSON.stringify({ x: rng.int(-2000, 2000), y: rng.int(-2000, 2000), z: rng.int(0, 120) }) : null,
        updated_at: player.updated_at,
      });
    });
  }

  return { account, player, bag, maps };
}

/**
 * Creates `count` players (and their accounts, bags and maps) in one transaction, and sets the
 * regions' online numbers to the players online. Returns the new role ids.
 */
export async function createPlayers(db: Db, options: CreatePlayersOptions): Promise<string[]> {
  const first = options.firstIndex ?? (await worldRepository.countPlayers(db));
  const generated = Array.from({ length: options.count }, (_, i) => generatePlayer(options.seed, first + i, options, 0));
  await db.transaction().execute(async (trx) => {
    await worldRepository.insertAccounts(
      trx,
      generated.flatMap((g) => (g.account ? [g.account] : [])),
    );
    // A second role of an account from an earlier batch finds it there; one from this batch just got it.
    await worldRepository.insertPlayers(
      trx,
      generated.map((g) => g.player),
    );
    await worldRepository.insertBagItems(
      trx,
      generated.flatMap((g) => g.bag),
    );
    await worldRepository.insertMapProgress(
      trx,
      generated.flatMap((g) => g.maps),
    );
    const areaIds = [...new Set(generated.map((g) => g.player.area_id))];
    await worldRepository.recountOnline(trx, areaIds, options.now);
  });
  return generated.map((g) => g.player.role_id);
}

/** The whole demo game: regions, store, and `players` players. */
export async function seedGameWorld(db: Db, options: { players: number; seed: number; now: number }): Promise<string[]> {
  await seedRegionsAndCatalogue(db, options.now);
  return createPlayers(db, { count: options.players, seed: options.seed, now: options.now });
}

/** A nickname in the demo's style (Chinese or English), drawn from `rng`: the simulator names its roles with it. */
export function demoNickname(rng: Random): string {
  return nameOf(rng);
}
