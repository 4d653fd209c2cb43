/**
 * SDK management (issue 14; docs/decisions.md "SDK management").
 *
 * Projects are the console's records, each change saved with its audit entry in one transaction.
 * A signing key is made here, answered once (create, rotate) and kept only as an HMAC-SHA256
 * under the shared secret `sdk-signing-key`: neither the table nor the audit holds it.
 *
 * Accounts, orders and the callback-wait cache are the game world's, read through the gateway
 * (listAccounts, listOrders, listPaymentCallbacks) and mapped to what the SDK calls them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CallbackListQuery, PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import { callbackListQuery } from '@gm/contract/payment-callbacks.contract.ts';
import { P, isGranted } from '@gm/contract/permissions.ts';
import type { Principal } from '../../platform/auth/access.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type {
  SdkAccount,
  SdkAccountListQuery,
  SdkOrder,
  SdkOrderListQuery,
  SdkOrderState,
  SdkPlatform,
  SdkProject,
  SdkProjectBody,
  SdkProjectListQuery,
  SdkProjectUpdate,
  SdkProjectWithKey,
} from '@gm/contract/sdk.contract.ts';
import type { Order } from '@gm/contract/orders.contract.ts';
import type { Trx } from '../../db/database.ts';
import type { SdkProjectRow } from '../../db/sdk-projects.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import { containsText } from '../../platform/query/contains.ts';
import { sharedSecret } from '../../platform/secrets/secrets.ts';

const CODE = P.SDK_EDIT;
const KEY_SECRET = 'sdk-signing-key';
const KEY_PREFIX = 'sk_';

// ---------------------------------------------------------------------------------------------
// Projects.
// ---------------------------------------------------------------------------------------------

/** A new key: 32 random bytes, base64url, prefixed so a leaked one is recognisable. */
function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function hashKey(ctx: ServiceContext, key: string): Promise<string> {
  const secret = await sharedSecret(ctx.db, KEY_SECRET, ctx.now());
  return createHmac('sha256', secret).update(key).digest('hex');
}

function toProject(r: SdkProjectRow): SdkProject {
  return {
    id: r.id,
    appId: r.app_id,
    name: r.name,
    platform: r.platform as SdkPlatform,
    sdkPlatformId: r.sdk_platform_id,
    callbackUrl: r.callback_url,
    keyHint: r.key_hint,
    keyRotatedAt: Number(r.key_rotated_at),
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    updatedBy: r.updated_by,
    updatedAt: Number(r.updated_at),
  };
}

/** What the audit keeps of a project: everything but the key (its hint tells rotations apart). */
function auditView(r: SdkProjectRow) {
  return { appId: r.app_id, name: r.name, platform: r.platform, sdkPlatformId: r.sdk_platform_id, callbackUrl: r.callback_url, keyHint: r.key_hint };
}

const appIdTaken = (appId: string) =>
  new DomainError(ErrorCode.CONFLICT, { messageKey: 'errors.sdkAppIdTaken', values: { appId }, details: [{ path: 'appId', message: 'errors.sdkAppIdTaken', values: { appId } }] });

export async function listProjects(ctx: ServiceContext, q: SdkProjectListQuery): Promise<{ results: SdkProject[]; total: number; page: number; size: number }> {
  let base = ctx.db.selectFrom('sdk_projects');
  if (q.appId !== undefined) base = base.where('app_id', '=', q.appId);
  if (q.platform !== undefined) base = base.where('platform', '=', q.platform);
  if (q.name !== undefined) base = base.where(containsText('name', q.name));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toProject), total: Number(count.n), page: q.page, size: q.size };
}

async function requireProject(ctx: ServiceContext, id: string): Promise<SdkProjectRow> {
  const row = await ctx.db.selectFrom('sdk_projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError(ErrorCode.NOT_FOUND);
  return row;
}

/** The row, locked for this transaction (a no-op write first, the same on SQLite and PostgreSQL) so two edits queue. */
async function lockProject(trx: Trx, id: string): Promise<SdkProjectRow> {
  const touched = await trx.updateTable('sdk_projects').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw new DomainError(ErrorCode.NOT_FOUND);
  return trx.selectFrom('sdk_projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function getProject(ctx: ServiceContext, id: string): Promise<SdkProject> {
  return toProject(await requireProject(ctx, id));
}

export async function createProject(ctx: ServiceContext, actor: AuditActor, body: SdkProjectBody): Promise<SdkProjectWithKey> {
  if (await ctx.db.selectFrom('sdk_projects').select('id').where('app_id', '=', body.appId).executeTakeFirst()) throw appIdTaken(body.appId);
  const at = ctx.now();
  const key = newKey();
  const row: SdkProjectRow = {
    id: newId(),
    app_id: body.appId,
    name: body.name,
    platform: body.platform,
    sdk_platform_id: body.sdkPlatformId,
    callback_url: body.callbackUrl,
    key_hash: await hashKey(ctx, key),
    key_hint: key.slice(-4),
    key_rotated_at: at,
    created_by: actor.accountName,
    created_at: at,
    updated_by: actor.accountName,
    updated_at: at,
  };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('sdk_projects').values(row).execute();
        await audit.record(trx, actor, { action: 'sdkProjects.create', code: CODE, targets: [row.id, row.app_id], params: body, before: null, after: auditView(row) }, at);
      }),
    () => appIdTaken(body.appId),
  );
  return { project: toProject(row), signingKey: key };
}

export async function updateProject(ctx: ServiceContext, actor: AuditActor, id: string, body: SdkProjectUpdate): Promise<SdkProject> {
  const at = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockProject(trx, id);
    const changes = { name: body.name, platform: body.platform, sdk_platform_id: body.sdkPlatformId, callback_url: body.callbackUrl, updated_by: actor.accountName, updated_at: at };
    await trx.updateTable('sdk_projects').set(changes).where('id', '=', id).execute();
    const after: SdkProjectRow = { ...before, ...changes };
    await audit.record(trx, actor, { action: 'sdkProjects.update', code: CODE, targets: [id, before.app_id], params: { id, ...body }, before: auditView(before), after: auditView(after) }, at);
    return toProject(after);
  });
}

/** A new key replaces the old one at once: the old key no longer matches the stored hash. */
export async function rotateKey(ctx: ServiceContext, actor: AuditActor, id: string): Promise<SdkProjectWithKey> {
  const at = ctx.now();
  const key = newKey();
  const keyHash = await hashKey(ctx, key);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockProject(trx, id);
    const changes = { key_hash: keyHash, key_hint: key.slice(-4), key_rotated_at: at, updated_by: actor.accountName, updated_at: at };
    await trx.updateTable('sdk_projects').set(changes).where('id', '=', id).execute();
    const after: SdkProjectRow = { ...before, ...changes };
    await audit.record(trx, actor, { action: 'sdkProjects.rotateKey', code: CODE, targets: [id, before.app_id], params: { id }, before: { keyHint: before.key_hint }, after: { keyHint: after.key_hint } }, at);
    return { project: toProject(after), signingKey: key };
  });
}

// ---------------------------------------------------------------------------------------------
// Accounts and orders, through the gateway.
// ---------------------------------------------------------------------------------------------

/** The game's accounts as the SDK's channel accounts; devices are personal data (12003), as on the account list. */
export async function listAccounts(ctx: ServiceContext, principal: Principal, q: SdkAccountListQuery): Promise<CappedPage<SdkAccount>> {
  const page = await ctx.gateway.listAccounts({
    page: q.page,
    size: q.size,
    ...(q.userId !== undefined ? { userId: q.userId } : {}),
    ...(q.account !== undefined ? { account: q.account } : {}),
    ...(q.channel !== undefined ? { type: q.channel } : {}),
    ...(q.lastLoginFrom !== undefined ? { lastLoginFrom: q.lastLoginFrom } : {}),
    ...(q.lastLoginTo !== undefined ? { lastLoginTo: q.lastLoginTo } : {}),
  });
  const personal = isGranted(principal, P.PERSONAL_DATA);
  return {
    ...page,
    results: page.results.map((a) => ({
      channelAccount: a.type === 'thirdParty' && a.thirdId ? a.thirdId : a.account,
      channel: a.type,
      userId: a.userId,
      device: personal ? (a.lastLoginDevice ?? a.createDeviceNumber) : null,
      firstLoginAt: a.createdAt,
      lastLoginAt: a.lastLoginAt,
      personalHidden: !personal,
    })),
  };
}

function stateOf(o: Order, callbacks: PaymentCallback[]): SdkOrderState {
  if (o.status === 'completed') return 'delivered';
  if (o.status === 'cancelled') return 'refunded';
  if (o.status === 'incomplete') return callbacks.some((c) => c.status === 'pending') ? 'awaitingCallback' : 'unpaid';
  return 'unknown';
}

/** The game's orders as the SDK's: each with the callbacks the game cached for it (one read per order of the page). */
export async function listOrders(ctx: ServiceContext, q: SdkOrderListQuery): Promise<CappedPage<SdkOrder>> {
  const page = await ctx.gateway.listOrders({
    page: q.page,
    size: q.size,
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.orderId !== undefined ? { orderId: q.orderId } : {}),
    ...(q.channelOrderId !== undefined ? { platformOrderId: q.channelOrderId } : {}),
    ...(q.userId !== undefined ? { userId: q.userId } : {}),
    ...(q.start !== undefined ? { start: q.start } : {}),
    ...(q.end !== undefined ? { end: q.end } : {}),
  });
  const callbacksOf = await Promise.all(page.results.map((o) => ctx.gateway.listPaymentCallbacks(callbackListQuery.parse({ orderId: o.orderId, page: 0, size: 20 }))));
  return {
    ...page,
    results: page.results.map((o, i) => {
      const callbacks = callbacksOf[i]?.results ?? [];
      const latest = callbacks[0];
      return {
        channelOrderId: o.platformOrderId,
        channel: latest?.channel ?? null,
        amount: o.price,
        currency: o.currency,
        state: stateOf(o, callbacks),
        orderId: o.orderId,
        userId: o.userId,
        roleId: o.roleId,
        productName: o.productName,
        callbackStatus: latest?.status ?? null,
        callbackAttempts: callbacks.reduce((n, c) => n + c.attempts.length, 0),
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The callback-wait cache: the order cache's records under the SDK's codes.
// ---------------------------------------------------------------------------------------------

export function listCallbacks(ctx: ServiceContext, q: CallbackListQuery): Promise<CappedPage<PaymentCallback>> {
  return ctx.gateway.listPaymentCallbacks(q);
}

/** The gateway's retryPaymentCallback, audited under 21026 (the order cache's retry is under 21020). */
export async function retryCallback(ctx: ServiceContext, actor: AuditActor, commandId: string, callbackId: string): Promise<RetryCallbackResult> {
  const result = await ctx.gateway.retryPaymentCallback({ commandId, callbackId, by: actor.accountName });
  await audit.record(
    ctx.db,
    actor,
    {
      commandId,
      action: 'sdk.callbackRetry',
      code: CODE,
      targets: [callbackId, result.orderId],
      params: { callbackId, commandId },
      before: result.before,
      after: { ...result.after, attempt: result.attempt, granted: result.granted },
    },
    ctx.now(),
  );
  return result;
}
