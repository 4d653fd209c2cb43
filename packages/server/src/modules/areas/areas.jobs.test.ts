import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, JOB_HANDLERS } from '../../app.ts';
import { testDatabaseTarget } from '../../testing/test-database.ts';
import { seedRegionsAndCatalogue } from '../../game/world/world.seed.ts';
import { runDueJobs, scheduleJob } from '../../platform/jobs/jobs.service.ts';
import { AUTO_CLOSE_JOB } from './areas.service.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two API instances on one database (a shared SQLite file, or one PostgreSQL schema). */
async function twoInstances(now: () => number) {
  const target = await testDatabaseTarget();
  let databaseUrl = target.databaseUrl;
  if (!target.pgSchema) {
    const dir = mkdtempSync(join(tmpdir(), 'gm-jobs-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    databaseUrl = `sqlite:${join(dir, 'console.db')}`;
  }
  cleanups.push(target.drop);
  const options = { databaseUrl, ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}), now, config: { jobPollMs: 0 } };
  const a = await buildApp(options);
  cleanups.push(() => a.close());
  const b = await buildApp(options);
  cleanups.push(() => b.close());
  return [a, b] as const;
}

describe('jobs across instances', () => {
  it('a due job fires once when two instances run at the same moment, and a restart does not fire it again', async () => {
    let clock = Date.now();
    const [a, b] = await twoInstances(() => clock);
    await seedRegionsAndCatalogue(a.ctx.db, clock);
    await scheduleJob(a.ctx.db, { kind: AUTO_CLOSE_JOB, subject: '1001', payload: { areaId: '1001' }, dueAt: clock + 1000, createdBy: 'admin' }, clock);
    clock += 1000;
    const runs = await Promise.all([runDueJobs(a.ctx, JOB_HANDLERS, 'a'), runDueJobs(b.ctx, JOB_HANDLERS, 'b'), runDueJobs(a.ctx, JOB_HANDLERS, 'a2')]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    const fired = await a.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'areas.autoCloseFire').execute();
    expect(fired).toHaveLength(1);
    const region = await b.ctx.db.selectFrom('game_regions').select('status').where('id', '=', '1001').executeTakeFirstOrThrow();
    expect(region.status).toBe('close');

    // "Restart": a fresh instance later finds nothing due.
    await b.close();
    clock += 3_600_000;
    expect(await runDueJobs(a.ctx, JOB_HANDLERS, 'after-restart')).toMatchObject({ done: 0, failed: 0 });
  });
});
