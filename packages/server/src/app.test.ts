import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { isKnownCode } from '@gm/contract/permissions.ts';
import { authPlugin } from './platform/auth/auth.plugin.ts';
import { openDatabase } from './db/database.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every /api route declares its permission', () => {
  it('walks the route table: a known code, public or session, and nothing else', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(api.length).toBeGreaterThan(15);
    for (const route of api) {
      const p = route.permission;
      expect(p === 'public' || p === 'session' || (typeof p === 'number' && isKnownCode(p)), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('every route that is not public answers 10002 without a token', async () => {
    const guarded = t.app.routeTable.filter((r) => r.url.startsWith('/api') && r.permission !== 'public' && r.method !== 'HEAD');
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(':id', 'x') });
      expect(res.json<{ code: number }>().code, `${route.method} ${route.url}`).toBe(ErrorCode.LOGGED_OUT);
    }
  });

  it('refuses to start with a route that declares none', async () => {
    const app = Fastify();
    const { db, close } = openDatabase('sqlite::memory:');
    await app.register(authPlugin, { db, idleMs: 1000 });
    await expect(
      app.register(async (scoped) => {
        scoped.get('/api/forgotten', async () => 'oops');
      }),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => undefined);
    await close();
  });
});

describe('the envelope', () => {
  it('answers unknown API paths with 10004 and hides internals of malformed bodies', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/gm/admin/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Not found.' });
    const broken = await t.app.inject({ method: 'POST', url: '/api/gm/admin/registrations.json', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at |stack|SyntaxError/);
  });

  it('serves health without a token and the OpenAPI document', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 0, result: { db: { ok: true }, logStore: { ok: true }, gateway: { ok: true, kind: 'embedded' }, counters: { ok: true, kind: 'database' } } });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty('/api/gm/admin/sessions/new.json');
  });
});
