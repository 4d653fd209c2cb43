/**
 * Order management (spec sections 2, 3, 4 and 5 "Order replenish"; issue 14): the game's orders
 * and products, read through the game gateway, and the two changes an operator makes to an
 * order: cancel a completed one (the game takes the goods back) and replenish an incomplete one
 * (the game grants them). The list's query is also the gateway read's query, so a filter means
 * the same on both sides.
 */
import { z } from 'zod';
import { pageQuery, timeBound } from './common.contract.ts';
import { ID_MAX_LENGTH } from './constants.ts';
import { ORDER_STATUSES, assetChange, grant, grantItemNames, gameId } from './game-commands.contract.ts';
import { LIST_DEPTH_LIMIT, enteredRoleId, gameRef } from './players.contract.ts';
import { logRecord } from './logs.contract.ts';

export { ORDER_STATUSES };
export type { OrderStatus } from './game-commands.contract.ts';

const optionalRef = gameRef.optional();

export const orderListQuery = pageQuery
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    orderId: optionalRef,
    platformOrderId: optionalRef,
    roleId: optionalRef,
    userId: optionalRef,
    productId: optionalRef,
    /** Created at or after (epoch ms or ISO time). */
    start: timeBound,
    /** Created before. */
    end: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start >= q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
    }
  });
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** An order, every field of spec section 3. `status` is the game's word: anything but the three is shown as unknown. */
export const order = z.object({
  orderId: z.string(),
  platformOrderId: z.string(),
  roleId: z.string(),
  userId: z.string(),
  productId: z.string(),
  goodsId: z.string(),
  status: z.string(),
  loginDevice: z.string(),
  productName: z.string(),
  /** Integer minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  itemGroupId: z.string(),
  itemGroupName: z.string(),
  roleArea: z.string(),
  roleName: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Order = z.infer<typeof order>;

/** One order with its receipt and the goods it grants (what a cancel takes back). */
export const orderDetail = order.extend({
  receipt: z.string(),
  goodsName: z.string().nullable(),
  goods: z.array(grant),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** A GM action on the order, from the audit trail (audit.contract's entry, without importing it: it imports this file's labels). */
export const orderAction = z.object({
  id: z.string(),
  stamp: z.number(),
  accountName: z.string(),
  log: z.string(),
  action: z.string(),
  outcome: z.string(),
  errorCode: z.number().nullable(),
  after: z.unknown(),
});
export type OrderAction = z.infer<typeof orderAction>;

/** The detail dialog: the order, its recharge log lines and every GM action on it. */
export const orderDetailResult = z.object({
  order: orderDetail,
  rechargeLogs: z.array(logRecord),
  actions: z.array(orderAction),
  /** The catalogue's names of the order's items. */
  itemNames: grantItemNames,
});
export type OrderDetailResult = z.infer<typeof orderDetailResult>;

/** A product of the game's store. */
export const product = z.object({
  productId: z.string(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  goodsId: z.string(),
  itemGroupName: z.string().nullable(),
});
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

/** `:id` so a refused or failed change is audited with the order as its target (platform/audit/refusals.ts). */
export const orderIdParams = z.object({ id: nameOrIdParam() });

function nameOrIdParam() {
  return z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' });
}

/** Spec section 5 "Order replenish": the role id entered and checked, one product chosen. */
export const replenishBody = z.object({
  roleId: enteredRoleId,
  productId: z.string({ error: 'validation.selectOrderProduct' }).trim().min(1, { error: 'validation.selectOrderProduct' }).max(ID_MAX_LENGTH),
});
export type ReplenishBody = z.infer<typeof replenishBody>;

const orderChangeResult = {
  commandId: z.string(),
  appliedAt: z.number(),
  orderId: z.string(),
  roleId: z.string(),
  before: z.object({ status: z.enum(ORDER_STATUSES) }),
  after: z.object({ status: z.enum(ORDER_STATUSES) }),
};
export const cancelOrderResult = z.object({ ...orderChangeResult, deducted: z.array(assetChange) });
export type CancelOrderResult = z.infer<typeof cancelOrderResult>;
export const replenishOrderResult = z.object({ ...orderChangeResult, granted: z.array(assetChange) });
export type ReplenishOrderResult = z.infer<typeof replenishOrderResult>;

/** The gateway read of one order. */
export const orderIdQuery = z.object({ orderId: gameId });

/** Audit actions of order management (spread into AUDIT_ACTIONS). */
export const ORDER_AUDIT_ACTIONS = {
  'orders.cancel': { en: 'Cancel a completed order', zh: '取消已完成订单' },
  'orders.replenish': { en: 'Replenish an incomplete order', zh: '补单' },
} as const satisfies Record<string, { en: string; zh: string }>;
