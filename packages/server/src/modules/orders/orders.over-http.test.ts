/**
 * The order screens with the console pointed at the reference game server over the signed
 * protocol: the game's orders are listed, cancelled and replenished by the game itself (its own
 * SQLite file, written here through the game's own world as its players would).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelOrderResult, Order, OrderDetailResult, Product, ReplenishOrderResult } from '@gm/contract/orders.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { ApproveRebateResult, ProposeRebatesResult, RebateAccount } from '@gm/contract/cbt-rebate.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { Database } from '../../db/database.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor, operatorWith } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

let gameDatabase: Database;
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;
let roleId: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('orders', { players: 10 });
  ({ t, admin, gameDatabase, inGame } = h);
  const [first] = await gameDatabase.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(1).execute();
  roleId = first?.role_id ?? '';
  await inGame.world.placeOrder(roleId, 'com.mecha.cn.crystal60', { paid: true, orderId: 'http-done' });
  await inGame.world.placeOrder(roleId, 'com.mecha.cn.monthly', { paid: false, orderId: 'http-open' });
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

describe('the order screens over the http gateway', () => {
  it('lists, shows, cancels and replenishes the game’s own orders', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const list = await api.get<CappedPage<Order>>(admin, '/orders?status=completed');
    expect(list.result).toEqual(await inGame.listOrders({ status: 'completed' }));
    expect(list.result.results.map((o) => o.orderId)).toContain('http-done');
    const products = await api.get<Product[]>(admin, '/products');
    expect(products.result).toEqual((await inGame.listProducts({})).products);
    const detail = await api.get<OrderDetailResult>(admin, '/orders/http-open');
    expect(detail.result.order).toEqual((await inGame.orderDetail({ orderId: 'http-open' })).order);

    const cancelled = await api.post<CancelOrderResult>(admin, '/orders/http-done/cancel');
    expect(cancelled.result.after.status).toBe('cancelled');
    const replenished = await api.post<ReplenishOrderResult>(admin, '/orders/http-open/replenish', { roleId, productId: 'com.mecha.cn.monthly' });
    expect(replenished.result.after.status).toBe('completed');
    expect((await worldRepository.findOrder(gameDatabase.db, 'http-done'))?.status).toBe('cancelled');
    expect((await worldRepository.findOrder(gameDatabase.db, 'http-open'))?.status).toBe('completed');
  });

  it('reads the beta-test recharges and hands an approved rebate to the game, which grants it to the next role', async () => {
    const api = apiFor(t, '/api/gm/admin');
    await inGame.world.placeOrder(roleId, 'com.mecha.cn.crystal60', { paid: true, orderId: 'http-beta' });
    const userId = (await worldRepository.findPlayer(gameDatabase.db, roleId))?.user_id ?? '';
    expect((await api.put(admin, '/cbt-rebate/settings', { betaStart: 0, betaEnd: Date.now() + 1, percent: 100, unitsPerMajor: 10 })).code).toBe(0);
    // The beta's completed orders: the replenished monthly card (30.00) and the crystals (6.00); the cancelled one does not count.
    const accounts = await api.get<CappedPage<RebateAccount>>(admin, `/cbt-rebate/accounts?userId=${userId}`);
    expect(accounts.result.results).toEqual([expect.objectContaining({ userId, orders: 2, paid: 3000 + 600, rebate: 360 })]);

    const proposer = await operatorWith(t, admin, [P.CBT_REBATE, P.CBT_REBATE_AUDIT]);
    const proposed = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userId] });
    const approved = await api.post<ApproveRebateResult>(admin, `/cbt-rebate/rebates/${proposed.result.proposed[0]?.id ?? ''}/approve`);
    expect(approved.result.rebate).toMatchObject({ inGame: true, deliveredTo: null });
    const areaId = (await worldRepository.findPlayer(gameDatabase.db, roleId))?.area_id ?? '';
    const role = await t.app.ctx.gateway.createPlayer({ commandId: 'http-launch-role', areaId, roleName: 'Launch', userId });
    expect((await worldRepository.findPlayer(gameDatabase.db, role.roleId))?.recharge_currency).toBe(360);
  });
});
