import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CancelOrderResult, Order, OrderDetailResult, Product, ReplenishOrderResult } from '@gm/contract/orders.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage, CheckPlayerResult } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import * as worldCallbacks from '../../game/world/world-callbacks.ts';
import type { IncomingCallback } from '../../game/world/world-callbacks.ts';
import type { PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTimeFormatter } from '../../platform/display-time.ts';
import type { RechargeByUserStats } from '@gm/contract/statistics.contract.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let roles: string[];

const world = () => (t.app.ctx.gateway as EmbeddedGateway).world;
const db = () => t.app.ctx.db;
const CRYSTALS = 'com.mecha.cn.crystal60';
const MONTHLY = 'com.mecha.cn.monthly';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 20, seed: 3, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  const rows = await db().selectFrom('game_players').select('role_id').orderBy('role_id').limit(3).execute();
  roles = rows.map((r) => r.role_id);
  const [a = '', b = ''] = roles;
  await world().placeOrder(a, CRYSTALS, { paid: true, orderId: 'order-done', receipt: 'RECEIPT-1', device: 'iPhone15,2' });
  t.clock.now += 1000;
  await world().placeOrder(a, MONTHLY, { paid: false, orderId: 'order-open' });
  t.clock.now += 1000;
  await world().placeOrder(b, MONTHLY, { paid: true, orderId: 'order-b' });
});
afterEach(async () => {
  await t.close();
});

const crystals = async (roleId: string) => (await worldRepository.findPlayer(db(), roleId))?.recharge_currency;

describe('order list and detail', () => {
  it('pages orders newest first and filters by status, ids, product and time', async () => {
    const all = await api.get<CappedPage<Order>>(admin, '/orders');
    expect(all.code).toBe(0);
    expect(all.result.results.map((o) => o.orderId)).toEqual(['order-b', 'order-open', 'order-done']);
    expect(all.result.results[2]).toMatchObject({ status: 'completed', productId: CRYSTALS, price: 600, currency: 'CNY', loginDevice: 'iPhone15,2', roleId: roles[0] });

    const ids = async (query: string) => (await api.get<CappedPage<Order>>(admin, `/orders?${query}`)).result.results.map((o) => o.orderId);
    expect(await ids('status=incomplete')).toEqual(['order-open']);
    expect(await ids('status=completed')).toEqual(['order-b', 'order-done']);
    expect(await ids('status=cancelled')).toEqual([]);
    expect(await ids('orderId=order-done')).toEqual(['order-done']);
    expect(await ids(`roleId=${roles[1] ?? ''}`)).toEqual(['order-b']);
    expect(await ids(`productId=${MONTHLY}`)).toEqual(['order-b', 'order-open']);
    const first = await worldRepository.findOrder(db(), 'order-done');
    expect(await ids(`userId=${first?.user_id ?? ''}`)).toContain('order-done');
    const start = (first?.created_at ?? 0) + 500;
    expect(await ids(`start=${start}`)).toEqual(['order-b', 'order-open']);
    expect(await ids(`end=${start}`)).toEqual(['order-done']);

    const bad = await api.get(admin, '/orders?status=refunded&start=10&end=5');
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('shows one order with its receipt, goods, recharge log lines and the GM actions on it', async () => {
    await t.app.ctx.logStore.insertEvents('recharge', [rechargeEvent('order-done', roles[0] ?? '')]);
    await api.post(admin, '/orders/order-done/cancel');
    const detail = await api.get<OrderDetailResult>(admin, '/orders/order-done');
    expect(detail.code).toBe(0);
    expect(detail.result.order).toMatchObject({ orderId: 'order-done', receipt: 'RECEIPT-1', status: 'cancelled' });
    expect(detail.result.order.goods).toEqual([expect.objectContaining({ kind: 'currency', quantity: 60 })]);
    // The payment's line, and the refund's the game wrote for the cancel (newest first).
    expect(detail.result.rechargeLogs).toEqual([
      expect.objectContaining({ order_id: 'order-done', amount: 600, status: 3 }),
      expect.objectContaining({ order_id: 'order-done', amount: 600, status: 1 }),
    ]);
    expect(detail.result.actions).toEqual([expect.objectContaining({ action: 'orders.cancel', accountName: 'admin', outcome: 'ok' })]);

    const zh = await api.get<OrderDetailResult>(admin, '/orders/order-done', 'zh-CN');
    expect(zh.result.actions[0]?.log).toContain('取消已完成订单');

    expect(detail.result.itemNames).toEqual([]);

    // An order that grants items names them from the game's catalogue; the currency needs no name.
    const monthly = await api.get<OrderDetailResult>(admin, '/orders/order-b');
    expect(monthly.result.order.goods).toEqual([expect.objectContaining({ kind: 'currency' }), expect.objectContaining({ kind: 'item', sourceId: '100105' })]);
    expect(monthly.result.itemNames).toEqual([{ itemType: 'prop', itemId: '100105', name: { en: 'Monthly card token', zh: '月卡凭证' } }]);

    const missing = await api.get(admin, '/orders/no-such-order');
    expect(missing).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'order does not exist' });
  });

  it("lists the game's products and checks role ids", async () => {
    const products = await api.get<Product[]>(admin, '/products');
    expect(products.result.find((p) => p.productId === MONTHLY)).toMatchObject({ price: 3000, currency: 'CNY', goodsId: 'G2001' });
    const known = await api.get<CheckPlayerResult>(admin, `/orders/check-player-id?roleId=${roles[0] ?? ''}`);
    expect(known.result).toMatchObject({ exists: true, roleId: roles[0] });
    const unknown = await api.get<CheckPlayerResult>(admin, '/orders/check-player-id?roleId=999999999');
    expect(unknown.result.exists).toBe(false);
  });

  it('checks a role id with the spec messages in both languages: none entered, a malformed one', async () => {
    const refused = async (query: string, lang?: string) => {
      const res = await api.get(admin, `/orders/check-player-id${query}`, lang);
      expect(res.code).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.details?.map((d) => d.path)).toEqual(['roleId']);
      return res.message;
    };
    expect(await refused('')).toBe('Please enter the role id.');
    expect(await refused('?roleId=')).toBe('Please enter the role id.');
    expect(await refused('', 'zh-CN')).toBe('请输入角色ID。');
    expect(await refused('?roleId=ab%20c')).toBe('Please enter the correct PlayerId.');
    expect(await refused('?roleId=ab%20c', 'zh-CN')).toBe('请输入正确的PlayerId。');
    expect(await refused('?roleId=a&roleId=b')).toBe('Please enter the correct PlayerId.');
    // A well-formed id the game does not know is an answer, not a refusal: the dialog says "roleId not exist".
    const unknown = await api.get<CheckPlayerResult>(admin, '/orders/check-player-id?roleId=no-such_role-1');
    expect(unknown).toMatchObject({ code: 0, result: { exists: false, roleId: 'no-such_role-1' } });
  });
});

describe('cancel a completed order', () => {
  it('takes the goods back once, audited, and a repeat with the same key changes nothing more', async () => {
    const roleId = roles[0] ?? '';
    const before = (await crystals(roleId)) ?? 0;
    const send = () => t.call(admin, { method: 'POST', url: '/api/gm/admin/orders/order-done/cancel', headers: { 'idempotency-key': 'cancel-key-0001' } });
    const first = (await send()).json<{ code: number; result: CancelOrderResult }>();
    expect(first.code).toBe(0);
    expect(first.result).toMatchObject({ orderId: 'order-done', roleId, before: { status: 'completed' }, after: { status: 'cancelled' } });
    expect(first.result.deducted).toEqual([expect.objectContaining({ kind: 'currency', quantity: 60 })]);
    expect(await crystals(roleId)).toBe(before - 60);

    const again = (await send()).json<{ code: number; result: CancelOrderResult }>();
    expect(again.code).toBe(0);
    expect(again.result.commandId).toBe(first.result.commandId);
    expect(await crystals(roleId)).toBe(before - 60);
    const entries = await auditEntries(t, 'orders.cancel');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ code: P.ORDER_CANCEL });
    expect(JSON.parse(entries[0]?.targets ?? '[]')).toContain('order-done');
  });

  it('refuses an incomplete or already cancelled order with the spec message, audited as failed', async () => {
    const open = await api.post(admin, '/orders/order-open/cancel');
    expect(open).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Cancel order error: only a completed order can be cancelled.' });
    await api.post(admin, '/orders/order-done/cancel');
    const twice = await api.post(admin, '/orders/order-done/cancel', undefined, 'zh-CN');
    expect(twice).toMatchObject({ code: ErrorCode.WRONG_STATE, message: '取消订单出错：只能取消已完成的订单。' });
    const failed = await db().selectFrom('audit_log').selectAll().where('action', '=', 'orders.cancel').where('outcome', '=', 'failed').execute();
    expect(failed).toHaveLength(2);
    expect(JSON.parse(failed[0]?.targets ?? '[]')).toEqual([expect.stringMatching(/^order-/)]);
    expect((await api.post(admin, '/orders/nothing/cancel')).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe("what the game logs for the console's order commands", () => {
  const linesOf = async (logKey: 'recharge' | 'currency' | 'item', orderField: string, orderId: string) =>
    (await t.app.ctx.logStore.page(logKey, { size: 50, conditions: [{ field: orderField, op: 'eq', value: orderId }] })).rows;
  const today = () => createTimeFormatter(t.app.ctx.config.displayTimeZone)(t.clock.now).slice(0, 10);

  it('a refund: a refunded recharge line and the currency taken back, once however often the cancel is sent', async () => {
    const roleId = roles[0] ?? '';
    const before = (await crystals(roleId)) ?? 0;
    const send = () => t.call(admin, { method: 'POST', url: '/api/gm/admin/orders/order-done/cancel', headers: { 'idempotency-key': 'cancel-logs-0001' } });
    expect((await send()).json<{ code: number }>().code).toBe(0);
    expect((await send()).json<{ code: number }>().code).toBe(0);

    const recharge = await linesOf('recharge', 'order_id', 'order-done');
    expect(recharge).toEqual([
      expect.objectContaining({ b_role_id: roleId, b_game_id: 'demo', b_event_name: 'recharge', status: 3, amount: 600, currency: 'CNY', product_id: CRYSTALS, gold_num: 60, is_first_recharge: false }),
    ]);
    const currency = await linesOf('currency', 'related_order', 'order-done');
    expect(currency).toEqual([
      expect.objectContaining({ b_role_id: roleId, act_type: 2, gold_id: 'paid_crystal', gold_type: 1, gold_num: 60, before_count: before, after_count: before - 60, reason: 'refund', subreason: CRYSTALS }),
    ]);
    // The refund is the game's record: the lines are the game's, at the time of the cancel.
    expect(recharge[0]?.b_timestamp).toBeGreaterThanOrEqual(t.clock.now - 1000);
  });

  it('a replenish: the confirmed payment counts in the recharge statistics, with its currency and item lines', async () => {
    const roleId = roles[0] ?? '';
    const range = `?start=${today()}&end=${today()}`;
    const empty = await api.get<RechargeByUserStats>(admin, `/statistics/recharge-by-user${range}`);
    expect(empty.result.rows.filter((r) => r.roleId === roleId)).toEqual([]);

    expect((await api.post(admin, '/orders/order-open/replenish', { roleId, productId: MONTHLY })).code).toBe(0);

    expect(await linesOf('recharge', 'order_id', 'order-open')).toEqual([expect.objectContaining({ b_role_id: roleId, status: 1, product_id: MONTHLY })]);
    expect(await linesOf('currency', 'related_order', 'order-open')).toEqual([expect.objectContaining({ act_type: 1, gold_id: 'paid_crystal', gold_num: 300, reason: 'recharge' })]);
    const items = (await linesOf('item', 'reason', 'recharge')).filter((l) => l.b_role_id === roleId);
    expect(items).toEqual([expect.objectContaining({ item_id: '100105', change_num: 1, reason: 'recharge', subreason: MONTHLY })]);

    const paid = await api.get<RechargeByUserStats>(admin, `/statistics/recharge-by-user${range}`);
    const order = await worldRepository.findOrder(db(), 'order-open');
    expect(paid.result.rows.filter((r) => r.roleId === roleId)).toEqual([expect.objectContaining({ revenue: order?.price, orders: 1 })]);
  });
});

describe('replenish an incomplete order', () => {
  it('grants the goods once and completes the order, audited', async () => {
    const roleId = roles[0] ?? '';
    const before = (await crystals(roleId)) ?? 0;
    const send = () =>
      t.call(admin, { method: 'POST', url: '/api/gm/admin/orders/order-open/replenish', payload: { roleId, productId: MONTHLY }, headers: { 'idempotency-key': 'replenish-key-01' } });
    const first = (await send()).json<{ code: number; result: ReplenishOrderResult }>();
    expect(first.code).toBe(0);
    expect(first.result).toMatchObject({ orderId: 'order-open', before: { status: 'incomplete' }, after: { status: 'completed' } });
    expect(await crystals(roleId)).toBe(before + 300);
    const again = (await send()).json<{ code: number }>();
    expect(again.code).toBe(0);
    expect(await crystals(roleId)).toBe(before + 300);
    expect((await worldRepository.findOrder(db(), 'order-open'))?.status).toBe('completed');
    const entries = await auditEntries(t, 'orders.replenish');
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.params ?? '{}')).toMatchObject({ roleId, productId: MONTHLY });

    // Now completed: a new replenish is refused.
    const later = await api.post(admin, '/orders/order-open/replenish', { roleId, productId: MONTHLY });
    expect(later).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Current order invalid: an incomplete order is needed.' });
  });

  it('refuses with the spec messages: no role id, a malformed one, no product, an unknown role, a completed order', async () => {
    const roleId = roles[0] ?? '';
    const field = async (body: unknown) => {
      const res = await api.post(admin, '/orders/order-open/replenish', body);
      expect(res.code).toBe(ErrorCode.INVALID_PARAMS);
      return res.details?.map((d) => d.message);
    };
    expect(await field({ productId: MONTHLY })).toContain('Please enter the role id.');
    expect(await field({ roleId: '', productId: MONTHLY })).toContain('Please enter the role id.');
    expect(await field({ roleId: 'a b;', productId: MONTHLY })).toContain('Please enter the correct PlayerId.');
    expect(await field({ roleId })).toContain('Please select one order product.');

    const unknown = await api.post(admin, '/orders/order-open/replenish', { roleId: '999999999', productId: MONTHLY });
    expect(unknown).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'roleId not exist' });
    const zh = await api.post(admin, '/orders/order-open/replenish', { roleId: '999999999', productId: MONTHLY }, 'zh-CN');
    expect(zh.message).toBe('角色ID不存在');
    const otherRole = await api.post(admin, '/orders/order-open/replenish', { roleId: roles[1] ?? '', productId: MONTHLY });
    expect(otherRole.code).toBe(ErrorCode.WRONG_STATE);
    const otherProduct = await api.post(admin, '/orders/order-open/replenish', { roleId, productId: CRYSTALS });
    expect(otherProduct.code).toBe(ErrorCode.WRONG_STATE);
    const done = await api.post(admin, '/orders/order-done/replenish', { roleId, productId: CRYSTALS });
    expect(done).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Current order invalid: an incomplete order is needed.' });
    expect((await worldRepository.findOrder(db(), 'order-open'))?.status).toBe('incomplete');
    expect(await auditEntries(t, 'orders.replenish')).toHaveLength(0);
  });
});

describe('permissions', () => {
  it('refuses each route to an operator without its code', async () => {
    const reader = await operatorWith(t, admin, [P.GROUP_ORDERS, P.ORDER_LIST]);
    expect((await api.get(reader, '/orders')).code).toBe(0);
    expect((await api.get(reader, '/products')).code).toBe(0);
    expect((await api.post(reader, '/orders/order-done/cancel')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(reader, '/orders/order-open/replenish', { roleId: roles[0], productId: MONTHLY })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(reader, `/orders/check-player-id?roleId=${roles[0] ?? ''}`)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await worldRepository.findOrder(db(), 'order-done'))?.status).toBe('completed');

    const nobody = await operatorWith(t, admin, [P.GROUP_PLAYERS, P.PLAYER_LIST]);
    expect((await api.get(nobody, '/orders')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(nobody, '/orders/order-done')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(nobody, '/products')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

function rechargeEvent(orderId: string, roleId: string) {
  return {
    b_log_id: `rch-${orderId}`,
    b_device_id: 'device-1',
    b_uid: 'u-1',
    b_account_id: 'a-1',
    b_is_guest: false,
    b_role_id: roleId,
    b_timestamp: t.clock.now - 5000,
    b_datetime: '',
    b_game_id: 'demo',
    b_platform: 'ios',
    b_zone_id: 1001,
    b_channel_id: 'appstore',
    b_version: '1.0',
    b_event_name: 'recharge',
    b_level: 10,
    order_id: orderId,
    platform_order_id: `P-${orderId}`,
    product_id: CRYSTALS,
    goods_id: 'G1001',
    product_name: '60 晶钻 Crystals',
    amount: 600,
    currency: 'CNY',
    pay_channel: 'appstore',
    status: 1,
    gold_num: 60,
    is_first_recharge: true,
    is_sandbox: false,
  };
}

describe('the order cache (payment callbacks the game has not confirmed)', () => {
  const receive = async (callback: Omit<IncomingCallback, 'platformOrderId' | 'channel' | 'currency' | 'receipt'> & { currency?: string }, reachable: boolean) =>
    db()
      .transaction()
      .execute((trx) => worldCallbacks.receive(trx, { platformOrderId: `P-${callback.callbackId}`, channel: 'alipay', currency: 'CNY', receipt: 'R', ...callback }, t.clock.now, reachable));

  beforeEach(async () => {
    const open = await worldRepository.findOrder(db(), 'order-open');
    // The game was down when the payment side called back for the open order.
    expect(await receive({ callbackId: 'cb-down', orderId: 'order-open', amount: Number(open?.price) }, false)).toBe('pending');
    t.clock.now += 1000;
    // A callback that arrived before the game had its order, and one for the wrong amount.
    expect(await receive({ callbackId: 'cb-early', orderId: 'order-later', amount: 600 }, true)).toBe('pending');
    t.clock.now += 1000;
    expect(await receive({ callbackId: 'cb-wrong', orderId: 'order-open', amount: 1 }, true)).toBe('pending');
    // A duplicate of a completed order is confirmed on arrival and grants nothing.
    expect(await receive({ callbackId: 'cb-dup', orderId: 'order-done', amount: 600 }, true)).toBe('confirmed');
  });

  it('lists the callbacks with every attempt, filtered by status, order and role', async () => {
    const page = await api.get<CappedPage<PaymentCallback>>(admin, '/order-callbacks?status=pending');
    expect(page.code).toBe(0);
    expect(page.result.results.map((c) => c.callbackId)).toEqual(['cb-wrong', 'cb-early', 'cb-down']);
    expect(page.result.results[2]).toMatchObject({ orderId: 'order-open', roleId: roles[0], status: 'pending', attempts: [{ outcome: 'refused', reason: 'gameUnavailable', by: 'game' }] });
    expect(page.result.results[1]).toMatchObject({ roleId: null, attempts: [{ reason: 'orderNotFound' }] });
    expect(page.result.results[0]?.attempts).toEqual([expect.objectContaining({ reason: 'amountMismatch' })]);
    const ids = async (query: string) => (await api.get<CappedPage<PaymentCallback>>(admin, `/order-callbacks?${query}`)).result.results.map((c) => c.callbackId);
    expect(await ids('status=confirmed')).toEqual(['cb-dup']);
    expect(await ids('orderId=order-open')).toEqual(['cb-wrong', 'cb-down']);
    expect(await ids(`roleId=${roles[0] ?? ''}&status=pending`)).toEqual(['cb-wrong', 'cb-down']);
    expect((await api.get(admin, '/order-callbacks?status=lost')).code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('retries: the open order is completed and its goods granted once; a refused try is recorded, not an error', async () => {
    const before = await crystals(roles[0] ?? '');
    const done = await api.post<RetryCallbackResult>(admin, '/order-callbacks/cb-down/retry');
    expect(done.code).toBe(0);
    expect(done.result).toMatchObject({ before: { status: 'pending' }, after: { status: 'confirmed' }, attempt: { outcome: 'ok', by: 'admin' } });
    expect((await worldRepository.findOrder(db(), 'order-open'))?.status).toBe('completed');
    const granted = (await crystals(roles[0] ?? '')) ?? 0;
    expect(granted).toBeGreaterThan(before ?? 0);

    const again = await api.post<RetryCallbackResult>(admin, '/order-callbacks/cb-down/retry');
    expect(again.result).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'confirmed' }, granted: [] });
    expect(await crystals(roles[0] ?? '')).toBe(granted);
    // The game logs the payment it confirmed, once: the recharge statistics and the order's trail see it.
    const paid = await t.app.ctx.logStore.page('recharge', { size: 10, conditions: [{ field: 'order_id', op: 'eq', value: 'order-open' }] });
    expect(paid.rows).toEqual([expect.objectContaining({ status: 1, b_role_id: roles[0] })]);

    const early = await api.post<RetryCallbackResult>(admin, '/order-callbacks/cb-early/retry');
    expect(early.result).toMatchObject({ after: { status: 'pending' }, attempt: { outcome: 'refused', reason: 'orderNotFound', by: 'admin' } });
    const list = await api.get<CappedPage<PaymentCallback>>(admin, '/order-callbacks?orderId=order-later');
    expect(list.result.results[0]?.attempts.map((a) => a.by)).toEqual(['game', 'admin']);
    expect((await auditEntries(t, 'orders.callbackRetry')).length).toBe(3);

    const ghost = await api.post(admin, '/order-callbacks/cb-none/retry');
    expect(ghost).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: the game has no such payment callback' });
    const reader = await operatorWith(t, admin, [P.ORDER_CACHE]);
    expect((await api.get(reader, '/order-callbacks')).code).toBe(0);
    expect((await api.post(reader, '/order-callbacks/cb-wrong/retry')).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('a replenish by hand confirms the order\'s waiting callback of its amount, by the operator; another amount stays pending', async () => {
    const replenishedAt = t.clock.now;
    expect((await api.post(admin, '/orders/order-open/replenish', { roleId: roles[0], productId: MONTHLY })).code).toBe(0);
    const page = await api.get<CappedPage<PaymentCallback>>(admin, '/order-callbacks?orderId=order-open');
    const [wrong, down] = page.result.results;
    expect(down).toMatchObject({ callbackId: 'cb-down', status: 'confirmed', confirmedAt: replenishedAt });
    expect(down?.attempts).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: 'gameUnavailable', by: 'game' }),
      { at: replenishedAt, outcome: 'ok', reason: null, by: 'admin' },
    ]);
    expect(wrong).toMatchObject({ callbackId: 'cb-wrong', status: 'pending' });
    expect(wrong?.attempts).toHaveLength(1);
    // Nothing left to retry on the confirmed one: it answers as it is and grants nothing.
    const retry = await api.post<RetryCallbackResult>(admin, '/order-callbacks/cb-down/retry');
    expect(retry.result).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'confirmed' }, granted: [] });
  });
});
