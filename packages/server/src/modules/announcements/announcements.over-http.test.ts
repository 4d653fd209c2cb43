/**
 * Announcements with the console pointed at the reference game server over the signed protocol:
 * a published announcement is on the game's own board (its own database) with every field the
 * game shows, a sorted board keeps its order there, and a deleted one leaves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, UploadResult } from '@gm/contract/announcements.contract.ts';
import type { GameAnnouncement } from '@gm/contract/game-commands.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor, type Envelope } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { multipart, pngOf, siteBody } from './announcements.fixtures.ts';

let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  h = await startConsoleOverHttp('announcements', { players: 5, app: { config: { publicUrl: 'https://gm.example.com/' } } });
  ({ t, admin, inGame } = h);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
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
