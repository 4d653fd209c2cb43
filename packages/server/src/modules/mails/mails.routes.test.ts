import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import {
  epochToMailWallTime,
  type ItemCatalogue,
  type MailBodyInput,
  type MailDetail,
  type MailDetailResult,
  type MailPage,
  type MailRecipientsPage,
  type MailSendPreview,
  type MailSendResult,
  type MailWithdrawResult,
} from '@gm/contract/mails.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { JOB_HANDLERS } from '../../app.ts';
import { MAX_ATTEMPTS, runDueJobs } from '../../platform/jobs/jobs.service.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { apiFor, auditEntries, operatorWith, type Envelope } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let roles: string[];

const gw = () => t.app.ctx.gateway as EmbeddedGateway;
const db = () => t.app.ctx.db;
const HOUR = 3_600_000;
const TZ = 'UTC+08:00';
const wall = (at: number) => epochToMailWallTime(at, TZ);

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 20, seed: 5, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  roles = (await db().selectFrom('game_players').select('role_id').orderBy('role_id').limit(5).execute()).map((r) => r.role_id);
});
afterEach(async () => {
  await t.close();
});

function body(over: Partial<MailBodyInput> = {}): MailBodyInput {
  return {
    type: 'private',
    title: 'Maintenance compensation',
    content: 'Thanks for your patience.',
    roleIds: roles.slice(0, 2),
    startTime: wall(t.clock.now - HOUR),
    endTime: wall(t.clock.now + 7 * 24 * HOUR),
    timeZone: TZ,
    items: [
      { itemType: 'prop', itemId: '100101', number: 5 },
      { itemType: 'currency', itemId: 'nonRecharge', number: 100, sourceType: 'compensation' },
    ],
    ...over,
  };
}

async function create(over: Partial<MailBodyInput> = {}): Promise<MailDetail> {
  const res = await api.post<MailDetail>(admin, '/mails', body(over));
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.result;
}

const messages = (res: Envelope<unknown>) => (res.details ?? []).map((d) => `${d.path}: ${(d as { message: string }).message}`);
const bag = async (roleId: string, sourceId: string) => (await worldRepository.findBagItem(db(), roleId, sourceId))?.current_number ?? 0;

describe('the item catalogue', () => {
  it('answers the game’s items with both names and category, for MAIL_LIST', async () => {
    const res = await api.get<ItemCatalogue>(admin, '/items');
    expect(res.code).toBe(0);
    expect(res.result.items).toEqual((await gw().listItems({})).items);
    expect(res.result.items.find((i) => i.itemId === '100102')).toMatchObject({ itemType: 'prop', category: 'sweepScroll', name: { en: 'Sweep scroll', zh: '扫荡券' } });
    const none = await operatorWith(t, admin, [P.ANNOUNCEMENTS]);
    expect((await api.get(none, '/items')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('the mail body: every rule of spec section 5 with its message', () => {
  it('refuses each missing or wrong field with its own message, in both languages, and stores nothing', async () => {
    const cases: [Partial<MailBodyInput> | Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Please enter the title.'],
      [{ title: 'x'.repeat(101) }, 'title', 'The title is at most 100 characters.'],
      [{ content: '  ' }, 'content', 'Please enter the content.'],
      [{ startTime: '' }, 'startTime', 'Please choose the start time.'],
      [{ endTime: '' }, 'endTime', 'Please choose the end time.'],
      [{ endTime: wall(t.clock.now - 2 * HOUR) }, 'endTime', 'The end time must be after the start time.'],
      [{ startTime: '2026-02-30 10:00:00' }, 'startTime', 'Invalid time.'],
      [{ timeZone: 'UTC+13:00' }, 'timeZone', 'Please choose a time zone from UTC-12:00 to UTC+12:00.'],
      [{ roleIds: [] }, 'roleIds', 'Server and players are required.'],
      [{ type: 'public', areaIds: [] }, 'areaIds', 'Server and players are required.'],
      [{ type: 'public', areaIds: ['1001'], minCreateTime: 2000, maxCreateTime: 1000 }, 'maxCreateTime', 'The maximum creation time must be greater than the minimum.'],
      [{ type: 'public', areaIds: ['1001'], minLevel: 30, maxLevel: 30 }, 'maxLevel', 'The maximum level must be greater than the minimum.'],
      [{ items: [{ itemId: '100101', number: 1 }] as never }, 'items.0.itemType', 'Please choose the item type.'],
      [{ items: [{ itemType: 'prop', itemId: '', number: 1 }] }, 'items.0.itemId', 'Please choose the item.'],
      [{ items: [{ itemType: 'prop', itemId: '100101', number: 0 }] }, 'items.0.number', 'Please enter the number (a whole number above 0).'],
      [{ items: [{ itemType: 'currency', itemId: 'recharge', number: 10 }] }, 'items.0.sourceType', 'Please choose the source type.'],
      [{ items: [{ itemType: 'weapon', itemId: '200101', number: 1 }] }, 'items.0.cardType', 'Please choose the card type.'],
      [{ items: [{ itemType: 'prop', itemId: '999999', number: 1 }] }, 'items.0.itemId', 'Unknown item prop 999999: choose it from the item catalogue.'],
      [{ items: [{ itemType: 'weapon', itemId: '100101', number: 1, cardType: 'sp' }] }, 'items.0.itemId', 'Unknown item weapon 100101: choose it from the item catalogue.'],
    ];
    for (const [over, path, message] of cases) {
      const res = await api.post(admin, '/mails', body(over as Partial<MailBodyInput>));
      expect(res.code, `${path} ${JSON.stringify(over)}`).toBe(ErrorCode.INVALID_PARAMS);
      expect(messages(res), path).toContain(`${path}: ${message}`);
    }
    const zh = await api.post(admin, '/mails', body({ title: '', roleIds: [] }), 'zh-CN');
    expect(messages(zh)).toEqual(expect.arrayContaining(['title: 请输入标题。', 'roleIds: 服务器和玩家为必填项。']));
    expect(await db().selectFrom('mails').select('id').execute()).toEqual([]);
  });

  it('names the players that do not exist (spec: "player does not exist")', async () => {
    const res = await api.post(admin, '/mails', body({ roleIds: [roles[0] ?? '', 'ghost-1', 'ghost-2'] }));
    expect(res).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'player does not exist: ghost-1, ghost-2' });
    const zh = await api.post(admin, '/mails', body({ roleIds: ['ghost-3', 'ghost-4'] }), 'zh-CN');
    expect(zh.message).toBe('玩家不存在：ghost-3、ghost-4');
    const area = await api.post(admin, '/mails', body({ type: 'public', areaIds: ['4040'] }));
    expect(messages(area)).toEqual(['areaIds: Player data error: areaId not found']);
  });

  it('takes the default sender when blank, the wall times in the chosen zone, and role ids once each', async () => {
    const mail = await create({ sender: '', roleIds: [roles[0] ?? '', roles[0] ?? '', roles[1] ?? ''], startTime: '2030-01-02 08:00', endTime: '2030-01-09 08:00:00', timeZone: 'UTC-05:00' });
    expect(mail).toMatchObject({ sender: 'System', status: 'draft', startTime: '2030-01-02 08:00:00', startAt: Date.parse('2030-01-02T13:00:00Z'), recipientCount: 2, roleIds: roles.slice(0, 2) });
    expect(mail.items.map((i) => i.name?.en)).toEqual(['Energy potion', 'Bonus crystals (non-recharge currency)']);
    expect((await create({ sender: 'Ops team' })).sender).toBe('Ops team');
  });
});

describe('drafts: list, detail, edit, copy, delete', () => {
  it('lists newest first with filters, edits and copies a draft, deletes it; each change audited', async () => {
    const first = await create({ title: 'First event reward' });
    t.clock.now += 1000;
    const second = await create({ type: 'public', areaIds: ['1001', '1002'], title: 'Second notice', roleIds: [] });
    const page = await api.get<MailPage>(admin, '/mails');
    expect(page.result.results.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.result.results[0]).toMatchObject({ type: 'public', areaIds: ['1001', '1002'], recipientCount: null, itemCount: 2, status: 'draft', createdBy: 'admin' });
    expect((await api.get<MailPage>(admin, '/mails?keyword=EVENT')).result.results.map((m) => m.id)).toEqual([first.id]);
    expect((await api.get<MailPage>(admin, '/mails?type=public&status=draft')).result.total).toBe(1);

    const edited = await api.put<MailDetail>(admin, `/mails/${first.id}`, body({ title: 'First, edited', roleIds: [roles[2] ?? ''] }));
    expect(edited.result).toMatchObject({ title: 'First, edited', roleIds: [roles[2]], status: 'draft' });
    const copy = await api.post<MailDetail>(admin, `/mails/${first.id}/copy`);
    expect(copy.result).toMatchObject({ title: 'First, edited', status: 'draft', roleIds: [roles[2]] });
    expect(copy.result.id).not.toBe(first.id);
    const detail = await api.get<MailDetailResult>(admin, `/mails/${copy.result.id}`);
    expect(detail.result).toMatchObject({ recipients: null, mail: { id: copy.result.id, content: 'Thanks for your patience.' } });

    expect((await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/mails/${first.id}` })).json<Envelope>().code).toBe(0);
    expect((await api.get(admin, `/mails/${first.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    for (const action of ['mails.create', 'mails.update', 'mails.copy', 'mails.delete']) expect(await auditEntries(t, action), action).not.toHaveLength(0);
  });

  it('needs MAIL_EDIT to change and MAIL_LIST to read', async () => {
    const mail = await create();
    const reader = await operatorWith(t, admin, [P.MAIL_LIST]);
    expect((await api.get(reader, `/mails/${mail.id}`)).code).toBe(0);
    expect((await api.post(reader, '/mails', body())).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(reader, `/mails/${mail.id}/send`, { confirmed: true })).code).toBe(ErrorCode.NO_PERMISSION);
    const none = await operatorWith(t, admin, [P.ORDER_LIST]);
    expect((await api.get(none, '/mails')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('sending', () => {
  it('asks for the confirmation, shows each item’s total, delivers now, and the players read and collect it', async () => {
    const mail = await create({ roleIds: roles.slice(0, 3) });
    const unconfirmed = await api.post(admin, `/mails/${mail.id}/send`, {});
    expect(unconfirmed).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Please check the items carefully before sending.' });
    const preview = await api.get<MailSendPreview>(admin, `/mails/${mail.id}/preview`);
    expect(preview.result).toMatchObject({ recipients: 3, scheduled: false });
    expect(preview.result.items.map((i) => [i.itemId, i.number, i.total])).toEqual([['100101', 5, 15], ['nonRecharge', 100, 300]]);

    const sent = await api.post<MailSendResult>(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    expect(sent.result.mail).toMatchObject({ status: 'sent', progress: { batches: 1, batchesDone: 1, delivered: 3, unknown: 0 } });
    expect(sent.result.preview.items.map((i) => i.total)).toEqual([15, 300]);

    const box = await gw().world.mailbox(roles[0] ?? '');
    expect(box).toEqual([expect.objectContaining({ mailId: mail.id, title: 'Maintenance compensation', sender: 'System', collected: false, expiresAt: mail.endAt })]);
    const before = await bag(roles[0] ?? '', '100101');
    expect(await gw().world.collectMail(roles[0] ?? '', mail.id)).not.toBeNull();
    expect(await bag(roles[0] ?? '', '100101')).toBe(before + 5);

    const detail = await api.get<MailDetailResult>(admin, `/mails/${mail.id}`);
    expect(detail.result.recipients).toMatchObject({ total: 3, collected: 1, next: null });
    expect(detail.result.recipients?.results.map((r) => [r.roleId, r.collected])).toEqual(roles.slice(0, 3).map((r, i) => [r, i === 0]));
    const notCollected = await api.get<MailRecipientsPage>(admin, `/mails/${mail.id}/recipients?collected=no&size=1`);
    expect(notCollected.result.results.map((r) => r.roleId)).toEqual([roles[1]]);
    expect(notCollected.result.next).toBe(roles[1]);

    // Sent: no more edits, deletes or sends.
    expect((await api.put(admin, `/mails/${mail.id}`, body())).message).toBe('Only a draft, or a scheduled mail whose start time has not come, can be changed or deleted.');
    expect((await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/mails/${mail.id}` })).json<Envelope>().code).toBe(ErrorCode.WRONG_STATE);
    expect((await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true })).code).toBe(ErrorCode.WRONG_STATE);
    expect(await auditEntries(t, 'mails.send')).toHaveLength(1);
  });

  it('a public mail is one record the game delivers to whoever matches when they open their mailbox', async () => {
    const inArea = (await db().selectFrom('game_players').select(['role_id', 'level']).where('area_id', '=', '1001').execute()).map((r) => r.role_id);
    const other = (await db().selectFrom('game_players').select('role_id').where('area_id', '!=', '1001').limit(1).execute())[0]?.role_id ?? '';
    expect(inArea.length).toBeGreaterThan(1);
    const excluded = inArea[0] ?? '';
    const mail = await create({ type: 'public', areaIds: ['1001'], excludeRoleIds: [excluded], roleIds: [] });
    const preview = await api.get<MailSendPreview>(admin, `/mails/${mail.id}/preview`);
    expect(preview.result.recipients).toBe(inArea.length - 1);
    const sent = await api.post<MailSendResult>(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(sent.result.mail.status).toBe('sent');
    expect(await db().selectFrom('game_mailboxes').select('role_id').where('mail_id', '=', mail.id).execute()).toEqual([]);
    expect((await gw().world.mailbox(inArea[1] ?? '')).map((m) => m.mailId)).toEqual([mail.id]);
    expect(await gw().world.mailbox(excluded)).toEqual([]);
    expect(await gw().world.mailbox(other)).toEqual([]);
    const detail = await api.get<MailDetailResult>(admin, `/mails/${mail.id}`);
    expect(detail.result.recipients).toMatchObject({ total: 1, collected: 0 });
  });

  it('refuses a mail whose end has passed', async () => {
    const mail = await create({ startTime: wall(t.clock.now - 3 * HOUR), endTime: wall(t.clock.now + HOUR) });
    t.clock.now += 2 * HOUR;
    admin = await t.signIn('admin');
    expect(await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true })).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The end time has passed; change it before sending.' });
  });

  it('a start time ahead schedules it: a job sends it then; edit takes it back to draft', async () => {
    const mail = await create({ startTime: wall(t.clock.now + 2 * HOUR) });
    const sent = await api.post<MailSendResult>(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(sent.result).toMatchObject({ mail: { status: 'scheduled', scheduledAt: mail.startAt }, preview: { scheduled: true } });
    expect(await gw().world.mailbox(roles[0] ?? '')).toEqual([]);
    expect(await runDueJobs(t.app.ctx, JOB_HANDLERS)).toMatchObject({ done: 0 });

    // Edited while scheduled: back to draft, the job cancelled; sent again.
    const edited = await api.put<MailDetail>(admin, `/mails/${mail.id}`, body({ title: 'Rescheduled', startTime: wall(t.clock.now + 2 * HOUR) }));
    expect(edited.result).toMatchObject({ status: 'draft', scheduledAt: null });
    await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true });
    t.clock.now += 2 * HOUR;
    expect(await runDueJobs(t.app.ctx, JOB_HANDLERS)).toMatchObject({ done: 1 });
    admin = await t.signIn('admin');
    expect((await api.get<MailDetailResult>(admin, `/mails/${mail.id}`)).result.mail).toMatchObject({ status: 'sent', title: 'Rescheduled' });
    expect((await gw().world.mailbox(roles[0] ?? '')).map((m) => m.title)).toEqual(['Rescheduled']);
    expect(await runDueJobs(t.app.ctx, JOB_HANDLERS)).toMatchObject({ done: 0 });
  });
});

describe('a game that cannot be reached', () => {
  it('leaves the mail sending while the job retries, and marks it failed when the job gives up', async () => {
    const mail = await create();
    const gateway = t.app.ctx.gateway;
    const deliverMail = gateway.deliverMail;
    gateway.deliverMail = () => Promise.reject(GatewayError.unavailable('connection refused'));
    const sent = await api.post<MailSendResult>(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(sent.result.mail.status).toBe('sending');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await runDueJobs(t.app.ctx, JOB_HANDLERS);
      t.clock.now += 10 * 60_000;
    }
    const row = await db().selectFrom('mails').select(['status', 'failure']).where('id', '=', mail.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', failure: 'unavailable: connection refused' });

    // Sent again once the game is back: delivered.
    gateway.deliverMail = deliverMail;
    admin = await t.signIn('admin');
    const again = await api.post<MailSendResult>(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(again.result.mail).toMatchObject({ status: 'sent', failure: null });
    expect((await gw().world.mailbox(roles[0] ?? '')).map((m) => m.mailId)).toEqual([mail.id]);
  });
});

describe('"system exception"', () => {
  it('answers the spec’s words for a failure that is neither a refusal nor the game’s, in both languages', async () => {
    const gateway = t.app.ctx.gateway;
    gateway.knownIds = () => Promise.reject(new Error('disk on fire'));
    const res = await api.post(admin, '/mails', body());
    expect(res).toEqual({ code: ErrorCode.SYSTEM_ERROR, message: 'system exception' });
    expect((await api.post(admin, '/mails', body(), 'zh-CN')).message).toBe('系统异常');

    const mail = await create({ type: 'public', areaIds: ['1001'], roleIds: [] });
    await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true });
    gateway.mailRecipients = () => Promise.reject(new Error('boom'));
    const detail = await api.get<MailDetailResult>(admin, `/mails/${mail.id}`);
    expect(detail.result).toMatchObject({ mail: { id: mail.id, status: 'sent' }, recipients: null, recipientsError: 'system exception' });
    gateway.mailRecipients = () => Promise.reject(GatewayError.unavailable('connection refused'));
    expect((await api.get<MailDetailResult>(admin, `/mails/${mail.id}`)).result.recipientsError).toContain('The game server is unavailable (connection refused)');
  });
});

describe('withdraw', () => {
  it('takes the mail out of the mailboxes that did not collect it', async () => {
    const mail = await create({ roleIds: roles.slice(0, 3) });
    await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true });
    await gw().world.collectMail(roles[0] ?? '', mail.id);
    const res = await api.post<MailWithdrawResult>(admin, `/mails/${mail.id}/withdraw`);
    expect(res.result).toMatchObject({ removed: 2, kept: 1, mail: { status: 'withdrawn' } });
    expect((await gw().world.mailbox(roles[0] ?? '')).map((m) => [m.mailId, m.collected])).toEqual([[mail.id, true]]);
    expect(await gw().world.mailbox(roles[1] ?? '')).toEqual([]);
    expect((await api.post(admin, `/mails/${mail.id}/withdraw`)).message).toBe('Only a scheduled, sending or sent mail can be withdrawn.');
    expect(await auditEntries(t, 'mails.withdraw')).toHaveLength(1);
  });

  it('a batch on its way while the mail is withdrawn is taken back too', async () => {
    const mail = await create({ roleIds: roles.slice(0, 2) });
    const gateway = t.app.ctx.gateway;
    const deliverMail = gateway.deliverMail;
    let withdrawn: Envelope<MailWithdrawResult> | undefined;
    gateway.deliverMail = async (command) => {
      // The operator withdraws before the first batch reaches the game: the game does not know the mail yet.
      withdrawn ??= await api.post<MailWithdrawResult>(admin, `/mails/${mail.id}/withdraw`);
      return deliverMail(command);
    };
    await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect(withdrawn?.result).toMatchObject({ removed: 0, mail: { status: 'withdrawn' } });
    expect(await gw().world.mailbox(roles[0] ?? '')).toEqual([]);
    expect(await gw().world.mailbox(roles[1] ?? '')).toEqual([]);
    expect((await api.get<MailDetailResult>(admin, `/mails/${mail.id}`)).result.mail.status).toBe('withdrawn');
  });

  it('a scheduled mail is cancelled: its job never fires', async () => {
    const mail = await create({ startTime: wall(t.clock.now + HOUR) });
    await api.post(admin, `/mails/${mail.id}/send`, { confirmed: true });
    expect((await api.post<MailWithdrawResult>(admin, `/mails/${mail.id}/withdraw`)).result).toMatchObject({ removed: 0, kept: 0, mail: { status: 'withdrawn' } });
    t.clock.now += 2 * HOUR;
    expect(await runDueJobs(t.app.ctx, JOB_HANDLERS)).toMatchObject({ done: 0 });
    expect(await gw().world.mailbox(roles[0] ?? '')).toEqual([]);
  });
});
