import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LogStoreSource } from '../../platform/log-store/open-log-store.ts';
import { ExportThreadError, type ExportJob, type ExportReports, type ExportWritten, type ThreadCommand, type ThreadMessage } from './export-writing.ts';

/**
 * The instance's export thread (docs/decisions.md, "Exports in a worker thread" and "The export
 * thread kept warm"): started on the first export, kept for the ones after it, and ended after
 * `idleMs` without one, or when the instance closes. Starting a thread cost about 1.3 CPU
 * seconds under tsx (its loader registered in the thread, every module transpiled and loaded
 * again) and 0.5 from built JavaScript, before the first row: on a quiet machine that was most
 * of what the thread lost against writing in the instance's own thread (docs/performance.md,
 * "Export", fourth pass). A thread that dies (it crashed, or was ended) fails the job in hand
 * and is started again for the next one.
 */

/**
 * The thread's young generation, at most (V8 lets it grow to 48 MB when left alone). The writer
 * makes little garbage since it writes bytes straight into its pieces (the rows read are most of
 * it, and die within a chunk), so a small one costs no measurable CPU and keeps 15-20 MB of peak
 * RSS off every export (docs/performance.md, "Export", third pass).
 */
const THREAD_YOUNG_GENERATION_MB = 8;

/** How long a thread is kept without a job (its memory at rest: docs/performance.md). */
export const EXPORT_THREAD_IDLE_MS = 10 * 60_000;

/** How long a closing thread gets to close its store before it is ended. */
const CLOSE_GRACE_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// The thread's code.
// ---------------------------------------------------------------------------------------------

/** Where the thread's code is built when the server runs from its TypeScript sources. */
const BUILT_DIR = fileURLToPath(new URL('../../../node_modules/.cache/gm-export-thread/', import.meta.url));

/**
 * Run from TypeScript sources (`npm run dev`, the tests), the thread's code is bundled by
 * esbuild into one JavaScript module on first use, its packages left to Node, and the thread
 * runs that: a thread does not inherit its parent's loader on Node 20, and registering tsx in it
 * cost a second of CPU and about 30 MB per thread. esbuild is what tsx itself transpiles with,
 * so it is there whenever the sources are run; should the build fail, the thread registers tsx
 * as before (`export-worker-thread.tsx-boot.mjs`). The module is named by a hash of its text, so
 * instances and test files running at once share it, and a change of the code makes a new one.
 * From compiled JavaScript (`npm start`: scripts/build-server.ts) the thread's module is its
 * sibling file, `export-worker-thread.js`, built beside `main.js`.
 */
async function buildThreadCode(): Promise<URL> {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./export-worker-thread.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        // The workspace's own packages are TypeScript and go into the bundle; every other
        // package is imported from node_modules as the server imports it.
        name: 'packages-from-node-modules',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gm/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const code = built.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild wrote nothing for the export thread');
  const path = join(BUILT_DIR, `export-worker-thread-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(path)) {
    mkdirSync(BUILT_DIR, { recursive: true });
    // Written whole under another name first: another process may be starting the same file.
    const partial = `${path}.${process.pid}.${Date.now()}.part`;
    writeFileSync(partial, code);
    renameSync(partial, path);
  }
  // The modules of earlier versions of the code are no one's any more (an instance of such a
  // version that still runs builds its module again if it needs it), so they do not pile up.
  for (const name of readdirSync(BUILT_DIR)) {
    if (name.startsWith('export-worker-thread-') && name.endsWith('.mjs') && name !== basename(path)) rmSync(join(BUILT_DIR, name), { force: true });
  }
  return pathToFileURL(path);
}

let threadCode: Promise<URL> | undefined;

/**
 * The module the thread runs (built once per process when run from TypeScript, and again should
 * the built file have gone meanwhile, node_modules removed under a running instance: a thread is
 * started again after it has been idle).
 */
export async function exportThreadCode(): Promise<URL> {
  if (threadCode && import.meta.url.endsWith('.ts') && !existsSync(fileURLToPath(await threadCode))) threadCode = undefined;
  threadCode ??= import.meta.url.endsWith('.ts')
    ? buildThreadCode().catch(() => new URL('./export-worker-thread.tsx-boot.mjs', import.meta.url))
    : Promise.resolve(new URL('./export-worker-thread.js', import.meta.url));
  return threadCode;
}

// ---------------------------------------------------------------------------------------------
// The thread kept by an instance.
// ---------------------------------------------------------------------------------------------

interface Job {
  id: number;
  /** The thread writing it. */
  worker: Worker;
  reports: ExportReports;
  /** A report that failed on this side: the job ends with it once the thread has stopped. */
  error?: Error;
  resolve(written: ExportWritten): void;
  reject(error: Error): void;
}

export interface ExportThreadOptions {
  /** The thread ends after this long without a job; 0 keeps it until `close`. */
  idleMs?: number;
}

export class ExportThread {
  private readonly source: LogStoreSource;
  private readonly idleMs: number;
  private worker: Worker | undefined;
  private job: Job | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Threads started so far (the tests and the benchmark read it). */
  starts = 0;

  constructor(source: LogStoreSource, options: ExportThreadOptions = {}) {
    this.source = source;
    this.idleMs = options.idleMs ?? EXPORT_THREAD_IDLE_MS;
  }

  /** The running thread, if any (the tests end it to see a crash handled). */
  get thread(): Worker | undefined {
    return this.worker;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes a job's file in the thread; jobs wait their turn. */
  write(job: ExportJob, reports: ExportReports): Promise<ExportWritten> {
    const written = this.queue.then(() => this.writeNow(job, reports));
    this.queue = written.catch(() => undefined);
    return written;
  }

  private async writeNow(job: ExportJob, reports: ExportReports): Promise<ExportWritten> {
    if (this.closed) throw new Error('the export thread is closed');
    clearTimeout(this.idleTimer);
    const worker = this.worker ?? (await this.start());
    // Kept alive only while it writes: an idle thread never holds the process open.
    worker.ref();
    try {
      return await new Promise<ExportWritten>((resolve, reject) => {
        const id = this.nextId;
        this.nextId += 1;
        this.job = { id, worker, reports, resolve, reject };
        worker.postMessage({ type: 'job', id, job } satisfies ThreadCommand);
      });
    } finally {
      this.job = undefined;
      if (this.worker === worker) {
        worker.unref();
        if (this.idleMs > 0) {
          this.idleTimer = setTimeout(() => void this.retire(), this.idleMs);
          this.idleTimer.unref();
        }
      }
    }
  }

  private async start(): Promise<Worker> {
    const code = await exportThreadCode();
    // A thread inherits the process's flags, `--import tsx` among them, which is of no use to
    // built JavaScript and cost about 0.12 CPU s per start (load 7.5); the fallback registers tsx itself.
    const worker = new Worker(code, { workerData: this.source, resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB }, execArgv: [] });
    this.worker = worker;
    this.starts += 1;
    let failure: Error | undefined;
    const answer = (id: number, goOn: boolean) => worker.postMessage({ type: 'answer', id, goOn } satisfies ThreadCommand);
    const ask = (job: Job, report: Promise<boolean>) =>
      report.then(
        (goOn) => answer(job.id, goOn),
        (error: unknown) => {
          job.error ??= error instanceof Error ? error : new Error(String(error));
          answer(job.id, false);
        },
      );
    worker.on('message', (message: ThreadMessage) => {
      const job = this.job;
      if (message.type === 'ready' || job?.worker !== worker || message.id !== job.id) return;
      switch (message.type) {
        case 'total':
          void ask(job, job.reports.total({ total: message.total, exact: message.exact }));
          break;
        case 'progress':
          void ask(job, job.reports.progress(message.rows));
          break;
        case 'done':
          if (job.error) job.reject(job.error);
          else job.resolve(message.written);
          break;
        case 'failed':
          job.reject(job.error ?? new ExportThreadError(message.name, message.message, message.stack));
          break;
      }
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      // A thread that dies mid-job fails the job; the next job starts a new thread.
      const job = this.job;
      if (job?.worker === worker) job.reject(job.error ?? failure ?? new Error(`the export thread exited with code ${code} before it was done`));
    });
    return worker;
  }

  /** Ends the thread after it has closed its store (or after a grace period, whatever it does). */
  private async retire(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.job) return;
    this.worker = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies ThreadCommand);
    const grace = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    grace.unref();
    await exited;
    clearTimeout(grace);
  }

  /** The instance is closing: waits for the job in hand (its owner stops it), then ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.queue;
    await this.retire();
  }
}
