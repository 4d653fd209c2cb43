import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { seedOperators } from '../modules/operators/operators.seed.ts';
import { testDatabaseTarget, testLogStoreTarget } from './test-database.ts';

export const ADMIN_PASSWORD = 'admin-Pass-2468';
export const DEMO_PASSWORD = 'demo-Pass-1357';

export interface TestApp {
  app: FastifyInstance;
  clock: { now: number };
  /** Signs in (form-encoded, as the web does) and returns the token. */
  signIn(account: string, password?: string): Promise<string>;
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory SQLite, or with TEST_DB=postgres a new schema in
 * TEST_DATABASE_URL, migrated by the real migrator and seeded with the demo operators. With
 * TEST_LOG_STORE=clickhouse its event logs live in a new database of TEST_CLICKHOUSE_URL.
 */
export async function createTestApp(options: Partial<BuildOptions> = {}): Promise<TestApp> {
  const clock = { now: Date.now() };
  const { databaseUrl, pgSchema, drop: dropSchema } = await testDatabaseTarget();
  const logStore = options.logStoreUrl === undefined ? await testLogStoreTarget() : undefined;
  // Export files of this app only, removed with it.
  const exportDir = mkdtempSync(join(tmpdir(), 'gm-exports-'));
  const app = await buildApp({ databaseUrl, ...(pgSchema ? { pgSchema } : {}), ...(logStore ? { logStoreUrl: logStore.url } : {}), now: () => clock.now, verifyResponses: true, checkGameCallers: true, ...options, config: { jobPollMs: 0, exportPollMs: 0, exportDir, ...options.config } });
  await seedOperators(app.ctx, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
  await app.ready();

  return {
    app,
    clock,
    ...testCallsOf(app),
    async close() {
      await app.close();
      await dropSchema();
      await logStore?.drop();
      rmSync(exportDir, { recursive: true, force: true });
    },
  };
}

/** `call` and `signIn` of an app already built (an instance of several on one database, too). */
export function testCallsOf(app: FastifyInstance): Pick<TestApp, 'call' | 'signIn'> {
  return {
    call: (token, inject) => app.inject({ ...inject, headers: { ...(token ? { authorization: token } : {}), ...inject.headers } }),
    async signIn(account, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/gm/admin/sessions/new.json',
        payload: new URLSearchParams({ account, password: password ?? (account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = res.json<{ code: number; result: string; message: string }>();
      if (body.code !== 0) throw new Error(`sign-in of ${account} failed: ${body.message}`);
      return body.result;
    },
  };
}

export function form(values: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return { payload: new URLSearchParams(values).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
