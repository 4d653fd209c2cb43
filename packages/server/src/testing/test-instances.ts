import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuildOptions } from '../app.ts';
import { readEnv } from '../env.ts';
import { seedOperators } from '../modules/operators/operators.seed.ts';
import { testDatabaseTarget } from './test-database.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, testCallsOf, type TestApp } from './test-app.ts';

export interface TestInstances {
  instances: TestApp[];
  /** The clock every instance reads (one machine's time, as NTP keeps real instances close). */
  clock: { now: number };
  /** Where every instance writes and reads export files (EXPORT_DIR, one shared directory). */
  exportDir: string;
  /** Whether the shared counters are in Redis (TEST_REDIS_URL) rather than the database. */
  redis: boolean;
  close(): Promise<void>;
}

/**
 * `count` API instances on one database, as behind a load balancer: one PostgreSQL schema
 * (TEST_DB=postgres), else one SQLite file (in-memory SQLite cannot be shared). One export
 * directory; with TEST_REDIS_URL (unless `stores.redis` is false), one Redis for the shared
 * counters (a prefix of this test's own).
 */
export async function createTestInstances(count: number, options: Partial<BuildOptions> = {}, stores: { redis?: boolean } = {}): Promise<TestInstances> {
  const clock = { now: Date.now() };
  const target = await testDatabaseTarget();
  const dir = mkdtempSync(join(tmpdir(), 'gm-instances-'));
  const exportDir = join(dir, 'exports');
  const databaseUrl = target.pgSchema ? target.databaseUrl : `sqlite:${join(dir, 'console.db')}`;
  // With TEST_REDIS_URL the counters are in Redis unless a test asks for the database's.
  const redisUrl = stores.redis === false ? undefined : readEnv().TEST_REDIS_URL;
  const redis = redisUrl ? { url: redisUrl, prefix: `gm-test:${randomBytes(6).toString('hex')}:` } : undefined;
  const instances: TestApp[] = [];
  const close = async () => {
    for (const instance of instances.splice(0).reverse()) await instance.app.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const app = await buildApp({
        databaseUrl,
        ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
        ...(redis ? { redis } : {}),
        now: () => clock.now,
        verifyResponses: true,
        checkGameCallers: true,
        ...options,
        config: { jobPollMs: 0, exportPollMs: 0, exportDir, ...options.config },
      });
      // The first start seeds; the others find the operators there (as a rolling start would).
      if (i === 0) await seedOperators(app.ctx, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
      await app.ready();
      const instance: TestApp = {
        app,
        clock,
        ...testCallsOf(app),
        // Closing one instance alone (a crash, a restart); the database stays for the others.
        async close() {
          const at = instances.indexOf(instance);
          if (at >= 0) instances.splice(at, 1);
          await app.close();
        },
      };
      instances.push(instance);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, clock, exportDir, redis: redis !== undefined, close };
}
