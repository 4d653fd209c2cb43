/**
 * The game's side of the beta-test rebate (cbt-rebate.contract.ts): what accounts paid in a
 * window, and grants the game holds for an account until its first role created at or after the
 * grant's `not_before` exists (migration 2026-11-26T0920). Used by the embedded gateway and, through
 * it, by the reference game server.
 */
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AccountGrant, BetaRecharge, BetaRechargeQuery } from '@gm/contract/cbt-rebate.contract.ts';
import type { AssetChange } from '@gm/contract/game-commands.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { countUpTo } from '../../platform/query/bounded-total.ts';
import { countBound } from '@gm/contract/players.contract.ts';
import { applyGrants, parseGrants } from './world-assets.ts';
import type { GameAccountGrantsTable } from './world-grants.table.ts';

type GrantRow = Selectable<GameAccountGrantsTable>;

/** Completed orders per account in [start, end): refunded (cancelled) and incomplete ones do not count. */
export async function betaRecharges(db: Db, q: BetaRechargeQuery): Promise<CappedPage<BetaRecharge>> {
  let base = db.selectFrom('game_orders').where('status', '=', 'completed').where('created_at', '>=', q.start).where('created_at', '<', q.end);
  if (q.userId !== undefined) base = base.where('user_id', '=', q.userId);
  if (q.userIds !== undefined) base = base.where('user_id', 'in', q.userIds);
  if (q.account !== undefined) base = base.where('user_id', 'in', db.selectFrom('game_accounts').select('user_id').where('account', '=', q.account));
  const grouped = base.groupBy('user_id');
  const rows = await grouped
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('price').as('paid'),
      eb.fn.min<string>('currency').as('currency'),
      eb.fn.min<number>('created_at').as('first_paid_at'),
      eb.fn.max<number>('created_at').as('last_paid_at'),
    ])
    .orderBy(sql`sum(price)`, 'desc')
    .orderBy('user_id')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const accounts = rows.length
    ? await db.selectFrom('game_accounts').select(['user_id', 'account']).where('user_id', 'in', rows.map((r) => r.user_id)).execute()
    : [];
  const accountOf = new Map(accounts.map((a) => [a.user_id, a.account]));
  const { total, capped } = await countUpTo(db, grouped, countBound(q.page, q.size));
  return {
    results: rows.map((r) => ({
      userId: r.user_id,
      account: accountOf.get(r.user_id) ?? '',
      orders: Number(r.orders),
      paid: Number(r.paid),
      currency: r.currency,
      firstPaidAt: Number(r.first_paid_at),
      lastPaidAt: Number(r.last_paid_at),
    })),
    total,
    page: q.page,
    size: q.size,
    totalCapped: capped,
  };
}

export async function accountGrants(db: Db, grantIds: readonly string[]): Promise<AccountGrant[]> {
  const rows = await db.selectFrom('game_account_grants').selectAll().where('grant_id', 'in', [...grantIds]).execute();
  return rows.map(toAccountGrant);
}

const toAccountGrant = (r: GrantRow): AccountGrant => ({
  grantId: r.grant_id,
  userId: r.user_id,
  deliveredTo: r.delivered_to,
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
});

/** The account's first role created at or after `notBefore`, if it has one. */
async function firstRoleFrom(trx: Trx, userId: string, notBefore: number): Promise<string | undefined> {
  const row = await trx
    .selectFrom('game_players')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('created_at', '>=', notBefore)
    .orderBy('created_at')
    .orderBy('role_id')
    .limit(1)
    .executeTakeFirst();
  return row?.role_id;
}

/** Holds a grant for the account and delivers it at once when its role already exists. */
export async function holdGrant(trx: Trx, row: Insertable<GameAccountGrantsTable>, at: number): Promise<{ deliveredTo: string | null; granted: AssetChange[] }> {
  await trx.insertInto('game_account_grants').values(row).execute();
  const roleId = await firstRoleFrom(trx, row.user_id, Number(row.not_before));
  if (roleId === undefined) return { deliveredTo: null, granted: [] };
  return { deliveredTo: roleId, granted: await deliver(trx, row.grant_id, roleId, parseGrants(row.grants), at) };
}

/** A role was created: the account's held grants whose `not_before` it meets go to it. */
export async function deliverHeldGrants(trx: Trx, userId: string, roleId: string, createdAt: number, at: number): Promise<void> {
  const held = await trx
    .selectFrom('game_account_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('delivered_at', 'is', null)
    .where('not_before', '<=', createdAt)
    .execute();
  for (const g of held) await deliver(trx, g.grant_id, roleId, parseGrants(g.grants), at);
}

async function deliver(trx: Trx, grantId: string, roleId: string, grants: ReturnType<typeof parseGrants>, at: number): Promise<AssetChange[]> {
  const claimed = await trx
    .updateTable('game_account_grants')
    .set({ delivered_to: roleId, delivered_at: at })
    .where('grant_id', '=', grantId)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return [];
  return applyGrants(trx, roleId, grants, at);
}
