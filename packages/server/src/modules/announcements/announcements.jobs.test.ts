/**
 * A scheduled publish fires exactly once with two console instances on one database, never again
 * after a restart, and never after the announcement is deleted or its time changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Announcement, UploadResult } from '@gm/contract/announcements.contract.ts';
import { buildApp, JOB_HANDLERS } from '../../app.ts';
import { seedOperators } from '../operators/operators.seed.ts';
import { seedRegionsAndCatalogue } from '../../game/world/world.seed.ts';
import { runDueJobs } from '../../platform/jobs/jobs.service.ts';
import type { Envelope } from '../../testing/api-helpers.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../../testing/test-app.ts';
import { testDatabaseTarget } from '../../testing/test-database.ts';
import { multipart, pngOf, siteBody } from './announcements.fixtures.ts';
import { PUBLISH_JOB } from './announcements.service.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoInstances(now: () => number) {
  const target = await testDatabaseTarget();
  let databaseUrl = target.databaseUrl;
  if (!target.pgSchema) {
    const dir = mkdtempSync(join(tmpdir(), 'gm-ann-jobs-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    databaseUrl = `sqlite:${join(dir, 'console.db')}`;
  }
  cleanups.push(target.drop);
  const options = { databaseUrl, ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}), now, config: { jobPollMs: 0, exportPollMs: 0 } };
  const a = await buildApp(options);
  cleanups.push(() => a.close());
  const b = await buildApp(options);
  cleanups.push(() => b.close());
  await seedOperators(a.ctx, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
  return [a, b] as const;
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/gm/admin/sessions/new.json',
    payload: new URLSearchParams({ account: 'admin', password: ADMIN_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.json<Envelope<string>>().result;
}

/** An in-site announcement without an image upload: a scrolling one needs none. */
const scrolling = (now: number, title: string, publishTime: number) =>
  siteBody('', now, { type: 'scrolling', image: '', previewImage: '', title, publishTime, startTime: now, endTime: now + 86_400_000 });

describe('uploads across instances', () => {
  it('an image uploaded through one instance is served by the other', async () => {
    const clock = Date.now();
    const [a, b] = await twoInstances(() => clock);
    const token = await signIn(a);
    const png = pngOf(5, 5, 21);
    const form = multipart([{ filename: 'shared.png', content: png }]);
    const uploaded = (await a.inject({ method: 'POST', url: '/api/gm/admin/uploads', payload: form.payload, headers: { ...form.headers, authorization: token } })).json<Envelope<UploadResult>>();
    const served = await b.inject({ method: 'GET', url: uploaded.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});

describe('scheduled publish across instances', () => {
  it('fires once when two instances run at the same moment, not again after a restart, and never after a delete or a cleared time', async () => {
    let clock = Date.now();
    const [a, b] = await twoInstances(() => clock);
    await seedRegionsAndCatalogue(a.ctx.db, clock);
    const token = await signIn(a);
    const post = async (url: string, body: unknown) => (await a.inject({ method: 'POST', url: `/api/gm/admin${url}`, payload: body as object, headers: { authorization: token } })).json<Envelope<Announcement>>();

    const timed = await post('/announcements', scrolling(clock, 'Timed', clock + 60_000));
    expect(timed.result).toMatchObject({ status: 'created', scheduledAt: clock + 60_000 });
    const deleted = await post('/announcements', scrolling(clock, 'Deleted before its time', clock + 60_000));
    const cleared = await post('/announcements', scrolling(clock, 'Time cleared', clock + 60_000));
    await b.inject({ method: 'DELETE', url: `/api/gm/admin/announcements/${deleted.result.id}`, headers: { authorization: token } });
    await b.inject({ method: 'PUT', url: `/api/gm/admin/announcements/${cleared.result.id}`, payload: { ...scrolling(clock, 'Time cleared', clock), publishTime: null }, headers: { authorization: token } });

    // Not due yet.
    expect((await runDueJobs(a.ctx, JOB_HANDLERS, 'early')).done).toBe(0);
    clock += 60_000;
    const runs = await Promise.all([runDueJobs(a.ctx, JOB_HANDLERS, 'a'), runDueJobs(b.ctx, JOB_HANDLERS, 'b'), runDueJobs(a.ctx, JOB_HANDLERS, 'a2')]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.failed + r.retried, 0)).toBe(0);

    const pushes = await a.ctx.db.selectFrom('game_commands').select(['command_id', 'params']).where('kind', '=', 'pushAnnouncement').execute();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.params).toContain(timed.result.id);
    const live = (await b.ctx.gateway.listAnnouncements({})).announcements.map((x) => x.title);
    expect(live).toEqual(['Timed']);
    const fired = await a.ctx.db.selectFrom('audit_log').select(['account_name']).where('action', '=', 'announcements.publish').execute();
    expect(fired).toEqual([{ account_name: 'scheduler (admin)' }]);
    const status = (await a.inject({ method: 'GET', url: `/api/gm/admin/announcements/${timed.result.id}`, headers: { authorization: token } })).json<Envelope<Announcement>>();
    expect(status.result).toMatchObject({ status: 'sent', scheduledAt: null });
    const jobs = await a.ctx.db.selectFrom('jobs').select(['subject', 'status']).where('kind', '=', PUBLISH_JOB).execute();
    expect(Object.fromEntries(jobs.map((j) => [j.subject, j.status]))).toEqual({ [timed.result.id]: 'done', [deleted.result.id]: 'cancelled', [cleared.result.id]: 'cancelled' });

    // "Restart": a fresh instance later finds nothing due.
    await b.close();
    clock += 3_600_000;
    expect(await runDueJobs(a.ctx, JOB_HANDLERS, 'after-restart')).toMatchObject({ done: 0, failed: 0 });
    expect(await a.ctx.db.selectFrom('game_commands').select('command_id').where('kind', '=', 'pushAnnouncement').execute()).toHaveLength(1);
  });
});
