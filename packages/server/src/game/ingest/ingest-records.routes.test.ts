import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { INGEST_MAX_ITEMS } from '@gm/contract/ingest.contract.ts';
import type { CappedPage, PlayerReport, RedeemClaim } from '@gm/contract/players.contract.ts';
import { seedGameWorld } from '../world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestHeaders } from './ingest-signature.ts';
import { ensureDemoGame } from './ingest.service.ts';

const KEY = 'demo-ingest-key-for-tests-0123456789';
const API = '/api/gm/admin';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  await ensureDemoGame(t.app.ctx, KEY);
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

interface Envelope<T = unknown> {
  code: number;
  message: string;
  result: T;
  details?: { path: string; message: string }[];
}

function send(url: string, body: unknown, key = KEY) {
  const payload = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: `/api/ingest${url}`, payload, headers: ingestHeaders('demo', key, payload, t.clock.now) });
}

const list = async <T>(url: string) => (await t.call(admin, { method: 'GET', url: `${API}${url}` })).json<Envelope<CappedPage<T>>>().result;

const report = (reportId: string, overrides: Record<string, unknown> = {}) => ({
  reportId,
  roleId: 'r-2001',
  roleName: '铁狼 Iron Wolf',
  areaId: 3,
  reporterRoleId: 'r-1001',
  reason: 'abuse',
  content: '世界频道骂人 Insulting people in world chat',
  reportedAt: t.clock.now - 60_000,
  ...overrides,
});

const claim = (claimId: string, overrides: Record<string, unknown> = {}) => ({
  claimId,
  code: 'LAUNCH',
  batchId: 'B2026LAUNCH',
  batchName: '公测庆典 Launch celebration',
  roleId: 'r-1001',
  roleName: 'Kestrel',
  userId: 'u-1001',
  areaId: 1,
  rewards: [
    { kind: 'currency', currency: 'nonRecharge', quantity: 300 },
    { kind: 'item', itemType: 'prop', sourceId: '100103', quantity: 5, rarity: 4 },
  ],
  claimedAt: t.clock.now - 120_000,
  ...overrides,
});

const countRows = async (table: 'game_reports' | 'game_redeem_claims') =>
  Number((await t.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/ingest/reports', () => {
  it('stores reports, shown on the report list with the role as the report names it', async () => {
    const res = await send('/reports', { reports: [report('rep-1'), report('rep-2', { reason: 'cheating', content: '自动瞄准 Aimbot in arena', reportedAt: t.clock.now - 30_000 })] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope>()).toMatchObject({ code: 0, result: { stored: 2, duplicates: 0 } });
    const page = await list<PlayerReport>('/report/list?size=100');
    expect(page.total).toBe(2);
    // The console has no snapshot of r-2001 yet: the report is still kept and listed.
    expect(page.results[0]).toEqual({
      reportId: 'rep-2',
      roleId: 'r-2001',
      roleName: '铁狼 Iron Wolf',
      areaId: '3',
      reason: 'cheating',
      reportedAt: t.clock.now - 30_000,
      content: '自动瞄准 Aimbot in arena',
      reportCount: 2,
      reporterRoleId: 'r-1001',
      muted: false,
      banned: false,
    });
    expect((await list<PlayerReport>('/report/list?reason=abuse')).results.map((r) => r.reportId)).toEqual(['rep-1']);
  });

  it('knows the reported role when the world has it: its marks show on the report', async () => {
    await seedGameWorld(t.app.ctx.db, { players: 5, seed: 3, now: t.clock.now - 60_000 });
    const role = await t.app.ctx.db.selectFrom('game_players').selectAll().orderBy('role_id').executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('game_players').set({ ban_until: t.clock.now + 86_400_000 }).where('role_id', '=', role.role_id).execute();
    await send('/reports', { reports: [report('rep-1', { roleId: role.role_id, roleName: role.role_name, areaId: Number(role.area_id) })] });
    const [listed] = (await list<PlayerReport>(`/report/list?roleId=${role.role_id}`)).results;
    expect(listed).toMatchObject({ roleId: role.role_id, areaId: role.area_id, banned: true, reportCount: 1 });
  });

  it('stores a report once per id: a repeated batch, or a repeat inside one, stores nothing twice', async () => {
    const body = { reports: [report('rep-1'), report('rep-2')] };
    expect((await send('/reports', body)).json<Envelope>().result).toEqual({ stored: 2, duplicates: 0 });
    // A retry is signed anew (a later timestamp).
    t.clock.now += 1_000;
    expect((await send('/reports', body)).json<Envelope>().result).toEqual({ stored: 0, duplicates: 2 });
    t.clock.now += 1_000;
    const mixed = await send('/reports', { reports: [report('rep-2', { content: 'changed' }), report('rep-3'), report('rep-3')] });
    expect(mixed.json<Envelope>().result).toEqual({ stored: 1, duplicates: 2 });
    expect(await countRows('game_reports')).toBe(3);
    // The first stored version stays.
    expect((await list<PlayerReport>('/report/list?size=100')).results.every((r) => r.content !== 'changed')).toBe(true);
  });

  it('refuses the whole batch when any report is invalid, saying which and why', async () => {
    const res = await send('/reports', {
      reports: [
        report('rep-1'),
        report('rep-2', { reason: 'bribery' }),
        report('rep-3', { content: 'x'.repeat(1001) }),
        report('rep-4', { reporterRoleId: 'r-2001' }),
        report('rep-5', { areaId: '3' }),
        report('', { roleId: 'r'.repeat(41) }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Envelope>();
    expect(body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(body.details?.map((d) => d.path)).toEqual(['reports.1.reason', 'reports.2.content', 'reports.3.reporterRoleId', 'reports.4.areaId', 'reports.5.reportId', 'reports.5.roleId']);
    expect(body.details?.[1]?.message).toBe('Must be at most 1000 characters.');
    const many = Array.from({ length: INGEST_MAX_ITEMS + 1 }, (_, i) => report(`rep-${i}`));
    const tooMany = (await send('/reports', { reports: many })).json<Envelope>();
    expect(tooMany.details).toEqual([{ path: 'reports', message: `Too many items in one batch: at most ${INGEST_MAX_ITEMS}.` }]);
    expect((await send('/reports', { reports: [] })).json<Envelope>().code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await countRows('game_reports')).toBe(0);
  });

  it('requires the game’s signature', async () => {
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/ingest/reports', payload: { reports: [report('rep-1')] } });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    const wrongKey = await send('/reports', { reports: [report('rep-1')] }, 'not-the-demo-key-0123456789');
    expect(wrongKey.json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    const payload = JSON.stringify({ reports: [report('rep-1')] });
    const headers = ingestHeaders('demo', KEY, payload, t.clock.now);
    expect((await t.app.inject({ method: 'POST', url: '/api/ingest/reports', payload, headers })).json<Envelope>().code).toBe(0);
    const replay = await t.app.inject({ method: 'POST', url: '/api/ingest/reports', payload, headers });
    expect(replay.json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    expect(await countRows('game_reports')).toBe(1);
  });
});

describe('POST /api/ingest/redeem-claims', () => {
  it('stores claims with their rewards, shown on the claim list', async () => {
    const res = await send('/redeem-claims', { claims: [claim('cl-1'), claim('cl-2', { code: 'CSAB23CD45EF', batchId: 'B2026CS', batchName: '客服补偿 Support compensation', rewards: [{ kind: 'currency', currency: 'nonRecharge', quantity: 500 }] })] });
    expect(res.json<Envelope>()).toMatchObject({ code: 0, result: { stored: 2, duplicates: 0 } });
    const page = await list<RedeemClaim>('/exchange/claims?size=100');
    expect(page.total).toBe(2);
    expect(page.results[0]).toEqual({
      claimId: 'cl-2',
      code: 'CSAB23CD45EF',
      batchId: 'B2026CS',
      batchName: '客服补偿 Support compensation',
      roleId: 'r-1001',
      roleName: 'Kestrel',
      userId: 'u-1001',
      areaId: '1',
      rewards: [{ kind: 'currency', currency: 'nonRecharge', quantity: 500 }],
      claimedAt: t.clock.now - 120_000,
    });
    expect(page.results[1]?.rewards).toEqual(claim('cl-1').rewards);
    expect((await list<RedeemClaim>('/exchange/claims?code=LAUNCH')).results.map((c) => c.claimId)).toEqual(['cl-1']);
  });

  it('stores a claim once per id', async () => {
    const body = { claims: [claim('cl-1'), claim('cl-2')] };
    expect((await send('/redeem-claims', body)).json<Envelope>().result).toEqual({ stored: 2, duplicates: 0 });
    t.clock.now += 1_000;
    expect((await send('/redeem-claims', body)).json<Envelope>().result).toEqual({ stored: 0, duplicates: 2 });
    t.clock.now += 1_000;
    expect((await send('/redeem-claims', { claims: [claim('cl-3'), claim('cl-3'), claim('cl-1')] })).json<Envelope>().result).toEqual({ stored: 1, duplicates: 2 });
    expect(await countRows('game_redeem_claims')).toBe(3);
  });

  it('refuses the whole batch when any claim is invalid, and requires the signature', async () => {
    const res = await send('/redeem-claims', {
      claims: [
        claim('cl-1'),
        claim('cl-2', { rewards: [] }),
        claim('cl-3', { rewards: [{ kind: 'currency', currency: 'gems', quantity: 5 }] }),
        claim('cl-4', { code: 'C'.repeat(65) }),
        claim('cl-5', { claimedAt: -1 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope>().details?.map((d) => d.path)).toEqual(['claims.1.rewards', 'claims.2.rewards.0.currency', 'claims.3.code', 'claims.4.claimedAt']);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/ingest/redeem-claims', payload: { claims: [claim('cl-1')] } });
    expect(unsigned.json<Envelope>().code).toBe(ErrorCode.INGEST_UNAUTHORIZED);
    expect(await countRows('game_redeem_claims')).toBe(0);
  });
});
