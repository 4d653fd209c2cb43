import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CancelOrderResult, Order, OrderDetailResult, Product, ReplenishOrderResult } from '@gm/contract/orders.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage, CheckPlayerResult } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

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
    expect(detail.result.rechargeLogs).toEqual([expect.objectContaining({ order_id: 'order-done', amount: 600 })]);
    expect(detail.result.actions).toEqual([expect.objectContaining({ action: 'orders.cancel', accountName: 'admin', outcome: 'ok' })]);

    const zh = await api.get<OrderDetailResult>(admin, '/orders/order-done', 'zh-CN');
    expect(zh.result.actions[0]?.log).toContain('取消已完成订单');

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
