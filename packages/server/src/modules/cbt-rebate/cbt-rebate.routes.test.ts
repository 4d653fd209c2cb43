import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApproveRebateResult, ProposeRebatesResult, Rebate, RebateAccount, RebateSettingsResult } from '@gm/contract/cbt-rebate.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let proposer: string;
let api: ReturnType<typeof apiFor>;
let userA: string;
let userB: string;
let areaA: string;
let betaStart: number;
let betaEnd: number;

const world = () => (t.app.ctx.gateway as EmbeddedGateway).world;
const db = () => t.app.ctx.db;
const CRYSTALS = 'com.mecha.cn.crystal60';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 20, seed: 5, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  proposer = await operatorWith(t, admin, [P.CBT_REBATE, P.CBT_REBATE_AUDIT]);
  api = apiFor(t, '/api/gm/admin');
  // Roles of two different accounts.
  const rows = await db().selectFrom('game_players').select(['role_id', 'user_id', 'area_id']).orderBy('role_id').execute();
  const a = rows[0];
  const b = rows.find((r) => r.user_id !== a?.user_id);
  if (!a || !b) throw new Error('the seed has too few accounts');
  [userA, userB, areaA] = [a.user_id, b.user_id, a.area_id];

  betaStart = t.clock.now;
  t.clock.now += 1000;
  await world().placeOrder(a.role_id, CRYSTALS, { paid: true, orderId: 'beta-1' });
  t.clock.now += 1000;
  await world().placeOrder(a.role_id, CRYSTALS, { paid: true, orderId: 'beta-2' });
  await world().placeOrder(a.role_id, CRYSTALS, { paid: false, orderId: 'beta-unpaid' });
  await world().placeOrder(b.role_id, CRYSTALS, { paid: true, orderId: 'beta-refunded' });
  await t.app.ctx.gateway.cancelOrder({ commandId: 'refund-1', orderId: 'beta-refunded' });
  await world().placeOrder(b.role_id, CRYSTALS, { paid: true, orderId: 'beta-b' });
  t.clock.now += 1000;
  betaEnd = t.clock.now;
  t.clock.now += 1000;
  await world().placeOrder(b.role_id, CRYSTALS, { paid: true, orderId: 'after-beta' });
  t.clock.now += 1000;
});
afterEach(async () => {
  await t.close();
});

const settings = () => ({ betaStart, betaEnd, percent: 150, unitsPerMajor: 10 });
const crystals = async (roleId: string) => (await worldRepository.findPlayer(db(), roleId))?.recharge_currency;

describe('the rule and the order query', () => {
  it('asks for the rule first, refuses a bad one, and keeps who set it', async () => {
    expect((await api.get<RebateSettingsResult>(admin, '/cbt-rebate/settings')).result).toEqual({ settings: null, updatedBy: null, updatedAt: null });
    expect(await api.get(admin, '/cbt-rebate/accounts')).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Set the beta-test window and the rebate rule first.' });

    const bad = await api.put(admin, '/cbt-rebate/settings', { ...settings(), percent: 0, betaEnd: betaStart - 1 });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(bad.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['The rebate percentage is a whole number from 1 to 1000.', 'The end time must be after the start time.']));
    const zh = await api.put(admin, '/cbt-rebate/settings', { ...settings(), unitsPerMajor: 0 }, 'zh-CN');
    expect(zh.details?.map((d) => d.message)).toContain('每单位金额对应的充值货币须为 1 到 100000 的整数。');
    expect(await db().selectFrom('cbt_rebate_settings').selectAll().execute()).toEqual([]);

    const saved = await api.put<RebateSettingsResult>(admin, '/cbt-rebate/settings', settings());
    expect(saved.result).toMatchObject({ settings: settings(), updatedBy: 'admin' });
    expect(await auditEntries(t, 'cbtRebate.settings')).toHaveLength(1);
  });

  it('lists what each account paid in the beta: completed orders only, inside the window, with the rebate due', async () => {
    await api.put(admin, '/cbt-rebate/settings', settings());
    const page = await api.get<CappedPage<RebateAccount>>(admin, '/cbt-rebate/accounts');
    expect(page.code).toBe(0);
    // 600 minor units a crystal pack: A paid two (12.00), B one (its refunded and after-beta orders do not count).
    expect(page.result.results).toEqual([
      expect.objectContaining({ userId: userA, orders: 2, paid: 1200, currency: 'CNY', rebate: 180, rebateStatus: null }),
      expect.objectContaining({ userId: userB, orders: 1, paid: 600, rebate: 90, rebateStatus: null }),
    ]);
    expect(page.result.total).toBe(2);
    const one = await api.get<CappedPage<RebateAccount>>(admin, `/cbt-rebate/accounts?userId=${userB}`);
    expect(one.result.results.map((r) => r.userId)).toEqual([userB]);
  });
});

describe('propose, review, grant', () => {
  beforeEach(async () => {
    await api.put(admin, '/cbt-rebate/settings', settings());
  });

  it('proposes once per account, and only for accounts that paid', async () => {
    const first = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userA, userB, 'nobody-paid'], note: 'closed beta 1' });
    expect(first.code).toBe(0);
    expect(first.result.proposed.map((r) => [r.userId, r.amount, r.status])).toEqual([
      [userA, 180, 'proposed'],
      [userB, 90, 'proposed'],
    ]);
    expect(first.result.skipped).toEqual([{ userId: 'nobody-paid', reason: 'noBetaRecharge' }]);
    const again = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userA] });
    expect(again.result).toEqual({ proposed: [], skipped: [{ userId: userA, reason: 'alreadyProposed' }] });
    expect(await auditEntries(t, 'cbtRebate.propose')).toHaveLength(1);

    const accounts = await api.get<CappedPage<RebateAccount>>(admin, '/cbt-rebate/accounts');
    expect(accounts.result.results.map((r) => r.rebateStatus)).toEqual(['proposed', 'proposed']);

    expect(await api.post(proposer, '/cbt-rebate/rebates', { userIds: [] })).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ message: 'Please select the accounts first.' }] });
    const reader = await operatorWith(t, admin, [P.CBT_REBATE]);
    expect((await api.post(reader, '/cbt-rebate/rebates', { userIds: [userA] })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(reader, '/cbt-rebate/rebates')).code).toBe(0);
  });

  it('needs a second operator, and the game grants it to the first role the account creates after the beta', async () => {
    const { result } = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userA] });
    const id = result.proposed[0]?.id ?? '';

    const self = await api.post(proposer, `/cbt-rebate/rebates/${id}/approve`);
    expect(self).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: 'You proposed this rebate: another operator must review it.' });
    const selfZh = await api.post(proposer, `/cbt-rebate/rebates/${id}/approve`, {}, 'zh-CN');
    expect(selfZh.message).toBe('该返利由您提交，需由其他操作员审核。');

    // Account A's roles were all made before the beta ended: the game holds the rebate.
    const approved = await api.post<ApproveRebateResult>(admin, `/cbt-rebate/rebates/${id}/approve`);
    expect(approved.code).toBe(0);
    expect(approved.result.rebate).toMatchObject({ status: 'approved', reviewedBy: 'admin', inGame: true, deliveredTo: null });
    expect(approved.result.granted).toEqual([]);

    const role = await t.app.ctx.gateway.createPlayer({ commandId: 'launch-role', areaId: areaA, roleName: 'Launch Day', userId: userA });
    expect(role.userId).toBe(userA);
    expect(await crystals(role.roleId)).toBe(180);

    const list = await api.get<{ results: Rebate[] }>(admin, '/cbt-rebate/rebates?status=approved');
    expect(list.result.results).toEqual([expect.objectContaining({ id, inGame: true, deliveredTo: role.roleId })]);

    // Approving again hands the same grant over: the game applies it once.
    const repeat = await api.post<ApproveRebateResult>(admin, `/cbt-rebate/rebates/${id}/approve`);
    expect(repeat.code).toBe(0);
    expect(await crystals(role.roleId)).toBe(180);
    await t.app.ctx.gateway.createPlayer({ commandId: 'second-role', areaId: areaA, roleName: 'Alt', userId: userA });
    const roles = await db().selectFrom('game_players').select(['role_id', 'recharge_currency']).where('user_id', '=', userA).where('role_name', '=', 'Alt').execute();
    expect(roles).toEqual([expect.objectContaining({ recharge_currency: 0 })]);
    expect((await auditEntries(t, 'cbtRebate.approve')).length).toBe(2);
  });

  it('delivers at once when the account already created its role after the beta', async () => {
    const role = await t.app.ctx.gateway.createPlayer({ commandId: 'early-role', areaId: areaA, roleName: 'Early', userId: userB });
    const { result } = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userB] });
    const approved = await api.post<ApproveRebateResult>(admin, `/cbt-rebate/rebates/${result.proposed[0]?.id ?? ''}/approve`);
    expect(approved.result.rebate.deliveredTo).toBe(role.roleId);
    expect(approved.result.granted).toEqual([expect.objectContaining({ kind: 'currency', id: 'recharge', quantity: 90, before: 0, after: 90 })]);
  });

  it('rejects with a reason, once, and a rejected rebate is never granted', async () => {
    const { result } = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userB] });
    const id = result.proposed[0]?.id ?? '';
    expect(await api.post(admin, `/cbt-rebate/rebates/${id}/reject`, { reason: '' })).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ message: 'Please enter the reason.' }] });
    const rejected = await api.post<Rebate>(admin, `/cbt-rebate/rebates/${id}/reject`, { reason: 'chargeback during the beta' });
    expect(rejected.result).toMatchObject({ status: 'rejected', rejectReason: 'chargeback during the beta', reviewedBy: 'admin' });
    expect(await api.post(admin, `/cbt-rebate/rebates/${id}/reject`, { reason: 'again' })).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'This rebate has already been reviewed.' });
    expect((await api.post(admin, `/cbt-rebate/rebates/${id}/approve`)).code).toBe(ErrorCode.WRONG_STATE);
    expect(await db().selectFrom('game_account_grants').selectAll().execute()).toEqual([]);
    // A rejected proposal frees the account for a new one.
    const again = await api.post<ProposeRebatesResult>(proposer, '/cbt-rebate/rebates', { userIds: [userB] });
    expect(again.result.proposed).toHaveLength(1);
    expect((await api.post(admin, '/cbt-rebate/rebates/no-such-id/approve')).code).toBe(ErrorCode.NOT_FOUND);
  });
});
