import { createHmac, timingSafeEqual } from 'node:crypto';
import { INGEST_HEADERS } from '@gm/contract/ingest.contract.ts';

/**
 * The ingest signature (docs/ingest.md): hex HMAC-SHA256, keyed with the game's ingest key, of
 * the X-Timestamp value, a newline, and the raw request body exactly as sent.
 */
export function signIngest(key: string, timestampSeconds: number | string, body: string | Buffer): string {
  return createHmac('sha256', key).update(`${timestampSeconds}\n`).update(body).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Compares in constant time, so the answer time tells nothing about how much of it matched. */
export function signatureMatches(key: string, timestampSeconds: string, body: Buffer, given: string): boolean {
  if (!HEX_SHA256.test(given)) return false;
  const expected = Buffer.from(signIngest(key, timestampSeconds, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The headers a game server sends with `body` (used by tests, the benchmark and the simulator). */
export function ingestHeaders(gameId: string, key: string, body: string | Buffer, nowMs: number = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    [INGEST_HEADERS.gameId]: gameId,
    [INGEST_HEADERS.timestamp]: timestamp,
    [INGEST_HEADERS.signature]: signIngest(key, timestamp, body),
  };
}
