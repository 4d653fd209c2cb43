/**
 * The game configuration documents with the console pointed at the reference game server over
 * the signed protocol: the game's own database holds what is live, and the console reads it back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameConfigSaveResult, GameConfigState } from '@gm/contract/game-config.contract.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { createHttpGateway } from '../../game/gateway/http-gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { GAME_SERVER_START_TIMEOUT_MS, gameServerProcesses, type GameServerProcess, type GameServerProcesses } from '../../testing/game-server-process.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const KEY = 'game-config-over-http-key-0123456';

let dir: string;
let servers: GameServerProcesses;
let game: GameServerProcess;
let gameDatabase: Database;
let inGame: EmbeddedGateway;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gm-game-config-over-http-'));
  servers = gameServerProcesses({ dir, key: KEY, players: 5 });
  game = await servers.start('game-config');
  gameDatabase = openDatabase(game.databaseUrl);
  inGame = createEmbeddedGateway(gameDatabase.db);
  t = await createTestApp({ gateway: createHttpGateway({ url: game.url, gameId: 'demo', key: KEY, timeoutMs: 3000, attempts: 2, backoffMs: 20 }) });
  admin = await t.signIn('admin');
}, GAME_SERVER_START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await t?.close();
  await gameDatabase?.close();
  await servers?.stopAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('game configuration over the http gateway', () => {
  it('pushes each saved version to the game, which runs it, and reads it back', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const [region] = await gameDatabase.db.selectFrom('game_regions').select('id').orderBy('id').limit(1).execute();
    const lock = { locks: [{ function: 'union', scope: 'regions', areaIds: [region?.id ?? ''], reasonEn: 'Union wars are being fixed.', reasonZh: '公会战修复中。' }] };
    const saved = await api.put<GameConfigSaveResult>(admin, '/game-config/functionLock', { value: lock, baseVersion: null });
    expect(saved.result).toMatchObject({ created: true, inSync: true, live: { version: 1, value: lock } });
    expect((await inGame.gameConfig({ key: 'functionLock' })).config).toMatchObject({ version: 1, value: lock });

    // Rewards are checked against the game's own catalogue, read over the wire.
    const unknown = await api.put(admin, '/game-config/share', { value: { title: 'Hi', text: 'Play', imageUrl: 'https://cdn.example.com/a.png', reward: { itemType: 'prop', itemId: 'ghost', number: 1 }, dailyLimit: 2 } });
    expect(unknown.message).toBe('Unknown item prop ghost: choose it from the item catalogue.');
    await api.put(admin, '/game-config/share', { value: { title: 'Hi', text: 'Play', imageUrl: 'https://cdn.example.com/a.png', reward: { itemType: 'prop', itemId: '100101', number: 1 }, dailyLimit: 2 } });
    expect((await inGame.gameConfig({ key: 'share' })).config?.version).toBe(1);

    await api.put(admin, '/game-config/functionLock', { value: { locks: [] }, baseVersion: 1 });
    const state = await api.get<GameConfigState>(admin, '/game-config/functionLock');
    expect(state.result).toMatchObject({ saved: { version: 2 }, live: { version: 2, value: { locks: [] } }, inSync: true, gameUnavailable: false });
    expect((await inGame.gameConfig({ key: 'functionLock' })).config?.version).toBe(2);
  });
});
