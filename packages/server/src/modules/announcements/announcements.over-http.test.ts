/**
 * Announcements with the console pointed at the reference game server over the signed protocol:
 * a published announcement is on the game's own board (its own database) with every field the
 * game shows, a sorted board keeps its order there, and a deleted one leaves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, UploadResult } from '@gm/contract/announcements.contract.ts';
import type { GameAnnouncement } from '@gm/contract/game-commands.contract.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { createHttpGateway } from '../../game/gateway/http-gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { GAME_SERVER_START_TIMEOUT_MS, gameServerProcesses, type GameServerProcess, type GameServerProcesses } from '../../testing/game-server-process.ts';
import { apiFor, type Envelope } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { multipart, pngOf, siteBody } from './announcements.fixtures.ts';

const KEY = 'announcements-over-http-key-012345';

let dir: string;
let servers: GameServerProcesses;
let game: GameServerProcess;
let gameDatabase: Database;
let inGame: EmbeddedGateway;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gm-announcements-over-http-'));
  servers = gameServerProcesses({ dir, key: KEY, players: 5 });
  game = await servers.start('announcements');
  gameDatabase = openDatabase(game.databaseUrl);
  inGame = createEmbeddedGateway(gameDatabase.db);
  t = await createTestApp({
    gateway: createHttpGateway({ url: game.url, gameId: 'demo', key: KEY, timeoutMs: 3000, attempts: 2, backoffMs: 20 }),
    config: { publicUrl: 'https://gm.example.com/' },
  });
  admin = await t.signIn('admin');
}, GAME_SERVER_START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await t?.close();
  await gameDatabase?.close();
  await servers?.stopAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('announcements over the http gateway', () => {
  it('publishes to the reference game server, which shows every field; sort and delete follow', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const form = multipart([{ filename: 'banner.jpg', content: pngOf(8, 4, 5) }]);
    const uploaded = (await t.call(admin, { method: 'POST', url: '/api/gm/admin/uploads', payload: form.payload, headers: form.headers })).json<Envelope<UploadResult>>();
    const image = uploaded.result.url;
    const a = (await api.post<Announcement>(admin, '/announcements', siteBody(image, t.clock.now, { title: 'Over http A', areaId: '1001' }))).result;
    const b = (await api.post<Announcement>(admin, '/announcements', siteBody(image, t.clock.now, { title: 'Over http B', tab: 4, tabTitle: 'News', jumpType: 0, jumpTarget: 'shop.monthly', popupType: 'oncePerValidity' }))).result;
    expect((await api.post(admin, `/announcements/${a.id}/publish`)).message).toBe('Announcement refresh success');
    expect((await api.post(admin, `/announcements/${b.id}/publish`)).message).toBe('Announcement refresh success');

    // The game's own board, read from its own database and through the console's read.
    const own = (await inGame.listAnnouncements({})).announcements;
    expect(own.map((x) => x.title)).toEqual(['Over http A', 'Over http B']);
    expect(own[0]).toMatchObject({ announcementId: a.id, type: 'inSite', areaIds: ['1001'], tab: 2, tabTitle: 'Event', image: `https://gm.example.com${image}`, hotType: 1, jumpType: 1, jumpTarget: 'https://example.com/event' });
    expect(own[1]).toMatchObject({ tab: 4, tabTitle: 'News', jumpType: 0, jumpTarget: 'shop.monthly', popupType: 'oncePerValidity', areaIds: [] });
    const read = await api.get<GameAnnouncement[]>(admin, '/announcements/game-board');
    expect(read.result).toEqual(own);
    expect((await api.get<GameAnnouncement[]>(admin, '/announcements/game-board?areaId=1002')).result.map((x) => x.title)).toEqual(['Over http B']);

    const redirects = await api.get<{ jumpTargets: { jumpId: string }[] }>(admin, '/announcements/redirects');
    expect(redirects.result.jumpTargets.map((x) => x.jumpId)).toContain('shop.monthly');

    await api.post(admin, '/announcements/sort', { ids: [b.id, a.id] });
    expect((await inGame.listAnnouncements({})).announcements.map((x) => x.title)).toEqual(['Over http B', 'Over http A']);
    await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/announcements/${a.id}` });
    expect((await inGame.listAnnouncements({})).announcements.map((x) => x.title)).toEqual(['Over http B']);
  });
});
