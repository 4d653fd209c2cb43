import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import { logColumns, type LogKey } from '@gm/contract/log-catalogue.ts';
import {
  CUSTOM_QUERY_LIMIT_MAX,
  LOG_QUERY_INTERVAL_MS,
  LOG_TOTAL_BOUND,
  checkLogConditions,
  withFieldLabels,
  mayReadLog,
  logCatalogue,
  logKeyOfPath,
  logKeyOfTable,
  type CustomQueryBody,
  type CustomQueryResult,
  type LogCatalogueView,
  type LogCondition,
  type LogQueryBody,
  type LogQueryResult,
  type LogRecord,
} from '@gm/contract/logs.contract.ts';
import { LOG_QUERY_INTERVAL_SECONDS } from '@gm/contract/constants.ts';
import { isGranted, P } from '@gm/contract/permissions.ts';
import type { Principal } from '../../platform/auth/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, invalidIssues, noPermission } from '../../platform/errors/domain-error.ts';
import { LogStoreUnavailableError, type LogCount, type LogPosition } from '../../platform/log-store/log-store.ts';
import { decodeCursor, encodeCursor } from '../../platform/query/page-cursor.ts';
import { sharedSecret } from '../../platform/secrets/secrets.ts';
import * as logsRepository from './logs.repository.ts';

/**
 * The event-log lists and the custom query (issue 11): the spec's rules, the 10 seconds between
 * new queries, opaque page cursors bound to their query, personal columns hidden without 12003.
 * Reads change nothing, so nothing here is audited.
 */

let catalogueView: LogCatalogueView | undefined;

export function catalogue(): LogCatalogueView {
  catalogueView ??= logCatalogue();
  return catalogueView;
}

// ---------------------------------------------------------------------------------------------
// Cursors.
// ---------------------------------------------------------------------------------------------

/** The name of the shared key that signs log cursors (app_secrets). */
const CURSOR_SECRET = 'log-cursor';

/**
 * What a cursor carries: where the page ended, which query it belongs to (`q`, a hash), and the
 * total counted for that query's first page (`n`, `x` exact), so turning a page costs one
 * statement. The HMAC makes all of it tamper-evident; the hash binds it to its query, so a cursor
 * cannot carry a changed filter past the 10-second rule.
 */
const logCursor = z.strictObject({
  t: z.number().int().min(0),
  id: z.string().min(1).max(200),
  q: z.string().length(43),
  n: z.number().int().min(0).max(LOG_TOTAL_BOUND),
  x: z.union([z.literal(0), z.literal(1)]),
});

/** A hash of what makes a query this query: the list or table, the range, the conditions or columns (not the page). */
function queryHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Conditions in one order, so the same filter given in another order is the same query. */
const canonical = (conditions: readonly LogCondition[]) => [...conditions].sort((a, b) => (a.field < b.field ? -1 : 1)).map((c) => [c.field, c.op, c.value]);

// ---------------------------------------------------------------------------------------------
// Rules.
// ---------------------------------------------------------------------------------------------


/**
 * The spec's 10 seconds between two new queries of one operator, kept in the database so every
 * instance sees it. With `sameQueryTurnsPage`, asking again for the operator's last query (the
 * custom query at another offset) turns its page and is not a new query.
 */
async function startQuery(ctx: ServiceContext, operatorId: string, hash: string, options: { sameQueryTurnsPage?: boolean } = {}): Promise<void> {
  const now = ctx.now();
  if (options.sameQueryTurnsPage) {
    const last = await logsRepository.lastQuery(ctx.db, operatorId);
    if (last?.query_hash === hash) return;
  }
  if (await logsRepository.claimQuery(ctx.db, operatorId, hash, now, LOG_QUERY_INTERVAL_MS)) return;
  const last = await logsRepository.lastQuery(ctx.db, operatorId);
  const seconds = Math.max(1, Math.ceil(((last?.queried_at ?? now) + LOG_QUERY_INTERVAL_MS - now) / 1000));
  throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, { messageKey: 'errors.logQueryTooSoon', values: { interval: LOG_QUERY_INTERVAL_SECONDS }, retryAfter: seconds });
}

/** A failure of the store (a statement refused, the main database down): the spec's message, the cause logged. */
function storeFailed(error: unknown, messageKey: string, values: Record<string, unknown> = {}): never {
  // A log store that cannot be reached has its own answer (LOG_STORE_UNAVAILABLE, try again).
  if (error instanceof DomainError || error instanceof LogStoreUnavailableError) throw error;
  const failure = new DomainError(ErrorCode.SYSTEM_ERROR, { messageKey, values });
  failure.cause = error;
  throw failure;
}

/** Personal columns (IP, device) are null for an operator without 12003; the rest as stored. */
function hidePersonal(key: LogKey, personal: boolean): (row: LogRecord) => LogRecord {
  const hidden = personal ? [] : logColumns(key).filter((c) => c.personal).map((c) => c.name);
  if (hidden.length === 0) return (row) => row;
  return (row) => {
    const out = { ...row };
    for (const name of hidden) if (name in out) out[name] = null;
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// The queries.
// ---------------------------------------------------------------------------------------------

/**
 * One page of a /flow list. Without a cursor it is a new query; with one, the next page of the
 * cursor's query. `newQuery: false` reads a page the operator already has on screen (the export
 * module's "export this page"), which the 10-second rule does not count.
 */
export async function queryList(ctx: ServiceContext, principal: Principal, path: string, body: LogQueryBody, options: { newQuery?: boolean } = {}): Promise<LogQueryResult> {
  const logKey = logKeyOfPath(path);
  if (!logKey) throw invalidField('list', 'validation.unknownLog');
  // The route asks for the Transaction overview group; 12000 or the list's flow group opens it.
  if (!mayReadLog(principal, logKey)) throw noPermission();
  const personal = isGranted(principal, P.PERSONAL_DATA);
  const { conditions, issues } = checkLogConditions(logKey, body, { personal });
  if (issues.length > 0) throw invalidIssues(withFieldLabels(logKey, issues));

  const hash = queryHash(['list', logKey, body.start, body.end, canonical(conditions)]);
  const key = await sharedSecret(ctx.db, CURSOR_SECRET, ctx.now());
  let after: LogPosition | undefined;
  let total: LogCount | undefined;
  if (body.cursor === undefined) {
    if (options.newQuery !== false) await startQuery(ctx, principal.operatorId, hash);
  } else {
    const cursor = decodeCursor(body.cursor, logCursor, key);
    if (!cursor || cursor.q !== hash) throw invalidField('cursor', 'validation.cursorInvalid');
    after = { t: cursor.t, id: cursor.id };
    total = { total: cursor.n, exact: cursor.x === 1 };
  }

  const filter = { start: body.start, end: body.end, conditions };
  let rows: LogRecord[];
  let next: LogPosition | null;
  try {
    ({ rows, next } = await ctx.logStore.page(logKey, { ...filter, size: body.size, after }));
    // A first page that holds every match is its own total; otherwise count, up to the bound.
    total ??= next === null ? { total: rows.length, exact: true } : await ctx.logStore.count(logKey, filter, LOG_TOTAL_BOUND);
  } catch (error) {
    storeFailed(error, 'errors.logListFailed');
  }
  const shown = hidePersonal(logKey, personal);
  return {
    results: rows.map(shown),
    nextCursor: next ? encodeCursor({ t: next.t, id: next.id, q: hash, n: total.total, x: total.exact ? 1 : 0 }, key) : null,
    total: total.total,
    totalExact: total.exact,
    size: body.size,
    personalHidden: !personal,
  };
}

/**
 * The custom table query. Another offset of the same table, range and columns turns the page
 * (not a new query); anything else is a new query under the 10-second rule. A limit above
 * CUSTOM_QUERY_LIMIT_MAX is capped, and the answer says so.
 */
export async function customQuery(ctx: ServiceContext, principal: Principal, body: CustomQueryBody): Promise<CustomQueryResult> {
  const logKey = logKeyOfTable(body.table);
  if (!logKey) throw invalidField('table', 'validation.unknownTable');
  const personal = isGranted(principal, P.PERSONAL_DATA);
  const all = logColumns(logKey).map((c) => c.name);
  const columns = body.columns ? all.filter((c) => body.columns?.includes(c)) : all;
  const limit = Math.min(body.limit, CUSTOM_QUERY_LIMIT_MAX);

  await startQuery(ctx, principal.operatorId, queryHash(['custom', body.table, body.start ?? null, body.end ?? null, columns]), { sameQueryTurnsPage: true });
  let rows: LogRecord[];
  try {
    rows = await ctx.logStore.custom(body.table, { start: body.start, end: body.end, offset: body.offset, limit, columns });
  } catch (error) {
    storeFailed(error, 'errors.logDatabaseFailed', { table: body.table });
  }
  return {
    table: body.table,
    columns,
    results: rows.map(hidePersonal(logKey, personal)),
    offset: body.offset,
    limit,
    limitCapped: limit < body.limit,
    personalHidden: !personal,
  };
}
