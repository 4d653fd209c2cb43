/**
 * The game's payment-callback cache (payment-callbacks.contract.ts; migration 2026-11-26T0930):
 * callbacks the payment side delivered that the game has not confirmed, with every attempt's
 * answer. The game tries a callback when it arrives (`receive`) and again when an operator asks
 * (`retry`, the gateway's `retryPaymentCallback`). Confirming completes an incomplete order whose
 * price the callback's amount matches and grants its goods, as a paid order would.
 */
import type { Expression, Selectable, SqlBool } from 'kysely';
import type { AssetChange, CallbackAttempt, CallbackFailure, CallbackStatus } from '@gm/contract/game-commands.contract.ts';
import type { CallbackListQuery, PaymentCallback } from '@gm/contract/payment-callbacks.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { boundedTotal } from '../../platform/query/bounded-total.ts';
import { applyGrants, parseGrants } from './world-assets.ts';
import * as worldRepository from './world.repository.ts';
import type { GameOrderRow } from './world.table.ts';
import type { GamePaymentCallbacksTable } from './world-callbacks.table.ts';
import type { WorldLog } from './world-log-lines.ts';

type CallbackRow = Selectable<GamePaymentCallbacksTable>;

export interface IncomingCallback {
  callbackId: string;
  orderId: string;
  platformOrderId: string;
  channel: string;
  amount: number;
  currency: string;
  receipt: string;
}

/** Newest first, as the order lists page (the index on received_at). */
export async function pageCallbacks(db: Db, q: CallbackListQuery): Promise<CappedPage<PaymentCallback>> {
  const base = db.selectFrom('game_payment_callbacks').where((eb) => {
    const c: Expression<SqlBool>[] = [];
    if (q.status !== undefined) c.push(eb('status', '=', q.status));
    if (q.orderId !== undefined) c.push(eb('order_id', '=', q.orderId));
    if (q.platformOrderId !== undefined) c.push(eb('platform_order_id', '=', q.platformOrderId));
    if (q.channel !== undefined) c.push(eb('channel', '=', q.channel));
    if (q.roleId !== undefined) c.push(eb('order_id', 'in', eb.selectFrom('game_orders').select('order_id').where('role_id', '=', q.roleId)));
    if (q.start !== undefined) c.push(eb('received_at', '>=', q.start));
    if (q.end !== undefined) c.push(eb('received_at', '<', q.end));
    return eb.and(c);
  });
  const rows = await base.selectAll().orderBy('received_at', 'desc').orderBy('callback_id', 'desc').limit(q.size).offset(q.page * q.size).execute();
  const orders = rows.length ? await db.selectFrom('game_orders').select(['order_id', 'role_id']).where('order_id', 'in', rows.map((r) => r.order_id)).execute() : [];
  const roleOf = new Map(orders.map((o) => [o.order_id, o.role_id]));
  const { total, capped } = await boundedTotal(db, base, q);
  return { results: rows.map((r) => toCallback(r, roleOf.get(r.order_id) ?? null)), total, page: q.page, size: q.size, totalCapped: capped };
}

export async function findCallback(db: Db | Trx, callbackId: string): Promise<CallbackRow | undefined> {
  return db.selectFrom('game_payment_callbacks').selectAll().where('callback_id', '=', callbackId).executeTakeFirst();
}

/**
 * A callback arrives: the game tries it at once, unless it is down (`reachable: false`, as
 * during an outage), when it is only kept with that failed attempt.
 */
export async function receive(trx: Trx, callback: IncomingCallback, at: number, reachable = true): Promise<CallbackStatus> {
  const attempt = reachable ? await confirm(trx, callback, at, 'game') : { attempt: refused('gameUnavailable', at, 'game'), granted: [] };
  const status: CallbackStatus = attempt.attempt.outcome === 'ok' ? 'confirmed' : 'pending';
  await trx
    .insertInto('game_payment_callbacks')
    .values({
      callback_id: callback.callbackId,
      order_id: callback.orderId,
      platform_order_id: callback.platformOrderId,
      channel: callback.channel,
      amount: callback.amount,
      currency: callback.currency,
      receipt: callback.receipt,
      status,
      received_at: at,
      confirmed_at: status === 'confirmed' ? at : null,
      attempts: JSON.stringify([attempt.attempt]),
    })
    .execute();
  return status;
}

/** Tries a pending callback again; a confirmed one answers as it is (nothing more to do). */
export async function retry(trx: Trx, row: CallbackRow, by: string, at: number, log?: WorldLog): Promise<{ before: CallbackStatus; after: CallbackStatus; attempt: CallbackAttempt; granted: AssetChange[] }> {
  const before = row.status as CallbackStatus;
  const attempts = JSON.parse(row.attempts) as CallbackAttempt[];
  if (before === 'confirmed') return { before, after: before, attempt: attempts.at(-1) ?? { at, outcome: 'ok', reason: null, by }, granted: [] };
  const tried = await confirm(trx, fromRow(row), at, by, log);
  const after: CallbackStatus = tried.attempt.outcome === 'ok' ? 'confirmed' : 'pending';
  await trx
    .updateTable('game_payment_callbacks')
    .set({ status: after, confirmed_at: after === 'confirmed' ? at : null, attempts: JSON.stringify([...attempts, tried.attempt]) })
    .where('callback_id', '=', row.callback_id)
    .execute();
  return { before, after, ...tried };
}

/**
 * An order completed by hand (the replenish command): its cached callbacks whose payment matches
 * the order are confirmed with it, so the order cache does not keep them waiting for a retry that
 * could only find a duplicate. A callback for another amount or currency stays pending: that
 * payment is still unexplained.
 */
export async function settleWithOrder(trx: Trx, order: Pick<GameOrderRow, 'order_id' | 'price' | 'currency'>, by: string, at: number): Promise<void> {
  const rows = await trx
    .selectFrom('game_payment_callbacks')
    .selectAll()
    .where('order_id', '=', order.order_id)
    .where('status', '=', 'pending')
    .where('currency', '=', order.currency)
    .execute();
  for (const row of rows.filter((r) => Number(r.amount) === Number(order.price))) {
    const attempts = [...(JSON.parse(row.attempts) as CallbackAttempt[]), { at, outcome: 'ok' as const, reason: null, by }];
    await trx.updateTable('game_payment_callbacks').set({ status: 'confirmed', confirmed_at: at, attempts: JSON.stringify(attempts) }).where('callback_id', '=', row.callback_id).execute();
  }
}

/** Confirms a payment; with `log`, the game's lines for it (a retry an operator asked for) are written. */
async function confirm(trx: Trx, callback: IncomingCallback, at: number, by: string, log?: WorldLog): Promise<{ attempt: CallbackAttempt; granted: AssetChange[] }> {
  const order = await worldRepository.findOrder(trx, callback.orderId);
  if (!order) return { attempt: refused('orderNotFound', at, by), granted: [] };
  if (order.status === 'cancelled') return { attempt: refused('orderCancelled', at, by), granted: [] };
  if (Number(order.price) !== callback.amount || order.currency !== callback.currency) return { attempt: refused('amountMismatch', at, by), granted: [] };
  // A callback for an order already completed is a duplicate: confirmed, nothing granted twice.
  if (order.status !== 'incomplete' || !(await worldRepository.setOrderStatus(trx, order.order_id, 'incomplete', 'completed', at))) {
    return { attempt: { at, outcome: 'ok', reason: null, by }, granted: [] };
  }
  const goods = await worldRepository.findGoods(trx, order.goods_id);
  const grants = goods ? parseGrants(goods.items) : [];
  const player = await worldRepository.findPlayer(trx, order.role_id);
  const granted = await applyGrants(trx, order.role_id, grants, at);
  await worldRepository.updatePlayer(trx, order.role_id, { is_recharge: 1, updated_at: at });
  if (log && player) await log.payment(trx, order, player, grants, granted, 'completed');
  return { attempt: { at, outcome: 'ok', reason: null, by }, granted };
}

const refused = (reason: CallbackFailure, at: number, by: string): CallbackAttempt => ({ at, outcome: 'refused', reason, by });

const fromRow = (r: CallbackRow): IncomingCallback => ({
  callbackId: r.callback_id,
  orderId: r.order_id,
  platformOrderId: r.platform_order_id,
  channel: r.channel,
  amount: Number(r.amount),
  currency: r.currency,
  receipt: r.receipt,
});

function toCallback(r: CallbackRow, roleId: string | null): PaymentCallback {
  return {
    ...fromRow(r),
    roleId,
    status: r.status as CallbackStatus,
    receivedAt: Number(r.received_at),
    confirmedAt: r.confirmed_at === null ? null : Number(r.confirmed_at),
    attempts: JSON.parse(r.attempts) as CallbackAttempt[],
  };
}

/**
 * Demo and browser-test data: the payment side called back for the newest incomplete orders
 * while the game was down, so they wait in the order cache (`channelOf` names each one's channel).
 */
export async function cacheCallbacksOfIncompleteOrders(db: Db, options: { count: number; at: number; channelOf: (platformOrderId: string) => string }): Promise<number> {
  const orders = await db.selectFrom('game_orders').selectAll().where('status', '=', 'incomplete').orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(options.count).execute();
  await db.transaction().execute(async (trx) => {
    for (const o of orders) {
      const callback = {
        callbackId: `CB-${o.order_id}`,
        orderId: o.order_id,
        platformOrderId: o.platform_order_id,
        channel: options.channelOf(o.platform_order_id),
        amount: Number(o.price),
        currency: o.currency,
        receipt: o.receipt,
      };
      if (!(await findCallback(trx, callback.callbackId))) await receive(trx, callback, options.at, false);
    }
  });
  return orders.length;
}
