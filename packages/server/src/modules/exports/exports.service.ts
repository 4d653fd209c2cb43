import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import {
  EXPORT_ROWS_PER_SHEET,
  type ExportFilter,
  type ExportListQuery,
  type ExportPageBody,
  type ExportRequest,
  type ExportStatus,
  type ExportTask,
} from '@gm/contract/exports.contract.ts';
import { LOG_BY_KEY, logColumns, type LogKey } from '@gm/contract/log-catalogue.ts';
import { checkLogConditions, logKeyOfPath, logKeyOfTable, mayReadLog, withFieldLabels } from '@gm/contract/logs.contract.ts';
import { translate, type Language } from '@gm/contract/messages.ts';
import { isGranted, P } from '@gm/contract/permissions.ts';
import type { ExportTaskRow } from '../../db/export-tasks.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { Principal } from '../../platform/auth/access.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { createTimeFormatter } from '../../platform/display-time.ts';
import { DomainError, invalidField, invalidIssues, noPermission, notFound, wrongState } from '../../platform/errors/domain-error.ts';
import { XlsxStreamWriter } from '../../platform/spreadsheet/xlsx-writer.ts';
import { ZipTooLargeError } from '../../platform/spreadsheet/zip-writer.ts';
import * as logsService from '../logs/logs.service.ts';
import { exportColumns, sheetNamer } from './export-file.ts';
import { ExportThread } from './export-thread.ts';
import { writeExportFile, type ExportJob, type ExportReports } from './export-writing.ts';
import * as exportsRepository from './exports.repository.ts';

/**
 * The export centre (issue 11 section 4). Asking for an export writes a queued task (and its
 * audit entry, in one transaction) and answers at once; a worker in every instance claims queued
 * tasks one at a time with a conditional update, streams the rows from the log store into an
 * `.xlsx` in EXPORT_DIR, records progress as it goes, and stops when the task is cancelled.
 * Finished files are kept for EXPORT_RETENTION_DAYS, then the sweep removes file and row.
 *
 * Who sees what: the centre's routes answer an operator who may export (12002) or open the
 * download-task page (11011); they see their own tasks, and with the GM-log permission (11039,
 * "GM operation log (all operators)", the code that already means "sees what every operator
 * did") everyone's. Another operator's task is "not found" to the rest.
 */

/** Queued or running exports one operator may have at once: the queue is shared by everyone. */
export const EXPORT_ACTIVE_MAX = 3;
/** The total shown beside the progress is counted up to this many rows. */
export const EXPORT_COUNT_BOUND = 2_000_000;
/** Progress (and the check for a cancel) every this many rows. */
export const PROGRESS_EVERY_ROWS = 20_000;
/**
 * Rows read from the store at once. Small on purpose: when the export runs on the instance's own
 * thread (an in-memory database), a SQLite read holds the event loop for the length of one chunk;
 * and a chunk that outlives a few young-generation collections while it is written gets promoted,
 * so large chunks grow the old generation (and RSS) by their size each time (docs/performance.md,
 * "Export").
 */
export const EXPORT_CHUNK_ROWS = 500;
/** A running claim not renewed for this long is presumed dead and may be taken over. */
export const EXPORT_LEASE_MS = 2 * 60_000;
/** Tries before a task that keeps being interrupted (its instance dies) is failed. */
export const EXPORT_MAX_ATTEMPTS = 3;
/** The lease of this deployment (EXPORT_LEASE_SECONDS), else the default. */
const leaseOf = (ctx: ServiceContext) => ctx.config.exportLeaseMs ?? EXPORT_LEASE_MS;

// ---------------------------------------------------------------------------------------------
// Who may do what.
// ---------------------------------------------------------------------------------------------

/** The centre's routes: an exporter (for the progress on a list page) or the download-task page. */
export function mayUseCentre(principal: Pick<Principal, 'resourceIds' | 'buttons'>): boolean {
  return isGranted(principal, P.EXPORT) || isGranted(principal, P.DB_DOWNLOAD_TASKS);
}

/** Sees, downloads and removes every operator's tasks, not only their own. */
export function seesAllTasks(principal: Pick<Principal, 'resourceIds' | 'buttons'>): boolean {
  return isGranted(principal, P.SYS_GM_LOG);
}

function requireCentre(principal: Principal): void {
  if (!mayUseCentre(principal)) throw noPermission();
}

/** A task the operator may see, else not found (another's task does not exist for them). */
async function visibleTask(ctx: ServiceContext, principal: Principal, id: string): Promise<ExportTaskRow> {
  requireCentre(principal);
  const row = await exportsRepository.findTask(ctx.db, id);
  if (!row || (row.operator_id !== principal.operatorId && !seesAllTasks(principal))) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Rows to answers.
// ---------------------------------------------------------------------------------------------

export function filePath(ctx: ServiceContext, id: string): string {
  // Ids are made here (UUIDs) and read back from the row, never taken from a request as a path.
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not an export id: ${id}`);
  return join(resolve(ctx.config.exportDir), `${id}.xlsx`);
}

function toTask(row: ExportTaskRow, principal: Principal, lang: Language): ExportTask {
  const def = LOG_BY_KEY.get(row.log_key);
  return {
    id: row.id,
    status: row.status as ExportStatus,
    log: { key: row.log_key, en: def?.en ?? row.log_key, zh: def?.zh ?? row.log_key },
    filter: JSON.parse(row.filter) as ExportFilter,
    rows: Number(row.rows),
    totalEstimate: row.total_estimate === null ? null : Number(row.total_estimate),
    totalExact: row.total_exact === 1,
    bytes: Number(row.bytes),
    fileName: row.file_name,
    language: row.language === 'en' ? 'en' : 'zh-CN',
    accountName: row.account_name,
    mine: row.operator_id === principal.operatorId,
    createdAt: Number(row.created_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    expiresAt: Number(row.expires_at),
    errorKey: row.error_key,
    error: row.error_key ? translate(lang, row.error_key) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Asking for an export.
// ---------------------------------------------------------------------------------------------


/** The columns written: those asked for (or all), less personal ones (IP, device) without 12003. */
function columnsFor(logKey: LogKey, asked: readonly string[] | undefined, personal: boolean): string[] {
  const all = logColumns(logKey);
  // The export request checks its columns against its list; the page export's body cannot (the list is in the path).
  asked?.forEach((name, i) => {
    if (!all.some((c) => c.name === name)) throw invalidField(`columns.${i}`, 'validation.unknownField');
  });
  const hidden = new Set(personal ? [] : all.filter((c) => c.personal).map((c) => c.name));
  return (asked ?? all.map((c) => c.name)).filter((name) => !hidden.has(name));
}

/** `gold_list_20261120-0000_20261121-0000.xlsx`: the list or table and the range, in display time. */
function fileNameOf(ctx: ServiceContext, source: string, start: number, end: number): string {
  const time = createTimeFormatter(ctx.config.displayTimeZone);
  const stamp = (at: number) => time(at).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
  return `${source}_${stamp(start)}_${stamp(end)}.xlsx`;
}

/** Checks an export request against the operator's permissions and the list's rules. */
function resolveRequest(principal: Principal, body: ExportRequest): { logKey: LogKey; filter: ExportFilter } {
  const personal = isGranted(principal, P.PERSONAL_DATA);
  if (body.list) {
    const logKey = logKeyOfPath(body.list);
    if (!logKey) throw invalidField('list', 'validation.unknownLog');
    if (!mayReadLog(principal, logKey)) throw noPermission();
    const { conditions, issues } = checkLogConditions(logKey, body, { personal });
    if (issues.length > 0) throw invalidIssues(withFieldLabels(logKey, issues));
    const def = LOG_BY_KEY.get(logKey);
    return { logKey, filter: { list: body.list, table: def?.table ?? '', start: body.start, end: body.end, conditions, columns: columnsFor(logKey, body.columns, personal) } };
  }
  const table = body.table ?? '';
  const logKey = logKeyOfTable(table);
  if (!logKey) throw invalidField('table', 'validation.unknownTable');
  if (!isGranted(principal, P.CUSTOM_QUERY)) throw noPermission();
  return { logKey, filter: { list: null, table, start: body.start, end: body.end, conditions: [], columns: columnsFor(logKey, body.columns, personal) } };
}

/**
 * Queues an export: the task and its audit entry in one transaction; the answer comes at once.
 * Not a new query under the 10-second rule (issue 11: exporting is not a new query).
 */
export async function createExport(ctx: ServiceContext, principal: Principal, actor: AuditActor, body: ExportRequest, lang: Language): Promise<ExportTask> {
  const { logKey, filter } = resolveRequest(principal, body);
  if (filter.columns.length === 0) throw invalidField('columns', 'validation.chooseAtLeastOne');
  const at = ctx.now();
  const id = newId();
  const row = {
    id,
    operator_id: principal.operatorId,
    account_name: principal.account.slice(0, 64),
    language: lang,
    log_key: logKey,
    filter: JSON.stringify(filter),
    file_name: fileNameOf(ctx, filter.list ?? filter.table, filter.start, filter.end),
    status: 'queued',
    rows: 0,
    total_estimate: null,
    total_exact: 0,
    bytes: 0,
    attempts: 0,
    claimed_by: null,
    claimed_at: null,
    error_key: null,
    created_at: at,
    started_at: null,
    finished_at: null,
    // A task never picked up still goes when its time is over.
    expires_at: at + ctx.config.exportRetentionMs,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const active = await exportsRepository.countActive(trx, principal.operatorId);
    if (active >= EXPORT_ACTIVE_MAX) throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, { messageKey: 'errors.exportTooMany', values: { count: active }, retryAfter: 10 });
    await exportsRepository.insertTask(trx, row);
    await audit.record(trx, actor, { action: 'exports.create', code: P.EXPORT, targets: [id], params: filter, after: { logKey, fileName: row.file_name } }, at);
  });
  return toTask(row, principal, lang);
}

// ---------------------------------------------------------------------------------------------
// The centre.
// ---------------------------------------------------------------------------------------------

export async function listExports(ctx: ServiceContext, principal: Principal, query: ExportListQuery, lang: Language): Promise<Page<ExportTask>> {
  requireCentre(principal);
  const all = seesAllTasks(principal);
  const { rows, total } = await exportsRepository.listTasks(
    ctx.db,
    { operatorId: all ? undefined : principal.operatorId, account: all ? query.account : undefined, status: query.status },
    query.page,
    query.size,
  );
  return { results: rows.map((r) => toTask(r, principal, lang)), total, page: query.page, size: query.size };
}

export async function getExport(ctx: ServiceContext, principal: Principal, id: string, lang: Language): Promise<ExportTask> {
  return toTask(await visibleTask(ctx, principal, id), principal, lang);
}

async function removeFile(ctx: ServiceContext, id: string): Promise<void> {
  const path = filePath(ctx, id);
  await rm(path, { force: true });
  await rm(`${path}.part`, { force: true });
}

/**
 * DELETE: a queued or running task is cancelled (a running writer stops at its next check and
 * deletes its partial file) and stays listed as cancelled; an ended one is removed, file and row.
 */
export async function removeExport(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string, lang: Language): Promise<ExportTask | null> {
  const row = await visibleTask(ctx, principal, id);
  const at = ctx.now();
  if (row.status === 'queued' || row.status === 'running') {
    const cancelled = await ctx.db.transaction().execute(async (trx) => {
      if (!(await exportsRepository.cancelTask(trx, id, at))) return false;
      await audit.record(trx, actor, { action: 'exports.cancel', code: P.EXPORT, targets: [id], before: { status: row.status, rows: Number(row.rows) }, after: { status: 'cancelled' } }, at);
      return true;
    });
    // It ended meanwhile: removing it is what the operator will want next, but let them see it first.
    if (!cancelled) throw wrongState();
    return toTask((await exportsRepository.findTask(ctx.db, id)) ?? row, principal, lang);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await exportsRepository.deleteTask(trx, id))) throw notFound();
    await audit.record(trx, actor, { action: 'exports.delete', code: P.EXPORT, targets: [id], before: { status: row.status, fileName: row.file_name, account: row.account_name } }, at);
  });
  await removeFile(ctx, id);
  return null;
}

export interface ExportDownload {
  fileName: string;
  size: number;
  stream: Readable;
}

/** The finished file, audited. Another operator's file is "not found" unless they see all tasks. */
export async function openDownload(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string): Promise<ExportDownload> {
  const row = await visibleTask(ctx, principal, id);
  if (row.status !== 'done') throw wrongState('errors.exportNotReady');
  const path = filePath(ctx, id);
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.exportFileMissing' });
  await audit.record(ctx.db, actor, { action: 'exports.download', code: P.EXPORT, targets: [id], params: { fileName: row.file_name, owner: row.account_name, bytes: size } }, ctx.now());
  return { fileName: row.file_name, size, stream: createReadStream(path) };
}

// ---------------------------------------------------------------------------------------------
// "Export this page": one page of a list as a file, straight back.
// ---------------------------------------------------------------------------------------------

export async function exportPage(ctx: ServiceContext, principal: Principal, actor: AuditActor, list: string, body: ExportPageBody, lang: Language): Promise<{ fileName: string; file: Buffer }> {
  const logKey = logKeyOfPath(list);
  if (!logKey) throw invalidField('list', 'validation.unknownLog');
  const page = await logsService.queryList(ctx, principal, list, body, { newQuery: false });
  const personal = isGranted(principal, P.PERSONAL_DATA);
  const names = columnsFor(logKey, body.columns, personal);
  if (names.length === 0) throw invalidField('columns', 'validation.chooseAtLeastOne');
  const shape = exportColumns(logKey, names, lang, ctx.config.displayTimeZone);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = XlsxStreamWriter.create(sink, { columns: shape.columns, sheetName: sheetNamer(logKey, lang) });
  await writer.addRows(page.results.map((r) => shape.toCells(r)));
  await writer.finish();
  await audit.record(ctx.db, actor, { action: 'exports.page', code: P.EXPORT, targets: [list], params: { start: body.start, end: body.end, conditions: body.conditions, cursor: body.cursor ?? null, rows: page.results.length } }, ctx.now());
  return { fileName: fileNameOf(ctx, list, body.start, body.end).replace(/\.xlsx$/, '_page.xlsx'), file: Buffer.concat(chunks) };
}

// ---------------------------------------------------------------------------------------------
// The worker.
// ---------------------------------------------------------------------------------------------

const WORKER_ID = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`.slice(0, 64);

/** Each instance's export thread (export-thread.ts), made on its first export. */
const threads = new WeakMap<ServiceContext, ExportThread>();

/**
 * The instance's export thread, or undefined when the log store cannot be opened by another
 * thread (an in-memory database: the export is written in the instance's own thread).
 */
export function exportThreadOf(ctx: ServiceContext): ExportThread | undefined {
  if (!ctx.logStoreSource) return undefined;
  let thread = threads.get(ctx);
  if (!thread || thread.isClosed) {
    thread = new ExportThread(ctx.logStoreSource);
    threads.set(ctx, thread);
  }
  return thread;
}

export interface ExportRunSummary {
  done: number;
  failed: number;
  cancelled: number;
  /** Handed back to the queue because the instance was closing. */
  released: number;
}

export interface RunOptions {
  worker?: string;
  /** Told of a failure's cause (the task only keeps a message key). */
  onError?: (error: unknown, taskId: string) => void;
  /** Rows between progress updates (tests make it small). */
  progressEvery?: number;
  /** Rows per sheet (tests make it small to see the rollover). */
  rowsPerSheet?: number;
  /** The instance is closing: the task in hand goes back to the queue for another worker. */
  signal?: AbortSignal;
  /** Rows read from the log store at once (tests make it small). */
  chunkRows?: number;
  /** false: write in this thread even when the log store could be opened in a worker thread. */
  thread?: boolean;
  /** Called after each progress report is recorded, before the writer goes on (tests cancel from here). */
  onProgress?: (taskId: string, rows: number) => Promise<void> | void;
}

type Outcome = 'done' | 'failed' | 'cancelled' | 'released';

/** Writes one claimed task's file; answers how it ended. */
async function runTask(ctx: ServiceContext, row: ExportTaskRow, worker: string, options: RunOptions): Promise<Outcome> {
  const id = row.id;
  const filter = JSON.parse(row.filter) as ExportFilter;
  const path = filePath(ctx, id);
  const partial = `${path}.part`;
  const job: ExportJob = {
    logKey: row.log_key as LogKey,
    start: filter.start,
    end: filter.end,
    conditions: filter.conditions,
    columns: filter.columns,
    lang: row.language === 'en' ? 'en' : 'zh-CN',
    timeZone: ctx.config.displayTimeZone,
    path: partial,
    rowsPerSheet: options.rowsPerSheet ?? EXPORT_ROWS_PER_SHEET,
    progressEvery: Math.max(1, options.progressEvery ?? PROGRESS_EVERY_ROWS),
    chunkRows: options.chunkRows ?? EXPORT_CHUNK_ROWS,
    countBound: EXPORT_COUNT_BOUND,
  };
  let rows = 0;
  // Why the writing stopped early, when it did.
  let stoppedBy: 'cancelled' | 'released' | undefined;
  const goOn = (recorded: boolean): boolean => {
    if (!recorded) stoppedBy ??= 'cancelled';
    else if (options.signal?.aborted) stoppedBy ??= 'released';
    return stoppedBy === undefined;
  };
  const reports: ExportReports = {
    total: async (count) => goOn(await exportsRepository.recordProgress(ctx.db, id, worker, { rows: 0, at: ctx.now(), totalEstimate: count.total, totalExact: count.exact })),
    progress: async (written) => {
      rows = written;
      const recorded = await exportsRepository.recordProgress(ctx.db, id, worker, { rows, at: ctx.now() });
      await options.onProgress?.(id, rows);
      return goOn(recorded);
    },
  };
  // The claim is renewed as rows are written; this keeps it alive through a slow read as well.
  const heartbeat = setInterval(() => void exportsRepository.recordProgress(ctx.db, id, worker, { rows, at: ctx.now() }).catch(() => undefined), leaseOf(ctx) / 4);
  heartbeat.unref();
  try {
    await mkdir(resolve(ctx.config.exportDir), { recursive: true });
    const thread = options.thread === false ? undefined : exportThreadOf(ctx);
    const written = thread ? await thread.write(job, reports) : await writeExportFile(ctx.logStore, job, reports);
    rows = written.rows;
    if (stoppedBy === 'released') {
      await exportsRepository.releaseTask(ctx.db, id, worker);
      return 'released';
    }
    if (written.stopped || stoppedBy) return 'cancelled';
    await rename(partial, path);
    const at = ctx.now();
    if (!(await exportsRepository.finishTask(ctx.db, id, worker, { status: 'done', rows, bytes: written.bytes, errorKey: null, at, expiresAt: at + ctx.config.exportRetentionMs }))) {
      await rm(path, { force: true });
      return 'cancelled';
    }
    return 'done';
  } catch (error) {
    options.onError?.(error, id);
    ctx.systemLogs?.exception({ source: 'export', what: id, error, operator: row.account_name });
    const at = ctx.now();
    const errorKey = error instanceof Error && error.name === ZipTooLargeError.name ? 'errors.exportTooLarge' : 'errors.exportFailed';
    await exportsRepository.finishTask(ctx.db, id, worker, { status: 'failed', rows, bytes: 0, errorKey, at, expiresAt: at + ctx.config.exportRetentionMs });
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    await rm(partial, { force: true });
  }
}

/**
 * Claims and writes every queued export, one after another. Safe to call from any number of
 * instances at once; tests call it directly (the polling worker is off in them).
 */
export async function runPendingExports(ctx: ServiceContext, options: RunOptions = {}): Promise<ExportRunSummary> {
  const worker = options.worker ?? WORKER_ID;
  const summary: ExportRunSummary = { done: 0, failed: 0, cancelled: 0, released: 0 };
  while (!options.signal?.aborted) {
    const at = ctx.now();
    const staleBefore = at - leaseOf(ctx);
    const ids = await exportsRepository.claimableIds(ctx.db, staleBefore, 10);
    let claimed = false;
    for (const id of ids) {
      if (!(await exportsRepository.claimTask(ctx.db, id, worker, at, staleBefore))) continue;
      claimed = true;
      const row = await exportsRepository.findTask(ctx.db, id);
      if (!row) continue;
      if (row.attempts > EXPORT_MAX_ATTEMPTS) {
        await exportsRepository.failUnclaimed(ctx.db, id, worker, 'errors.exportInterrupted', ctx.now(), ctx.now() + ctx.config.exportRetentionMs);
        summary.failed += 1;
        continue;
      }
      summary[await runTask(ctx, row, worker, options)] += 1;
      // One task per round: a queue of several is served oldest first, across instances.
      break;
    }
    if (!claimed) return summary;
  }
  return summary;
}

/** Removes tasks past their time with their files. Answers how many went. */
export async function sweepExpiredExports(ctx: ServiceContext): Promise<number> {
  const at = ctx.now();
  const staleBefore = at - leaseOf(ctx);
  let removed = 0;
  for (;;) {
    const expired = await exportsRepository.expiredTasks(ctx.db, at, staleBefore, 100);
    for (const task of expired) {
      if (!(await exportsRepository.deleteExpired(ctx.db, task.id, at, staleBefore))) continue;
      await removeFile(ctx, task.id);
      removed += 1;
    }
    if (expired.length < 100) return removed;
  }
}

export interface ExportWorker {
  /** Looks for queued exports now rather than at the next poll (after a POST on this instance). */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Polls every `intervalMs` for queued exports and expired files; one run at a time per instance
 * (an export keeps a core busy; several instances share the queue). `intervalMs` 0: never runs.
 */
export function createExportWorker(ctx: ServiceContext, options: { intervalMs: number; onError: (error: unknown, taskId?: string) => void }): ExportWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const closing = new AbortController();
  let again = false;
  let stopped = true;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sweepExpiredExports(ctx);
        await runPendingExports(ctx, { onError: options.onError, signal: closing.signal });
      } while (again && !stopped);
    })()
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    wake: () => {
      if (options.intervalMs > 0) setImmediate(run);
    },
    start() {
      if (options.intervalMs <= 0) return;
      stopped = false;
      timer = setInterval(run, options.intervalMs);
      timer.unref();
      setImmediate(run);
    },
    async stop() {
      stopped = true;
      closing.abort();
      if (timer) clearInterval(timer);
      await running;
      // Exports run by direct calls (tests, scripts) may have started it too.
      await threads.get(ctx)?.close();
    },
  };
}
