/**
 * Database management with the console pointed at the reference game server over the signed
 * protocol: a published version (and a rollback) lands in the game's own database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigPublishResult, ConfigRowsPage, ConfigUploadResult } from '@gm/contract/config-tables.contract.ts';
import type { Database } from '../../db/database.ts';
import { liveTable } from '../../game/world/world-config-tables.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor, type Envelope } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { multipart } from '../announcements/announcements.fixtures.ts';

let gameDatabase: Database;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('config-tables', { players: 5, timeoutMs: 5000 });
  ({ t, admin, gameDatabase } = h);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

describe('config tables over the http gateway', () => {
  it('publishes a version to the game\'s own database and rolls it back', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const maps = (await api.get<ConfigRowsPage>(admin, '/config-tables/maps/rows?size=100')).result.results;
    const next = [...maps, { mapId: 'E07', kind: 'explore', unlockOrder: 7 }];
    const body = multipart([{ filename: 'maps.json', content: Buffer.from(JSON.stringify(next)) }]);
    const uploaded = (await t.call(admin, { method: 'POST', url: '/api/gm/admin/config-tables/maps/versions', payload: body.payload, headers: body.headers })).json<Envelope<ConfigUploadResult>>();
    expect(uploaded.result.diff).toMatchObject({ added: 1, removed: 0, changed: 0 });

    const published = await api.post<ConfigPublishResult>(admin, '/config-tables/maps/versions/2/publish');
    expect(published.code).toBe(0);
    const live = await liveTable(gameDatabase.db, 'maps');
    expect(live).toMatchObject({ version: 2, rowCount: 21 });
    expect(live?.rows).toContainEqual({ mapId: 'E07', kind: 'explore', unlockOrder: 7 });

    const back = await api.post<ConfigPublishResult>(admin, '/config-tables/maps/versions/1/publish');
    expect(back.result.record).toMatchObject({ kind: 'rollback', version: 1, fromVersion: 2 });
    expect(await liveTable(gameDatabase.db, 'maps')).toMatchObject({ version: 1, rowCount: 20 });
  });
});
