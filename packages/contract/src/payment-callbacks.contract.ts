/**
 * The order cache (`/order/cache`, 11033; issue 14; docs/decisions.md "Order cache"): payment
 * callbacks the payment side delivered to the game that the game has not yet confirmed (its
 * delivery failed: the game was down, the order was not there yet, the amount did not match).
 * The game keeps them with every attempt's answer; an operator retries one, and the game tries
 * again: an incomplete order whose callback checks out is completed and its goods granted.
 * The same records, seen from the payment SDK, are `/sdk/order/cacheWait`.
 */
import { z } from 'zod';
import { pageQuery, timeBound } from './common.contract.ts';
import { CALLBACK_FAILURES, CALLBACK_STATUSES, callbackAttempt, GAME_COMMANDS } from './game-commands.contract.ts';
import { cappedPageOf, gameRef, LIST_DEPTH_LIMIT } from './players.contract.ts';

export { CALLBACK_FAILURES, CALLBACK_STATUSES, callbackAttempt };
export type { CallbackAttempt, CallbackFailure, CallbackStatus } from './game-commands.contract.ts';

export const callbackListQuery = pageQuery
  .extend({
    status: z.enum(CALLBACK_STATUSES).optional(),
    orderId: gameRef.optional(),
    platformOrderId: gameRef.optional(),
    roleId: gameRef.optional(),
    channel: gameRef.optional(),
    /** Received at or after (epoch ms or ISO time). */
    start: timeBound,
    /** Received before. */
    end: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start >= q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
    }
  });
export type CallbackListQuery = z.infer<typeof callbackListQuery>;

export const paymentCallback = z.object({
  callbackId: z.string(),
  orderId: z.string(),
  platformOrderId: z.string(),
  /** The order's role, when the game has the order. */
  roleId: z.string().nullable(),
  channel: z.string(),
  /** What the payment side says was paid, integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string(),
  status: z.enum(CALLBACK_STATUSES),
  receivedAt: z.number(),
  confirmedAt: z.number().nullable(),
  attempts: z.array(callbackAttempt),
});
export type PaymentCallback = z.infer<typeof paymentCallback>;
export const paymentCallbackPage = cappedPageOf(paymentCallback);

/** What a retry answers: the gateway command's result. */
export const retryCallbackResult = GAME_COMMANDS.retryPaymentCallback.result;
export type RetryCallbackResult = z.infer<typeof retryCallbackResult>;

/** `:id` so a refused or failed retry is audited with the callback as its target. */
export const callbackIdParams = z.object({ id: gameRef });

export { CALLBACK_AUDIT_ACTIONS } from './payment-callbacks.audit.ts';
