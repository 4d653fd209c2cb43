import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { CappedPage, PlayerReport, RedeemClaim } from '@gm/contract/players.contract.ts';
import { seedRedeemClaims, seedReports } from '../../game/world/reports.seed.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
const API = '/api/gm/admin';

beforeEach(async () => {
  t = await createTestApp();
  const now = t.clock.now - 60_000;
  await seedGameWorld(t.app.ctx.db, { players: 80, seed: 9, now });
  await seedReports(t.app.ctx.db, { count: 60, seed: 9, now });
  await seedRedeemClaims(t.app.ctx.db, { count: 50, seed: 9, now });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const get = async <T>(token: string, url: string) => (await t.call(token, { method: 'GET', url: `${API}${url}` })).json<{ code: number; result: T; details?: { path: string; message: string }[] }>();

describe('player reports', () => {
  it('lists reports newest first with the report count and the reported role’s marks; filters by role, reason and time', async () => {
    const page = await get<CappedPage<PlayerReport>>(admin, '/report/list?size=100');
    expect(page.code).toBe(0);
    expect(page.result.total).toBe(60);
    const times = page.result.results.map((r) => r.reportedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const counts = new Map<string, number>();
    for (const r of page.result.results) counts.set(r.roleId, (counts.get(r.roleId) ?? 0) + 1);
    for (const r of page.result.results) expect(r.reportCount, r.roleId).toBe(counts.get(r.roleId));
    const [first] = page.result.results;
    if (!first) throw new Error('no reports');
    const byRole = await get<CappedPage<PlayerReport>>(admin, `/report/list?roleId=${first.roleId}`);
    expect(byRole.result.results.every((r) => r.roleId === first.roleId)).toBe(true);
    expect(byRole.result.total).toBe(counts.get(first.roleId));
    const byReason = await get<CappedPage<PlayerReport>>(admin, `/report/list?reason=${first.reason}`);
    expect(byReason.result.results.every((r) => r.reason === first.reason)).toBe(true);
    const recent = await get<CappedPage<PlayerReport>>(admin, `/report/list?from=${first.reportedAt}&to=${first.reportedAt + 1}`);
    expect(recent.result.results.map((r) => r.reportId)).toContain(first.reportId);
    expect((await get(admin, '/report/list?reason=bribery')).code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('mutes and bans straight from a report: the marks follow the game', async () => {
    const page = await get<CappedPage<PlayerReport>>(admin, '/report/list?size=100');
    const report = page.result.results.find((r) => !r.muted && !r.banned);
    if (!report) throw new Error('no unsanctioned report');
    const mute = await t.call(admin, { method: 'POST', url: `${API}/report/closure`, payload: { roleIds: [report.roleId], duration: 3600, reason: `Report ${report.reportId}` } });
    expect(mute.json<{ code: number }>().code).toBe(0);
    const ban = await t.call(admin, { method: 'POST', url: `${API}/report/banned`, payload: { roleIds: [report.roleId], duration: 86_400, reason: `Report ${report.reportId}` } });
    expect(ban.json<{ code: number }>().code).toBe(0);
    const after = await get<CappedPage<PlayerReport>>(admin, `/report/list?roleId=${report.roleId}`);
    expect(after.result.results.every((r) => r.muted && r.banned)).toBe(true);
  });

  it('is refused to an operator without 11017', async () => {
    const analyst = await t.signIn('analyst');
    expect((await get(analyst, '/report/list')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('redeem-code claims', () => {
  it('lists claims newest first with their rewards, filtered by code, batch, role and time', async () => {
    const page = await get<CappedPage<RedeemClaim>>(admin, '/exchange/claims?size=100');
    expect(page.code).toBe(0);
    expect(page.result.total).toBeGreaterThan(30);
    const [first] = page.result.results;
    if (!first) throw new Error('no claims');
    expect(first.rewards.length).toBeGreaterThan(0);
    const byCode = await get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?code=${first.code}`);
    expect(byCode.result.results.every((c) => c.code === first.code)).toBe(true);
    // A code as a player types it, in any case.
    expect((await get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?code=${first.code.toLowerCase()}`)).result.results).toEqual(byCode.result.results);
    const byBatch = await get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?batchId=${first.batchId}&size=100`);
    expect(byBatch.result.results.every((c) => c.batchId === first.batchId)).toBe(true);
    const byRole = await get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?roleId=${first.roleId}`);
    expect(byRole.result.results.map((c) => c.claimId)).toContain(first.claimId);
    const window = await get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?from=${first.claimedAt}&to=${first.claimedAt + 1}`);
    expect(window.result.results.map((c) => c.claimId)).toContain(first.claimId);
    const wrong = await get(admin, `/exchange/claims?from=${first.claimedAt}&to=${first.claimedAt - 1}`);
    expect(wrong.details).toEqual([{ path: 'to', message: 'The end time must be after the start time.' }]);
  });

  it('is refused to an operator without 11019', async () => {
    const analyst = await t.signIn('analyst');
    expect((await get(analyst, '/exchange/claims')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
