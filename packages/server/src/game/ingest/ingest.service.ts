import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import {
  GAME_ID_PATTERN,
  INGEST_HEADERS,
  INGEST_WINDOW_SECONDS,
  type IngestEventsBody,
  type IngestEventsResult,
  type IngestOnlineBody,
  type IngestPlayersBody,
} from '@gm/contract/ingest.contract.ts';
import { LOG_BY_EVENT, isLogKey, logEventSchema, type LogKey } from '@gm/contract/log-catalogue.ts';
import { issueMessageKey, zodIssueFacts, zodIssueValues } from '@gm/contract/validation-issues.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, type DetailIssue } from '../../platform/errors/domain-error.ts';
import type { LogRow, LogStore } from '../../platform/log-store/log-store.ts';
import { eventCheck } from './event-check.ts';
import { signatureMatches } from './ingest-signature.ts';
import * as ingestRepository from './ingest.repository.ts';
import type { GameRow, NewPlayerSnapshot } from './ingest.table.ts';

export const DEMO_GAME_ID = 'demo';
const WINDOW_MS = INGEST_WINDOW_SECONDS * 1000;
/** A refused batch reports at most this many problems, so the answer stays small. */
export const MAX_REPORTED_ISSUES = 100;
const PRUNE_EVERY_MS = 60_000;

const unauthorized = (messageKey?: string, values?: Record<string, unknown>) =>
  new DomainError(ErrorCode.INGEST_UNAUTHORIZED, { ...(messageKey ? { messageKey } : {}), ...(values ? { values } : {}) });

// ---------------------------------------------------------------------------------------------
// Games and keys
// ---------------------------------------------------------------------------------------------

export function generateIngestKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Makes sure a game exists. With a key, the game's key becomes that key (so GAME_INGEST_KEY
 * rotates it); without one, an existing game keeps its key and a new one gets a generated key.
 * `generated` is set when the key was made here and must be shown to the operator once.
 */
export async function ensureGame(
  ctx: ServiceContext,
  game: { id: string; name: string; key?: string | undefined },
): Promise<{ id: string; key: string; created: boolean; generated: boolean }> {
  if (!GAME_ID_PATTERN.test(game.id)) throw new Error(`Invalid game id: ${game.id}`);
  const existing = await ingestRepository.findGame(ctx.db, game.id);
  if (existing) {
    if (game.key !== undefined && game.key !== existing.ingest_key) await ingestRepository.updateGameKey(ctx.db, game.id, game.key, ctx.now());
    return { id: game.id, key: game.key ?? existing.ingest_key, created: false, generated: false };
  }
  const key = game.key ?? generateIngestKey();
  await ingestRepository.insertGame(ctx.db, { id: game.id, name: game.name, ingest_key: key, at: ctx.now() });
  return { id: game.id, key, created: true, generated: game.key === undefined };
}

export function ensureDemoGame(ctx: ServiceContext, key?: string) {
  return ensureGame(ctx, { id: DEMO_GAME_ID, name: 'Demo game', key });
}

// ---------------------------------------------------------------------------------------------
// Signed requests
// ---------------------------------------------------------------------------------------------

export interface IngestClaim {
  game: GameRow;
  /** X-Timestamp as sent (unix seconds). */
  timestamp: string;
  signature: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * What can be checked before the body is read: the three headers are present and well formed,
 * the timestamp is within the window, and the game exists. Unsigned and unknown-game requests
 * get the same answer, so the API does not tell which games exist.
 */
export async function checkClaim(ctx: ServiceContext, headers: IncomingHttpHeaders): Promise<IngestClaim> {
  const gameId = header(headers, INGEST_HEADERS.gameId);
  const timestamp = header(headers, INGEST_HEADERS.timestamp);
  const signature = header(headers, INGEST_HEADERS.signature);
  if (!gameId || !timestamp || !signature || !GAME_ID_PATTERN.test(gameId) || !/^\d{1,12}$/.test(timestamp)) throw unauthorized();
  if (Math.abs(ctx.now() - Number(timestamp) * 1000) > WINDOW_MS) throw unauthorized('errors.ingestStale', { windowSeconds: INGEST_WINDOW_SECONDS });
  const game = await ingestRepository.findGame(ctx.db, gameId);
  if (!game || game.disabled === 1) throw unauthorized();
  return { game, timestamp, signature: signature.toLowerCase() };
}

const lastPrune = new WeakMap<object, number>();

/**
 * Checks the signature over the raw body, then records it so the same signed request is never
 * accepted twice. Signatures are kept while their timestamp is inside the window; after that the
 * timestamp check alone refuses them, so older ones are pruned (at most once a minute).
 */
export async function verifyClaim(ctx: ServiceContext, claim: IngestClaim, rawBody: Buffer): Promise<void> {
  if (!signatureMatches(claim.game.ingest_key, claim.timestamp, rawBody, claim.signature)) throw unauthorized();
  const now = ctx.now();
  if (now - (lastPrune.get(ctx.db) ?? 0) >= PRUNE_EVERY_MS) {
    lastPrune.set(ctx.db, now);
    await ingestRepository.pruneNonces(ctx.db, now - WINDOW_MS);
  }
  const fresh = await ingestRepository.recordNonce(ctx.db, {
    game_id: claim.game.id,
    signature: claim.signature,
    signed_at: Number(claim.timestamp) * 1000,
    received_at: now,
  });
  if (!fresh) throw unauthorized('errors.ingestReplay');
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A zod issue of one event as a detail: its path under `events.<i>` and a message key. */
function issueDetails(prefix: string, issue: z.core.$ZodIssue, fields: Record<string, unknown>): DetailIssue[] {
  const path = [prefix, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: `${path}.${key}`, message: 'validation.unknownField' }));
  const missing = issue.code === 'invalid_type' && issue.path.length === 1 && !Object.hasOwn(fields, String(issue.path[0]));
  return [{ path, message: issueMessageKey({ ...zodIssueFacts(issue), missing }), values: zodIssueValues(issue) }];
}

export interface ValidatedBatch {
  groups: Map<LogKey, LogRow[]>;
  count: number;
}

/**
 * Validates every event of a batch against its log's schema. The log is the event's `log` key,
 * or the log whose events include its `b_event_name`. An event must carry the signing game's id
 * in `b_game_id`, so a game's key writes only that game's logs. Any problem refuses the whole
 * batch (10001), listing up to MAX_REPORTED_ISSUES of them as `events.<i>.<field>`.
 */
export function validateEvents(gameId: string, events: readonly unknown[]): ValidatedBatch {
  const issues: DetailIssue[] = [];
  const groups = new Map<LogKey, LogRow[]>();
  for (let i = 0; i < events.length && issues.length < MAX_REPORTED_ISSUES; i += 1) {
    const event = events[i];
    const prefix = `events.${i}`;
    if (!isPlainObject(event)) {
      issues.push({ path: prefix, message: 'validation.invalidType' });
      continue;
    }
    let key: LogKey;
    const named = Object.hasOwn(event, 'log');
    if (named) {
      const log = event.log;
      if (typeof log !== 'string' || !isLogKey(log)) {
        issues.push({ path: `${prefix}.log`, message: 'validation.unknownLog' });
        continue;
      }
      key = log;
    } else {
      const name = event.b_event_name;
      const def = typeof name === 'string' ? LOG_BY_EVENT.get(name) : undefined;
      if (!def || !isLogKey(def.key)) {
        issues.push({ path: `${prefix}.b_event_name`, message: name === undefined ? 'validation.required' : 'validation.unknownLog' });
        continue;
      }
      key = def.key;
    }
    // The compiled check passes nearly every event; the schema explains the ones it refuses.
    let row: LogRow = event;
    if (!eventCheck(key)(event, named ? 1 : 0)) {
      const { log: _, ...fields } = event;
      const parsed = logEventSchema(key).safeParse(fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) issues.push(...issueDetails(prefix, issue, fields));
        continue;
      }
      row = parsed.data;
    }
    if (row.b_game_id !== gameId) {
      issues.push({ path: `${prefix}.b_game_id`, message: 'validation.gameIdMismatch', values: { gameId } });
      continue;
    }
    let rows = groups.get(key);
    if (!rows) groups.set(key, (rows = []));
    rows.push(row);
  }
  const first = issues[0];
  if (first) {
    throw new DomainError(ErrorCode.INVALID_PARAMS, {
      messageKey: first.message,
      values: first.values ?? {},
      details: issues.slice(0, MAX_REPORTED_ISSUES),
    });
  }
  return { groups, count: events.length };
}

/** Validates the whole batch, then stores it in one transaction: all of it, or (on any problem) none. */
export async function ingestEvents(logStore: LogStore, gameId: string, body: IngestEventsBody): Promise<IngestEventsResult> {
  const { groups, count } = validateEvents(gameId, body.events);
  const accepted = await logStore.insertBatch([...groups].map(([logKey, rows]) => ({ logKey, rows })));
  return { accepted, duplicates: count - accepted };
}

// ---------------------------------------------------------------------------------------------
// Online counts and player snapshots
// ---------------------------------------------------------------------------------------------

export async function ingestOnline(ctx: ServiceContext, gameId: string, body: IngestOnlineBody): Promise<{ stored: number }> {
  const receivedAt = ctx.now();
  // One row per region and instant: a region listed twice keeps its last count.
  const byArea = new Map(body.regions.map((r) => [r.areaId, r]));
  const rows = [...byArea.values()].map((r) => ({ game_id: gameId, area_id: r.areaId, at: body.at, online: r.online, queue: r.queue, received_at: receivedAt }));
  const stored = await ctx.db.transaction().execute((trx) => ingestRepository.upsertOnlineSamples(trx, rows));
  return { stored };
}

const flag = (value: boolean) => (value ? 1 : 0);

export async function ingestPlayers(ctx: ServiceContext, gameId: string, body: IngestPlayersBody): Promise<{ stored: number; stale: number }> {
  const receivedAt = ctx.now();
  // A role listed twice in one call keeps its latest snapshot (the later one on a tie).
  const latest = new Map<string, IngestPlayersBody['players'][number]>();
  for (const p of body.players) {
    const seen = latest.get(p.roleId);
    if (!seen || seen.snapshotAt <= p.snapshotAt) latest.set(p.roleId, p);
  }
  const rows: NewPlayerSnapshot[] = [...latest.values()].map((p) => ({
    game_id: gameId,
    role_id: p.roleId,
    role_name: p.roleName,
    user_id: p.userId,
    third_id: p.thirdId,
    account: p.account,
    area_id: p.areaId,
    level: p.level,
    union_name: p.unionName,
    identity_mark: p.identityMark,
    identity_remark: p.identityRemark,
    create_time: p.createTime,
    last_login_time: p.lastLoginTime,
    recent_login_time: p.recentLoginTime,
    offline_time: p.offlineTime,
    is_online: flag(p.isOnline),
    is_recharge: flag(p.isRecharge),
    recharge_currency: p.rechargeCurrency,
    non_recharge_currency: p.nonRechargeCurrency,
    mute_mark: flag(p.muteMark),
    ban_mark: flag(p.banMark),
    main_story_progress: p.mainStoryProgress,
    current_exp: p.currentExp,
    energy: p.energy,
    union_coin: p.unionCoin,
    pvp_rank: p.pvpRank,
    pvp_score: p.pvpScore,
    snapshot_at: p.snapshotAt,
    received_at: receivedAt,
  }));
  const stored = await ctx.db.transaction().execute((trx) => ingestRepository.upsertPlayerSnapshots(trx, rows));
  return { stored, stale: body.players.length - stored };
}
