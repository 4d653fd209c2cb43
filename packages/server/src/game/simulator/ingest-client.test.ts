import { describe, expect, it } from 'vitest';
import { INGEST_HEADERS, INGEST_MAX_BYTES } from '@gm/contract/ingest.contract.ts';
import { signIngest } from '../ingest/ingest-signature.ts';
import { createIngestClient, IngestError, type IngestTransport } from './ingest-client.ts';
import type { SimEvent } from './log-events.ts';

const KEY = 'client-test-key-0123456789abcdef';

interface Call {
  path: string;
  body: string;
  headers: Record<string, string>;
}

/** A console that answers from a script of statuses, then 200. */
function scripted(statuses: (number | 'drop')[]) {
  const calls: Call[] = [];
  const transport: IngestTransport = {
    async post(path, body, headers) {
      calls.push({ path, body, headers });
      const next = statuses.shift();
      if (next === 'drop') throw new Error('socket hang up');
      if (next !== undefined && next !== 200) return { status: next, body: JSON.stringify({ code: next >= 500 ? 10008 : 10001, message: 'no' }) };
      const parsed = JSON.parse(body) as { events?: unknown[] };
      const n = parsed.events?.length ?? 0;
      return { status: 200, body: JSON.stringify({ code: 0, message: 'success', result: { accepted: n, duplicates: 0, stored: 1, stale: 0 } }) };
    },
  };
  return { calls, transport };
}

const event = (i: number, padding = 0): SimEvent => ({ b_log_id: `e-${i}`, b_timestamp: 1_700_000_000_000 + i, pad: 'x'.repeat(padding) });

describe('the ingest client', () => {
  it('retries a 5xx and a lost connection, signing each attempt anew after a growing pause', async () => {
    const { calls, transport } = scripted([503, 'drop', 200]);
    const waits: number[] = [];
    let clock = 1_795_341_600_000;
    const client = createIngestClient({
      transport,
      gameId: 'demo',
      key: KEY,
      now: () => clock,
      wait: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    await client.sendEvents([event(1), event(2)]);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(client.totals).toMatchObject({ events: 2, accepted: 2, retries: 2 });
    const signatures = new Set(calls.map((c) => c.headers[INGEST_HEADERS.signature]));
    expect(signatures.size).toBe(3);
    for (const call of calls) {
      const ts = call.headers[INGEST_HEADERS.timestamp] ?? '';
      expect(call.headers[INGEST_HEADERS.signature]).toBe(signIngest(KEY, ts, call.body));
      expect(call.headers[INGEST_HEADERS.gameId]).toBe('demo');
    }
  });

  it('gives up after its attempts, and never retries a refusal', async () => {
    const down = scripted([500, 500, 500]);
    const client = createIngestClient({ transport: down.transport, gameId: 'demo', key: KEY, attempts: 3, wait: async () => undefined });
    await expect(client.sendEvents([event(1)])).rejects.toBeInstanceOf(IngestError);
    expect(down.calls).toHaveLength(3);

    const refused = scripted([400]);
    const strict = createIngestClient({ transport: refused.transport, gameId: 'demo', key: KEY, wait: async () => undefined });
    await expect(strict.sendEvents([event(1)])).rejects.toThrow(/answered 400/);
    expect(refused.calls).toHaveLength(1);
  });

  it('splits batches by count and by body size', async () => {
    const { calls, transport } = scripted([]);
    const client = createIngestClient({ transport, gameId: 'demo', key: KEY, batchSize: 3 });
    await client.sendEvents(Array.from({ length: 7 }, (_, i) => event(i)));
    expect(calls.map((c) => (JSON.parse(c.body) as { events: unknown[] }).events.length)).toEqual([3, 3, 1]);

    const big = scripted([]);
    const bulky = createIngestClient({ transport: big.transport, gameId: 'demo', key: KEY, batchSize: 5000 });
    await bulky.sendEvents(Array.from({ length: 12 }, (_, i) => event(i, 1024 * 1024)));
    expect(big.calls.length).toBeGreaterThan(2);
    expect(big.calls.every((c) => Buffer.byteLength(c.body) <= INGEST_MAX_BYTES)).toBe(true);
    expect(big.calls.reduce((n, c) => n + (JSON.parse(c.body) as { events: unknown[] }).events.length, 0)).toBe(12);
  });

  it('paces events to the rate it is given', async () => {
    const { calls, transport } = scripted([]);
    const waits: number[] = [];
    const client = createIngestClient({ transport, gameId: 'demo', key: KEY, rate: 100, wait: async (ms) => void waits.push(ms) });
    await client.sendEvents(Array.from({ length: 350 }, (_, i) => event(i)));
    // Batches of at most one second's worth; each waits for its turn.
    expect(calls.map((c) => (JSON.parse(c.body) as { events: unknown[] }).events.length)).toEqual([100, 100, 100, 50]);
    expect(waits).toHaveLength(3);
    expect(waits.every((ms) => ms > 0 && ms <= 3000)).toBe(true);
  });
});
