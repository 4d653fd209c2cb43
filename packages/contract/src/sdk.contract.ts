/**
 * SDK management (issue 14; spec section 2 `/sdk/...`; docs/decisions.md "SDK management"): the
 * back office of the studio's login-and-payment SDK.
 *
 * - Projects are console records (`sdk_projects`): app id, name, platform, SDK platform id (19
 *   digits, spec section 9), callback URL (https only), and a signing key made by the server,
 *   answered once (on create and on rotate) and kept only as a keyed hash.
 * - Accounts and orders are what the SDK saw, read through the gateway from the game world
 *   (listAccounts, listOrders, listPaymentCallbacks) and mapped: nothing is copied or invented.
 * - The callback-wait cache (`/sdk/order/cacheWait`) is the order cache's records
 *   (payment-callbacks.contract.ts) under the SDK's codes.
 */
import { z } from 'zod';
import { nameOrId, oneLine, pageOf, pageQuery, secret, timeBound } from './common.contract.ts';
import { SDK_PLATFORM_ID_LENGTH } from './constants.ts';
import { CALLBACK_STATUSES } from './game-commands.contract.ts';
import { cappedPageOf, gameRef, LIST_DEPTH_LIMIT } from './players.contract.ts';

export const SDK_PLATFORMS = ['android', 'ios', 'pc', 'web'] as const;
export type SdkPlatform = (typeof SDK_PLATFORMS)[number];

export const SDK_APP_ID_MAX = 64;
export const SDK_PROJECT_NAME_MAX = 64;
export const SDK_CALLBACK_URL_MAX = 500;

const appIdField = z
  .string({ error: 'validation.sdkAppIdRequired' })
  .trim()
  .min(1, { error: 'validation.sdkAppIdRequired' })
  .max(SDK_APP_ID_MAX, { error: 'validation.sdkAppId' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'validation.sdkAppId' });

const projectName = oneLine(
  nameOrId(
    z
      .string({ error: 'validation.sdkProjectNameRequired' })
      .trim()
      .min(1, { error: 'validation.sdkProjectNameRequired' })
      .max(SDK_PROJECT_NAME_MAX, { error: 'validation.sdkProjectNameMax' }),
  ),
);

/** Exactly 19 digits (spec section 9); a project always has one. */
export const sdkProjectPlatformId = z
  .string({ error: 'validation.sdkPlatformId' })
  .trim()
  .regex(new RegExp(`^\\d{${SDK_PLATFORM_ID_LENGTH}}$`), { error: 'validation.sdkPlatformId' });

/** Where the SDK posts payment results: https only, no credentials in it. */
export const sdkCallbackUrl = z
  .string({ error: 'validation.sdkCallbackUrl' })
  .trim()
  .min(1, { error: 'validation.sdkCallbackUrl' })
  .max(SDK_CALLBACK_URL_MAX, { error: 'validation.sdkCallbackUrl' })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' && !/\s/.test(value);
    } catch {
      return false;
    }
  }, { error: 'validation.sdkCallbackUrl' });

export const sdkProjectBody = z.object({
  appId: appIdField,
  name: projectName,
  platform: z.enum(SDK_PLATFORMS, { error: 'validation.sdkPlatformRequired' }),
  sdkPlatformId: sdkProjectPlatformId,
  callbackUrl: sdkCallbackUrl,
});
export type SdkProjectBody = z.infer<typeof sdkProjectBody>;

/** The app id is the SDK's key for the project: fixed once made. */
export const sdkProjectUpdate = sdkProjectBody.omit({ appId: true });
export type SdkProjectUpdate = z.infer<typeof sdkProjectUpdate>;

export const sdkProjectListQuery = pageQuery.extend({
  appId: z.string().trim().min(1).max(SDK_APP_ID_MAX).optional(),
  /** Part of the name. */
  name: z.string().trim().min(1).max(SDK_PROJECT_NAME_MAX).optional(),
  platform: z.enum(SDK_PLATFORMS).optional(),
});
export type SdkProjectListQuery = z.infer<typeof sdkProjectListQuery>;

export const sdkProject = z.object({
  id: z.string(),
  appId: z.string(),
  name: z.string(),
  platform: z.enum(SDK_PLATFORMS),
  sdkPlatformId: z.string(),
  callbackUrl: z.string(),
  /** The key's last 4 characters, to tell keys apart; the key itself is never answered again. */
  keyHint: z.string(),
  keyRotatedAt: z.number(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type SdkProject = z.infer<typeof sdkProject>;
export const sdkProjectPage = pageOf(sdkProject);

/** Create and rotate answer the new key, this once. */
export const sdkProjectWithKey = z.object({ project: sdkProject, signingKey: secret(z.string()) });
export type SdkProjectWithKey = z.infer<typeof sdkProjectWithKey>;

export const sdkProjectParams = z.object({ id: z.string().trim().min(1).max(36) });

// ---------------------------------------------------------------------------------------------
// Accounts and orders: the game world's, seen from the SDK.
// ---------------------------------------------------------------------------------------------

export const sdkAccountListQuery = pageQuery
  .extend({
    userId: gameRef.optional(),
    /** The channel account (the game's account name). */
    account: gameRef.optional(),
    channel: z.enum(['guest', 'phone', 'email', 'thirdParty']).optional(),
    lastLoginFrom: timeBound,
    lastLoginTo: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.lastLoginFrom !== undefined && q.lastLoginTo !== undefined && q.lastLoginFrom >= q.lastLoginTo) ctx.addIssue({ code: 'custom', path: ['lastLoginTo'], message: 'validation.timeRange' });
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
  });
export type SdkAccountListQuery = z.infer<typeof sdkAccountListQuery>;

export const sdkAccount = z.object({
  /** The account the channel knows (third-party id for a third-party login). */
  channelAccount: z.string(),
  /** guest, phone, email, thirdParty: how the SDK signed the player in. */
  channel: z.string(),
  /** The game user it is bound to. */
  userId: z.string(),
  /** Personal data: null without 12003 (as on the account list). */
  device: z.string().nullable(),
  firstLoginAt: z.number(),
  lastLoginAt: z.number().nullable(),
  personalHidden: z.boolean(),
});
export type SdkAccount = z.infer<typeof sdkAccount>;
export const sdkAccountPage = cappedPageOf(sdkAccount);

export const SDK_ORDER_STATES = ['delivered', 'awaitingCallback', 'unpaid', 'refunded', 'unknown'] as const;
export type SdkOrderState = (typeof SDK_ORDER_STATES)[number];

export const sdkOrderListQuery = pageQuery
  .extend({
    channelOrderId: gameRef.optional(),
    orderId: gameRef.optional(),
    userId: gameRef.optional(),
    /** The game's order status. */
    status: z.enum(['completed', 'incomplete', 'cancelled']).optional(),
    start: timeBound,
    end: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start >= q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
  });
export type SdkOrderListQuery = z.infer<typeof sdkOrderListQuery>;

export const sdkOrder = z.object({
  /** The payment channel's order id (the game's platform order id). */
  channelOrderId: z.string(),
  /** The payment channel, when a callback names it. */
  channel: z.string().nullable(),
  /** Integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(SDK_ORDER_STATES),
  /** The game order it is linked to. */
  orderId: z.string(),
  userId: z.string(),
  roleId: z.string(),
  productName: z.string(),
  /** The cached callback's status, if the game holds one for this order. */
  callbackStatus: z.enum(CALLBACK_STATUSES).nullable(),
  /** Attempts to deliver the callback to the game (0: delivered first time or none cached). */
  callbackAttempts: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SdkOrder = z.infer<typeof sdkOrder>;
export const sdkOrderPage = cappedPageOf(sdkOrder);

export { SDK_AUDIT_ACTIONS } from './sdk.audit.ts';
