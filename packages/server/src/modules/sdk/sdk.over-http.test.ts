/**
 * The SDK's accounts, orders and callback-wait cache with the console pointed at the reference
 * game server over the signed protocol: everything is the game's own (its SQLite file), read and
 * retried through the gateway; the console keeps only its projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { SdkAccount, SdkOrder } from '@gm/contract/sdk.contract.ts';
import type { Database } from '../../db/database.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldCallbacks from '../../game/world/world-callbacks.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

let gameDatabase: Database;
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('sdk', { players: 6 });
  ({ t, admin, gameDatabase, inGame } = h);
  const [first] = await gameDatabase.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(1).execute();
  await inGame.world.placeOrder(first?.role_id ?? '', 'com.mecha.cn.monthly', { paid: false, orderId: 'sdk-http-open' });
  const open = await worldRepository.findOrder(gameDatabase.db, 'sdk-http-open');
  await gameDatabase.db
    .transaction()
    .execute((trx) => worldCallbacks.receive(trx, { callbackId: 'cb-sdk-http', orderId: 'sdk-http-open', platformOrderId: 'P-sdk-http', channel: 'wechat', currency: 'CNY', receipt: 'R', amount: Number(open?.price) }, Date.now(), false));
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

describe('the SDK screens over the http gateway', () => {
  it('maps the game’s own accounts and orders, and retries a waiting callback in the game', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const accounts = await api.get<CappedPage<SdkAccount>>(admin, '/sdk/accounts?size=50');
    expect(accounts.code, accounts.message).toBe(0);
    const inGameAccounts = await inGame.listAccounts({ page: 0, size: 50 });
    expect(accounts.result.results.map((a) => a.userId)).toEqual(inGameAccounts.results.map((a) => a.userId));

    const orders = await api.get<CappedPage<SdkOrder>>(admin, '/sdk/orders?orderId=sdk-http-open');
    expect(orders.result.results).toEqual([expect.objectContaining({ orderId: 'sdk-http-open', state: 'awaitingCallback', channel: 'wechat', callbackStatus: 'pending' })]);

    const waiting = await api.get<CappedPage<PaymentCallback>>(admin, '/sdk/callbacks?status=pending');
    expect(waiting.result.results.map((c) => c.callbackId)).toContain('cb-sdk-http');
    const retried = await api.post<RetryCallbackResult>(admin, '/sdk/callbacks/cb-sdk-http/retry');
    expect(retried.code, retried.message).toBe(0);
    expect(retried.result.attempt.outcome).toBe('ok');
    expect((await worldRepository.findOrder(gameDatabase.db, 'sdk-http-open'))?.status).toBe('completed');
    const after = await api.get<CappedPage<SdkOrder>>(admin, '/sdk/orders?orderId=sdk-http-open');
    expect(after.result.results[0]).toMatchObject({ state: 'delivered', callbackStatus: 'confirmed' });
  });
});
