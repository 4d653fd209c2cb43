/**
 * The embedded game's answers to the gateway's reads (game-reads.contract.ts): its world tables
 * turned into the contract's shapes. The embedded adapter answers the console with them, and the
 * reference game server answers the http adapter with the same, so both adapters show the same
 * screens. `now` is the game's clock: it decides whether a ban or mute is in force.
 */
import { gameAnnouncement, MAP_KINDS, type MapKind } from '@gm/contract/game-commands.contract.ts';
import type { GameReadName, GameReadQuery, GameReadResult, WorldAccount } from '@gm/contract/game-reads.contract.ts';
import type { BagResult, MapProgress, Player, PlayerDetail, PlayerMaps, ReportReason } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';
import { inForce, parseGrants, parsePosition } from './game-world.ts';
import { DEMO_JUMP_TARGETS } from './world.seed.ts';
import type { Order } from '@gm/contract/orders.contract.ts';
import type { GameAccountRow, GameMapProgressRow, GameOrderRow, GamePlayerRow } from './world.table.ts';
import * as worldPages from './world-pages.repository.ts';
import * as worldRepository from './world.repository.ts';
import * as worldMails from './world-mails.repository.ts';
import * as worldGrants from './world-grants.ts';
import * as worldCallbacks from './world-callbacks.ts';
import * as worldRankings from './world-rankings.ts';
import * as worldConfigs from './world-configs.ts';
import { itemCatalogue } from './world-items.ts';
import { mapCatalogue, productsOnSale } from './world-config-tables.ts';

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

function toOrder(row: GameOrderRow): Order {
  return {
    orderId: row.order_id,
    platformOrderId: row.platform_order_id,
    roleId: row.role_id,
    userId: row.user_id,
    productId: row.product_id,
    goodsId: row.goods_id,
    status: row.status,
    loginDevice: row.login_device,
    productName: row.product_name,
    price: row.price,
    currency: row.currency,
    itemGroupId: row.item_group_id,
    itemGroupName: row.item_group_name,
    roleArea: row.role_area,
    roleName: row.role_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAccount(row: GameAccountRow, roleCount: number, now: number): WorldAccount {
  return {
    userId: row.user_id,
    account: row.account,
    name: row.name,
    type: row.type,
    thirdId: row.third_id,
    inheritanceCode: row.inheritance_code,
    // The password never leaves the game, only whether one is set.
    hasInheritancePassword: row.inheritance_password_hash !== null,
    initAccount: row.init_account,
    lastLoginAt: row.last_login_at,
    lastLoginIp: row.last_login_ip,
    lastLoginDevice: row.last_login_device,
    createDeviceNumber: row.create_device_number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    banned: inForce(row.ban_until, now),
    banUntil: row.ban_until,
    banReason: row.ban_reason,
    roleCount,
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

/** The journal keeps the command and its answer as JSON text; a row that is not JSON is shown as it is. */
function parseJson(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------
// The reads.
// ---------------------------------------------------------------------------------------------

async function playerDetail(db: Db, roleId: string, now: number): Promise<PlayerDetail | null> {
  const row = await worldRepository.findPlayer(db, roleId);
  if (!row) return null;
  const [region, account, bagStacks, maps] = await Promise.all([
    worldRepository.findRegion(db, row.area_id),
    worldRepository.findAccount(db, row.user_id),
    worldPages.countBag(db, roleId),
    worldRepository.listMaps(db, roleId),
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

async function playerBag(db: Db, roleId: string): Promise<BagResult | null> {
  const row = await worldRepository.findPlayer(db, roleId);
  if (!row) return null;
  const [items, catalogue] = await Promise.all([worldRepository.listBag(db, roleId), itemCatalogue(db)]);
  // Names as the game runs them: the published items table, else the built-in catalogue.
  const names = new Map(catalogue.filter((c) => c.itemType !== 'currency').map((c) => [c.itemId, c.name]));
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
      name: names.get(i.source_id) ?? null,
      updatedAt: i.updated_at,
    })),
  };
}

/** The game's map catalogue of each kind, merged with the role's progress (maps it knows outside the catalogue too). */
async function playerMaps(db: Db, roleId: string): Promise<PlayerMaps | null> {
  const row = await worldRepository.findPlayer(db, roleId);
  if (!row) return null;
  const [progress, catalogue] = await Promise.all([worldRepository.listMaps(db, roleId), mapCatalogue(db)]);
  const mapsOf = (kind: MapKind): MapProgress[] => {
    const mine = new Map(progress.filter((p) => p.kind === kind).map((p) => [p.map_id, p]));
    const ids = [...catalogue[kind], ...[...mine.keys()].filter((id) => !catalogue[kind].includes(id))];
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

type CappedRows<T> = { rows: T[]; total: number; capped: boolean };
const pageOf = <T, R>(q: { page: number; size: number }, found: CappedRows<T>, shape: (row: T) => R) => ({
  results: found.rows.map(shape),
  total: found.total,
  page: q.page,
  size: q.size,
  totalCapped: found.capped,
});

async function accountsPage(db: Db, q: { page: number; size: number }, found: CappedRows<GameAccountRow>, now: number) {
  const counts = await worldPages.roleCounts(
    db,
    found.rows.map((r) => r.user_id),
  );
  return pageOf(q, found, (r) => toAccount(r, counts.get(r.user_id) ?? 0, now));
}

export type WorldRead<K extends GameReadName> = (db: Db, query: GameReadQuery<K>, now: number) => Promise<GameReadResult<K>>;

/** Typed by name, so a new read of the contract fails the type-check until the world answers it. */
export const WORLD_READS: { [K in GameReadName]: WorldRead<K> } = {
  listPlayers: async (db, q, now) => pageOf(q, await worldPages.pagePlayers(db, q, now), (r) => toPlayer(r, now)),
  listSanctionedPlayers: async (db, q, now) => pageOf(q, await worldPages.pageSanctionedPlayers(db, q, now), (r) => toPlayer(r, now)),
  playerDetail: async (db, q, now) => ({ player: await playerDetail(db, q.roleId, now) }),
  playerBag: async (db, q) => ({ bag: await playerBag(db, q.roleId) }),
  playerMaps: async (db, q) => ({ maps: await playerMaps(db, q.roleId) }),
  async knownIds(db, q) {
    const ids = [...new Set(q.ids)];
    const known =
      q.kind === 'roles' ? await worldMails.knownRoleIds(db, ids) : (await worldRepository.findAccounts(db, ids)).map((a) => a.user_id);
    return { known };
  },
  listAccounts: async (db, q, now) => accountsPage(db, q, await worldPages.pageAccounts(db, q, now), now),
  listBannedAccounts: async (db, q, now) => accountsPage(db, q, await worldPages.pageBannedAccounts(db, q, now), now),
  async listReports(db, q, now) {
    const found = await worldPages.pageReports(db, q);
    const counts = await worldPages.reportCounts(
      db,
      found.rows.map((r) => r.role_id),
    );
    return pageOf(q, found, (r) => ({
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
    }));
  },
  listRedeemClaims: async (db, q) =>
    pageOf(q, await worldPages.pageClaims(db, q), (r) => ({
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
  listOrders: async (db, q) => pageOf(q, await worldPages.pageOrders(db, q), toOrder),
  async orderDetail(db, q) {
    const row = await worldRepository.findOrder(db, q.orderId);
    if (!row) return { order: null };
    const goods = await worldRepository.findGoods(db, row.goods_id);
    return { order: { ...toOrder(row), receipt: row.receipt, goodsName: goods?.name ?? null, goods: goods ? parseGrants(goods.items) : [] } };
  },
  async listProducts(db) {
    const [rows, onSale] = await Promise.all([worldRepository.listProducts(db), productsOnSale(db)]);
    const products = rows.filter((p) => onSale?.has(p.product_id) ?? true);
    return {
      products: products.map((p) => ({
        productId: p.product_id,
        name: p.name,
        price: p.price,
        currency: p.currency,
        goodsId: p.goods_id,
        itemGroupName: p.item_group_name,
      })),
    };
  },
  async listAnnouncements(db, q, now) {
    const rows = await worldRepository.announcementBoard(db, now, q.type);
    const announcements = rows
      .map((row) => ({ row, areaIds: JSON.parse(row.area_ids) as string[] }))
      .filter(({ areaIds }) => q.areaId === undefined || areaIds.length === 0 || areaIds.includes(q.areaId))
      .map(({ row, areaIds }) =>
        gameAnnouncement.parse({
          ...(JSON.parse(row.display) as object),
          announcementId: row.announcement_id,
          type: row.type,
          areaIds,
          title: row.title,
          content: row.content,
          startAt: row.start_at,
          endAt: row.end_at,
          sort: row.sort,
          pushedAt: row.pushed_at,
        }),
      );
    return { announcements };
  },
  listItems: async (db) => ({ items: await itemCatalogue(db) }),
  betaRecharges: (db, q) => worldGrants.betaRecharges(db, q),
  listPaymentCallbacks: (db, q) => worldCallbacks.pageCallbacks(db, q),
  listRankings: (db, q) => worldRankings.pageRanking(db, q),
  listRankRemovals: (db, q) => worldRankings.pageRemovals(db, q),
  accountGrants: async (db, q) => ({ grants: await worldGrants.accountGrants(db, q.grantIds) }),
  async mailRecipients(db, q) {
    const found = await worldMails.pageRecipients(db, q);
    return {
      results: found.rows.map((r) => ({
        roleId: r.role_id,
        roleName: r.role_name ?? null,
        areaId: r.area_id ?? null,
        deliveredAt: r.delivered_at,
        read: r.is_read === 1,
        collected: r.is_collected === 1,
        collectedAt: r.collected_at,
      })),
      next: found.next,
      total: found.total,
      collected: found.collected,
    };
  },
  countMailTargets: async (db, q) => ({ count: q.kind === 'private' ? (await worldRepository.findPlayers(db, [...new Set(q.roleIds)])).filter((p) => !q.excludedRoleIds.includes(p.role_id)).length : await worldMails.countMatching(db, q) }),
  listJumpTargets: async () => ({ targets: DEMO_JUMP_TARGETS.map((t) => ({ ...t })) }),
  gameConfig: async (db, q) => ({ config: await worldConfigs.liveConfig(db, q.key) }),
  async listCommands(db, q) {
    const found = await worldPages.pageCommands(db, q);
    return {
      results: found.rows.map((r) => ({ commandId: r.command_id, kind: r.kind, status: r.status, appliedAt: r.applied_at, params: parseJson(r.params), result: parseJson(r.result) })),
      next: found.next,
      total: found.total,
      totalCapped: found.capped,
    };
  },
};
