import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { EXCEPTION_ROWS_PER_MINUTE, EXCEPTION_STACK_MAX, type ExceptionSource, type GameCallKind, type GameCallOutcome } from '@gm/contract/system-logs.contract.ts';
import type { Db } from '../../db/database.ts';
import type { NewGameCallRow } from '../../db/system-logs.table.ts';
import { newId } from '../auth/tokens.ts';
import * as systemLogsRepository from './system-logs.repository.ts';

/** `hostname:pid`: which of several console instances met the failure. */
export const INSTANCE = `${hostname()}:${process.pid}`.slice(0, 120);

const MESSAGE_MAX = 1_000;
/** Rows waiting beyond this are dropped (and said so in the server log): a database that is down must not fill memory. */
const QUEUE_MAX = 5_000;
/** Old rows are swept at most this often per instance, by the writer itself (no job to schedule). */
const SWEEP_EVERY_MS = 3_600_000;

export interface ExceptionInput {
  source: ExceptionSource;
  what: string;
  error: unknown;
  operator?: string | null | undefined;
  requestId?: string | null | undefined;
  errorCode?: number | null | undefined;
}

export interface GameCallInput {
  kind: GameCallKind;
  name: string;
  commandId: string | null;
  target: string | null;
  operator: string | null;
  durationMs: number;
  outcome: GameCallOutcome;
  reason: string | null;
  params: string | null;
  requestId: string | null;
}

export interface SystemLogRecorder {
  /** Queues an exception; never throws, never waits for the database. */
  exception(input: ExceptionInput): void;
  gameCall(input: GameCallInput): void;
  /** Whether this error object was already recorded (a gateway failure a request then answered with). */
  seen(error: unknown): boolean;
  /** Resolves once every row queued so far is written (or failed to be). */
  settled(): Promise<void>;
  /** Where failures to write are reported: the app's logger once it exists. */
  onWriteError(report: (error: unknown) => void): void;
}

/** Credentials that can hide in an error text: a url's user:password, a bearer token, key=value secrets. */
const SECRETS: [RegExp, string][] = [
  [/(\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1***:***@'],
  [/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***'],
  [/((?:password|passwd|secret|token|key)\s*[=:]\s*)[^\s,;&]+/gi, '$1***'],
];

export function scrub(text: string): string {
  return SECRETS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function describeError(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) {
    const message = error.message || error.name;
    return { message: scrub(message).slice(0, MESSAGE_MAX), stack: error.stack ? scrub(error.stack).slice(0, EXCEPTION_STACK_MAX) : null };
  }
  return { message: scrub(String(error)).slice(0, MESSAGE_MAX), stack: null };
}

type Pending = { type: 'exception'; row: Parameters<typeof systemLogsRepository.insertException>[1] } | { type: 'call'; row: NewGameCallRow };

/**
 * The one writer of both system logs. Rows are queued and written after the current turn of the
 * event loop (the answer goes out first), one batch at a time; a row that cannot be written is
 * reported to the server log and dropped, never thrown at the request that met the failure.
 */
export function createSystemLogRecorder(options: { db: Db; now: () => number; retentionMs: number }): SystemLogRecorder {
  const { db, now } = options;
  let queue: Pending[] = [];
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Immediate | undefined;
  let lastSweep = 0;
  let dropped = 0;
  let report: (error: unknown) => void = () => undefined;
  const recorded = new WeakSet<object>();

  async function write(batch: Pending[]): Promise<void> {
    const calls: NewGameCallRow[] = [];
    for (const item of batch) {
      if (item.type === 'call') {
        calls.push(item.row);
        continue;
      }
      try {
        await systemLogsRepository.insertException(db, item.row, EXCEPTION_ROWS_PER_MINUTE);
      } catch (error) {
        report(error);
      }
    }
    try {
      await systemLogsRepository.insertGameCalls(db, calls);
    } catch (error) {
      report(error);
    }
    const at = now();
    if (at - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at;
      await systemLogsRepository.deleteOlderThan(db, at - options.retentionMs).catch(report);
    }
    if (dropped > 0) {
      report(new Error(`system logs: ${dropped} rows dropped while the database was behind`));
      dropped = 0;
    }
  }

  function flush(): void {
    timer = undefined;
    const batch = queue;
    queue = [];
    running = running.then(() => write(batch)).catch(report);
  }

  function push(item: Pending): void {
    if (queue.length >= QUEUE_MAX) {
      dropped += 1;
      return;
    }
    queue.push(item);
    timer ??= setImmediate(flush);
  }

  return {
    exception(input) {
      try {
        if (input.error !== null && typeof input.error === 'object') recorded.add(input.error);
        const { message, stack } = describeError(input.error);
        const what = input.what.slice(0, 200);
        const at = now();
        push({
          type: 'exception',
          row: {
            id: newId(),
            at,
            last_at: at,
            source: input.source,
            what,
            operator: input.operator ? input.operator.slice(0, 64) : null,
            request_id: input.requestId ? input.requestId.slice(0, 64) : null,
            error_code: input.errorCode ?? null,
            message,
            stack,
            fingerprint: createHash('sha256').update(`${input.source}\n${what}\n${message}`).digest('hex').slice(0, 64),
            occurrences: 1,
            instance: INSTANCE,
          },
        });
      } catch (error) {
        report(error);
      }
    },
    gameCall(input) {
      push({
        type: 'call',
        row: {
          id: newId(),
          at: now(),
          kind: input.kind,
          name: input.name.slice(0, 64),
          command_id: input.commandId?.slice(0, 100) ?? null,
          target: input.target?.slice(0, 200) ?? null,
          operator: input.operator?.slice(0, 64) ?? null,
          duration_ms: Math.max(0, Math.round(input.durationMs)),
          outcome: input.outcome,
          reason: input.reason?.slice(0, 200) ?? null,
          params: input.params,
          request_id: input.requestId?.slice(0, 64) ?? null,
          instance: INSTANCE,
        },
      });
    },
    seen(error) {
      return error !== null && typeof error === 'object' && recorded.has(error);
    },
    async settled() {
      if (timer) {
        clearImmediate(timer);
        flush();
      }
      await running;
    },
    onWriteError(reporter) {
      report = reporter;
    },
  };
}
