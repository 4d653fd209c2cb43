import { createWriteStream } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogCondition } from '@gm/contract/logs.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import type { LogStore } from '../../platform/log-store/log-store.ts';
import { XlsxStreamWriter } from '../../platform/spreadsheet/xlsx-writer.ts';
import { exportColumns, sheetNamer } from './export-file.ts';

/**
 * Writing one export's file: the bounded total, then the rows from the log store's `streamRows`
 * into the streaming `.xlsx` writer. It runs in a worker thread of its own when the log store
 * can be opened there (a SQLite file, PostgreSQL), so neither SQLite's synchronous reads nor the
 * making of the XML hold the instance's event loop (docs/decisions.md, "Exports in a worker
 * thread", export-thread.ts); otherwise (an in-memory database: the tests) in the calling
 * thread, yielding to the event loop after every chunk. The task's bookkeeping (claim, progress,
 * cancel, finish) stays with the caller, which answers each report with whether to go on.
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

/**
 * Writes the file, giving the event loop a turn after every chunk wherever it runs: in the
 * instance's thread the loop serves requests meanwhile, and in any thread the compressor and the
 * file take their next step only in callbacks on it (without the turn a million rows took 12-16 s
 * in the export thread against 9-10 s: docs/performance.md, "Export", fourth pass).
 */
export async function writeExportFile(store: LogStore, job: ExportJob, reports: ExportReports): Promise<ExportWritten> {
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
      await yieldToEventLoop();
    }
    const bytes = await writer.finish();
    if (failed) throw failed;
    return { rows: writer.rows, bytes, stopped: false };
  } finally {
    if (!out.writableFinished) out.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// The worker thread: export-thread.ts keeps one per instance, export-worker-thread.ts runs in it,
// writing each job sent with `writeExportFile` on a store of its own and asking the owner about
// every report by message. Every message names its job.
// ---------------------------------------------------------------------------------------------

/** Owner to thread: a job to write, the answer to the job's last report, or the end. */
export type ThreadCommand = { type: 'job'; id: number; job: ExportJob } | { type: 'answer'; id: number; goOn: boolean } | { type: 'close' };

/** Thread to owner. */
export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'total'; id: number; total: number; exact: boolean }
  | { type: 'progress'; id: number; rows: number }
  | { type: 'done'; id: number; written: ExportWritten }
  | { type: 'failed'; id: number; name: string; message: string; stack: string | undefined };

/** A failure inside the thread, as the owner sees it (its name kept: `ZipTooLargeError` ...). */
export class ExportThreadError extends Error {
  constructor(name: string, message: string, stack?: string) {
    super(message);
    this.name = name;
    if (stack) this.stack = stack;
  }
}
