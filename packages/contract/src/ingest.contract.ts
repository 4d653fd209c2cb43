/**
 * The ingest API: what game servers push into the console (house plan section 4), signed per
 * game. Events are validated one by one against the log catalogue (`logEventSchema`), so the
 * batch schema here only shapes the envelope; online counts and player snapshots are validated
 * here in full. Protocol and examples: docs/ingest.md.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';

/** Request headers of every ingest call (lower-case, as Node reports them). */
export const INGEST_HEADERS = {
  gameId: 'x-game-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** A signed request is accepted while its timestamp is within this many seconds of the server's clock. */
export const INGEST_WINDOW_SECONDS = 300;
export const INGEST_MAX_EVENTS = 5_000;
export const INGEST_MAX_BYTES = 5 * 1024 * 1024;
/** Regions per online sample and players per snapshot call. */
export const INGEST_MAX_ITEMS = 1_000;

export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const int32 = z.number().int().min(0).max(2_147_483_647);
const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const id = z.string().min(1).max(ID_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// POST /api/ingest/events
// ---------------------------------------------------------------------------------------------

export const ingestEventsBody = z.object({
  // Each event is checked against its log's schema by the server (per-event reasons), so the
  // envelope only bounds the count here.
  events: z.array(z.unknown()).max(INGEST_MAX_EVENTS, { error: 'validation.batchTooLarge' }).meta({
    description:
      `At most ${INGEST_MAX_EVENTS} events (and ${INGEST_MAX_BYTES / 1024 / 1024} MB). Each event: every field of its log in the log ` +
      'catalogue (b_ base fields first), plus an optional `log` key naming the log; without it the log is found from b_event_name.',
  }),
});
export type IngestEventsBody = z.infer<typeof ingestEventsBody>;

/** `accepted` events were stored now; `duplicates` carried a b_log_id already stored (or repeated in the batch). */
export const ingestEventsResult = z.object({ accepted: z.number().int(), duplicates: z.number().int() });
export type IngestEventsResult = z.infer<typeof ingestEventsResult>;

// ---------------------------------------------------------------------------------------------
// POST /api/ingest/online
// ---------------------------------------------------------------------------------------------

export const onlineRegion = z.object({
  /** The region (zone) id, as b_zone_id in the logs. */
  areaId: int32,
  online: int32,
  queue: int32,
});

export const ingestOnlineBody = z.object({
  /** When the counts were taken, epoch milliseconds UTC. */
  at: epochMs,
  regions: z.array(onlineRegion).min(1).max(INGEST_MAX_ITEMS, { error: 'validation.batchTooLarge' }),
});
export type IngestOnlineBody = z.infer<typeof ingestOnlineBody>;

export const ingestOnlineResult = z.object({ stored: z.number().int() });

// ---------------------------------------------------------------------------------------------
// POST /api/ingest/players
// ---------------------------------------------------------------------------------------------

/** Identity marks of spec section 3: 0 common, 1 insider, 2 external. */
export const IDENTITY_MARKS = [0, 1, 2] as const;

/** A player (role) as the game sees it at `snapshotAt`: every field of spec section 3 "Player (role)". */
export const playerSnapshot = z.object({
  // Identity
  roleId: id,
  roleName: z.string().max(64),
  userId: id,
  thirdId: z.string().max(ID_MAX_LENGTH).nullable().default(null),
  account: z.string().max(ID_MAX_LENGTH),
  areaId: int32,
  level: int32,
  unionName: z.string().max(64).nullable().default(null),
  // Identity mark (and its remark)
  identityMark: z.literal(IDENTITY_MARKS).default(0),
  identityRemark: z.string().max(200).default(''),
  // Activity (epoch ms, UTC)
  createTime: epochMs,
  lastLoginTime: epochMs.nullable().default(null),
  recentLoginTime: epochMs.nullable().default(null),
  offlineTime: epochMs.nullable().default(null),
  isOnline: z.boolean().default(false),
  // Money
  isRecharge: z.boolean().default(false),
  rechargeCurrency: count.default(0),
  nonRechargeCurrency: count.default(0),
  // State
  muteMark: z.boolean().default(false),
  banMark: z.boolean().default(false),
  // Progress
  mainStoryProgress: z.string().max(64).default(''),
  currentExp: count.default(0),
  energy: int32.default(0),
  unionCoin: count.default(0),
  pvpRank: int32.default(0),
  pvpScore: int32.default(0),
  /** When the game took this snapshot, epoch ms UTC: a later snapshot of a role replaces an earlier one. */
  snapshotAt: epochMs,
});
export type PlayerSnapshot = z.infer<typeof playerSnapshot>;

export const ingestPlayersBody = z.object({
  players: z.array(playerSnapshot).min(1).max(INGEST_MAX_ITEMS, { error: 'validation.batchTooLarge' }),
});
export type IngestPlayersBody = z.infer<typeof ingestPlayersBody>;

/** `stored` snapshots replaced older ones or were new; `stale` were older than the one kept. */
export const ingestPlayersResult = z.object({ stored: z.number().int(), stale: z.number().int() });
