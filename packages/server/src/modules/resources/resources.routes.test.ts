import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let whitelists: ReturnType<typeof apiFor>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  whitelists = apiFor(t, '/api/gm/admin/whitelists');
  // Resources may only live on hosts the domain whitelist allows for resources.
  expect((await whitelists.post(admin, '/domain', { domain: '*.cdn.example.com', purpose: 'resource' })).code).toBe(0);
});
afterEach(async () => {
  await t.close();
});

const bundle = {
  name: 'Hot update 1.4.2',
  type: 'bundle',
  platform: 'android',
  version: '1.4.2',
  minClientVersion: '1.4.0',
  url: 'https://dl.cdn.example.com/android/1.4.2/patch.zip',
  md5: 'D41D8CD98F00B204E9800998ECF8427E',
  size: 52_428_800,
};
type Res = Record<string, unknown> & { id: string };
const count = async () => Number((await t.app.ctx.db.selectFrom('resources').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('resources', () => {
  it('adds a resource, audits it, reads it back and lists it with filters', async () => {
    const created = await api.post<Res>(admin, '/resources', bundle);
    expect(created).toMatchObject({ code: 0, result: { ...bundle, md5: 'd41d8cd98f00b204e9800998ecf8427e', status: 'offline', creator: 'admin', notes: '' } });
    const [entry] = await auditEntries(t, 'resources.create');
    expect(entry).toMatchObject({ code: P.BASIC_CONFIG_EDIT, targets: '["Hot update 1.4.2 (android 1.4.2)"]' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ version: '1.4.2', url: bundle.url });

    expect((await api.get<Res>(admin, `/resources/${created.result.id}`)).result.name).toBe('Hot update 1.4.2');
    t.clock.now += 1000;
    await api.post(admin, '/resources', { ...bundle, name: 'iOS package', type: 'package', platform: 'ios', version: '1.4.0', minClientVersion: '' });
    const ios = await api.get<{ results: Res[]; total: number }>(admin, '/resources?platform=ios');
    expect(ios.result.results.map((r) => r.name)).toEqual(['iOS package']);
    expect((await api.get<{ total: number }>(admin, '/resources?keyword=HOT&type=bundle&status=offline')).result.total).toBe(1);
    expect((await api.get<{ results: Res[] }>(admin, '/resources?page=0&size=1')).result.results[0]?.name).toBe('iOS package');
  });

  it('refuses every rule with its message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...bundle, name: '' }, 'name', 'Please enter a name.'],
      [{ ...bundle, type: 'movie' }, 'type', 'Please choose the resource type.'],
      [{ ...bundle, platform: undefined }, 'platform', 'Please choose the platform.'],
      [{ ...bundle, version: 'v1' }, 'version', 'Use a version such as 1.2.3.'],
      [{ ...bundle, version: '' }, 'version', 'Please enter the version.'],
      [{ ...bundle, minClientVersion: '2.0' }, 'minClientVersion', 'The minimum client version cannot be above the version.'],
      [{ ...bundle, url: 'ftp://dl.cdn.example.com/a.zip' }, 'url', 'Enter an http or https address.'],
      [{ ...bundle, md5: 'abc' }, 'md5', 'The MD5 is 32 hexadecimal characters.'],
      [{ ...bundle, size: 0 }, 'size', 'Enter the size in bytes (a whole number above 0).'],
      [{ ...bundle, size: 1.5 }, 'size', 'Enter the size in bytes (a whole number above 0).'],
      [{ ...bundle, url: 'https://evil.example.net/patch.zip' }, 'url', 'The host evil.example.net is not an open entry of the domain whitelist for resources. Add it there first.'],
    ];
    for (const [payload, path, message] of cases) {
      const body = await api.post(admin, '/resources', payload);
      expect(body.code, path).toBe(ErrorCode.INVALID_PARAMS);
      expect(body.details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }
    const zh = await api.post(admin, '/resources', { ...bundle, md5: 'x' }, 'zh-CN');
    expect(zh.details?.[0]?.message).toBe('MD5为32位十六进制字符。');
    expect(await count()).toBe(0);
  });

  it('refuses a second resource of the same type, platform and version', async () => {
    expect((await api.post(admin, '/resources', bundle)).code).toBe(0);
    const again = await api.post(admin, '/resources', { ...bundle, name: 'Other name' });
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, message: '"bundle/android/1.4.2" already exists.', details: [{ path: 'version' }] });
    expect((await api.post(admin, '/resources', { ...bundle, platform: 'ios' })).code).toBe(0);
  });

  it('edits with before and after; a new host must be whitelisted', async () => {
    const created = (await api.post<Res>(admin, '/resources', bundle)).result;
    t.clock.now += 1000;
    const edited = await api.put<Res>(admin, `/resources/${created.id}`, { ...bundle, notes: 'fixes login crash', size: 52_428_801 });
    expect(edited.result).toMatchObject({ notes: 'fixes login crash', size: 52_428_801, updatedBy: 'admin' });
    const [entry] = await auditEntries(t, 'resources.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ size: 52_428_800, notes: '' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ size: 52_428_801, notes: 'fixes login crash' });
    const moved = await api.put(admin, `/resources/${created.id}`, { ...bundle, url: 'https://other.example.org/p.zip' });
    expect(moved.details?.[0]?.path).toBe('url');
    expect((await api.put(admin, '/resources/nope', bundle)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('puts resources online and offline in batch, only on whitelisted hosts, and deletes with the spec rule', async () => {
    const a = (await api.post<Res>(admin, '/resources', bundle)).result;
    const b = (await api.post<Res>(admin, '/resources', { ...bundle, version: '1.4.3' })).result;
    const online = await api.post<{ changed: number }>(admin, '/resources/actions/status', { ids: [a.id, b.id], status: 'online' });
    expect(online.result.changed).toBe(2);
    const [entry] = await auditEntries(t, 'resources.status');
    expect(JSON.parse(entry?.after ?? '[]')).toEqual([expect.objectContaining({ status: 'online' }), expect.objectContaining({ status: 'online' })]);
    await api.post(admin, '/resources/actions/status', { ids: [a.id], status: 'offline' });

    // The CDN leaves the whitelist: nothing may go online from it any more.
    const domains = await whitelists.get<{ results: Res[] }>(admin, '/domain');
    await whitelists.post(admin, '/domain/actions/status', { ids: domains.result.results.map((d) => d.id), status: 'close' });
    const refused = await api.post(admin, '/resources/actions/status', { ids: [a.id], status: 'online' });
    expect(refused.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(refused.message).toContain('dl.cdn.example.com');

    expect((await api.post(admin, '/resources/actions/status', { ids: [], status: 'online' })).message).toBe('Please choose at least one entry.');
    expect((await api.post(admin, '/resources/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await api.post<{ changed: number }>(admin, '/resources/actions/delete', { ids: [a.id, b.id] })).result.changed).toBe(2);
    expect(await count()).toBe(0);
    expect(JSON.parse((await auditEntries(t, 'resources.delete'))[0]?.before ?? '[]')).toHaveLength(2);
  });

  it('is closed to the read-only analyst and to a viewer without 21006', async () => {
    const analyst = await t.signIn('analyst');
    expect((await api.get(analyst, '/resources')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(analyst, '/resources', bundle)).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await operatorWith(t, admin, [P.RESOURCE_LIST]);
    expect((await api.get(viewer, '/resources')).code).toBe(0);
    expect((await api.post(viewer, '/resources', bundle)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(viewer, '/resources/actions/delete', { ids: ['x'] })).code).toBe(ErrorCode.NO_PERMISSION);
    expect(await count()).toBe(0);
    const denied = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('outcome', '=', 'denied').where('code', '=', P.BASIC_CONFIG_EDIT).execute();
    expect(denied.length).toBeGreaterThanOrEqual(3);
  });
});
