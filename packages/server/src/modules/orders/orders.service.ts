/**
 * Order management: the order screens read the game's orders and products through the game
 * gateway, and the two changes go through its `cancelOrder` and `replenishOrder` commands, so
 * they act on whichever game the console operates. The order's state is checked first so the
 * operator reads the spec's message; the game checks it again when it applies the command (two
 * operators at once), and a retried request with the same command id applies once.
 * The gateway is called outside any transaction; the audit entry is written after it. A failed
 * command reaches the error handler, which audits it with outcome `failed`.
 */
import { ErrorCode } from '@gm/contract/errors.ts';
import type { Language } from '@gm/contract/messages.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CheckPlayerResult, CappedPage } from '@gm/contract/players.contract.ts';
import type {
  CancelOrderResult,
  Order,
  OrderDetail,
  OrderDetailResult,
  OrderListQuery,
  Product,
  ReplenishBody,
  ReplenishOrderResult,
} from '@gm/contract/orders.contract.ts';
import type { CallbackListQuery, PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import { grantItemNames } from '../../game/gateway/grant-item-names.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';

/** How many recharge log lines and GM actions the detail dialog shows (an order has a handful). */
const TRAIL_SIZE = 50;

/** The game refused by its rules (here: the order's status changed since it was read). */
const refused = (error: unknown) => isGatewayError(error) && error.kind === 'rejected';

const orderNotFound = () => new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'game.orderNotFound' });

export function listOrders(ctx: ServiceContext, q: OrderListQuery): Promise<CappedPage<Order>> {
  return ctx.gateway.listOrders(q);
}

async function findOrder(ctx: ServiceContext, orderId: string): Promise<OrderDetail> {
  const { order } = await ctx.gateway.orderDetail({ orderId });
  if (!order) throw orderNotFound();
  return order;
}

/** The order with its trail: the recharge log lines of its id (log store) and every GM action naming it (audit log). */
export async function orderDetail(ctx: ServiceContext, orderId: string, lang: Language): Promise<OrderDetailResult> {
  const order = await findOrder(ctx, orderId);
  const [logs, actions, itemNames] = await Promise.all([
    ctx.logStore.page('recharge', { size: TRAIL_SIZE, conditions: [{ field: 'order_id', op: 'eq', value: orderId }] }),
    audit.list(ctx.db, { target: orderId, page: 0, size: TRAIL_SIZE }, lang),
    grantItemNames(ctx.gateway, order.goods),
  ]);
  return {
    order,
    itemNames,
    rechargeLogs: logs.rows,
    actions: actions.results
      .filter((e) => e.targets.includes(orderId))
      .map((e) => ({ id: e.id, stamp: e.stamp, accountName: e.accountName, log: e.log, action: e.action, outcome: e.outcome, errorCode: e.errorCode, after: e.after })),
  };
}

export async function listProducts(ctx: ServiceContext): Promise<Product[]> {
  try {
    return (await ctx.gateway.listProducts({})).products;
  } catch (error) {
    // Spec: "acquire product list fail".
    throw new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'errors.productListFailed', values: { reason: String(error) } });
  }
}

/** The replenish dialog's check: the role must exist (spec "roleId not exist"). */
export async function checkRole(ctx: ServiceContext, roleId: string): Promise<CheckPlayerResult> {
  const { player } = await ctx.gateway.playerDetail({ roleId });
  return { exists: player !== null, roleId, roleName: player?.roleName ?? null, areaId: player?.areaId ?? null, isOnline: player ? player.isOnline : null };
}

/** A completed order only: the game takes its goods back from the player and marks it cancelled. */
export async function cancelOrder(ctx: ServiceContext, actor: AuditActor, commandId: string, orderId: string): Promise<CancelOrderResult> {
  const order = await findOrder(ctx, orderId);
  // A repeat of an applied cancel (same command id) finds the order cancelled: the game answers the first outcome.
  if (order.status !== 'completed' && order.status !== 'cancelled') throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderCancelError' });
  const result = await ctx.gateway.cancelOrder({ commandId, orderId }).catch((error: unknown) => {
    throw order.status === 'cancelled' && refused(error) ? new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderCancelError' }) : error;
  });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'orders.cancel',
      code: P.ORDER_CANCEL,
      targets: [orderId, result.roleId],
      params: { orderId, commandId },
      before: { status: result.before.status },
      after: { status: result.after.status, deducted: result.deducted },
    },
    ctx.now(),
  );
  return result;
}

/**
 * An incomplete order only (spec "current order invalid"): the operator has entered and checked
 * the role id and chosen the product; both must be the order's, since the game grants the
 * order's goods to the order's role.
 */
export async function replenishOrder(ctx: ServiceContext, actor: AuditActor, commandId: string, orderId: string, body: ReplenishBody): Promise<ReplenishOrderResult> {
  const order = await findOrder(ctx, orderId);
  if (order.status !== 'incomplete' && order.status !== 'completed') throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderInvalid' });
  const { player } = await ctx.gateway.playerDetail({ roleId: body.roleId });
  if (!player) throw new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.roleIdNotExist' });
  if (body.roleId !== order.roleId) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderRoleMismatch', values: { roleId: order.roleId } });
  if (body.productId !== order.productId) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderProductMismatch', values: { productId: order.productId } });
  // A completed order is refused here unless this very command id completed it (a retry after a timeout).
  const result = await ctx.gateway.replenishOrder({ commandId, orderId, by: actor.accountName }).catch((error: unknown) => {
    throw order.status === 'completed' && refused(error) ? new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.orderInvalid' }) : error;
  });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'orders.replenish',
      code: P.ORDER_REPLENISH,
      targets: [orderId, result.roleId],
      params: { orderId, roleId: body.roleId, productId: body.productId, commandId },
      before: { status: result.before.status },
      after: { status: result.after.status, granted: result.granted },
    },
    ctx.now(),
  );
  return result;
}

/** The order cache: callbacks the payment side delivered, pending until the game confirms them. */
export function listCallbacks(ctx: ServiceContext, q: CallbackListQuery): Promise<CappedPage<PaymentCallback>> {
  return ctx.gateway.listPaymentCallbacks(q);
}

/**
 * The game tries a cached callback again. A refused try (the amount does not match, the order is
 * not there) is the game's answer, recorded on the callback and in the audit entry, not an error.
 */
export async function retryCallback(ctx: ServiceContext, actor: AuditActor, commandId: string, callbackId: string): Promise<RetryCallbackResult> {
  const result = await ctx.gateway.retryPaymentCallback({ commandId, callbackId, by: actor.accountName });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'orders.callbackRetry',
      code: P.ORDER_REPLENISH,
      targets: [callbackId, result.orderId],
      params: { callbackId, commandId },
      before: result.before,
      after: { ...result.after, attempt: result.attempt, granted: result.granted },
    },
    ctx.now(),
  );
  return result;
}
