import { parentPort, workerData } from 'node:worker_threads';
import { openLogStore, type LogStoreSource } from '../../platform/log-store/open-log-store.ts';
import { writeExportFile, type ThreadCommand, type ThreadMessage } from './export-writing.ts';

/**
 * The export's worker thread (export-thread.ts starts it and keeps it): opens the log store on a
 * connection of its own once, then writes the files of the jobs it is sent, one at a time, for as
 * long as the instance keeps it. A job's reports go to the owner, and the thread waits for the
 * answer to each: a message each way per report (every 20,000 rows), and a cancel takes effect
 * at the next report, as it does in the owner's own thread.
 */

const port = parentPort;
if (!port) throw new Error('export-worker-thread.ts runs as a worker thread');
const source = workerData as LogStoreSource;

/**
 * The thread reads each export once through, newest first: SQLite's page cache of 16 MB would
 * only hold pages already written out (docs/performance.md, "Export", session 10).
 */
const EXPORT_SQLITE_CACHE_KB = 2_000;

const opened = openLogStore(source, { sqliteCacheKb: EXPORT_SQLITE_CACHE_KB });
const post = (message: ThreadMessage) => port.postMessage(message);
/** The answer the job in hand waits for. */
let waiting: ((goOn: boolean) => void) | undefined;
const ask = (message: ThreadMessage) =>
  new Promise<boolean>((resolve) => {
    waiting = resolve;
    post(message);
  });
/** Jobs in order: the owner sends one at a time, this keeps them apart if it ever sends more. */
let queue = Promise.resolve();

async function run(id: number, job: Extract<ThreadCommand, { type: 'job' }>['job']): Promise<void> {
  try {
    const written = await writeExportFile(
      opened.store,
      job,
      {
        total: (count) => ask({ type: 'total', id, ...count }),
        progress: (rows) => ask({ type: 'progress', id, rows }),
      },
    );
    post({ type: 'done', id, written });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    post({ type: 'failed', id, name: failure.name, message: failure.message, stack: failure.stack });
  }
}

port.on('message', (command: ThreadCommand) => {
  switch (command.type) {
    case 'job':
      queue = queue.then(() => run(command.id, command.job));
      break;
    case 'answer': {
      const resolve = waiting;
      waiting = undefined;
      resolve?.(command.goOn);
      break;
    }
    case 'close':
      // The store's connections are closed before the thread ends (a PostgreSQL pool would
      // otherwise leave its sessions to time out on the server).
      queue = queue.then(async () => {
        await opened.close();
        port.close();
      });
      break;
  }
});
post({ type: 'ready' });
