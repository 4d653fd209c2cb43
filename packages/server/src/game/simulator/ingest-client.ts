/**
 * Reports what happened the way a live game server does: through the signed ingest API
 * (docs/ingest.md). Batches are signed with the game's key at send time, kept under the
 * route's limits (events per request, bytes per body), retried on a 5xx or a lost connection
 * (re-signed, after a growing pause, so the retry is never a replay), and paced to at most
 * `rate` events a second when asked.
 *
 * Two transports: `injectTransport` calls the route in-process (`app.inject`: the same route,
 * signature check and validation, no socket), `httpTransport` posts to a running console.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { INGEST_MAX_BYTES, INGEST_MAX_EVENTS, INGEST_MAX_ITEMS, type IngestOnlineBody, type PlayerSnapshot } from '@gm/contract/ingest.contract.ts';
import { ingestHeaders } from '../ingest/ingest-signature.ts';
import type { SimEvent } from './log-events.ts';

export interface TransportResponse {
  status: number;
  body: string;
}

export interface IngestTransport {
  post(path: string, body: string, headers: Record<string, string>): Promise<TransportResponse>;
}

export function injectTransport(app: FastifyInstance): IngestTransport {
  return {
    async post(path, body, headers) {
      const res = await app.inject({ method: 'POST', url: `/api/ingest${path}`, payload: body, headers });
      return { status: res.statusCode, body: res.body };
    },
  };
}

export function httpTransport(baseUrl: string): IngestTransport {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async post(path, body, headers) {
      const res = await fetch(`${root}/api/ingest${path}`, { method: 'POST', body, headers });
      return { status: res.status, body: await res.text() };
    },
  };
}

export class IngestError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(path: string, status: number, body: string) {
    super(`ingest ${path} answered ${status}: ${body.slice(0, 500)}`);
    this.status = status;
    this.body = body;
  }
}

export interface IngestClientOptions {
  transport: IngestTransport;
  gameId: string;
  key: string;
  /** The clock signatures are stamped with: the console's, within its 300-second window. */
  now?: () => number;
  /** At most this many events a second (0 or absent: as fast as the console takes them). */
  rate?: number;
  /** Events per request (at most INGEST_MAX_EVENTS). */
  batchSize?: number;
  /** Attempts per request on a 5xx or a lost connection. */
  attempts?: number;
  /** First pause before a retry, doubled each time (at least a second, so the retry is signed anew). */
  retryDelayMs?: number;
  wait?: (ms: number) => Promise<unknown>;
}

export interface IngestTotals {
  requests: number;
  retries: number;
  events: number;
  accepted: number;
  duplicates: number;
  onlineSamples: number;
  snapshots: number;
}

export interface IngestClient {
  sendEvents(events: readonly SimEvent[]): Promise<void>;
  sendOnline(sample: IngestOnlineBody): Promise<void>;
  sendPlayers(players: readonly PlayerSnapshot[]): Promise<void>;
  readonly totals: IngestTotals;
}

/** Keep a body this far under the route's limit (JSON of a batch is measured as it is built). */
const BODY_BUDGET = INGEST_MAX_BYTES - 64 * 1024;

export function createIngestClient(options: IngestClientOptions): IngestClient {
  const { transport, gameId, key } = options;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;
  const attempts = options.attempts ?? 6;
  const retryDelayMs = Math.max(1000, options.retryDelayMs ?? 1000);
  const rate = options.rate && options.rate > 0 ? options.rate : 0;
  const batchSize = Math.max(1, Math.min(INGEST_MAX_EVENTS, options.batchSize ?? 2000, rate > 0 ? Math.ceil(rate) : INGEST_MAX_EVENTS));
  const totals: IngestTotals = { requests: 0, retries: 0, events: 0, accepted: 0, duplicates: 0, onlineSamples: 0, snapshots: 0 };
  let paceStart = 0;
  let paced = 0;

  async function post<T>(path: string, body: string): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let res: TransportResponse | undefined;
      let failure: unknown;
      try {
        res = await transport.post(path, body, ingestHeaders(gameId, key, body, now()));
      } catch (error) {
        failure = error;
      }
      totals.requests += 1;
      if (res && res.status < 500) {
        const parsed = JSON.parse(res.body) as { code: number; result?: T };
        if (res.status !== 200 || parsed.code !== 0 || parsed.result === undefined) throw new IngestError(path, res.status, res.body);
        return parsed.result;
      }
      if (attempt >= attempts) {
        if (res) throw new IngestError(path, res.status, res.body);
        throw failure instanceof Error ? failure : new Error(String(failure));
      }
      totals.retries += 1;
      await wait(retryDelayMs * 2 ** (attempt - 1));
    }
  }

  /** Waits until sending `n` more events keeps the average at or under the rate. */
  async function pace(n: number): Promise<void> {
    if (rate === 0) return;
    const clock = performance.now();
    if (paced === 0) paceStart = clock;
    const due = paceStart + (paced / rate) * 1000;
    if (due > clock) await wait(due - clock);
    paced += n;
  }

  async function sendBatch(parts: string[]): Promise<void> {
    await pace(parts.length);
    const result = await post<{ accepted: number; duplicates: number }>('/events', `{"events":[${parts.join(',')}]}`);
    totals.events += parts.length;
    totals.accepted += result.accepted;
    totals.duplicates += result.duplicates;
  }

  return {
    totals,
    async sendEvents(events) {
      let parts: string[] = [];
      let bytes = 16;
      for (const event of events) {
        const json = JSON.stringify(event);
        if (parts.length > 0 && (parts.length >= batchSize || bytes + json.length + 1 > BODY_BUDGET)) {
          await sendBatch(parts);
          parts = [];
          bytes = 16;
        }
        parts.push(json);
        // Length counts UTF-16 units; names in Chinese take 3 bytes each in UTF-8.
        bytes += Buffer.byteLength(json) + 1;
      }
      if (parts.length > 0) await sendBatch(parts);
    },
    async sendOnline(sample) {
      const result = await post<{ stored: number }>('/online', JSON.stringify(sample));
      totals.onlineSamples += result.stored;
    },
    async sendPlayers(players) {
      for (let i = 0; i < players.length; i += INGEST_MAX_ITEMS) {
        const result = await post<{ stored: number; stale: number }>('/players', JSON.stringify({ players: players.slice(i, i + INGEST_MAX_ITEMS) }));
        totals.snapshots += result.stored;
      }
    },
  };
}
