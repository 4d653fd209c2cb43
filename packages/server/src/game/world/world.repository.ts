/**
 * Queries of the embedded game world. Functions that change several rows together take a
 * `Trx`, so the type says they belong inside the command's transaction. Lists of ids are read
 * and written in chunks, under both dialects' limits on bound parameters.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type {
  GameAccountRow,
  GameAnnouncementRow,
  GameBagItemRow,
  GameCommandRow,
  GameGoodsRow,
  GameMapProgressRow,
  GameOrderRow,
  GamePlayerRow,
  GamePlayerUpdate,
  GameProductRow,
  GameRegionRow,
  GameRegionUpdate,
  GameAccountsTable,
  GameAnnouncementsTable,
  GameMailboxesTable,
  NewGameAccount,
  NewGameBagItem,
  NewGameGoods,
  NewGameMapProgress,
  NewGameOrder,
  NewGamePlayer,
  NewGameProduct,
  NewGameRegion,
} from './world.table.ts';
import type { NewGameRedeemClaim, NewGameReport } from './world-reports.table.ts';

type Conn = Db | Trx;

export const CHUNK = 500;

export function chunksOf<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// Commands ------------------------------------------------------------------------------------

export async function findCommand(db: Conn, commandId: string): Promise<GameCommandRow | undefined> {
  return db.selectFrom('game_commands').selectAll().where('command_id', '=', commandId).executeTakeFirst();
}

/**
 * Claims a command id inside the command's transaction. False when the id is already taken;
 * on PostgreSQL a concurrent claim waits here until the other transaction ends.
 */
export async function claimCommand(trx: Trx, row: { command_id: string; kind: string; params: string; applied_at: number }): Promise<boolean> {
  const inserted = await trx
    .insertInto('game_commands')
    .values({ ...row, status: 'applied', result: '' })
    .onConflict((oc) => oc.column('command_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function completeCommand(trx: Trx, commandId: string, result: string): Promise<void> {
  await trx.updateTable('game_commands').set({ result }).where('command_id', '=', commandId).execute();
}

/** Records a refusal after its transaction rolled back; a concurrent record of the same id wins. */
export async function recordFailedCommand(db: Conn, row: { command_id: string; kind: string; params: string; result: string; applied_at: number }): Promise<void> {
  await db
    .insertInto('game_commands')
    .values({ ...row, status: 'failed' })
    .onConflict((oc) => oc.column('command_id').doNothing())
    .execute();
}

// Accounts ------------------------------------------------------------------------------------

export async function insertAccounts(db: Conn, rows: NewGameAccount[]): Promise<void> {
  for (const chunk of chunksOf(rows, 1000)) await db.insertInto('game_accounts').values(chunk).execute();
}

export async function findAccount(db: Conn, userId: string): Promise<GameAccountRow | undefined> {
  return db.selectFrom('game_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findAccounts(db: Conn, userIds: readonly string[]): Promise<GameAccountRow[]> {
  const rows: GameAccountRow[] = [];
  for (const chunk of chunksOf(userIds)) rows.push(...(await db.selectFrom('game_accounts').selectAll().where('user_id', 'in', chunk).execute()));
  return rows;
}

export async function updateAccounts(trx: Trx, userIds: readonly string[], set: Updateable<GameAccountsTable>): Promise<void> {
  for (const chunk of chunksOf(userIds)) await trx.updateTable('game_accounts').set(set).where('user_id', 'in', chunk).execute();
}

export async function updateAccount(db: Conn, userId: string, set: Updateable<GameAccountsTable>): Promise<void> {
  await db.updateTable('game_accounts').set(set).where('user_id', '=', userId).execute();
}

// Players -------------------------------------------------------------------------------------

export async function insertPlayers(db: Conn, rows: NewGamePlayer[]): Promise<void> {
  for (const chunk of chunksOf(rows, 500)) await db.insertInto('game_players').values(chunk).execute();
}

export async function findPlayer(db: Conn, roleId: string): Promise<GamePlayerRow | undefined> {
  return db.selectFrom('game_players').selectAll().where('role_id', '=', roleId).executeTakeFirst();
}

export async function findPlayers(db: Conn, roleIds: readonly string[]): Promise<GamePlayerRow[]> {
  const rows: GamePlayerRow[] = [];
  for (const chunk of chunksOf(roleIds)) rows.push(...(await db.selectFrom('game_players').selectAll().where('role_id', 'in', chunk).execute()));
  return rows;
}

export async function updatePlayers(trx: Trx, roleIds: readonly string[], set: GamePlayerUpdate): Promise<void> {
  for (const chunk of chunksOf(roleIds)) await trx.updateTable('game_players').set(set).where('role_id', 'in', chunk).execute();
}

export async function updatePlayer(db: Conn, roleId: string, set: GamePlayerUpdate): Promise<void> {
  await db.updateTable('game_players').set(set).where('role_id', '=', roleId).execute();
}

/** Online roles of some accounts, with their areas. */
export async function onlineRolesOfAccounts(db: Conn, userIds: readonly string[]): Promise<Pick<GamePlayerRow, 'role_id' | 'area_id'>[]> {
  const rows: Pick<GamePlayerRow, 'role_id' | 'area_id'>[] = [];
  for (const chunk of chunksOf(userIds)) {
    rows.push(...(await db.selectFrom('game_players').select(['role_id', 'area_id']).where('user_id', 'in', chunk).where('is_online', '=', 1).execute()));
  }
  return rows;
}

/** How many are online per area (one area, or all). */
export async function onlineCountsByArea(db: Conn, areaId: string | null): Promise<{ area_id: string; n: number }[]> {
  let query = db
    .selectFrom('game_players')
    .select(['area_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('is_online', '=', 1)
    .groupBy('area_id');
  if (areaId !== null) query = query.where('area_id', '=', areaId);
  const rows = await query.execute();
  return rows.map((r) => ({ area_id: r.area_id, n: Number(r.n) }));
}

/** Signs out everyone online in one area (or all); returns how many. */
export async function signOutAll(trx: Trx, areaId: string | null, at: number): Promise<number> {
  let query = trx.updateTable('game_players').set({ is_online: 0, offline_at: at, recent_login_at: at, updated_at: at }).where('is_online', '=', 1);
  if (areaId !== null) query = query.where('area_id', '=', areaId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function movePlayers(trx: Trx, fromAreaId: string, intoAreaId: string, at: number): Promise<number> {
  const result = await trx.updateTable('game_players').set({ area_id: intoAreaId, updated_at: at }).where('area_id', '=', fromAreaId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countPlayers(db: Conn): Promise<number> {
  const row = await db.selectFrom('game_players').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// Regions -------------------------------------------------------------------------------------

export async function insertRegions(db: Conn, rows: NewGameRegion[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('game_regions').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function findRegion(db: Conn, id: string): Promise<GameRegionRow | undefined> {
  return db.selectFrom('game_regions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRegions(db: Conn, ids: readonly string[]): Promise<GameRegionRow[]> {
  const rows: GameRegionRow[] = [];
  for (const chunk of chunksOf(ids)) rows.push(...(await db.selectFrom('game_regions').selectAll().where('id', 'in', chunk).execute()));
  return rows;
}

/** Every server list read runs this one: compiled once (prepared-query.ts). */
const allRegions = preparedQuery((db: Db) => db.selectFrom('game_regions').selectAll().orderBy('ui_sort', 'desc').orderBy('id'));

// Handed on as it is (no async wrapper): a promise returned from an async function costs the
// list two more turns of the microtask queue on every read.
export function listRegions(db: Conn): Promise<GameRegionRow[]> {
  return allRegions(db);
}

export async function updateRegions(trx: Trx, ids: readonly string[], set: GameRegionUpdate): Promise<void> {
  for (const chunk of chunksOf(ids)) await trx.updateTable('game_regions').set(set).where('id', 'in', chunk).execute();
}

export async function updateRegion(db: Conn, id: string, set: GameRegionUpdate): Promise<void> {
  await db.updateTable('game_regions').set(set).where('id', '=', id).execute();
}

/** Lowers a region's online number by `n`, never below zero. */
export async function lowerOnline(db: Conn, id: string, n: number, at: number): Promise<void> {
  await db
    .updateTable('game_regions')
    .set((eb) => ({
      online_number: eb.case().when('online_number', '>', n).then(eb('online_number', '-', n)).else(0).end(),
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

export async function raiseOnline(db: Conn, id: string, at: number): Promise<void> {
  await db
    .updateTable('game_regions')
    .set((eb) => ({ online_number: eb('online_number', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/** Sets every listed region's online number to its count of online roles. */
export async function recountOnline(db: Conn, ids: readonly string[], at: number): Promise<void> {
  for (const chunk of chunksOf(ids)) {
    await db
      .updateTable('game_regions')
      .set((eb) => ({
        online_number: eb
          .selectFrom('game_players')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('game_players.area_id', '=', 'game_regions.id')
          .where('game_players.is_online', '=', 1),
        updated_at: at,
      }))
      .where('id', 'in', chunk)
      .execute();
  }
}

// Bags and maps -------------------------------------------------------------------------------

export async function insertBagItems(db: Conn, rows: NewGameBagItem[]): Promise<void> {
  for (const chunk of chunksOf(rows, 1000)) await db.insertInto('game_bag_items').values(chunk).execute();
}

export async function findBagItem(db: Conn, roleId: string, sourceId: string): Promise<GameBagItemRow | undefined> {
  return db.selectFrom('game_bag_items').selectAll().where('role_id', '=', roleId).where('source_id', '=', sourceId).executeTakeFirst();
}

export async function listBag(db: Conn, roleId: string): Promise<GameBagItemRow[]> {
  return db.selectFrom('game_bag_items').selectAll().where('role_id', '=', roleId).orderBy('source_id').execute();
}

/**
 * Sets a bag item's current number only if it still is `expected`: the guard against a stale
 * bag and against a concurrent change. Returns whether it changed.
 */
export async function setBagCurrent(trx: Trx, roleId: string, sourceId: string, expected: number, next: number, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('game_bag_items')
    .set({ current_number: next, updated_at: at })
    .where('role_id', '=', roleId)
    .where('source_id', '=', sourceId)
    .where('current_number', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addToBag(trx: Trx, roleId: string, sourceId: string, set: { number: number; current_number: number }, at: number): Promise<void> {
  await trx
    .updateTable('game_bag_items')
    .set({ ...set, updated_at: at })
    .where('role_id', '=', roleId)
    .where('source_id', '=', sourceId)
    .execute();
}

export async function insertMapProgress(db: Conn, rows: NewGameMapProgress[]): Promise<void> {
  for (const chunk of chunksOf(rows, 1000)) await db.insertInto('game_map_progress').values(chunk).execute();
}

export async function findMaps(db: Conn, roleId: string, kind: string, mapIds: readonly string[]): Promise<GameMapProgressRow[]> {
  const rows: GameMapProgressRow[] = [];
  for (const chunk of chunksOf(mapIds)) {
    rows.push(...(await db.selectFrom('game_map_progress').selectAll().where('role_id', '=', roleId).where('kind', '=', kind).where('map_id', 'in', chunk).execute()));
  }
  return rows;
}

export async function listMaps(db: Conn, roleId: string): Promise<GameMapProgressRow[]> {
  return db.selectFrom('game_map_progress').selectAll().where('role_id', '=', roleId).orderBy('kind').orderBy('map_id').execute();
}

export async function unlockMaps(trx: Trx, roleId: string, kind: string, mapIds: readonly string[], at: number): Promise<void> {
  for (const chunk of chunksOf(mapIds)) {
    await trx
      .insertInto('game_map_progress')
      .values(chunk.map((map_id) => ({ role_id: roleId, kind, map_id, unlocked: 1, updated_at: at })))
      .onConflict((oc) => oc.columns(['role_id', 'kind', 'map_id']).doUpdateSet({ unlocked: 1, updated_at: at }))
      .execute();
  }
}

export async function setMapPosition(trx: Trx, roleId: string, kind: string, mapId: string, position: string, at: number): Promise<void> {
  await trx
    .updateTable('game_map_progress')
    .set({ position, updated_at: at })
    .where('role_id', '=', roleId)
    .where('kind', '=', kind)
    .where('map_id', '=', mapId)
    .execute();
}

// Catalogue and orders ------------------------------------------------------------------------

export async function insertGoods(db: Conn, rows: NewGameGoods[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('game_goods').values(rows).onConflict((oc) => oc.column('goods_id').doNothing()).execute();
}

export async function insertProducts(db: Conn, rows: NewGameProduct[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('game_products').values(rows).onConflict((oc) => oc.column('product_id').doNothing()).execute();
}

export async function findProduct(db: Conn, productId: string): Promise<GameProductRow | undefined> {
  return db.selectFrom('game_products').selectAll().where('product_id', '=', productId).executeTakeFirst();
}

export async function findGoods(db: Conn, goodsId: string): Promise<GameGoodsRow | undefined> {
  return db.selectFrom('game_goods').selectAll().where('goods_id', '=', goodsId).executeTakeFirst();
}

/** The store with each product's item group, by product id. */
export async function listProducts(db: Conn) {
  return db
    .selectFrom('game_products')
    .leftJoin('game_goods', 'game_goods.goods_id', 'game_products.goods_id')
    .select(['game_products.product_id', 'game_products.name', 'game_products.price', 'game_products.currency', 'game_products.goods_id', 'game_goods.item_group_name'])
    .orderBy('game_products.product_id')
    .execute();
}

export async function insertOrder(db: Conn, row: NewGameOrder): Promise<void> {
  await db.insertInto('game_orders').values(row).execute();
}

export async function findOrder(db: Conn, orderId: string): Promise<GameOrderRow | undefined> {
  return db.selectFrom('game_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function setOrderStatus(trx: Trx, orderId: string, from: string, to: string, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('game_orders')
    .set({ status: to, updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Mail ----------------------------------------------------------------------------------------

type MailCopy = Omit<Insertable<GameMailboxesTable>, 'role_id'>;

/** Delivers to listed roles; a mailbox already holding the mail keeps it. Returns how many got it now. */
export async function deliverToRoles(trx: Trx, roleIds: readonly string[], mail: MailCopy): Promise<number> {
  let delivered = 0;
  for (const chunk of chunksOf(roleIds)) {
    const result = await trx
      .insertInto('game_mailboxes')
      .values(chunk.map((role_id) => ({ ...mail, role_id })))
      .onConflict((oc) => oc.columns(['role_id', 'mail_id']).doNothing())
      .executeTakeFirst();
    delivered += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return delivered;
}

export async function findMail(db: Conn, roleId: string, mailId: string) {
  return db.selectFrom('game_mailboxes').selectAll().where('role_id', '=', roleId).where('mail_id', '=', mailId).executeTakeFirst();
}

export async function listMailbox(db: Conn, roleId: string) {
  return db.selectFrom('game_mailboxes').selectAll().where('role_id', '=', roleId).orderBy('delivered_at').orderBy('mail_id').execute();
}

export async function markMailCollected(trx: Trx, roleId: string, mailId: string, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('game_mailboxes')
    .set({ is_collected: 1, is_read: 1, collected_at: at })
    .where('role_id', '=', roleId)
    .where('mail_id', '=', mailId)
    .where('is_collected', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Announcements -------------------------------------------------------------------------------

export async function findAnnouncement(db: Conn, id: string): Promise<GameAnnouncementRow | undefined> {
  return db.selectFrom('game_announcements').selectAll().where('announcement_id', '=', id).executeTakeFirst();
}

export async function upsertAnnouncement(trx: Trx, row: Insertable<GameAnnouncementsTable>): Promise<void> {
  const { announcement_id: _id, ...rest } = row;
  await trx
    .insertInto('game_announcements')
    .values(row)
    .onConflict((oc) => oc.column('announcement_id').doUpdateSet(rest))
    .execute();
}

export async function withdrawAnnouncement(trx: Trx, id: string, at: number): Promise<void> {
  await trx.updateTable('game_announcements').set({ withdrawn_at: at }).where('announcement_id', '=', id).execute();
}

/** Announcements not withdrawn whose window contains `at`, in board order (smaller sort first, as `announcementBoard`). */
export async function liveAnnouncements(db: Conn, at: number): Promise<GameAnnouncementRow[]> {
  return announcementBoard(db, at);
}

/** The board as players see it (the read `listAnnouncements`): live at `at`, smaller sort first. */
export async function announcementBoard(db: Conn, at: number, type?: string): Promise<GameAnnouncementRow[]> {
  let query = db
    .selectFrom('game_announcements')
    .selectAll()
    .where('withdrawn_at', 'is', null)
    .where('start_at', '<=', at)
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', at)]));
  if (type !== undefined) query = query.where('type', '=', type);
  return query.orderBy('sort').orderBy('pushed_at').orderBy('announcement_id').execute();
}

// Created roles, reports and redeem claims (player management) ------------------------------

/** The largest role id in [from, to) (ids are digit strings of one length), if any. */
export async function lastRoleIdBetween(db: Conn, from: string, to: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('game_players')
    .select((eb) => eb.fn.max('role_id').as('id'))
    .where('role_id', '>=', from)
    .where('role_id', '<', to)
    .executeTakeFirst();
  return row?.id ?? undefined;
}

/** The largest user id in [from, to), if any. */
export async function lastUserIdBetween(db: Conn, from: string, to: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('game_accounts')
    .select((eb) => eb.fn.max('user_id').as('id'))
    .where('user_id', '>=', from)
    .where('user_id', '<', to)
    .executeTakeFirst();
  return row?.id ?? undefined;
}

/** Players' reports of each other, as the game files them. */
export async function insertReports(db: Conn, rows: NewGameReport[]): Promise<void> {
  for (const chunk of chunksOf(rows, 1000)) await db.insertInto('game_reports').values(chunk).execute();
}

/** Redeem-code claims, as the game records them. */
export async function insertRedeemClaims(db: Conn, rows: NewGameRedeemClaim[]): Promise<void> {
  for (const chunk of chunksOf(rows, 1000)) await db.insertInto('game_redeem_claims').values(chunk).execute();
}

// Bulk writes and reads of the game-traffic simulator -----------------------------------------

export async function insertOrders(db: Conn, rows: readonly NewGameOrder[]): Promise<void> {
  for (const chunk of chunksOf(rows)) await db.insertInto('game_orders').values(chunk).execute();
}

/** Mail already in a mailbox keeps its first copy. */
export async function insertMailboxes(db: Conn, rows: readonly Insertable<GameMailboxesTable>[]): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    await db.insertInto('game_mailboxes').values(chunk).onConflict((oc) => oc.columns(['role_id', 'mail_id']).doNothing()).execute();
  }
}

/** The store: every product with the goods it grants. */
export async function listStore(db: Conn): Promise<(GameProductRow & Pick<GameGoodsRow, 'item_group_id' | 'item_group_name' | 'items'>)[]> {
  return db
    .selectFrom('game_products')
    .innerJoin('game_goods', 'game_goods.goods_id', 'game_products.goods_id')
    .selectAll('game_products')
    .select(['game_goods.item_group_id', 'game_goods.item_group_name', 'game_goods.items'])
    .orderBy('game_products.product_id')
    .execute();
}

/** The highest role id and user id inside the given [from, to) ranges of same-length digit strings. */
export async function highestIds(db: Conn, roles: readonly [string, string], users: readonly [string, string]): Promise<{ role: string | null; user: string | null }> {
  const role = await db.selectFrom('game_players').select((eb) => eb.fn.max('role_id').as('id')).where('role_id', '>=', roles[0]).where('role_id', '<', roles[1]).executeTakeFirst();
  const user = await db.selectFrom('game_accounts').select((eb) => eb.fn.max('user_id').as('id')).where('user_id', '>=', users[0]).where('user_id', '<', users[1]).executeTakeFirst();
  return { role: role?.id ?? null, user: user?.id ?? null };
}
