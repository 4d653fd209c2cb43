import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { buildGameServer, type GameServer } from '../../game/game-server/game-server.ts';
import { createHttpGateway } from '../../game/gateway/http-gateway.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The console pointed at the reference game server over the signed HTTP protocol: the regions
 * screen reads and changes the game's state there, shows its refusals in the operator's
 * language, and says the game is unavailable when it is down.
 */
const KEY = 'console-over-http-key-0123456789';
let game: GameServer;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  game = await buildGameServer({ databaseUrl: 'sqlite::memory:', gameId: 'demo', key: KEY, players: 40 });
  const address = await game.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({ gateway: createHttpGateway({ url: address, gameId: 'demo', key: KEY, timeoutMs: 2000, attempts: 2, backoffMs: 50 }) });
  admin = await t.signIn('admin');
}, 60_000);
afterAll(async () => {
  await t.close();
  await game.close();
});

type Envelope<T> = { code: number; message: string; result: T };
const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
  (await t.call(admin, { method, url: `/api/gm/admin${url}`, ...(payload ? { payload } : {}), headers: { 'accept-language': lang } })).json<Envelope<T>>();

describe('the console over the http gateway', () => {
  it('lists and changes the regions of the game server, and shows its refusals', async () => {
    const list = await call<{ total: number; results: { id: string }[] }>('GET', '/areas?size=50');
    expect(list.result.total).toBe(6);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<Envelope<{ gateway: { ok: boolean; kind: string } }>>();
    expect(health.result.gateway).toMatchObject({ ok: true, kind: 'http' });

    const closed = await call<{ regions: { id: string; status: string }[] }>('POST', '/areas/actions/close', { ids: ['1005'] });
    expect(closed.result.regions[0]).toMatchObject({ id: '1005', status: 'close' });
    const inGame = await game.game.gateway.listRegions();
    expect(inGame.find((r) => r.id === '1005')?.status).toBe('close');

    const refused = await call('POST', '/areas/1003/merge', { intoId: '1002' }, 'zh-CN');
    expect(refused).toMatchObject({ code: ErrorCode.GAME_ERROR, message: '游戏拒绝了该指令：区服未处于维护状态，无法合服。' });
  });

  it('says the game is unavailable when the game server is down, and changes nothing', async () => {
    await game.close();
    const res = await call('POST', '/areas/actions/open', { ids: ['1005'] });
    expect(res.code).toBe(ErrorCode.GATEWAY_UNAVAILABLE);
    // A pooled connection cut by the shutdown may count as "sent": unavailable or no answer.
    expect(res.message).toMatch(/^The game server (is unavailable|did not answer in time)/);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<Envelope<{ gateway: { ok: boolean } }>>();
    expect(health.result.gateway.ok).toBe(false);
    const failed = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'areas.open').execute();
    expect(failed).toMatchObject([{ outcome: 'failed', error_code: ErrorCode.GATEWAY_UNAVAILABLE }]);
  });
});
