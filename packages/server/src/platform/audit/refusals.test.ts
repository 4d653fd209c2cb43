import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { REFUSED_BODY_MAX_BYTES, boundedSummary } from './refusals.ts';
import { fieldsOf, redactBySchema } from './secret-fields.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ config: { refusedChangesPerMinute: 10 } });
});
afterEach(async () => {
  await t.close();
});

const auditRows = (action: string) => t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();

describe('secrets never reach the audit trail', () => {
  it('a refused password change keeps neither the current password nor the confirmation', async () => {
    const token = await t.signIn('operator');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/gm/admin/me/password',
      payload: { current: 'my-Current-Secret-1', password: 'New-Secret-Pass-9', confirm: 'New-Secret-Pass-0' },
    });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const rows = await auditRows('profile.changePassword');
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    for (const secret of ['my-Current-Secret-1', 'New-Secret-Pass-9', 'New-Secret-Pass-0']) expect(stored).not.toContain(secret);
    expect(JSON.parse(rows[0]?.params ?? '{}')).toMatchObject({ body: { current: '***', password: '***', confirm: '***' } });
  });

  it('a refused body keeps no key or credential it was sent, even in fields no schema names', async () => {
    const admin = await t.signIn('admin');
    const sent = { name: '', signingKey: 'sk_AAA-1', apiKey: 'ak_BBB-2', ingestKey: 'ik_CCC-3', authorization: 'Bearer DDD-4', privateKey: 'pk_EEE-5', nested: { access_key: 'FFF-6' } };
    const res = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: sent });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const stored = JSON.stringify(await auditRows('roles.create'));
    for (const secret of ['sk_AAA-1', 'ak_BBB-2', 'ik_CCC-3', 'DDD-4', 'pk_EEE-5', 'FFF-6']) expect(stored).not.toContain(secret);
  });

  it('redacts by the schema: a marked field at any depth, whatever its name', () => {
    const schema = t.app.routeTable.find((r) => r.url === '/api/gm/admin/me/password')?.body as z.ZodType;
    expect(redactBySchema({ current: 'a', password: 'b', confirm: 'c', other: 'd' }, schema)).toEqual({ current: '***', password: '***', confirm: '***', other: 'd' });
    expect(redactBySchema('not an object', schema)).toBe('not an object');
  });

  it('every route marks each field that looks secret', () => {
    // Words that name a secret in a camelCase or snake_case field name, and whole names that do;
    // a test that fails names the route and the field.
    const secretWords = new Set(['password', 'passwd', 'pass', 'passphrase', 'secret', 'token', 'otp', 'totp', 'recovery', 'confirm', 'signature', 'credential', 'credentials']);
    const secretNames = /^(current|code|pin|apiKey|privateKey|secretKey|accessKey|signingKey)$/i;
    const looksSecret = { test: (name: string) => secretNames.test(name) || name.split(/(?=[A-Z])|[_-]/).some((word) => secretWords.has(word.toLowerCase())) };
    // Fields whose names match but hold no secret, each with its reason.
    const notSecret = new Map<string, string>([
      ['requireTotp', 'whether a role requires a second factor: a flag'],
      ['code', 'a permission code, where it is not the second factor (checked per route below)'],
    ]);
    const unmarked: string[] = [];
    let checked = 0;
    for (const route of t.app.routeTable) {
      for (const schema of [route.body, route.querystring]) {
        if (!schema || typeof schema !== 'object' || !('_zod' in schema)) continue;
        for (const field of fieldsOf(schema as z.ZodType)) {
          checked += 1;
          const name = field.path.at(-1) ?? '';
          if (looksSecret.test(name) && !field.secret && !notSecret.has(name)) unmarked.push(`${route.method} ${route.url}: ${field.path.join('.')}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(unmarked).toEqual([]);
  });

  it('the routes that carry secrets mark them', () => {
    const secretsOf = (method: string, url: string) => {
      const route = t.app.routeTable.find((r) => r.method === method && r.url === url);
      return fieldsOf(route?.body as z.ZodType)
        .filter((f) => f.secret)
        .map((f) => f.path.join('.'))
        .sort();
    };
    expect(secretsOf('POST', '/api/gm/admin/sessions/new.json')).toEqual(['otp', 'password']);
    expect(secretsOf('POST', '/api/gm/admin/registrations.json')).toEqual(['confirm', 'password']);
    expect(secretsOf('POST', '/api/gm/admin/me/password')).toEqual(['confirm', 'current', 'password']);
    expect(secretsOf('POST', '/api/gm/admin/me/totp/enable')).toEqual(['code']);
    expect(secretsOf('POST', '/api/gm/admin/me/totp/disable')).toEqual(['password']);
  });
});

describe('the audit cannot be flooded', () => {
  it('stores a bounded summary of a refused body, with a note of what was cut', async () => {
    const token = await t.signIn('admin');
    const huge = 'x'.repeat(900_000);
    const res = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: '', description: huge, resourceIds: [] } });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const row = (await t.app.ctx.db.selectFrom('audit_log').selectAll().where('outcome', '=', 'failed').execute()).at(-1);
    expect(row).toBeDefined();
    expect((row?.params ?? '').length).toBeLessThan(REFUSED_BODY_MAX_BYTES + 2_000);
    const body = (JSON.parse(row?.params ?? '{}') as { body: { truncated: boolean; bytes: number; keptBytes: number } }).body;
    expect(body).toMatchObject({ truncated: true });
    expect(body.bytes).toBeGreaterThan(900_000);
    expect(body.keptBytes).toBeLessThanOrEqual(REFUSED_BODY_MAX_BYTES);
  });

  it('keeps a small body whole and cuts a long one on a character boundary', () => {
    expect(boundedSummary({ a: 1 })).toEqual({ a: 1 });
    const cut = boundedSummary({ text: '汉'.repeat(5_000) }, 100) as { head: string; keptBytes: number };
    expect(cut.keptBytes).toBeLessThanOrEqual(100);
    expect(cut.head).not.toContain('\uFFFD');
  });

  it('an operator whose changes keep being refused must wait, and the waiting is not audited', async () => {
    const token = await t.signIn('admin');
    const refuse = () => t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: '' } });
    for (let i = 0; i < 10; i += 1) expect((await refuse()).json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const before = (await t.app.ctx.db.selectFrom('audit_log').select('id').execute()).length;
    const blocked = await refuse();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, retryAfter: 60 });
    // A valid change is refused too while the lock lasts; reads still work.
    const valid = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Later', resourceIds: [] } });
    expect(valid.json<{ code: number }>().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ code: number }>().code).toBe(0);
    expect((await t.app.ctx.db.selectFrom('audit_log').select('id').execute()).length).toBe(before);
    // Another operator is not affected; and after the minute the operator may act again.
    const other = await t.signIn('operator');
    expect((await t.call(other, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: '' } })).json<{ code: number }>().code).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
    t.clock.now += 61_000;
    const again = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Later', resourceIds: [] } });
    expect(again.json<{ code: number }>().code).toBe(0);
  });

  it('refused queries (POSTs that only read) are neither audited as failed changes nor counted', async () => {
    const token = await t.signIn('admin');
    for (let i = 0; i < 12; i += 1) {
      const res = await t.call(token, { method: 'POST', url: '/api/gm/admin/logs/gold_list/query', payload: { conditions: [] } });
      expect(res.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    }
    expect(await t.app.ctx.db.selectFrom('audit_log').select('id').where('outcome', '=', 'failed').execute()).toEqual([]);
    const change = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Still allowed', resourceIds: [] } });
    expect(change.json<{ code: number }>().code).toBe(0);
  });
});
