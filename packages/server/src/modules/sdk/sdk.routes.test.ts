import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { SdkAccount, SdkOrder, SdkProject, SdkProjectBody, SdkProjectWithKey } from '@gm/contract/sdk.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldCallbacks from '../../game/world/world-callbacks.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashKey } from './sdk.service.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;

const world = () => (t.app.ctx.gateway as EmbeddedGateway).world;
const db = () => t.app.ctx.db;
const MONTHLY = 'com.mecha.cn.monthly';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 8, seed: 5, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
});
afterEach(async () => {
  await t.close();
});

const body = (over: Partial<SdkProjectBody> = {}): SdkProjectBody => ({
  appId: 'mecha.cn.android',
  name: 'Mecha CN Android',
  platform: 'android',
  sdkPlatformId: '1234567890123456789',
  callbackUrl: 'https://pay.example.com/sdk/callback',
  ...over,
});

async function create(over: Partial<SdkProjectBody> = {}): Promise<SdkProjectWithKey> {
  const res = await api.post<SdkProjectWithKey>(admin, '/sdk/projects', body(over));
  expect(res.code, res.message).toBe(0);
  return res.result;
}

describe('projects', () => {
  it('refuses bad input with the field messages in both languages and stores nothing', async () => {
    const bad = await api.post(admin, '/sdk/projects', body({ appId: '', name: '', sdkPlatformId: '123', callbackUrl: 'http://pay.example.com/cb' }));
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(bad.details?.map((d) => d.message)).toEqual(
      expect.arrayContaining([
        'Please enter the app id.',
        'Please enter the project name.',
        'The SDK platform id is 19 digits.',
        'The callback URL must be an https address (at most 500 characters, no user name or password).',
      ]),
    );
    for (const id of ['12345678901234567890', '123456789012345678a', '123456789012345678']) {
      expect((await api.post(admin, '/sdk/projects', body({ sdkPlatformId: id }))).code).toBe(ErrorCode.INVALID_PARAMS);
    }
    for (const url of ['ftp://pay.example.com', 'https://user:pw@pay.example.com/cb', 'not a url', `https://pay.example.com/${'a'.repeat(500)}`]) {
      expect((await api.post(admin, '/sdk/projects', body({ callbackUrl: url }))).code).toBe(ErrorCode.INVALID_PARAMS);
    }
    const zh = await api.post(admin, '/sdk/projects', body({ sdkPlatformId: '1', platform: 'tv' as never }), 'zh-CN');
    expect(zh.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['SDK平台ID为19位数字。', '请选择平台。']));
    expect(await db().selectFrom('sdk_projects').selectAll().execute()).toEqual([]);
    expect(await auditEntries(t, 'sdkProjects.create')).toEqual([]);
  });

  it('answers the signing key once, stores only its keyed hash, and keeps it out of the audit', async () => {
    const { project, signingKey } = await create();
    expect(signingKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(project).toMatchObject({ appId: 'mecha.cn.android', platform: 'android', keyHint: signingKey.slice(-4), createdBy: 'admin' });
    expect(JSON.stringify(project)).not.toContain(signingKey);

    const row = await db().selectFrom('sdk_projects').selectAll().executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(await hashKey(t.app.ctx, signingKey));
    expect(JSON.stringify(row)).not.toContain(signingKey);

    // Every later read answers the project without the key.
    const list = await api.get<{ results: SdkProject[]; total: number }>(admin, '/sdk/projects');
    expect(list.result.total).toBe(1);
    expect(JSON.stringify(list.result)).not.toContain(signingKey);
    const one = await api.get<SdkProject>(admin, `/sdk/projects/${project.id}`);
    expect(one.result).toEqual(project);
    expect(one.result).not.toHaveProperty('signingKey');

    const [entry] = await auditEntries(t, 'sdkProjects.create');
    expect(entry?.code).toBe(P.SDK_EDIT);
    expect(JSON.stringify(entry)).not.toContain(signingKey);
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ appId: 'mecha.cn.android', keyHint: signingKey.slice(-4) });
  });

  it('refuses a second project with the same app id, naming it', async () => {
    await create();
    const again = await api.post(admin, '/sdk/projects', body({ name: 'Other' }), 'zh-CN');
    expect(again.code).toBe(ErrorCode.CONFLICT);
    expect(again.message).toBe('应用ID mecha.cn.android 已被其他项目使用。');
    expect(await db().selectFrom('sdk_projects').select('id').execute()).toHaveLength(1);
  });

  it('rotates the key: a new one answered once, the old hash gone, audited without either key', async () => {
    const { project, signingKey: first } = await create();
    t.clock.now += 5_000;
    const rotated = await api.post<SdkProjectWithKey>(admin, `/sdk/projects/${project.id}/rotate-key`);
    expect(rotated.code, rotated.message).toBe(0);
    const second = rotated.result.signingKey;
    expect(second).not.toBe(first);
    expect(rotated.result.project.keyHint).toBe(second.slice(-4));
    expect(rotated.result.project.keyRotatedAt).toBe(t.clock.now);
    const row = await db().selectFrom('sdk_projects').selectAll().executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(await hashKey(t.app.ctx, second));
    expect(row.key_hash).not.toBe(await hashKey(t.app.ctx, first));
    const [entry] = await auditEntries(t, 'sdkProjects.rotateKey');
    const text = JSON.stringify(entry);
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ keyHint: first.slice(-4) });
    expect((await api.post(admin, '/sdk/projects/nope/rotate-key')).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('edits a project (not its app id or key), audited with before and after; bad edits change nothing', async () => {
    const { project } = await create();
    const { appId: _appId, ...rest } = body();
    const bad = await api.put(admin, `/sdk/projects/${project.id}`, { ...rest, callbackUrl: 'http://x.example.com' });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    const saved = await api.put<SdkProject>(admin, `/sdk/projects/${project.id}`, { ...rest, name: 'Mecha iOS', platform: 'ios', callbackUrl: 'https://pay2.example.com/cb' });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.result).toMatchObject({ appId: 'mecha.cn.android', name: 'Mecha iOS', platform: 'ios', keyHint: project.keyHint });
    const [entry] = await auditEntries(t, 'sdkProjects.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ name: 'Mecha CN Android' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ name: 'Mecha iOS', callbackUrl: 'https://pay2.example.com/cb' });
    expect((await api.put(admin, '/sdk/projects/nope', rest)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('filters by app id, name and platform', async () => {
    await create();
    t.clock.now += 1;
    await create({ appId: 'mecha.ios', name: 'Mecha 100%_iOS', platform: 'ios' });
    const ids = async (q: string) => (await api.get<{ results: SdkProject[] }>(admin, `/sdk/projects?${q}`)).result.results.map((p) => p.appId);
    expect(await ids('')).toEqual(['mecha.ios', 'mecha.cn.android']);
    expect(await ids('platform=android')).toEqual(['mecha.cn.android']);
    expect(await ids('name=100%25_')).toEqual(['mecha.ios']);
    expect(await ids('name=MECHA')).toHaveLength(2);
    expect(await ids('appId=mecha.ios')).toEqual(['mecha.ios']);
  });
});

describe('permissions', () => {
  it('reads need 11040, changes 21026; an operator without them is refused and nothing is stored', async () => {
    const reader = await operatorWith(t, admin, [P.SDK_RECORDS]);
    const nobody = await operatorWith(t, admin, [P.ORDER_LIST]);
    expect((await api.get(reader, '/sdk/projects')).code).toBe(0);
    expect((await api.get(reader, '/sdk/accounts')).code).toBe(0);
    expect((await api.get(reader, '/sdk/orders')).code).toBe(0);
    expect((await api.get(reader, '/sdk/callbacks')).code).toBe(0);
    expect((await api.post(reader, '/sdk/projects', body())).code).toBe(ErrorCode.NO_PERMISSION);
    for (const url of ['/sdk/projects', '/sdk/accounts', '/sdk/orders', '/sdk/callbacks']) expect((await api.get(nobody, url)).code).toBe(ErrorCode.NO_PERMISSION);
    expect(await db().selectFrom('sdk_projects').selectAll().execute()).toEqual([]);
    const editor = await operatorWith(t, admin, [P.SDK_RECORDS, P.SDK_EDIT]);
    expect((await api.post(editor, '/sdk/projects', body())).code).toBe(0);
  });
});

describe('accounts and orders through the gateway', () => {
  it("maps the game's accounts to channel accounts; devices only with 12003", async () => {
    const page = await api.get<CappedPage<SdkAccount>>(admin, '/sdk/accounts?size=50');
    expect(page.code, page.message).toBe(0);
    const accounts = await db().selectFrom('game_accounts').selectAll().execute();
    expect(page.result.results).toHaveLength(accounts.length);
    const first = page.result.results[0];
    const source = accounts.find((a) => a.user_id === first?.userId);
    expect(first).toMatchObject({ channel: source?.type, firstLoginAt: Number(source?.created_at), personalHidden: false });
    const reader = await operatorWith(t, admin, [P.SDK_RECORDS]);
    const hidden = await api.get<CappedPage<SdkAccount>>(reader, '/sdk/accounts?size=50');
    expect(hidden.result.results.every((a) => a.device === null && a.personalHidden)).toBe(true);
    const one = await api.get<CappedPage<SdkAccount>>(admin, `/sdk/accounts?userId=${first?.userId}`);
    expect(one.result.results.map((a) => a.userId)).toEqual([first?.userId]);
    expect((await api.get(admin, '/sdk/accounts?channel=fax')).code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it("maps the game's orders with their cached callbacks' state and attempts; the cache lists and retries them under 21026", async () => {
    const [role] = await db().selectFrom('game_players').select('role_id').orderBy('role_id').limit(1).execute();
    await world().placeOrder(role?.role_id ?? '', MONTHLY, { paid: false, orderId: 'sdk-open' });
    const open = await worldRepository.findOrder(db(), 'sdk-open');
    await db()
      .transaction()
      .execute((trx) => worldCallbacks.receive(trx, { callbackId: 'cb-sdk', orderId: 'sdk-open', platformOrderId: 'P-cb-sdk', channel: 'wechat', currency: 'CNY', receipt: 'R', amount: Number(open?.price) }, t.clock.now, false));

    const orders = await api.get<CappedPage<SdkOrder>>(admin, '/sdk/orders?orderId=sdk-open');
    expect(orders.code, orders.message).toBe(0);
    expect(orders.result.results).toEqual([
      expect.objectContaining({ orderId: 'sdk-open', channel: 'wechat', state: 'awaitingCallback', callbackStatus: 'pending', amount: Number(open?.price), channelOrderId: open?.platform_order_id }),
    ]);
    const attemptsBefore = orders.result.results[0]?.callbackAttempts ?? 0;

    const waiting = await api.get<CappedPage<PaymentCallback>>(admin, '/sdk/callbacks?status=pending');
    expect(waiting.result.results.map((c) => c.callbackId)).toContain('cb-sdk');

    const reader = await operatorWith(t, admin, [P.SDK_RECORDS]);
    expect((await api.post(reader, '/sdk/callbacks/cb-sdk/retry')).code).toBe(ErrorCode.NO_PERMISSION);
    const retried = await api.post<RetryCallbackResult>(admin, '/sdk/callbacks/cb-sdk/retry');
    expect(retried.code, retried.message).toBe(0);
    expect(retried.result.attempt.outcome).toBe('ok');
    const [entry] = await auditEntries(t, 'sdk.callbackRetry');
    expect(entry?.code).toBe(P.SDK_EDIT);

    const after = await api.get<CappedPage<SdkOrder>>(admin, '/sdk/orders?orderId=sdk-open');
    expect(after.result.results[0]).toMatchObject({ state: 'delivered', callbackStatus: 'confirmed', callbackAttempts: attemptsBefore + 1 });
    const completed = await api.get<CappedPage<SdkOrder>>(admin, '/sdk/orders?status=completed&size=100');
    expect(completed.result.results.every((o) => o.state === 'delivered')).toBe(true);
  });
});
