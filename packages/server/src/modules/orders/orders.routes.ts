import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { cappedPageOf, checkPlayerIdQuery, checkPlayerResult } from '@gm/contract/players.contract.ts';
import {
  cancelOrderResult,
  order,
  orderDetailResult,
  orderIdParams,
  orderListQuery,
  productList,
  replenishBody,
  replenishOrderResult,
} from '@gm/contract/orders.contract.ts';
import { callbackIdParams, callbackListQuery, paymentCallbackPage, retryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { ok } from '../../platform/reply.ts';
import * as ordersService from './orders.service.ts';

/** Order management (`/order/list`, `/order/add`, `/order/back`): paths the spec leaves open, in the house plan's REST style. */
export function ordersRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['orders'];

    app.get('/orders', {
      config: { permission: P.ORDER_LIST },
      schema: { tags, summary: 'Orders, newest first (filters in the query; start/end bound the creation time)', querystring: orderListQuery, response: { 200: envelope(cappedPageOf(order)) } },
    }, async (request) => ok(await ordersService.listOrders(request.ctx, request.query)));

    // Registered before `/orders/:id`; a static segment wins over a parameter anyway.
    app.get('/orders/check-player-id', {
      config: { permission: P.ORDER_REPLENISH },
      schema: { tags, summary: 'The replenish dialog: whether a role exists', querystring: checkPlayerIdQuery, response: { 200: envelope(checkPlayerResult) } },
    }, async (request) => ok(await ordersService.checkRole(request.ctx, request.query.roleId)));

    app.get('/orders/:id', {
      config: { permission: P.ORDER_LIST },
      schema: { tags, summary: 'One order with its receipt, goods, recharge log lines and GM actions', params: orderIdParams, response: { 200: envelope(orderDetailResult) } },
    }, async (request) => ok(await ordersService.orderDetail(request.ctx, request.params.id, requestLanguage(request))));

    app.get('/products', {
      config: { permission: P.ORDER_LIST },
      schema: { tags, summary: "The game's products (the replenish dialog's list)", response: { 200: envelope(productList) } },
    }, async (request) => ok(await ordersService.listProducts(request.ctx)));

    app.post('/orders/:id/cancel', {
      config: { permission: P.ORDER_CANCEL, action: 'orders.cancel' },
      schema: { tags, summary: 'Cancel a completed order: the game takes its goods back (Idempotency-Key: applied once)', params: orderIdParams, response: { 200: envelope(cancelOrderResult) } },
    }, async (request) => ok(await ordersService.cancelOrder(request.ctx, actorOf(request), commandIdOf(request, 'orders.cancel'), request.params.id)));

    app.post('/orders/:id/replenish', {
      config: { permission: P.ORDER_REPLENISH, action: 'orders.replenish' },
      schema: { tags, summary: 'Replenish an incomplete order: the game grants its goods (Idempotency-Key: applied once)', params: orderIdParams, body: replenishBody, response: { 200: envelope(replenishOrderResult) } },
    }, async (request) => ok(await ordersService.replenishOrder(request.ctx, actorOf(request), commandIdOf(request, 'orders.replenish'), request.params.id, request.body)));

    // The order cache (/order/cache): payment callbacks the game holds unconfirmed (docs/decisions.md "Order cache").
    app.get('/order-callbacks', {
      config: { permission: P.ORDER_CACHE },
      schema: { tags, summary: 'Payment callbacks the game received, newest first, with every attempt to confirm them', querystring: callbackListQuery, response: { 200: envelope(paymentCallbackPage) } },
    }, async (request) => ok(await ordersService.listCallbacks(request.ctx, request.query)));

    app.post('/order-callbacks/:id/retry', {
      config: { permission: P.ORDER_REPLENISH, action: 'orders.callbackRetry' },
      schema: { tags, summary: 'The game tries a cached payment callback again; a refused try is in the answer (Idempotency-Key: applied once)', params: callbackIdParams, response: { 200: envelope(retryCallbackResult) } },
    }, async (request) => ok(await ordersService.retryCallback(request.ctx, actorOf(request), commandIdOf(request, 'orders.callbackRetry'), request.params.id)));
  };
}
