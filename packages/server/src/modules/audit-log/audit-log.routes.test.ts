import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { P } from '@gm/contract/permissions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Entry { stamp: number; accountName: string; log: string; action: string; code: number | null; outcome: string; targets: string[] }
const getLog = async (token: string, query = '', lang = 'en') =>
  (await t.call(token, { method: 'GET', url: `/api/gm/admin/get-log${query}`, headers: { 'accept-language': lang } })).json<{ result: { results: Entry[]; total: number; page: number; size: number } }>().result;

describe('GM operation log', () => {
  it('pages newest first with the drawer defaults (page 0, size 30) and localized text', async () => {
    const admin = await t.signIn('admin');
    for (let i = 0; i < 3; i += 1) {
      t.clock.now += 1000;
      await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: `Role ${i}`, resourceIds: [] } });
    }
    const page = await getLog(admin);
    expect(page).toMatchObject({ page: 0, size: 30 });
    expect(page.results[0]).toMatchObject({ accountName: 'admin', action: 'roles.create', code: P.ROLE_EDIT, log: 'Create role: Role 2', outcome: 'ok' });
    const stamps = page.results.map((e) => e.stamp);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
    const zh = await getLog(admin, '', 'zh-CN');
    expect(zh.results[0]?.log).toBe('创建角色：Role 2');
  });

  it('filters by operator, code, target and time', async () => {
    const admin = await t.signIn('admin');
    const start = t.clock.now;
    t.clock.now += 5000;
    await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Target role', resourceIds: [] } });
    await t.signIn('support');
    expect((await getLog(admin, `?code=${P.ROLE_EDIT}`)).results.map((e) => e.targets[0])).toEqual(['Target role']);
    expect((await getLog(admin, '?operator=support')).results.every((e) => e.accountName === 'support')).toBe(true);
    expect((await getLog(admin, '?target=Target%20role')).total).toBe(1);
    // The role and the support sign-in, not the admin sign-in before `start + 1000`.
    expect((await getLog(admin, `?from=${start + 1000}&to=${t.clock.now + 1}`)).total).toBe(2);
    expect((await getLog(admin, `?from=${new Date(start + 1000).toISOString()}`)).total).toBe(2);
    expect((await getLog(admin, `?to=${start + 1000}`)).results.map((e) => e.accountName)).not.toContain('support');
  });

  it('refuses a code beyond the 32-bit column as invalid (PostgreSQL answered 500; found by the hostile-input suite)', async () => {
    const admin = await t.signIn('admin');
    for (const code of ['2147483648', '-2147483649', '1340560268901785', '-1']) {
      const res = await t.call(admin, { method: 'GET', url: `/api/gm/admin/get-log?code=${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json<{ code: number; details: { path: string }[] }>()).toMatchObject({ code: 10001, details: [{ path: 'code' }] });
    }
    expect((await getLog(admin, '?code=2147483647')).total).toBe(0);
  });

  it('shows operators without the GM-log page only their own entries', async () => {
    const admin = await t.signIn('admin');
    await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Admin only', resourceIds: [] } });
    const support = await t.signIn('support');
    const page = await getLog(support, '?operator=admin');
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((e) => e.accountName === 'support')).toBe(true);
  });
});
