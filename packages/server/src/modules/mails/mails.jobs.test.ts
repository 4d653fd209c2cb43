/**
 * Mail sending as a job: a timed mail fires once with two instances on one database, and a
 * private mail to 100,000 players is accepted in under 5 s, delivered in batches with its
 * progress stored, and resumed after a restart mid-way without delivering anything twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_DELIVERY_BATCH, epochToMailWallTime, type MailBodyInput, type MailDetail, type MailDetailResult, type MailSendResult } from '@gm/contract/mails.contract.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp, JOB_HANDLERS } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld, seedRegionsAndCatalogue } from '../../game/world/world.seed.ts';
import { runDueJobs } from '../../platform/jobs/jobs.service.ts';
import { seedOperators } from '../operators/operators.seed.ts';
import type { Envelope } from '../../testing/api-helpers.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../../testing/test-app.ts';
import { testDatabaseTarget } from '../../testing/test-database.ts';

const HOUR = 3_600_000;
const TZ = 'UTC+08:00';
const wall = (at: number) => epochToMailWallTime(at, TZ);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database two instances can share: a SQLite file, or one PostgreSQL schema. */
async function sharedDatabase() {
  const target = await testDatabaseTarget();
  let databaseUrl = target.databaseUrl;
  if (!target.pgSchema) {
    const dir = mkdtempSync(join(tmpdir(), 'gm-mail-jobs-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    databaseUrl = `sqlite:${join(dir, 'console.db')}`;
  }
  cleanups.push(target.drop);
  return { databaseUrl, ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}) };
}

async function instance(db: { databaseUrl: string; pgSchema?: string }, now: () => number, gateway?: EmbeddedGateway | ReturnType<typeof flaky>): Promise<FastifyInstance> {
  const app = await buildApp({ ...db, now, config: { jobPollMs: 0, exportPollMs: 0 }, ...(gateway ? { gateway } : {}) });
  cleanups.push(() => app.close());
  return app;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/gm/admin/sessions/new.json',
    payload: new URLSearchParams({ account: 'admin', password: ADMIN_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.json<{ result: string }>().result;
}

async function call<T>(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Envelope<T>> {
  const res = await app.inject({ method, url: `/api/gm/admin${url}`, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  return res.json<Envelope<T>>();
}

function body(now: number, roleIds: string[], over: Partial<MailBodyInput> = {}): MailBodyInput {
  return {
    type: 'private',
    title: 'Event reward',
    content: 'For everyone who played this week.',
    roleIds,
    startTime: wall(now - HOUR),
    endTime: wall(now + 7 * 24 * HOUR),
    timeZone: TZ,
    items: [{ itemType: 'prop', itemId: '100103', number: 2 }],
    ...over,
  };
}

/** The embedded game, but the first delivery of batch `crashAt` is applied and then "lost" (the console dies before recording it). */
function flaky(inner: EmbeddedGateway, crashAt: number) {
  let crashed = false;
  return {
    ...inner,
    deliverMail: async (command: Parameters<EmbeddedGateway['deliverMail']>[0]) => {
      const result = await inner.deliverMail(command);
      if (!crashed && command.commandId.endsWith(`:${crashAt}`)) {
        crashed = true;
        throw GatewayError.timeout('simulated crash after the game applied the batch');
      }
      return result;
    },
  };
}

describe('mail jobs across instances and restarts', () => {
  it('a timed mail fires exactly once with two instances, and not again after a restart', async () => {
    let clock = Date.now();
    const shared = await sharedDatabase();
    const a = await instance(shared, () => clock);
    const b = await instance(shared, () => clock);
    await seedOperators(a.ctx, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
    await seedGameWorld(a.ctx.db, { players: 10, seed: 9, now: clock - 60_000 });
    const roles = (await a.ctx.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(3).execute()).map((r) => r.role_id);
    const token = await signIn(a);
    const created = await call<MailDetail>(a, token, 'POST', '/mails', body(clock, roles, { startTime: wall(clock + HOUR) }));
    expect(created.code, JSON.stringify(created)).toBe(0);
    const sent = await call<MailSendResult>(a, token, 'POST', `/mails/${created.result.id}/send`, { confirmed: true });
    expect(sent.result.mail.status).toBe('scheduled');

    expect((await runDueJobs(b.ctx, JOB_HANDLERS, 'b-early')).done).toBe(0);
    clock += HOUR;
    const runs = await Promise.all([runDueJobs(a.ctx, JOB_HANDLERS, 'a'), runDueJobs(b.ctx, JOB_HANDLERS, 'b'), runDueJobs(b.ctx, JOB_HANDLERS, 'b2')]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    const delivered = await a.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'mails.deliver').execute();
    expect(delivered).toHaveLength(1);
    const commands = await a.ctx.db.selectFrom('game_commands').select('command_id').where('kind', '=', 'deliverMail').execute();
    expect(commands.map((c) => c.command_id)).toEqual([`mail:${created.result.id}:0`]);
    const gw = a.ctx.gateway as EmbeddedGateway;
    expect((await gw.world.mailbox(roles[0] ?? '')).map((m) => m.mailId)).toEqual([created.result.id]);

    await b.close();
    clock += 24 * HOUR;
    expect(await runDueJobs(a.ctx, JOB_HANDLERS, 'after-restart')).toMatchObject({ done: 0, failed: 0 });
    const detail = await call<MailDetailResult>(a, await signIn(a), 'GET', `/mails/${created.result.id}`);
    expect(detail.result.mail).toMatchObject({ status: 'sent', progress: { batches: 1, batchesDone: 1, delivered: 3 } });
  });

  it('100,000 role ids: accepted in under 5 s, delivered in batches, resumed after a restart without a batch twice', async () => {
    let clock = Date.now();
    const shared = await sharedDatabase();
    const COUNT = 100_000;
    const crashAt = 3;
    // Instance A's game connection: the embedded world on the same database, losing one answer.
    const gameDb = openDatabase(shared.databaseUrl, shared.pgSchema ? { schema: shared.pgSchema } : {});
    cleanups.push(() => gameDb.close());
    const a = await instance(shared, () => clock, flaky(createEmbeddedGateway(gameDb.db, { now: () => clock }), crashAt));
    await seedOperators(a.ctx, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
    await seedRegionsAndCatalogue(a.ctx.db, clock);
    const roleIds = Array.from({ length: COUNT }, (_, i) => String(300_000_000 + i));
    await worldRepository.insertAccounts(a.ctx.db, roleIds.map((id) => ({ user_id: `u${id}`, account: `acc${id}`, type: 'guest', init_account: `guest${id}`, created_at: clock, updated_at: clock })));
    await worldRepository.insertPlayers(a.ctx.db, roleIds.map((id, i) => ({ role_id: id, role_name: `P${id}`, user_id: `u${id}`, third_id: null, account: `acc${id}`, area_id: i % 2 === 0 ? '1001' : '1002', created_at: clock, updated_at: clock })));
    const token = await signIn(a);

    const started = performance.now();
    const created = await call<MailDetail>(a, token, 'POST', '/mails', body(clock, roleIds));
    expect(created.code, created.message).toBe(0);
    const createdIn = performance.now() - started;
    const sent = await call<MailSendResult>(a, token, 'POST', `/mails/${created.result.id}/send`, { confirmed: true });
    const accepted = performance.now() - started;
    expect(sent.code, sent.message).toBe(0);
    expect(accepted, `create ${Math.round(createdIn)} ms, create and send ${Math.round(accepted)} ms`).toBeLessThan(5_000);
    const batches = COUNT / MAIL_DELIVERY_BATCH;
    expect(sent.result.mail).toMatchObject({ status: 'sending', recipientCount: COUNT, progress: { batches, batchesDone: 0 } });
    expect(sent.result.preview.items[0]?.total).toBe(2 * COUNT);
    const id = created.result.id;

    // The first run dies after the game applied batch 3: batches 0-2 are recorded, 3 is not.
    const first = await runDueJobs(a.ctx, JOB_HANDLERS, 'a');
    expect(first).toMatchObject({ done: 0, retried: 1 });
    const midway = await a.ctx.db.selectFrom('mails').select(['status', 'batches_done', 'delivered']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(midway).toEqual({ status: 'sending', batches_done: crashAt, delivered: crashAt * MAIL_DELIVERY_BATCH });

    // Restart: A is gone; B takes the job when it is due again and resumes at batch 3.
    await a.close();
    const b = await instance(shared, () => clock);
    clock += 10 * 60_000;
    expect(await runDueJobs(b.ctx, JOB_HANDLERS, 'b')).toMatchObject({ done: 1 });
    const done = await b.ctx.db.selectFrom('mails').select(['status', 'batches_done', 'delivered', 'unknown_ids']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'sent', batches_done: batches, delivered: COUNT, unknown_ids: 0 });
    const commands = await b.ctx.db.selectFrom('game_commands').select(['command_id', 'status']).where('command_id', 'like', `mail:${id}:%`).execute();
    expect(commands).toHaveLength(batches);
    expect(new Set(commands.map((c) => c.command_id)).size).toBe(batches);
    const boxes = await b.ctx.db.selectFrom('game_mailboxes').select((eb) => eb.fn.countAll<number>().as('n')).where('mail_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(boxes.n)).toBe(COUNT);
    expect(await b.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'mails.deliver').execute()).toHaveLength(1);
    const gw = b.ctx.gateway as EmbeddedGateway;
    expect((await gw.world.mailbox(roleIds[COUNT - 1] ?? '')).map((m) => m.items)).toEqual([[{ kind: 'item', itemType: 'prop', sourceId: '100103', quantity: 2, rarity: 4 }]]);
  }, 180_000);
});
