import { createWriteStream } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogCondition } from '@gm/contract/logs.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import type { LogStore } from '../../platform/log-store/log-store.ts';
import type { LogStoreSource } from '../../platform/log-store/open-log-store.ts';
import { XlsxStreamWriter } from '../../platform/spreadsheet/xlsx-writer.ts';
import { exportColumns, sheetNamer } from './export-file.ts';

/**
 * Writing one export's file: the bounded total, then the rows from the log store's `streamRows`
 * into the streaming `.xlsx` writer. It runs in a worker thread of its own when the log store
 * can be opened there (a SQLite file, PostgreSQL), so neither SQLite's synchronous reads nor the
 * making of the XML hold the instance's event loop (docs/decisions.md, "Exports in a worker
 * thread"); otherwise (an in-memory database: the tests) in the calling thread, yielding to the
 * event loop after every chunk. The task's bookkeeping (claim, progress, cancel, finish) stays
 * with the caller, which answers each report with whether to go on.
 */

/** All a writer needs, as plain data (it crosses to the worker thread). */
export interface ExportJob {
  logKey: LogKey;
  start: number;
  end: number;
  conditions: LogCondition[];
  columns: string[];
  lang: Language;
  timeZone: string;
  /** The file to write (the task's partial file). */
  path: string;
  rowsPerSheet: number;
  /** Rows between progress reports. */
  progressEvery: number;
  chunkRows: number;
  /** The total is counted up to this many rows. */
  countBound: number;
}

/** Reports to the task's owner; each answers whether to go on (false: cancelled or handed back). */
export interface ExportReports {
  total(count: { total: number; exact: boolean }): Promise<boolean>;
  progress(rows: number): Promise<boolean>;
}

export interface ExportWritten {
  rows: number;
  bytes: number;
  /** A report answered false: the file is incomplete. */
  stopped: boolean;
}

/** Slices of the range the total is counted in (see `boundedTotal`). */
const COUNT_SLICES = 32;

/**
 * The bounded total of an export, counted slice by slice of its time range with a turn of the
 * event loop between slices: one count of a million rows holds SQLite's synchronous driver for
 * about a second; 32 slices hold it for 30 ms each (this matters when the count runs on the
 * instance's own thread).
 */
async function boundedTotal(store: LogStore, job: ExportJob): Promise<{ total: number; exact: boolean }> {
  const width = Math.max(1, Math.ceil((job.end - job.start) / COUNT_SLICES));
  let total = 0;
  for (let from = job.start; from < job.end; from += width) {
    const counted = await store.count(job.logKey, { start: from, end: Math.min(job.end, from + width), conditions: job.conditions }, job.countBound - total);
    total += counted.total;
    if (!counted.exact || total >= job.countBound) return { total, exact: false };
    await yieldToEventLoop();
  }
  return { total, exact: true };
}

/** Writes the file; `yieldEachChunk` when the event loop it runs on serves requests too. */
export async function writeExportFile(store: LogStore, job: ExportJob, reports: ExportReports, yieldEachChunk: boolean): Promise<ExportWritten> {
  if (!(await reports.total(await boundedTotal(store, job)))) return { rows: 0, bytes: 0, stopped: true };
  const out = createWriteStream(job.path);
  // A write that fails (a full disk) fails the export; once it is stopped, late writes of pieces
  // still being compressed meet a destroyed stream and are of no interest.
  let failed: Error | undefined;
  out.on('error', (error) => {
    failed ??= error;
  });
  try {
    const shape = exportColumns(job.logKey, job.columns, job.lang, job.timeZone);
    const writer = XlsxStreamWriter.create(out, { columns: shape.columns, sheetName: sheetNamer(job.logKey, job.lang), rowsPerSheet: job.rowsPerSheet });
    const progressEvery = Math.max(1, job.progressEvery);
    let reported = 0;
    const rows = store.streamRows(job.logKey, { start: job.start, end: job.end, conditions: job.conditions, columns: job.columns, chunkSize: job.chunkRows });
    for await (const chunk of rows) {
      // Each row array is formatted in place and becomes the sheet row: no object, no copy.
      for (const row of chunk) shape.formatInPlace(row);
      await writer.addRows(chunk as Parameters<typeof writer.addRows>[0]);
      if (failed) throw failed;
      if (writer.rows - reported >= progressEvery) {
        reported = writer.rows;
        // Leaving the loop stops the store's reading; the owner removes the partial file.
        if (!(await reports.progress(reported))) return { rows: reported, bytes: 0, stopped: true };
      }
      if (yieldEachChunk) await yieldToEventLoop();
    }
    const bytes = await writer.finish();
    if (failed) throw failed;
    return { rows: writer.rows, bytes, stopped: false };
  } finally {
    if (!out.writableFinished) out.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// The worker thread: export-worker-thread.ts runs `writeExportFile` on a store of its own and
// asks the owner about every report by message.
// ---------------------------------------------------------------------------------------------

export interface ThreadInput {
  job: ExportJob;
  source: LogStoreSource;
}

/** Thread to owner. */
export type ThreadMessage =
  | { type: 'total'; total: number; exact: boolean }
  | { type: 'progress'; rows: number }
  | { type: 'done'; written: ExportWritten }
  | { type: 'failed'; name: string; message: string; stack: string | undefined };

/** Owner to thread: the answer to the last report. */
export interface ThreadAnswer {
  goOn: boolean;
}

/** A failure inside the thread, as the owner sees it (its name kept: `ZipTooLargeError` ...). */
export class ExportThreadError extends Error {
  constructor(name: string, message: string, stack?: string) {
    super(message);
    this.name = name;
    if (stack) this.stack = stack;
  }
}

/**
 * The thread's entry: run from TypeScript sources (tsx, the tests), a small module that registers
 * tsx's loader in the thread first, since a worker does not inherit its parent's on Node 20.
 */
const THREAD_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./export-worker-thread.tsx-boot.mjs', import.meta.url) : new URL('./export-worker-thread.js', import.meta.url);

/**
 * The thread's young generation, at most (V8 lets it grow to 48 MB when left alone). The writer
 * makes little garbage since it writes bytes straight into its pieces (the rows read are most of
 * it, and die within a chunk), so a small one costs no measurable CPU and keeps 15-20 MB of peak
 * RSS off every export (docs/performance.md, "Export", third pass). Before that, when the XML was
 * made as strings, the same limit cost up to 40% more CPU.
 */
const THREAD_YOUNG_GENERATION_MB = 8;

/** Writes the file in a worker thread; settles when the thread has ended. */
export function writeExportFileInThread(input: ThreadInput, reports: ExportReports): Promise<ExportWritten> {
  return new Promise<ExportWritten>((resolve, reject) => {
    const thread = new Worker(THREAD_ENTRY, { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB } });
    let outcome: { written: ExportWritten } | { error: Error } | undefined;
    const answer = (goOn: boolean) => thread.postMessage({ goOn } satisfies ThreadAnswer);
    const ask = (report: Promise<boolean>) =>
      report.then(answer, (error: unknown) => {
        outcome = { error: error instanceof Error ? error : new Error(String(error)) };
        answer(false);
      });
    thread.on('message', (message: ThreadMessage) => {
      switch (message.type) {
        case 'total':
          void ask(reports.total({ total: message.total, exact: message.exact }));
          break;
        case 'progress':
          void ask(reports.progress(message.rows));
          break;
        case 'done':
          outcome ??= { written: message.written };
          break;
        case 'failed':
          outcome ??= { error: new ExportThreadError(message.name, message.message, message.stack) };
          break;
      }
    });
    thread.on('error', (error) => {
      outcome ??= { error };
    });
    thread.on('exit', (code) => {
      if (outcome && 'written' in outcome) resolve(outcome.written);
      else reject(outcome?.error ?? new Error(`the export thread exited with code ${code} before it was done`));
    });
  });
}
