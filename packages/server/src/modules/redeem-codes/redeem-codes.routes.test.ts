import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { ClaimPage } from '@gm/contract/players.contract.ts';
import type { RedeemBatch, RedeemBatchInput, RedeemCode } from '@gm/contract/redeem-codes.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { readWorkbook } from '../../platform/spreadsheet/read-workbook.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let roles: { role_id: string; area_id: string }[];

const world = () => (t.app.ctx.gateway as EmbeddedGateway).world;
const db = () => t.app.ctx.db;
const HOUR = 3_600_000;

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 12, seed: 13, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  roles = await db().selectFrom('game_players').select(['role_id', 'area_id']).orderBy('role_id').execute();
});
afterEach(async () => {
  await t.close();
});

const unique = (over: Partial<RedeemBatchInput> = {}): RedeemBatchInput => ({
  name: 'Launch gift',
  kind: 'unique',
  codeCount: 500,
  codePrefix: 'lg',
  rewards: [
    { itemType: 'prop', itemId: '100101', number: 3 },
    { itemType: 'currency', itemId: 'nonRecharge', number: 50, sourceType: 'gift' },
  ],
  perPlayerLimit: 1,
  totalLimit: 0,
  validFrom: t.clock.now - HOUR,
  validTo: t.clock.now + 24 * HOUR,
  areaIds: [],
  ...over,
});

const shared = (over: Partial<RedeemBatchInput> = {}): RedeemBatchInput => ({ ...unique(), name: 'Stream code', kind: 'shared', sharedCode: 'stream2026', codeCount: undefined, codePrefix: '', ...over });

async function create(body: RedeemBatchInput): Promise<RedeemBatch> {
  const res = await api.post<RedeemBatch>(admin, '/redeem-batches', body);
  expect(res.code, res.message).toBe(0);
  return res.result;
}

async function codesOf(id: string, page = 0, size = 200): Promise<RedeemCode[]> {
  return (await api.get<{ results: RedeemCode[] }>(admin, `/redeem-batches/${id}/codes?page=${page}&size=${size}`)).result.results;
}

const bonus = async (roleId: string) => (await worldRepository.findPlayer(db(), roleId))?.non_recharge_currency ?? -1;

describe('rules and messages', () => {
  it('refuses a bad batch with the field messages in both languages and stores nothing', async () => {
    const bad = await api.post(admin, '/redeem-batches', { ...unique(), name: '', rewards: [], perPlayerLimit: 0, codeCount: 1_000_001, validTo: t.clock.now - 2 * HOUR });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(bad.details?.map((d) => d.message)).toEqual(
      expect.arrayContaining([
        'Please enter the batch name.',
        'Please add at least one reward.',
        'The per-player limit is a whole number from 1 to 1000.',
        'The number of codes is a whole number from 1 to 1,000,000.',
        'The end time must be after the start time.',
      ]),
    );
    const zh = await api.post(admin, '/redeem-batches', { ...shared(), sharedCode: 'ab' }, 'zh-CN');
    expect(zh.details?.map((d) => d.message)).toContain('通用兑换码为 4 到 32 位字母或数字。');
    const prefix = await api.post(admin, '/redeem-batches', unique({ codePrefix: 'O1', totalLimit: 501 }));
    expect(prefix.details?.map((d) => d.message)).toEqual(
      expect.arrayContaining(['The prefix is at most 8 letters or digits, without 0, 1, I or O.', 'The total limit cannot be more than the number of codes.']),
    );
    const item = await api.post(admin, '/redeem-batches', unique({ rewards: [{ itemType: 'prop', itemId: 'nope', number: 1 }] }));
    expect(item).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Unknown item prop nope: choose it from the item catalogue.' });
    const source = await api.post(admin, '/redeem-batches', unique({ rewards: [{ itemType: 'currency', itemId: 'nonRecharge', number: 1 }] }));
    expect(source.details?.[0]).toMatchObject({ path: 'rewards.0.sourceType', message: 'Please choose the source type.' });
    const area = await api.post(admin, '/redeem-batches', unique({ areaIds: ['no-such-region'] }), 'zh-CN');
    expect(area.details?.[0]).toMatchObject({ path: 'areaIds', message: '未知区服：no-such-region。' });
    expect(await db().selectFrom('redeem_batches').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('game_redeem_batches').selectAll().execute()).toEqual([]);
  });

  it('needs the page code to read and the edit code to change', async () => {
    const reader = await operatorWith(t, admin, [P.EXCHANGE_CONFIG]);
    expect((await api.get(reader, '/redeem-batches')).code).toBe(0);
    expect((await api.post(reader, '/redeem-batches', unique())).code).toBe(ErrorCode.NO_PERMISSION);
    const stranger = await operatorWith(t, admin, [P.EXCHANGE_CLAIMS]);
    expect((await api.get(stranger, '/redeem-batches')).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('keeps a shared code to one batch', async () => {
    await create(shared());
    const twin = await api.post(admin, '/redeem-batches', shared({ name: 'Twin', sharedCode: 'STREAM2026' }));
    expect(twin).toMatchObject({ code: ErrorCode.CONFLICT, message: 'The code STREAM2026 is already used by another batch.' });
  });
});

describe('unique codes', () => {
  it('creates, audits and publishes a batch; lists, looks up and exports its codes', async () => {
    const batch = await create(unique());
    expect(batch).toMatchObject({ kind: 'unique', codeCount: 500, codePrefix: 'LG', status: 'active', published: true, publishError: null, createdBy: 'admin' });
    expect(batch.rewards[0]?.name?.en).toBeTruthy();
    // One entry for the save and one for the game's side, not two under one name.
    const [entry, ...more] = await auditEntries(t, 'redeemBatches.create');
    expect(more).toHaveLength(0);
    expect(entry?.targets).toContain(batch.id);
    const [published] = await auditEntries(t, 'redeemBatches.publish');
    expect(JSON.parse(published?.params ?? '{}')).toEqual({ id: batch.id, version: 1, followed: 'redeemBatches.create' });
    expect(JSON.stringify(await auditEntries(t, 'redeemBatches.create'))).not.toMatch(/secret/);
    expect(await db().selectFrom('game_redeem_batches').select(['batch_id', 'status', 'code_count']).execute()).toEqual([{ batch_id: batch.id, status: 'active', code_count: 500 }]);

    const first = await codesOf(batch.id, 0, 200);
    const last = await codesOf(batch.id, 2, 200);
    expect(first).toHaveLength(200);
    expect(last).toHaveLength(100);
    expect(last.at(-1)?.index).toBe(500);
    const all = [...first, ...(await codesOf(batch.id, 1, 200)), ...last].map((c) => c.code);
    expect(new Set(all).size).toBe(500);
    for (const code of all) expect(code).toMatch(/^LG[A-HJ-NP-Z2-9]{12}$/);

    const found = await api.get<{ results: RedeemCode[] }>(admin, `/redeem-batches/${batch.id}/codes?code=${(all[41] ?? '').toLowerCase()}`);
    expect(found.result.results).toEqual([{ index: 42, code: all[41] }]);
    const forged = `${(all[41] ?? '').slice(0, -1)}${all[41]?.endsWith('A') ? 'B' : 'A'}`;
    expect((await api.get<{ results: RedeemCode[] }>(admin, `/redeem-batches/${batch.id}/codes?code=${forged}`)).result.results).toEqual([]);

    const res = await t.call(admin, { method: 'GET', url: `/api/gm/admin/redeem-batches/${batch.id}/export` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet?.rows[0]).toEqual(['No.', 'Code', 'Batch']);
    expect(sheet?.rows).toHaveLength(501);
    expect(sheet?.rows.slice(1).map((r) => r[1])).toEqual(all);
    expect(await auditEntries(t, 'redeemBatches.export')).toHaveLength(1);
  });

  it('a player redeems a code once; limits per player and in total hold; claims show in /exchange/claims', async () => {
    const batch = await create(unique({ perPlayerLimit: 1, totalLimit: 2 }));
    const codes = (await codesOf(batch.id)).map((c) => c.code);
    const [a, b, c] = roles.map((r) => r.role_id) as [string, string, string];
    const before = await bonus(a);

    const claimed = await world().redeemCode(a, codes[0] ?? '');
    expect(claimed.ok).toBe(true);
    expect(await bonus(a)).toBe(before + 50);
    expect(await world().redeemCode(a, codes[1] ?? '')).toEqual({ ok: false, reason: 'playerLimit' });
    expect(await world().redeemCode(b, codes[0] ?? '')).toEqual({ ok: false, reason: 'codeUsed' });
    expect(await world().redeemCode(b, 'LGAAAAAAAAAAAA')).toEqual({ ok: false, reason: 'codeInvalid' });
    expect((await world().redeemCode(b, ` ${(codes[1] ?? '').toLowerCase()} `)).ok).toBe(true);
    expect(await world().redeemCode(c, codes[2] ?? '')).toEqual({ ok: false, reason: 'totalLimit' });

    const claims = await api.get<ClaimPage>(admin, `/exchange/claims?batchId=${batch.id}`);
    expect(claims.result.results.map((r) => [r.roleId, r.code]).sort()).toEqual([[a, codes[0]], [b, codes[1]]].sort());
    expect(claims.result.results[0]).toMatchObject({ batchName: 'Launch gift', rewards: expect.arrayContaining([expect.objectContaining({ kind: 'currency', quantity: 50 })]) });
    // The rewards' items come with the catalogue's names, so the page reads names, not source ids.
    expect(claims.result.itemNames).toEqual([{ itemType: 'prop', itemId: '100101', name: { en: expect.any(String), zh: expect.any(String) } }]);
    expect(claims.result.itemNames[0]?.name.en).not.toBe('100101');
  });
});

describe('concurrent claims', () => {
  it('grants a total limit once however many players claim at the same time, and a unique code once', async () => {
    const batch = await create(shared({ totalLimit: 1 }));
    const results = await Promise.all(roles.slice(0, 6).map((r) => world().redeemCode(r.role_id, 'STREAM2026')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.reason))).toEqual(Array.from({ length: 5 }, () => 'totalLimit'));
    const uniqueBatch = await create(unique({ name: 'Race', codePrefix: 'RC' }));
    const [code] = (await codesOf(uniqueBatch.id, 0, 1)).map((c) => c.code);
    const raced = await Promise.all(roles.slice(0, 6).map((r) => world().redeemCode(r.role_id, code ?? '')));
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    const claims = await api.get<ClaimPage>(admin, `/exchange/claims?batchId=${batch.id}`);
    expect(claims.result.results).toHaveLength(1);
  });
});

describe('shared codes, windows, regions, changes and status', () => {
  it('checks the window and the regions, takes a change, and stops when disabled until enabled', async () => {
    const [a, b] = roles as [{ role_id: string; area_id: string }, { role_id: string; area_id: string }];
    const other = roles.find((r) => r.area_id !== a.area_id);
    const batch = await create(shared({ perPlayerLimit: 2, validFrom: t.clock.now + 60_000, validTo: t.clock.now + 20 * 60_000, areaIds: [a.area_id] }));
    expect(batch.sharedCode).toBe('STREAM2026');
    expect(await world().redeemCode(a.role_id, 'stream2026')).toEqual({ ok: false, reason: 'notStarted' });
    t.clock.now += 2 * 60_000;
    expect((await world().redeemCode(a.role_id, 'stream2026')).ok).toBe(true);
    expect((await world().redeemCode(a.role_id, 'STREAM2026')).ok).toBe(true);
    expect(await world().redeemCode(a.role_id, 'STREAM2026')).toEqual({ ok: false, reason: 'playerLimit' });
    if (other) expect(await world().redeemCode(other.role_id, 'STREAM2026')).toEqual({ ok: false, reason: 'regionNotAllowed' });

    const { rewards, totalLimit } = shared();
    const changed = await api.put<RedeemBatch>(admin, `/redeem-batches/${batch.id}`, { name: 'Stream code (all regions)', rewards, totalLimit, perPlayerLimit: 3, validFrom: batch.validFrom, validTo: batch.validTo, areaIds: [] });
    expect(changed.code, changed.message).toBe(0);
    expect(changed.result).toMatchObject({ name: 'Stream code (all regions)', perPlayerLimit: 3, published: true });
    // The change, then the game's side as its own entry naming the change it followed.
    expect(await auditEntries(t, 'redeemBatches.update')).toHaveLength(1);
    const [published] = await auditEntries(t, 'redeemBatches.publish');
    expect(JSON.parse(published?.params ?? '{}')).toMatchObject({ followed: 'redeemBatches.update' });
    expect((await world().redeemCode(a.role_id, 'STREAM2026')).ok).toBe(true);
    if (other) expect((await world().redeemCode(other.role_id, 'STREAM2026')).ok).toBe(true);

    const disabled = await api.post<RedeemBatch>(admin, `/redeem-batches/${batch.id}/disable`);
    expect(disabled.result).toMatchObject({ status: 'disabled', published: true });
    expect(await world().redeemCode(b.role_id, 'STREAM2026')).toEqual({ ok: false, reason: 'disabled' });
    expect(await api.post(admin, `/redeem-batches/${batch.id}/disable`)).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'This batch is already disabled.' });
    expect((await api.post<RedeemBatch>(admin, `/redeem-batches/${batch.id}/enable`)).result.status).toBe('active');
    expect((await world().redeemCode(b.role_id, 'STREAM2026')).ok).toBe(true);

    const list = await api.get<{ results: RedeemBatch[]; total: number }>(admin, '/redeem-batches?status=active&name=stream');
    expect(list.result.total).toBe(1);
    // `_` and `%` in the name stand for themselves (they were wildcards here: "_" listed every batch).
    for (const wild of ['_', '%']) expect((await api.get<{ total: number }>(admin, `/redeem-batches?name=${encodeURIComponent(wild)}`)).result.total, wild).toBe(0);
    const codes = await codesOf(batch.id);
    expect(codes).toEqual([{ index: 1, code: 'STREAM2026' }]);
    t.clock.now = batch.validTo;
    expect(await world().redeemCode(b.role_id, 'STREAM2026')).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps the batch when the game cannot be reached, and publishes it again on request', async () => {
    const gateway = t.app.ctx.gateway;
    const real = gateway.publishRedeemBatch;
    gateway.publishRedeemBatch = () => Promise.reject(GatewayError.unavailable('connectionRefused'));
    const batch = await create(shared());
    expect(batch).toMatchObject({ published: false, publishError: 'unavailable: connectionRefused' });
    expect(await world().redeemCode(roles[0]?.role_id ?? '', 'STREAM2026')).toEqual({ ok: false, reason: 'codeInvalid' });
    gateway.publishRedeemBatch = real;
    const again = await api.post<RedeemBatch>(admin, `/redeem-batches/${batch.id}/publish`);
    expect(again.result).toMatchObject({ published: true, publishError: null });
    expect((await world().redeemCode(roles[0]?.role_id ?? '', 'STREAM2026')).ok).toBe(true);
  });
});
