import { hostname } from 'node:os';
import type { Db, Trx } from '../../db/database.ts';
import { newId } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import type { JobRow } from './jobs.table.ts';
import * as jobsRepository from './jobs.repository.ts';

/**
 * Scheduled actions (house plan section 6). A job is a row with a due time; `runDueJobs` claims
 * due rows one by one with a conditional update and runs the handler of their kind. Handlers
 * must be idempotent by job id (game commands use `job:<id>` as their command id), because a
 * claim whose worker died is taken over after `LEASE_MS`.
 */
export type JobHandler = (ctx: ServiceContext, job: JobRow) => Promise<unknown>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A running claim older than this is presumed dead and may be taken over. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before a job is marked failed; between them it waits 30 s, 60 s ... */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
const BATCH = 20;

export interface NewJob {
  kind: string;
  subject: string;
  payload: unknown;
  dueAt: number;
  createdBy: string;
}

/** Inside the caller's transaction, with its audit entry. */
export async function scheduleJob(trx: Db | Trx, job: NewJob, at: number): Promise<string> {
  const id = newId();
  await jobsRepository.insertJob(trx, {
    id,
    kind: job.kind,
    subject: job.subject,
    payload: JSON.stringify(job.payload),
    due_at: job.dueAt,
    status: 'pending',
    attempts: 0,
    claimed_by: null,
    claimed_at: null,
    finished_at: null,
    result: null,
    created_by: job.createdBy,
    created_at: at,
  });
  return id;
}

/** Cancels every pending job of a kind for these subjects; answers the cancelled rows. */
export async function cancelPendingJobs(trx: Db | Trx, kind: string, subjects: readonly string[], at: number): Promise<JobRow[]> {
  const pending = await jobsRepository.pendingJobs(trx, kind, subjects);
  const cancelled: JobRow[] = [];
  for (const job of pending) if (await jobsRepository.cancelJob(trx, job.id, at)) cancelled.push(job);
  return cancelled;
}

export const pendingJobs = jobsRepository.pendingJobs;

export interface RunSummary {
  done: number;
  failed: number;
  retried: number;
}

const WORKER_ID = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;

/** Claims and runs every job due now. Safe to call from any number of instances at once. */
export async function runDueJobs(ctx: ServiceContext, handlers: JobHandlers, worker = WORKER_ID): Promise<RunSummary> {
  const summary: RunSummary = { done: 0, failed: 0, retried: 0 };
  const at = ctx.now();
  const ids = await jobsRepository.dueJobIds(ctx.db, at, at - LEASE_MS, BATCH);
  for (const id of ids) {
    if (!(await jobsRepository.claimJob(ctx.db, id, worker, at, at - LEASE_MS))) continue;
    const job = await jobsRepository.findJob(ctx.db, id);
    if (!job) continue;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(ctx, job);
      await jobsRepository.finishJob(ctx.db, id, worker, 'done', { result: JSON.stringify(result ?? null), at: ctx.now() });
      summary.done += 1;
      ctx.metrics?.jobRan(job.kind, at - job.due_at, 'done');
    } catch (error) {
      // Every failed attempt, retried or final, is an exception of the system log (/sysinfo/show_exception).
      ctx.systemLogs?.exception({ source: 'job', what: job.kind, error, operator: job.created_by || null });
      const failure = JSON.stringify({ error: error instanceof Error ? error.message : String(error) });
      if (handler && job.attempts < MAX_ATTEMPTS) {
        await jobsRepository.finishJob(ctx.db, id, worker, 'pending', { result: failure, at: ctx.now(), dueAt: ctx.now() + RETRY_BASE_MS * job.attempts });
        summary.retried += 1;
        ctx.metrics?.jobRan(job.kind, at - job.due_at, 'retried');
      } else {
        await jobsRepository.finishJob(ctx.db, id, worker, 'failed', { result: failure, at: ctx.now() });
        summary.failed += 1;
        ctx.metrics?.jobRan(job.kind, at - job.due_at, 'failed');
      }
    }
  }
  return summary;
}

/** Polls for due jobs every `intervalMs` until stopped; one run at a time. */
export function startJobWorker(ctx: ServiceContext, handlers: JobHandlers, options: { intervalMs: number; onError: (error: unknown) => void }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => runDueJobs(ctx, handlers)).catch(options.onError);
  }, options.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
