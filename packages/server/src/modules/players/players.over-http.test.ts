/**
 * The player screens with the console pointed at the reference game server over the signed
 * protocol: the game runs as a separate process with its own SQLite file, the console's own
 * database holds no world at all, and every screen shows what the game has. What the game has is
 * read from its file in this process (SQLite in WAL mode allows it) with the reads the embedded
 * adapter answers, which are the ones the game server answers with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { BagResult, CappedPage, CheckPlayerResult, ExplorePositions, GameAccount, Player, PlayerDetail, PlayerMaps, PlayerReport, ClaimPage } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import type { TestApp } from '../../testing/test-app.ts';

const PLAYERS = 40;
const API = '/api/gm/admin';

/** The game's world, as the game answers reads from it. */
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('players', { players: PLAYERS });
  ({ t, admin, inGame } = h);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}
const get = async <T>(url: string) => (await t.call(admin, { method: 'GET', url: `${API}${url}`, headers: { 'accept-language': 'en' } })).json<Envelope<T>>();
const post = async <T>(url: string, payload: object) =>
  (await t.call(admin, { method: 'POST', url: `${API}${url}`, payload, headers: { 'accept-language': 'en' } })).json<Envelope<T>>();

describe('the player screens over the http gateway', () => {
  it('show the game server’s players, detail, bag, maps, accounts, reports and claims, none of which the console keeps', async () => {
    expect(await worldRepository.countPlayers(t.app.ctx.db)).toBe(0);

    const list = await get<CappedPage<Player>>('/players?size=50');
    expect(list.code).toBe(0);
    expect(list.result.total).toBe(PLAYERS);
    expect(list.result).toEqual(await inGame.listPlayers({ size: 50 }));

    const roleId = list.result.results.find((p) => !p.banned)?.roleId ?? '';
    const detail = await get<PlayerDetail>(`/player/${roleId}`);
    expect(detail.result).toEqual((await inGame.playerDetail({ roleId })).player);

    const bag = await get<BagResult>(`/player-baggage-list?roleId=${roleId}`);
    expect(bag.result.items.length).toBeGreaterThan(0);
    expect(bag.result).toEqual((await inGame.playerBag({ roleId })).bag);

    const maps = await get<PlayerMaps>(`/player-details?roleId=${roleId}`);
    expect(maps.result).toEqual((await inGame.playerMaps({ roleId })).maps);

    const explore = await get<ExplorePositions>(`/explore/positions?roleId=${roleId}`);
    expect(explore.result).toMatchObject({ roleId, roleName: detail.result.roleName, areaId: detail.result.areaId, maps: maps.result.maps.explore });

    const check = await get<CheckPlayerResult>(`/check-player-id?roleId=${roleId}`);
    expect(check.result).toMatchObject({ exists: true, roleName: detail.result.roleName });
    expect((await get<CheckPlayerResult>('/check-player-id?roleId=999999999')).result.exists).toBe(false);
    expect((await get('/player/999999999')).code).toBe(ErrorCode.NOT_FOUND);

    // The admin may see personal data, so the accounts are the game's, field for field.
    const accounts = await get<CappedPage<GameAccount>>('/accounts?size=50');
    const accountsInGame = await inGame.listAccounts({ size: 50 });
    expect(accounts.result.total).toBe(accountsInGame.total);
    expect(accounts.result.results).toEqual(accountsInGame.results.map((a) => ({ ...a, personalHidden: false })));

    const reports = await get<CappedPage<PlayerReport>>('/report/list?size=50');
    expect(reports.result.total).toBeGreaterThan(0);
    expect(reports.result).toEqual(await inGame.listReports({ size: 50 }));

    const claims = await get<ClaimPage>('/exchange/claims?size=50');
    expect(claims.result.total).toBeGreaterThan(0);
    const { itemNames, ...page } = claims.result;
    expect(page).toEqual(await inGame.listRedeemClaims({ size: 50 }));
    // The rewards' items named from the game server's own catalogue.
    expect(itemNames.length).toBeGreaterThan(0);
    expect(itemNames).toEqual(expect.arrayContaining([{ itemType: 'prop', itemId: '100101', name: { en: 'Energy potion', zh: '体力药剂' } }]));
  });

  it('shows a ban made through the console as banned in the lists read back from the game', async () => {
    const before = await get<CappedPage<Player>>('/players?banned=false&size=5');
    const roleId = before.result.results[0]?.roleId ?? '';
    expect((await get<CappedPage<Player>>(`/player-forbid-list?kind=ban&roleId=${roleId}`)).result.total).toBe(0);

    const banned = await post<{ count: number }>('/report/banned', { roleIds: [roleId], duration: 3600, reason: 'banned over http' });
    expect(banned).toMatchObject({ code: 0, result: { count: 1 } });

    const after = await get<CappedPage<Player>>(`/players?roleId=${roleId}`);
    expect(after.result.results[0]).toMatchObject({ roleId, banned: true, banReason: 'banned over http' });
    const forbid = await get<CappedPage<Player>>(`/player-forbid-list?kind=ban&roleId=${roleId}`);
    expect(forbid.result.results.map((p) => p.roleId)).toEqual([roleId]);
    const bannedList = await get<CappedPage<Player>>('/players?banned=true&size=50');
    expect(bannedList.result.results.map((p) => p.roleId)).toContain(roleId);
    expect((await inGame.playerDetail({ roleId })).player?.banned).toBe(true);
  });

  it('says the game is unavailable (10007) when a read finds the game server down', async () => {
    await h.game.stop();
    for (const url of ['/players', '/player/100000001', '/report/list']) {
      const res = await get(url);
      expect(res.code, url).toBe(ErrorCode.GATEWAY_UNAVAILABLE);
      // A pooled connection cut by the shutdown may count as "sent": unavailable or no answer.
      expect(res.message, url).toMatch(/^The game server (is unavailable|did not answer in time)/);
    }
  });
});
