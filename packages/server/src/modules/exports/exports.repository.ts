import type { Db, Trx } from '../../db/database.ts';
import type { ExportTaskRow, NewExportTaskRow } from '../../db/export-tasks.table.ts';

type Conn = Db | Trx;

export async function insertTask(db: Conn, row: NewExportTaskRow): Promise<void> {
  await db.insertInto('export_tasks').values(row).execute();
}

export function findTask(db: Conn, id: string): Promise<ExportTaskRow | undefined> {
  return db.selectFrom('export_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface TaskFilter {
  /** One operator's tasks; all operators' when absent. */
  operatorId?: string | undefined;
  account?: string | undefined;
  status?: string | undefined;
}

/** A page of tasks, newest first. The table holds a retention period's tasks, so OFFSET is fine here. */
export async function listTasks(db: Conn, filter: TaskFilter, page: number, size: number): Promise<{ rows: ExportTaskRow[]; total: number }> {
  let query = db.selectFrom('export_tasks');
  if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId);
  if (filter.account) query = query.where('account_name', '=', filter.account);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).offset(page * size).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Queued or running tasks of an operator (the cap on exports at once). */
export async function countActive(db: Conn, operatorId: string): Promise<number> {
  const row = await db
    .selectFrom('export_tasks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('operator_id', '=', operatorId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Tasks a worker may take: queued ones, oldest first, and running ones whose claim went stale. */
export async function claimableIds(db: Conn, staleBefore: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('export_tasks')
    .select('id')
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', staleBefore)])]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a task for this worker: one conditional update, so of several instances racing for it
 * exactly one wins. A running task whose claim is older than `staleBefore` (its worker died) can
 * be taken over; it starts again from its first row.
 */
export async function claimTask(db: Conn, id: string, worker: string, at: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .updateTable('export_tasks')
    .set((eb) => ({ status: 'running', claimed_by: worker, claimed_at: at, started_at: at, rows: 0, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records progress and renews the claim. False when the task is no longer this worker's running
 * task (cancelled, deleted or taken over): the writer stops.
 */
export async function recordProgress(db: Conn, id: string, worker: string, set: { rows: number; at: number; totalEstimate?: number; totalExact?: boolean }): Promise<boolean> {
  const result = await db
    .updateTable('export_tasks')
    .set({
      rows: set.rows,
      claimed_at: set.at,
      ...(set.totalEstimate !== undefined ? { total_estimate: set.totalEstimate, total_exact: set.totalExact ? 1 : 0 } : {}),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends this worker's running task; false when it was cancelled or taken over meanwhile. */
export async function finishTask(
  db: Conn,
  id: string,
  worker: string,
  set: { status: 'done' | 'failed'; rows: number; bytes: number; errorKey: string | null; at: number; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('export_tasks')
    .set({ status: set.status, rows: set.rows, bytes: set.bytes, error_key: set.errorKey, finished_at: set.at, expires_at: set.expiresAt, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands a running task back to the queue (its instance is closing); another worker starts it again. */
export async function releaseTask(db: Conn, id: string, worker: string): Promise<void> {
  await db
    .updateTable('export_tasks')
    .set({ status: 'queued', claimed_by: null, claimed_at: null, rows: 0 })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** Fails a task without running it (interrupted too often). */
export async function failUnclaimed(db: Conn, id: string, worker: string, errorKey: string, at: number, expiresAt: number): Promise<void> {
  await db
    .updateTable('export_tasks')
    .set({ status: 'failed', error_key: errorKey, finished_at: at, expires_at: expiresAt, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .execute();
}

/** Queued or running to cancelled; false when it had already ended. */
export async function cancelTask(db: Conn, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('export_tasks')
    .set({ status: 'cancelled', finished_at: at, claimed_by: null })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTask(db: Conn, id: string): Promise<boolean> {
  const result = await db.deleteFrom('export_tasks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Tasks past their time, except running ones a live worker still holds. */
export function expiredTasks(db: Conn, at: number, staleBefore: number, limit: number): Promise<Pick<ExportTaskRow, 'id' | 'status'>[]> {
  return db
    .selectFrom('export_tasks')
    .select(['id', 'status'])
    .where('expires_at', '<=', at)
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('claimed_at', '<', staleBefore)]))
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Removes an expired task, unless a worker took it up meanwhile. */
export async function deleteExpired(db: Conn, id: string, at: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .deleteFrom('export_tasks')
    .where('id', '=', id)
    .where('expires_at', '<=', at)
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
