/**
 * The game configuration documents with the console pointed at the reference game server over
 * the signed protocol: the game's own database holds what is live, and the console reads it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameConfigSaveResult, GameConfigState } from '@gm/contract/game-config.contract.ts';
import type { Database } from '../../db/database.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

let gameDatabase: Database;
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('game-config', { players: 5 });
  ({ t, admin, gameDatabase, inGame } = h);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
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
