/**
 * Online counts per region over the history, as a game server samples them: at every sample
 * instant, how many simulated sessions of each region are running. The day curve is not drawn
 * here; it comes out of when players play. Regions at capacity ("packed") show a login queue
 * at their busiest hours.
 */
import type { IngestOnlineBody } from '@gm/contract/ingest.contract.ts';
import type { SimRegion } from './population.ts';

export interface OnlineCounter {
  readonly intervalMs: number;
  /** Counts a session of a region, [start, end). */
  add(region: SimRegion, start: number, end: number): void;
  /** The samples, oldest first, as the body of `POST /api/ingest/online`. */
  samples(): IngestOnlineBody[];
  /** Sample instants. */
  readonly instants: number;
}

export function createOnlineCounter(regions: readonly SimRegion[], windowStart: number, now: number, intervalMs: number): OnlineCounter {
  const instants = Math.floor((now - windowStart) / intervalMs) + 1;
  const width = regions.length;
  const counts = new Int32Array(instants * width);
  const column = new Map(regions.map((r, i) => [r.id, i]));
  return {
    intervalMs,
    instants,
    add(region, start, end) {
      const c = column.get(region.id);
      if (c === undefined || end <= start) return;
      const from = Math.max(0, Math.ceil((start - windowStart) / intervalMs));
      const to = Math.min(instants - 1, Math.ceil((end - windowStart) / intervalMs) - 1);
      for (let k = from; k <= to; k += 1) counts[k * width + c] = (counts[k * width + c] as number) + 1;
    },
    samples() {
      const out: IngestOnlineBody[] = [];
      let peak = 1;
      for (const n of counts) peak = Math.max(peak, n);
      for (let k = 0; k < instants; k += 1) {
        out.push({
          at: windowStart + k * intervalMs,
          regions: regions.map((r, c) => {
            const online = counts[k * width + c] as number;
            // A packed region queues logins when it is near its busiest.
            const queue = r.heat === 'packed' && online > peak * 0.5 ? Math.round((online - peak * 0.5) * 0.6) : 0;
            return { areaId: r.zoneId, online, queue };
          }),
        });
      }
      return out;
    },
  };
}
