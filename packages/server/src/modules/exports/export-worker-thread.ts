import { parentPort, workerData } from 'node:worker_threads';
import { openLogStore } from '../../platform/log-store/open-log-store.ts';
import { writeExportFile, type ThreadAnswer, type ThreadInput, type ThreadMessage } from './export-writing.ts';

/**
 * The export's worker thread (export-writing.ts starts it): opens the log store on a connection
 * of its own, writes the file, and asks the owner about every report, waiting for the answer.
 * Waiting costs a message each way per report (every 20,000 rows) and makes a cancel take effect
 * at the next report, as it does in the owner's own thread.
 */

const port = parentPort;
if (!port) throw new Error('export-worker-thread.ts runs as a worker thread');
const { job, source } = workerData as ThreadInput;

const post = (message: ThreadMessage) => port.postMessage(message);
const ask = (message: ThreadMessage) =>
  new Promise<boolean>((resolve) => {
    port.once('message', (answer: ThreadAnswer) => resolve(answer.goOn));
    post(message);
  });

const opened = openLogStore(source);
try {
  const written = await writeExportFile(
    opened.store,
    job,
    {
      total: (count) => ask({ type: 'total', ...count }),
      progress: (rows) => ask({ type: 'progress', rows }),
    },
    false,
  );
  post({ type: 'done', written });
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ type: 'failed', name: failure.name, message: failure.message, stack: failure.stack });
} finally {
  await opened.close();
}
