/**
 * The wire of the game protocol (docs/game-protocol.md), shared by the console's `http` adapter
 * (http-gateway.ts) and the reference game server (game/game-server/): paths, the answer
 * envelopes, and request signing. Signing is the ingest API's scheme in the other direction:
 * hex HMAC-SHA256 of `X-Timestamp + "\n" + raw body`, keyed with the game's gateway key.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { GAME_INVALID_REASONS, GAME_REFUSAL_REASONS, region } from '@gm/contract/game-commands.contract.ts';
import { GAME_ID_PATTERN, INGEST_HEADERS, INGEST_WINDOW_SECONDS } from '@gm/contract/ingest.contract.ts';
import { signatureMatches, signIngest } from '../ingest/ingest-signature.ts';

export const GAME_PROTOCOL_PREFIX = '/gm/v1';
export const HEALTH_PATH = `${GAME_PROTOCOL_PREFIX}/health`;
/** A read: the server list with each region's runtime state. */
export const REGIONS_PATH = `${GAME_PROTOCOL_PREFIX}/regions`;
export const commandPath = (kind: string) => `${GAME_PROTOCOL_PREFIX}/commands/${kind}`;
/** A read of the player screens: POST, the query as the signed JSON body (game-reads.contract.ts). */
export const readPath = (name: string) => `${GAME_PROTOCOL_PREFIX}/reads/${name}`;

/** The same three headers as the ingest API. */
export const GAME_PROTOCOL_HEADERS = INGEST_HEADERS;
/** A request signed more than this far from the game's clock, either way, is refused. */
export const GAME_PROTOCOL_WINDOW_SECONDS = INGEST_WINDOW_SECONDS;
/** The largest command body a game must accept (a 50,000-role batch is about 5 MB). */
export const GAME_PROTOCOL_MAX_BYTES = 16 * 1024 * 1024;

/** `200`: the command was applied (or had been: a repeat answers the first result). */
export const commandApplied = z.object({ ok: z.literal(true), result: z.unknown() });

/** `422`: the game refused the command (`rejected`) or found it malformed (`invalid`); nothing changed. */
export const commandRefused = z.object({
  ok: z.literal(false),
  failure: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('rejected'), reason: z.enum(GAME_REFUSAL_REASONS), details: z.record(z.string(), z.unknown()).optional() }),
    z.object({ kind: z.literal('invalid'), reason: z.enum(GAME_INVALID_REASONS), details: z.record(z.string(), z.unknown()).optional() }),
  ]),
});

/** Why a request was not even considered (401, 404, 413, 429, 5xx). */
export const PROTOCOL_ERROR_CODES = [
  'unsigned',
  'wrongGame',
  'stale',
  'badSignature',
  'replayed',
  'unknownCommand',
  'unknownRead',
  'notFound',
  'bodyTooLarge',
  'badRequest',
  'unavailable',
  'internal',
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

export const protocolError = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ProtocolError = z.infer<typeof protocolError>;

/** `POST /gm/v1/reads/{name}`, `200`: the read's answer. */
export const readAnswered = z.object({ ok: z.literal(true), result: z.unknown() });

/** `GET /gm/v1/regions`, `200`: every region, merged ones included (`mergedInto`). */
export const regionsAnswer = z.object({ ok: z.literal(true), regions: z.array(region) });

/** `GET /gm/v1/health`, `200`. */
export const healthAnswer = z.object({ ok: z.boolean(), gameId: z.string(), time: z.number().int().nonnegative() });

/** The signed headers of a request with `body` (the empty string for a GET). */
export function signedHeaders(gameId: string, key: string, body: string, timestampSeconds: number): Record<string, string> {
  const timestamp = String(timestampSeconds);
  return {
    [GAME_PROTOCOL_HEADERS.gameId]: gameId,
    [GAME_PROTOCOL_HEADERS.timestamp]: timestamp,
    [GAME_PROTOCOL_HEADERS.signature]: signIngest(key, timestamp, body),
  };
}

export type ClaimCheck =
  | { ok: true; timestamp: string; signature: string; signedAtMs: number }
  | { ok: false; code: Extract<ProtocolErrorCode, 'unsigned' | 'wrongGame' | 'stale'>; message: string };

export type SignatureCheck =
  | { ok: true; signature: string; signedAtMs: number }
  | { ok: false; code: Extract<ProtocolErrorCode, 'unsigned' | 'wrongGame' | 'stale' | 'badSignature'>; message: string };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * What a game can check before it reads the body, in this order: the three headers are there
 * and well formed, the game id is its own, and the timestamp is inside the window.
 */
export function checkClaim(input: { gameId: string; headers: IncomingHttpHeaders; nowMs: number }): ClaimCheck {
  const gameId = header(input.headers, GAME_PROTOCOL_HEADERS.gameId);
  const timestamp = header(input.headers, GAME_PROTOCOL_HEADERS.timestamp);
  const signature = header(input.headers, GAME_PROTOCOL_HEADERS.signature);
  if (!gameId || !timestamp || !signature || !GAME_ID_PATTERN.test(gameId) || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, code: 'unsigned', message: 'X-Game-Id, X-Timestamp (unix seconds) and X-Signature are required' };
  }
  if (gameId !== input.gameId) return { ok: false, code: 'wrongGame', message: 'X-Game-Id is not this game' };
  const signedAtMs = Number(timestamp) * 1000;
  if (Math.abs(input.nowMs - signedAtMs) > GAME_PROTOCOL_WINDOW_SECONDS * 1000) {
    return { ok: false, code: 'stale', message: `X-Timestamp is more than ${GAME_PROTOCOL_WINDOW_SECONDS} s from the game's clock` };
  }
  return { ok: true, timestamp, signature: signature.toLowerCase(), signedAtMs };
}

/**
 * The claim checks, then the signature over the raw body (compared in constant time). Replays
 * are the caller's to refuse: it keeps the signatures it accepted (the reference server:
 * game-server.ts).
 */
export function checkSignature(input: { gameId: string; key: string; headers: IncomingHttpHeaders; body: Buffer; nowMs: number }): SignatureCheck {
  const claim = checkClaim(input);
  if (!claim.ok) return claim;
  if (!signatureMatches(input.key, claim.timestamp, input.body, claim.signature)) {
    return { ok: false, code: 'badSignature', message: 'X-Signature does not match the body and the key' };
  }
  return { ok: true, signature: claim.signature, signedAtMs: claim.signedAtMs };
}
