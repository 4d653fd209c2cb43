/**
 * Mail with the console pointed at the reference game server over the signed protocol: the
 * catalogue is the game's, a mail sent from the console lands in the game's own mailboxes (its
 * own SQLite file, read here through the game's world as its players would), collected state
 * comes back from the game, and a withdrawal takes the uncollected copies out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochToMailWallTime, type ItemCatalogue, type MailDetail, type MailDetailResult, type MailSendResult, type MailWithdrawResult } from '@gm/contract/mails.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { Database } from '../../db/database.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

const TZ = 'UTC+08:00';

let gameDatabase: Database;
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;
let roles: string[];

beforeAll(async () => {
  h = await startConsoleOverHttp('mails', { players: 10 });
  ({ t, admin, gameDatabase, inGame } = h);
  roles = (await gameDatabase.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(3).execute()).map((r) => r.role_id);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

describe('mail over the http gateway', () => {
  it('sends a mail through the reference game server and reads it back from the game’s mailboxes', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const catalogue = await api.get<ItemCatalogue>(admin, '/items');
    expect(catalogue.result).toEqual(await inGame.listItems({}));

    const now = Date.now();
    const created = await api.post<MailDetail>(admin, '/mails', {
      type: 'private',
      title: '停服补偿 Downtime compensation',
      content: 'Sorry for the downtime.',
      roleIds: roles,
      startTime: epochToMailWallTime(now - 60_000, TZ),
      endTime: epochToMailWallTime(now + 86_400_000, TZ),
      timeZone: TZ,
      items: [
        { itemType: 'materials', itemId: '400104', number: 1 },
        { itemType: 'currency', itemId: 'recharge', number: 60, sourceType: 'compensation' },
      ],
    });
    expect(created.code, created.message).toBe(0);
    const unknown = await api.post(admin, '/mails', { ...created.result, roleIds: ['no-such-role'], items: [] });
    expect(unknown).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'player does not exist: no-such-role' });

    const sent = await api.post<MailSendResult>(admin, `/mails/${created.result.id}/send`, { confirmed: true });
    expect(sent.result.mail).toMatchObject({ status: 'sent', progress: { delivered: 3 } });
    expect(sent.result.preview.items.map((i) => i.total)).toEqual([3, 180]);

    const box = await inGame.world.mailbox(roles[0] ?? '');
    expect(box).toEqual([expect.objectContaining({ mailId: created.result.id, title: '停服补偿 Downtime compensation', sender: 'System', collected: false })]);
    expect(box[0]?.items).toEqual([
      { kind: 'item', itemType: 'materials', sourceId: '400104', quantity: 1, rarity: 5 },
      { kind: 'currency', currency: 'recharge', quantity: 60, sourceType: 'compensation' },
    ]);
    expect(await inGame.world.collectMail(roles[0] ?? '', created.result.id)).not.toBeNull();

    const detail = await api.get<MailDetailResult>(admin, `/mails/${created.result.id}`);
    expect(detail.result.recipients).toMatchObject({ total: 3, collected: 1 });
    expect(detail.result.recipients?.results.find((r) => r.roleId === roles[0])).toMatchObject({ collected: true });

    const withdrawn = await api.post<MailWithdrawResult>(admin, `/mails/${created.result.id}/withdraw`);
    expect(withdrawn.result).toMatchObject({ removed: 2, kept: 1, mail: { status: 'withdrawn' } });
    expect(await inGame.world.mailbox(roles[1] ?? '')).toEqual([]);
  });

  it('a public mail is one record in the game', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const now = Date.now();
    const created = await api.post<MailDetail>(admin, '/mails', {
      type: 'public',
      title: 'Server-wide gift',
      content: 'For everyone.',
      allAreas: true,
      startTime: epochToMailWallTime(now - 60_000, TZ),
      endTime: epochToMailWallTime(now + 86_400_000, TZ),
      timeZone: TZ,
      items: [{ itemType: 'prop', itemId: '100102', number: 3 }],
    });
    expect(created.code, created.message).toBe(0);
    const sent = await api.post<MailSendResult>(admin, `/mails/${created.result.id}/send`, { confirmed: true });
    expect(sent.result.preview.recipients).toBe(10);
    expect(sent.result.mail.status).toBe('sent');
    const rows = await gameDatabase.db.selectFrom('game_mails').select(['mail_id', 'mail_kind']).where('mail_id', '=', created.result.id).execute();
    expect(rows).toEqual([{ mail_id: created.result.id, mail_kind: 'public' }]);
    expect((await inGame.world.mailbox(roles[2] ?? '')).map((m) => m.mailId)).toContain(created.result.id);
  });
});
