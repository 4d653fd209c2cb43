import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const API = '/api/gm/admin/whitelists';
interface Envelope<T = unknown> { code: number; message: string; result: T; details?: { path: string; message: string }[] }
type Entry = Record<string, unknown> & { id: string };

const post = async <T = Entry>(token: string, url: string, payload: unknown, lang = 'en') =>
  (await t.call(token, { method: 'POST', url: `${API}${url}`, payload: payload as Record<string, unknown>, headers: { 'accept-language': lang } })).json<Envelope<T>>();
const put = async <T = Entry>(token: string, url: string, payload: unknown) =>
  (await t.call(token, { method: 'PUT', url: `${API}${url}`, payload: payload as Record<string, unknown> })).json<Envelope<T>>();
const get = async <T>(token: string, url: string) => (await t.call(token, { method: 'GET', url: `${API}${url}` })).json<Envelope<T>>();
const auditRows = (action: string) => t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('outcome', '=', 'ok').orderBy('at', 'desc').execute();
const count = async (table: 'whitelist_ips' | 'whitelist_ids' | 'whitelist_functions' | 'whitelist_domains') =>
  Number((await t.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** A role with exactly these codes and one operator holding it; returns the operator's token. */
async function operatorWith(codes: number[], buttons: number[] = []): Promise<string> {
  const role = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: `r${codes.join('-')}-${buttons.join('-')}`, description: '', resourceIds: codes, buttons } });
  const roleId = role.json<Envelope<{ id: string }>>().result.id;
  const account = `op${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.call(admin, { method: 'POST', url: '/api/gm/admin/operators', payload: { account, name: account, password: 'Quiet-Meadow-31', roleId } });
  expect(created.json<Envelope>().code).toBe(0);
  return t.signIn(account, 'Quiet-Meadow-31');
}

describe('IP whitelist', () => {
  it('adds IPv4, IPv6 and CIDR entries in canonical form and audits each in the same transaction', async () => {
    t.clock.now += 1000;
    const v4 = await post(admin, '/ip', { address: ' 10.20.0.0/16 ', notes: 'Office', sdkPlatformId: '1234567890123456789' });
    expect(v4).toMatchObject({ code: 0, result: { address: '10.20.0.0/16', version: 4, prefix: 16, notes: 'Office', status: 'open', sdkPlatformId: '1234567890123456789', creator: 'admin' } });
    t.clock.now += 1000;
    const v6 = await post(admin, '/ip', { address: '2001:0DB8:0000:0000:0000:0000:0000:0001', status: 'close' });
    expect(v6.result).toMatchObject({ address: '2001:db8::1', version: 6, prefix: null, status: 'close', sdkPlatformId: '' });
    const [entry] = await auditRows('whitelists.ip.create');
    expect(entry).toMatchObject({ account_name: 'admin', code: P.WHITELIST_EDIT, outcome: 'ok', targets: '["2001:db8::1"]' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ address: '2001:db8::1', status: 'close' });
    expect(entry?.before).toBe('null');

    const page = await get<{ results: Entry[]; total: number }>(admin, '/ip?page=0&size=1');
    expect(page.result.total).toBe(2);
    expect(page.result.results).toHaveLength(1);
    const filtered = await get<{ results: Entry[]; total: number }>(admin, '/ip?status=open&keyword=office&sdkPlatformId=123456');
    expect(filtered.result.results.map((e) => e.address)).toEqual(['10.20.0.0/16']);
  });

  it('refuses every bad input with a field message in the caller language, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: '' }, 'address', 'Please enter an IP address or range.'],
      [{ address: '300.1.1.1' }, 'address', 'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/24.'],
      [{ address: 'fe80::1%eth0' }, 'address', 'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/24.'],
      [{ address: '192.168.1.5/24' }, 'address', 'The range has host bits set; did you mean 192.168.1.0/24?'],
      [{ address: '10.0.0.0/4' }, 'address', 'The range is too wide: use a prefix of /8 or longer.'],
      [{ address: '10.0.0.1', sdkPlatformId: '123' }, 'sdkPlatformId', 'The SDK platform id is 19 digits.'],
      [{ address: '10.0.0.1', sdkPlatformId: '123456789012345678a' }, 'sdkPlatformId', 'The SDK platform id is 19 digits.'],
      [{ address: '10.0.0.1', notes: 'x'.repeat(256) }, 'notes', 'Must be at most 255 characters.'],
      [{ address: '10.0.0.1', status: 'maybe' }, 'status', 'Invalid value.'],
    ];
    for (const [payload, path, message] of cases) {
      const body = await post(admin, '/ip', payload);
      expect(body.code, JSON.stringify(payload)).toBe(ErrorCode.INVALID_PARAMS);
      expect(body.details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }
    const zh = await post(admin, '/ip', { address: '10.0.0.1', sdkPlatformId: '1' }, 'zh-CN');
    expect(zh.details?.[0]?.message).toBe('SDK平台ID为19位数字。');
    expect(await count('whitelist_ips')).toBe(0);
  });

  it('refuses a duplicate (also written differently) with CONFLICT, per platform', async () => {
    expect((await post(admin, '/ip', { address: '2001:db8::1' })).code).toBe(0);
    const again = await post(admin, '/ip', { address: '2001:DB8:0::1' });
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, message: '"2001:db8::1" already exists.', details: [{ path: 'address' }] });
    expect((await post(admin, '/ip', { address: '2001:db8::1', sdkPlatformId: '1234567890123456789' })).code).toBe(0);
    expect(await count('whitelist_ips')).toBe(2);
  });

  it('edits an entry with before and after, refuses an edit into a duplicate, and skips a no-op', async () => {
    const a = (await post(admin, '/ip', { address: '10.0.0.1', notes: 'a' })).result;
    await post(admin, '/ip', { address: '10.0.0.2' });
    t.clock.now += 5000;
    const edited = await put(admin, `/ip/${a.id}`, { address: '10.0.0.0/24', notes: 'lab', status: 'close', sdkPlatformId: '' });
    expect(edited.result).toMatchObject({ address: '10.0.0.0/24', notes: 'lab', status: 'close', creator: 'admin', updatedBy: 'admin' });
    const [entry] = await auditRows('whitelists.ip.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ address: '10.0.0.1', notes: 'a', status: 'open' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ address: '10.0.0.0/24', notes: 'lab', status: 'close' });
    expect((await put(admin, `/ip/${a.id}`, { address: '10.0.0.2' })).code).toBe(ErrorCode.CONFLICT);
    await put(admin, `/ip/${a.id}`, { address: '10.0.0.0/24', notes: 'lab', status: 'close' });
    expect(await auditRows('whitelists.ip.update')).toHaveLength(1);
    expect((await put(admin, '/ip/nope', { address: '10.9.9.9' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('toggles status in batch and batch-deletes; an empty choice is refused with the spec message', async () => {
    const ids = [];
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) ids.push((await post(admin, '/ip', { address })).result.id);
    const closed = await post<{ changed: number }>(admin, '/ip/actions/status', { ids: ids.slice(0, 2), status: 'close' });
    expect(closed.result.changed).toBe(2);
    const [status] = await auditRows('whitelists.ip.status');
    expect(JSON.parse(status?.after ?? '[]')).toEqual([expect.objectContaining({ status: 'close' }), expect.objectContaining({ status: 'close' })]);

    const none = await post(admin, '/ip/actions/delete', { ids: [] });
    expect(none).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Delete needs at least one entry chosen.' });
    const missing = await post(admin, '/ip/actions/delete', {});
    expect(missing.message).toBe('Delete needs at least one entry chosen.');
    const zh = await post(admin, '/ip/actions/delete', { ids: [] }, 'zh-CN');
    expect(zh.message).toBe('删除至少需要选择一条记录。');
    expect((await post(admin, '/ip/actions/status', { ids: [], status: 'open' })).message).toBe('Please choose at least one entry.');

    const unknown = await post(admin, '/ip/actions/delete', { ids: [ids[0], 'no-such-id'] });
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
    expect(await count('whitelist_ips')).toBe(3);

    const deleted = await post<{ changed: number }>(admin, '/ip/actions/delete', { ids: ids.slice(0, 2) });
    expect(deleted.result.changed).toBe(2);
    expect(await count('whitelist_ips')).toBe(1);
    const [entry] = await auditRows('whitelists.ip.delete');
    expect(JSON.parse(entry?.targets ?? '[]')).toEqual(expect.arrayContaining(['10.0.0.1', '10.0.0.2']));
    expect(JSON.parse(entry?.before ?? '[]')).toHaveLength(2);
  });

  it('checks an address against the open entries with node BlockList', async () => {
    await post(admin, '/ip', { address: '10.1.0.0/16' });
    await post(admin, '/ip', { address: '10.1.2.0/24', status: 'close' });
    await post(admin, '/ip', { address: '2001:db8::/32' });
    const inside = await get<{ allowed: boolean; entries: Entry[] }>(admin, '/ip/check?address=10.1.2.3');
    expect(inside.result.allowed).toBe(true);
    expect(inside.result.entries.map((e) => e.address).sort()).toEqual(['10.1.0.0/16', '10.1.2.0/24']);
    expect((await get<{ allowed: boolean }>(admin, '/ip/check?address=10.2.0.1')).result.allowed).toBe(false);
    expect((await get<{ allowed: boolean }>(admin, '/ip/check?address=2001:db8:1::5')).result.allowed).toBe(true);
    const range = await get(admin, '/ip/check?address=10.1.0.0/16');
    expect(range).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Enter a single IPv4 or IPv6 address.' });
  });
});

describe('ID whitelist', () => {
  it('adds role and user ids, refuses duplicates and past expiry, edits, toggles and deletes', async () => {
    const role = await post(admin, '/id', { kind: 'role', targetId: '100023', notes: 'QA phone' });
    expect(role.result).toMatchObject({ kind: 'role', targetId: '100023', status: 'open', effective: true, expiresAt: null, creator: 'admin' });
    expect((await post(admin, '/id', { kind: 'user', targetId: '100023' })).code).toBe(0);
    expect(await post(admin, '/id', { kind: 'role', targetId: '100023' })).toMatchObject({ code: ErrorCode.CONFLICT, details: [{ path: 'targetId' }] });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'role', targetId: '' }, 'targetId', 'Please enter the id.'],
      [{ kind: 'role', targetId: 'x'.repeat(101) }, 'targetId', 'Id length is at most 100 characters.'],
      [{ targetId: '1' }, 'kind', 'Please choose role id or user id.'],
      [{ kind: 'role', targetId: '2', expiresAt: t.clock.now - 1 }, 'expiresAt', 'The expiry time must be later than now.'],
    ];
    for (const [payload, path, message] of cases) {
      expect((await post(admin, '/id', payload)).details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }

    const expiring = await post(admin, '/id', { kind: 'role', targetId: '3', expiresAt: t.clock.now + 60_000 });
    expect(expiring.result.effective).toBe(true);
    t.clock.now += 120_000;
    const list = await get<{ results: Entry[] }>(admin, '/id?kind=role');
    expect(list.result.results.find((e) => e.targetId === '3')?.effective).toBe(false);
    // Editing the notes of an expired entry keeps its (past) expiry.
    expect((await put(admin, `/id/${expiring.result.id}`, { kind: 'role', targetId: '3', notes: 'done', expiresAt: expiring.result.expiresAt })).code).toBe(0);

    t.clock.now += 1000;
    const edited = await put(admin, `/id/${role.result.id}`, { kind: 'role', targetId: '100024', notes: 'new phone' });
    expect(edited.result.targetId).toBe('100024');
    const [update] = await auditRows('whitelists.id.update');
    expect(JSON.parse(update?.before ?? '{}')).toMatchObject({ targetId: '100023' });
    expect(JSON.parse(update?.after ?? '{}')).toMatchObject({ targetId: '100024', notes: 'new phone' });

    expect((await post<{ changed: number }>(admin, '/id/actions/status', { ids: [role.result.id], status: 'close' })).result.changed).toBe(1);
    expect((await get<{ total: number }>(admin, '/id?status=close')).result.total).toBe(1);
    expect((await post(admin, '/id/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await post<{ changed: number }>(admin, '/id/actions/delete', { ids: [role.result.id, expiring.result.id] })).result.changed).toBe(2);
    expect(await count('whitelist_ids')).toBe(1);
    expect(await auditRows('whitelists.id.delete')).toHaveLength(1);
  });
});

describe('function whitelist by third id', () => {
  it('requires the third id (max 100), refuses duplicates, switches logging and deletes', async () => {
    const required = await post(admin, '/function', { notes: 'x' });
    expect(required.details?.[0]).toEqual({ path: 'thirdId', message: 'Please enter the third id.' });
    expect((await post(admin, '/function', { thirdId: '   ' })).details?.[0]?.message).toBe('Please enter the third id.');
    const tooLong = await post(admin, '/function', { thirdId: 'a'.repeat(101) }, 'zh-CN');
    expect(tooLong.details?.[0]).toEqual({ path: 'thirdId', message: '第三方ID最多100个字符。' });
    expect((await post(admin, '/function', { thirdId: 'a'.repeat(100) })).code).toBe(0);

    const entry = await post(admin, '/function', { thirdId: 'google:10987', notes: 'tester' });
    expect(entry.result).toMatchObject({ thirdId: 'google:10987', logSwitch: 'close', adder: 'admin', notes: 'tester' });
    expect(typeof entry.result.addedAt).toBe('number');
    expect((await post(admin, '/function', { thirdId: 'google:10987' })).code).toBe(ErrorCode.CONFLICT);

    const switched = await post<{ changed: number }>(admin, '/function/actions/log-switch', { ids: [entry.result.id], logSwitch: 'open' });
    expect(switched.result.changed).toBe(1);
    const [log] = await auditRows('whitelists.function.logSwitch');
    expect(JSON.parse(log?.before ?? '[]')).toEqual([{ thirdId: 'google:10987', logSwitch: 'close' }]);
    expect(JSON.parse(log?.after ?? '[]')).toEqual([{ thirdId: 'google:10987', logSwitch: 'open' }]);
    expect((await get<{ total: number }>(admin, '/function?logSwitch=open')).result.total).toBe(1);

    const edited = await put(admin, `/function/${entry.result.id}`, { thirdId: 'google:10988', notes: 'renamed', logSwitch: 'open' });
    expect(edited.result).toMatchObject({ thirdId: 'google:10988', adder: 'admin' });
    expect((await post(admin, '/function/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await post<{ changed: number }>(admin, '/function/actions/delete', { ids: [entry.result.id] })).result.changed).toBe(1);
    expect(await count('whitelist_functions')).toBe(1);
  });
});

describe('domain whitelist', () => {
  it('accepts names and wildcards, refuses bad ones and duplicates per purpose, and checks URLs', async () => {
    const wildcard = await post(admin, '/domain', { domain: '*.CDN.Example.com', purpose: 'resource', notes: 'CDN' });
    expect(wildcard.result).toMatchObject({ domain: '*.cdn.example.com', wildcard: true, purpose: 'resource', status: 'open' });
    expect((await post(admin, '/domain', { domain: 'pay.example.com', purpose: 'payment' })).code).toBe(0);
    expect((await post(admin, '/domain', { domain: 'pay.example.com', purpose: 'redirect' })).code).toBe(0);
    expect(await post(admin, '/domain', { domain: 'PAY.example.com.', purpose: 'payment' })).toMatchObject({ code: ErrorCode.CONFLICT, details: [{ path: 'domain' }] });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ domain: '', purpose: 'payment' }, 'domain', 'Please enter the domain name.'],
      [{ domain: 'localhost', purpose: 'payment' }, 'domain', 'Enter a domain name such as pay.example.com or *.example.com.'],
      [{ domain: 'https://x.example.com', purpose: 'payment' }, 'domain', 'Enter a domain name such as pay.example.com or *.example.com.'],
      [{ domain: '*.com', purpose: 'payment' }, 'domain', 'A wildcard needs at least two labels after it, such as *.example.com.'],
      [{ domain: 'a.example.com' }, 'purpose', 'Please choose what the domain is for.'],
    ];
    for (const [payload, path, message] of cases) {
      expect((await post(admin, '/domain', payload)).details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }

    const check = await get<{ host: string; allowed: boolean; entries: Entry[] }>(admin, `/domain/check?url=${encodeURIComponent('https://a.b.cdn.example.com/x.zip')}`);
    expect(check.result).toMatchObject({ host: 'a.b.cdn.example.com', allowed: true });
    expect((await get<{ allowed: boolean }>(admin, '/domain/check?url=cdn.example.com')).result.allowed).toBe(false);
    expect((await get<{ allowed: boolean }>(admin, '/domain/check?url=pay.example.com&purpose=resource')).result.allowed).toBe(false);
    expect((await get(admin, '/domain/check?url=ftp%3A%2F%2Fx')).code).toBe(ErrorCode.INVALID_PARAMS);

    const closed = await post<{ changed: number }>(admin, '/domain/actions/status', { ids: [wildcard.result.id], status: 'close' });
    expect(closed.result.changed).toBe(1);
    expect((await get<{ allowed: boolean }>(admin, '/domain/check?url=https://x.cdn.example.com/')).result.allowed).toBe(false);

    const one = await get(admin, `/domain/${wildcard.result.id}`);
    expect(one.result).toMatchObject({ domain: '*.cdn.example.com', status: 'close' });
    const edited = await put(admin, `/domain/${wildcard.result.id}`, { domain: '*.static.example.com', purpose: 'resource', status: 'open' });
    expect(edited.result).toMatchObject({ domain: '*.static.example.com', status: 'open' });
    const [update] = await auditRows('whitelists.domain.update');
    expect(JSON.parse(update?.before ?? '{}')).toMatchObject({ domain: '*.cdn.example.com', status: 'close' });

    expect((await post(admin, '/domain/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await post<{ changed: number }>(admin, '/domain/actions/delete', { ids: [wildcard.result.id] })).result.changed).toBe(1);
    expect((await get<{ total: number }>(admin, '/domain?purpose=payment')).result.total).toBe(1);
    expect((await get<{ total: number }>(admin, '/domain?keyword=pay')).result.total).toBe(2);
  });
});

describe('permissions', () => {
  it('the read-only analyst can neither read nor change any whitelist; every refusal is audited', async () => {
    const analyst = await t.signIn('analyst');
    for (const url of ['/ip', '/id', '/function', '/domain']) {
      expect((await get(analyst, url)).code, url).toBe(ErrorCode.NO_PERMISSION);
    }
    const refused = await post(analyst, '/ip', { address: '10.0.0.1' });
    expect(refused.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await count('whitelist_ips')).toBe(0);
    const denied = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('account_name', '=', 'analyst').where('outcome', '=', 'denied').execute();
    expect(denied.length).toBeGreaterThanOrEqual(5);
  });

  it('a viewer reads but cannot change; the button deny list removes the edit code', async () => {
    const viewer = await operatorWith([P.WHITELIST, P.DOMAIN_WHITELIST]);
    expect((await get(viewer, '/ip')).code).toBe(0);
    expect((await get(viewer, '/domain')).code).toBe(0);
    for (const [url, payload] of [
      ['/ip', { address: '10.0.0.1' }],
      ['/id', { kind: 'role', targetId: '1' }],
      ['/function', { thirdId: 'x' }],
      ['/domain', { domain: 'a.example.com', purpose: 'payment' }],
      ['/ip/actions/delete', { ids: ['x'] }],
      ['/function/actions/log-switch', { ids: ['x'], logSwitch: 'open' }],
    ] as const) {
      expect((await post(viewer, url, payload)).code, url).toBe(ErrorCode.NO_PERMISSION);
    }
    const denied = await operatorWith([P.WHITELIST_EDIT], [P.WHITELIST_EDIT]);
    expect((await get(denied, '/ip')).code).toBe(0);
    expect((await post(denied, '/ip', { address: '10.0.0.1' })).code).toBe(ErrorCode.NO_PERMISSION);
    // The operator role of the demo may change whitelists.
    const operator = await t.signIn('operator');
    expect((await post(operator, '/ip', { address: '10.0.0.1' })).code).toBe(0);
  });
});
