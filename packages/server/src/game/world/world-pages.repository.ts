/**
 * The paged reads of the game world behind the player screens: filtered, ordered pages of roles,
 * accounts, reports and redeem claims. Pages are read newest first through an index ending with
 * `created_at` (or the record's time), never past `LIST_DEPTH_LIMIT` rows, and totals are
 * counted only `COUNT_WINDOW` rows past the page. `world-reads.ts` turns the rows into the
 * contract's shapes for both the embedded gateway and the reference game server.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { GameReadQuery } from '@gm/contract/game-reads.contract.ts';
import {
  countBound,
  LIST_DEPTH_LIMIT,
  type AccountForbidQuery,
  type AccountListQuery,
  type ClaimListQuery,
  type PlayerForbidQuery,
  type PlayerListQuery,
  type ReportListQuery,
} from '@gm/contract/players.contract.ts';
import type { OrderListQuery } from '@gm/contract/orders.contract.ts';
import type { Db } from '../../db/database.ts';
import { compiledOnce, readCompiled } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import { boundedTotal, countUpTo } from '../../platform/query/bounded-total.ts';
import { containsLiteral } from '../../platform/query/contains.ts';

/** The last code point: `prefix + MAX_CHAR` bounds every string that starts with `prefix` (codepoint order). */
const MAX_CHAR = '\u{10FFFF}';

/**
 * "Starts with", ignoring letter case, as a range over `lower(column)` so the expression index
 * of migration 1220 serves it. SQLite's `lower` folds ASCII letters only, PostgreSQL's every
 * letter; names in other scripts (Chinese) have no case.
 */
function startsWithIgnoringCase(column: 'role_name' | 'name', prefix: string): Expression<SqlBool> {
  const folded = prefix.toLowerCase();
  const lowered = sql`lower(${sql.ref(column)})`;
  return sql<SqlBool>`${lowered} >= ${folded} and ${lowered} < ${folded + MAX_CHAR}`;
}

type PlayersEb = ExpressionBuilder<DB, 'game_players'>;
type AccountsEb = ExpressionBuilder<DB, 'game_accounts'>;

function playerConditions(eb: PlayersEb, q: PlayerListQuery, now: number): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [];
  if (q.roleId !== undefined) c.push(eb('role_id', '=', q.roleId));
  if (q.roleName !== undefined) c.push(startsWithIgnoringCase('role_name', q.roleName));
  if (q.userId !== undefined) c.push(eb('user_id', '=', q.userId));
  if (q.thirdId !== undefined) c.push(eb('third_id', '=', q.thirdId));
  if (q.account !== undefined) c.push(eb('account', '=', q.account));
  if (q.areaId !== undefined) c.push(eb('area_id', '=', q.areaId));
  if (q.levelMin !== undefined) c.push(eb('level', '>=', q.levelMin));
  if (q.levelMax !== undefined) c.push(eb('level', '<=', q.levelMax));
  if (q.identityMark !== undefined) c.push(eb('identity_mark', '=', q.identityMark));
  if (q.online !== undefined) c.push(eb('is_online', '=', q.online ? 1 : 0));
  if (q.recharge !== undefined) c.push(eb('is_recharge', '=', q.recharge ? 1 : 0));
  if (q.banned === true) c.push(eb('ban_until', '>', now));
  if (q.banned === false) c.push(eb.or([eb('ban_until', 'is', null), eb('ban_until', '<=', now)]));
  if (q.muted === true) c.push(eb('mute_until', '>', now));
  if (q.muted === false) c.push(eb.or([eb('mute_until', 'is', null), eb('mute_until', '<=', now)]));
  if (q.createdFrom !== undefined) c.push(eb('created_at', '>=', q.createdFrom));
  if (q.createdTo !== undefined) c.push(eb('created_at', '<', q.createdTo));
  if (q.lastLoginFrom !== undefined) c.push(eb('last_login_at', '>=', q.lastLoginFrom));
  if (q.lastLoginTo !== undefined) c.push(eb('last_login_at', '<', q.lastLoginTo));
  return c;
}

const capped = (n: number, bound: number) => ({ total: Math.min(n, bound), capped: n > bound });

/** A level range of at most this many levels is read as one ordered index scan per level. */
const MAX_EXPANDED_LEVELS = 100;

/**
 * The levels of a level filter, when they are few: a level range matches many players, but
 * level follows age (new players are low), so neither reading newest first and skipping nor
 * collecting every match and sorting stays fast. One short read per level in creation order,
 * merged, does. Null when there is no level filter or the range is too wide.
 */
export async function levelsOf(db: Db, q: Pick<PlayerListQuery, 'levelMin' | 'levelMax'>): Promise<number[] | null> {
  if (q.levelMin === undefined && q.levelMax === undefined) return null;
  // Two reads, not one: a lone min() or max() is answered from the index end, both together scan.
  const lowest = await db.selectFrom('game_players').select((eb) => eb.fn.min('level').as('v')).executeTakeFirstOrThrow();
  const highest = await db.selectFrom('game_players').select((eb) => eb.fn.max('level').as('v')).executeTakeFirstOrThrow();
  const lo = Math.max(q.levelMin ?? 0, Number(lowest.v ?? 0));
  const hi = Math.min(q.levelMax ?? Number.MAX_SAFE_INTEGER, Number(highest.v ?? 0));
  if (hi < lo) return [];
  if (hi - lo + 1 > MAX_EXPANDED_LEVELS) return null;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** The page and the bounded count of the player list, as queries (the bench explains them). */
export function playerListQueries(db: Db, q: PlayerListQuery, now: number, levels: number[] | null = null) {
  const base = db.selectFrom('game_players').where((eb) => eb.and(playerConditions(eb, q, now)));
  const count = db
    .selectFrom(base.select(sql<number>`1`.as('one')).limit(countBound(q.page, q.size) + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const offset = q.page * q.size;
  if (levels === null || levels.length === 0) {
    const page = (levels === null ? base : base.where(sql<boolean>`1 = 0`))
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('role_id', 'desc')
      .limit(q.size)
      .offset(offset);
    return { page, count };
  }
  const others = { ...q, levelMin: undefined, levelMax: undefined };
  const branch = (level: number, i: number) =>
    db
      .selectFrom(
        db
          .selectFrom('game_players')
          .where((eb) => eb.and([...playerConditions(eb, others, now), eb('level', '=', level)]))
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('role_id', 'desc')
          .limit(offset + q.size)
          .as(`l${i}`),
      )
      .selectAll();
  const [first, ...rest] = levels.map(branch);
  if (!first) throw new Error('no level to read');
  const merged = rest.reduce((union, next) => union.unionAll(next), first);
  const page = db.selectFrom(merged.as('u')).selectAll().orderBy('created_at', 'desc').orderBy('role_id', 'desc').limit(q.size).offset(offset);
  return { page, count };
}

type PlayerListQueries = ReturnType<typeof playerListQueries>;

export async function pagePlayers(db: Db, q: PlayerListQuery, now: number) {
  const levels = await levelsOf(db, q);
  // Compiled once per distinct query (the clock is a parameter only of the ban and mute filters,
  // which are compiled each time) and read at once on SQLite when the connection is free: the
  // list is read on every page (prepared-query.ts).
  const key = q.banned === undefined && q.muted === undefined ? JSON.stringify([q, levels]) : undefined;
  const [page, count] = compiledOnce(db, key, () => {
    const queries = playerListQueries(db, q, now, levels);
    return [queries.page, queries.count];
  }) as [ReturnType<PlayerListQueries['page']['compile']>, ReturnType<PlayerListQueries['count']['compile']>];
  const rows = await readCompiled(db, page);
  const [counted] = await readCompiled(db, count);
  if (!counted) throw new Error('the player count read no row');
  return { rows, ...capped(Number(counted.n), countBound(q.page, q.size)) };
}

/** Roles whose ban (or mute) is in force, the latest end first (permanent ones lead). */
export async function pageSanctionedPlayers(db: Db, q: PlayerForbidQuery, now: number) {
  const column = q.kind === 'ban' ? 'ban_until' : 'mute_until';
  const base = db.selectFrom('game_players').where((eb) => {
    const c: Expression<SqlBool>[] = [eb(column, '>', now)];
    if (q.roleId !== undefined) c.push(eb('role_id', '=', q.roleId));
    if (q.areaId !== undefined) c.push(eb('area_id', '=', q.areaId));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy(column, 'desc').orderBy('role_id').limit(q.size).offset(q.page * q.size).execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

export async function countBag(db: Db, roleId: string): Promise<number> {
  const row = await db.selectFrom('game_bag_items').select((eb) => eb.fn.countAll<number>().as('n')).where('role_id', '=', roleId).executeTakeFirstOrThrow();
  return Number(row.n);
}

// Accounts ------------------------------------------------------------------------------------

function accountConditions(eb: AccountsEb, q: AccountListQuery, now: number): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [];
  if (q.userId !== undefined) c.push(eb('user_id', '=', q.userId));
  if (q.account !== undefined) c.push(eb('account', '=', q.account));
  if (q.name !== undefined) c.push(startsWithIgnoringCase('name', q.name));
  if (q.type !== undefined) c.push(eb('type', '=', q.type));
  if (q.thirdId !== undefined) c.push(eb('third_id', '=', q.thirdId));
  if (q.banned === true) c.push(eb('ban_until', '>', now));
  if (q.banned === false) c.push(eb.or([eb('ban_until', 'is', null), eb('ban_until', '<=', now)]));
  if (q.createdFrom !== undefined) c.push(eb('created_at', '>=', q.createdFrom));
  if (q.createdTo !== undefined) c.push(eb('created_at', '<', q.createdTo));
  if (q.lastLoginFrom !== undefined) c.push(eb('last_login_at', '>=', q.lastLoginFrom));
  if (q.lastLoginTo !== undefined) c.push(eb('last_login_at', '<', q.lastLoginTo));
  return c;
}

export async function pageAccounts(db: Db, q: AccountListQuery, now: number) {
  const base = db.selectFrom('game_accounts').where((eb) => eb.and(accountConditions(eb, q, now)));
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

export async function pageBannedAccounts(db: Db, q: AccountForbidQuery, now: number) {
  const base = db.selectFrom('game_accounts').where((eb) => {
    const c: Expression<SqlBool>[] = [eb('ban_until', '>', now)];
    if (q.userId !== undefined) c.push(eb('user_id', '=', q.userId));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('ban_until', 'desc').orderBy('user_id').limit(q.size).offset(q.page * q.size).execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

/** How many roles each account owns. */
export async function roleCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_players')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

// Reports and redeem claims ------------------------------------------------------------------

/** Reports newest first, with the reported role's current mute and ban ends. */
export async function pageReports(db: Db, q: ReportListQuery) {
  const base = db.selectFrom('game_reports').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.roleId !== undefined) c.push(eb('game_reports.role_id', '=', q.roleId));
    if (q.areaId !== undefined) c.push(eb('game_reports.area_id', '=', q.areaId));
    if (q.reason !== undefined) c.push(eb('game_reports.reason', '=', q.reason));
    if (q.from !== undefined) c.push(eb('game_reports.reported_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('game_reports.reported_at', '<', q.to));
    return eb.and(c);
  });
  const rows = await base
    .leftJoin('game_players', 'game_players.role_id', 'game_reports.role_id')
    .selectAll('game_reports')
    .select(['game_players.mute_until', 'game_players.ban_until'])
    .orderBy('game_reports.reported_at', 'desc')
    .orderBy('game_reports.report_id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

/** How many reports name each role, in all. */
export async function reportCounts(db: Db, roleIds: readonly string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_reports')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', [...new Set(roleIds)])
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}

/** Redeem-code claims newest first. */
export async function pageClaims(db: Db, q: ClaimListQuery) {
  const base = db.selectFrom('game_redeem_claims').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.code !== undefined) c.push(eb('code', '=', q.code));
    if (q.batchId !== undefined) c.push(eb('batch_id', '=', q.batchId));
    if (q.roleId !== undefined) c.push(eb('role_id', '=', q.roleId));
    if (q.areaId !== undefined) c.push(eb('area_id', '=', q.areaId));
    if (q.from !== undefined) c.push(eb('claimed_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('claimed_at', '<', q.to));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('claimed_at', 'desc').orderBy('claim_id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

/**
 * Orders newest first. Each id filter is exact and has its index (order id, role, user) or is
 * narrow enough; status rides `game_orders_status_idx` (status, created_at).
 */
export async function pageOrders(db: Db, q: OrderListQuery) {
  const base = db.selectFrom('game_orders').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.orderId !== undefined) c.push(eb('order_id', '=', q.orderId));
    if (q.platformOrderId !== undefined) c.push(eb('platform_order_id', '=', q.platformOrderId));
    if (q.roleId !== undefined) c.push(eb('role_id', '=', q.roleId));
    if (q.userId !== undefined) c.push(eb('user_id', '=', q.userId));
    if (q.productId !== undefined) c.push(eb('product_id', '=', q.productId));
    if (q.status !== undefined) c.push(eb('status', '=', q.status));
    if (q.start !== undefined) c.push(eb('created_at', '>=', q.start));
    if (q.end !== undefined) c.push(eb('created_at', '<', q.end));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  return { rows, ...(await boundedTotal(db, base, q)) };
}

// The command journal -----------------------------------------------------------------------

/**
 * The commands the world applied or refused, newest first by keyset (applied_at, command_id):
 * the index of migration 1300 gives the order and seeks to `before`, so the last page costs what
 * the first does. The target filter looks for the id as a JSON string inside the parameters.
 */
export async function pageCommands(db: Db, q: GameReadQuery<'listCommands'>) {
  const base = db.selectFrom('game_commands').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.kind !== undefined) c.push(eb('kind', '=', q.kind));
    if (q.status !== undefined) c.push(eb('status', '=', q.status));
    if (q.target !== undefined) c.push(containsLiteral('params', JSON.stringify(q.target)));
    if (q.from !== undefined) c.push(eb('applied_at', '>=', q.from));
    if (q.to !== undefined) c.push(eb('applied_at', '<', q.to));
    return eb.and(c);
  });
  const before = q.before;
  const rows = await (before ? base.where(sql<SqlBool>`(${sql.ref('applied_at')}, ${sql.ref('command_id')}) < (${before.appliedAt}, ${before.commandId})`) : base)
    .selectAll()
    .orderBy('applied_at', 'desc')
    .orderBy('command_id', 'desc')
    .limit(q.size + 1)
    .execute();
  const page = rows.slice(0, q.size);
  const last = page[page.length - 1];
  const next = rows.length > q.size && last ? { appliedAt: last.applied_at, commandId: last.command_id } : null;
  return { rows: page, next, ...(await countUpTo(db, base, LIST_DEPTH_LIMIT)) };
}
