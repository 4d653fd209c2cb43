/**
 * System logs (spec section 2, "/sysinfo": show_exception and show_game_log; docs/decisions.md
 * "System logs"). Both are the console's own records, kept in its main database:
 * - exceptions: every unexpected failure the console met (a request answered with a system
 *   error, a game call that failed, a background job or export that failed), so whoever is on
 *   call sees what went wrong without a shell on the server;
 * - game calls: the console's traffic with the game: every command it sent, and every read that
 *   failed or was slow. Not the game's own command journal (/info/develop reads that from the game).
 */
import { z } from 'zod';
import { nameOrId, pageQuery, timeBound } from './common.contract.ts';
import { LIST_DEPTH_LIMIT, cappedPageOf } from './players.contract.ts';

export const EXCEPTION_SOURCES = ['request', 'gateway', 'job', 'export'] as const;
export type ExceptionSource = (typeof EXCEPTION_SOURCES)[number];

export const GAME_CALL_KINDS = ['command', 'read'] as const;
export type GameCallKind = (typeof GAME_CALL_KINDS)[number];

/**
 * How a game call ended: `refused` is the game's own no (its reason is kept), `invalid` the game
 * found the call malformed, `unavailable` / `timeout` it could not be reached or did not answer
 * in time, `error` anything else (an answer the console could not read, a fault of its own).
 */
export const GAME_CALL_OUTCOMES = ['ok', 'refused', 'invalid', 'unavailable', 'timeout', 'error'] as const;
export type GameCallOutcome = (typeof GAME_CALL_OUTCOMES)[number];

/** A read is written to the game log when it failed or took at least this long. */
export const SLOW_GAME_READ_MS = 1_000;
/** Rows kept per fingerprint (source, what, message) and minute; later ones only count on the last row. */
export const EXCEPTION_ROWS_PER_MINUTE = 5;
/** How long both logs keep a row unless configured otherwise (SYSTEM_LOG_RETENTION_DAYS). */
export const SYSTEM_LOG_RETENTION_DAYS = 30;
/** The stored stack trace is cut at this many characters. */
export const EXCEPTION_STACK_MAX = 8_192;

const contains = nameOrId(z.string().trim().max(100, { error: 'validation.idMax' })).optional();
const operator = nameOrId(z.string().trim().max(64, { error: 'validation.tooLong' })).optional();

function checkRangeAndDepth(q: { start?: number | undefined; end?: number | undefined; page: number; size: number }, ctx: z.RefinementCtx) {
  if (q.start !== undefined && q.end !== undefined && q.start >= q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
  if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
  }
}

export const exceptionQuery = pageQuery
  .extend({
    size: z.coerce.number().int().min(1).max(200).default(20),
    /** At or after (epoch ms or ISO time). */
    start: timeBound,
    /** Before. */
    end: timeBound,
    source: z.enum(EXCEPTION_SOURCES).optional(),
    /** Contained in the route, game call, job kind or export id (letter case ignored). */
    what: contains,
    /** The operator's account name, exactly. */
    operator,
  })
  .superRefine(checkRangeAndDepth);
export type ExceptionQuery = z.infer<typeof exceptionQuery>;

export const exceptionEntry = z.object({
  id: z.string(),
  /** Epoch ms of the first of the row's occurrences. */
  at: z.number(),
  /** Epoch ms of the last one (equal to `at` when it happened once). */
  lastAt: z.number(),
  source: z.enum(EXCEPTION_SOURCES),
  /** `GET /api/gm/admin/areas/:id`, a gateway call's name, a job kind or an export task id. */
  what: z.string(),
  operator: z.string().nullable(),
  requestId: z.string().nullable(),
  /** The envelope code answered (10008, 10007 ...), when there was an answer. */
  errorCode: z.number().nullable(),
  message: z.string(),
  /** How many times it happened: more than one when the flood limit folded repeats into the row. */
  occurrences: z.number(),
  /** `hostname:pid` of the console instance that met it. */
  instance: z.string(),
});
export type ExceptionEntry = z.infer<typeof exceptionEntry>;

export const exceptionDetail = exceptionEntry.extend({ stack: z.string().nullable() });
export type ExceptionDetail = z.infer<typeof exceptionDetail>;

export const exceptionPage = cappedPageOf(exceptionEntry);
export type ExceptionPage = z.infer<typeof exceptionPage>;

export const gameCallQuery = pageQuery
  .extend({
    size: z.coerce.number().int().min(1).max(200).default(20),
    start: timeBound,
    end: timeBound,
    kind: z.enum(GAME_CALL_KINDS).optional(),
    outcome: z.enum(GAME_CALL_OUTCOMES).optional(),
    /** Contained in the command or read name (letter case ignored). */
    name: contains,
    operator,
  })
  .superRefine(checkRangeAndDepth);
export type GameCallQuery = z.infer<typeof gameCallQuery>;

export const gameCallEntry = z.object({
  id: z.string(),
  at: z.number(),
  kind: z.enum(GAME_CALL_KINDS),
  /** The gateway's name of the command or read (`banPlayers`, `listOrders` ...). */
  name: z.string(),
  commandId: z.string().nullable(),
  /** The roles or regions the call named, when its parameters name any (`role 1001, 1002`). */
  target: z.string().nullable(),
  operator: z.string().nullable(),
  durationMs: z.number(),
  outcome: z.enum(GAME_CALL_OUTCOMES),
  /** The game's refusal code, or what went wrong for the other failures. */
  reason: z.string().nullable(),
  /** The reason in the reader's language when it is one of the game's codes ("数据未修改"), else the reason as kept. */
  reasonText: z.string().nullable(),
  /** The call's parameters as JSON, secrets masked, cut at 2 KB. */
  params: z.string().nullable(),
  requestId: z.string().nullable(),
  instance: z.string(),
});
export type GameCallEntry = z.infer<typeof gameCallEntry>;

export const gameCallPage = cappedPageOf(gameCallEntry);
export type GameCallPage = z.infer<typeof gameCallPage>;
