import type { Db, Trx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { JobRow, JobStatus, NewJobRow } from './jobs.table.ts';

type Conn = Db | Trx;

export async function insertJob(db: Conn, row: NewJobRow): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

export async function findJob(db: Conn, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read with every server list (the regions' auto-close jobs): compiled once per number of subjects. */
const pendingOf = preparedQuery((db: Db, kind: string, subjects: readonly string[]) =>
  db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('subject', 'in', subjects).where('status', '=', 'pending'),
);

// Not async: the query's own promise is handed on (see listRegions in world.repository.ts).
export function pendingJobs(db: Conn, kind: string, subjects: readonly string[]): Promise<JobRow[]> {
  return subjects.length === 0 ? Promise.resolve([]) : pendingOf(db, kind, subjects);
}

/** Pending to cancelled; false when it was no longer pending (already fired or cancelled). */
export async function cancelJob(db: Conn, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ids of jobs due by `at`, oldest first; running ones whose claim expired count as due again. */
export async function dueJobIds(db: Conn, at: number, staleBefore: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('due_at', '<=', at)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', staleBefore)])]))
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes one due job for this worker: a single conditional update, so of two instances racing
 * for it exactly one wins. A stale claim (its worker died mid-job) can be taken over; the job's
 * action is idempotent by job id, so finishing it twice acts once.
 */
export async function claimJob(db: Conn, id: string, worker: string, at: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', claimed_by: worker, claimed_at: at, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('due_at', '<=', at)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(db: Conn, id: string, worker: string, status: Extract<JobStatus, 'done' | 'failed' | 'pending'>, set: { result: string; at: number; dueAt?: number }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status,
      result: set.result,
      finished_at: status === 'pending' ? null : set.at,
      ...(set.dueAt !== undefined ? { due_at: set.dueAt } : {}),
      ...(status === 'pending' ? { claimed_by: null, claimed_at: null } : {}),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}
