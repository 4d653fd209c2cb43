import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogRecord, LogStore } from './log-store.ts';

const DAY = 86_400_000;

/**
 * A log's rows a day at a time from its oldest day on, for a replay into the rollups: they count
 * events cheaply in time order, while a newest-first replay made every event a late one that
 * moves first days back one by one (over an hour for a million players). Within a day the rows
 * come newest first, as the store reads them; a day's first logins only move within that day.
 * The port reads newest first only, so the oldest day is found by bounded counts (a binary search
 * over days, each an index seek), and the newest by the first page.
 */
export async function* replayOldestFirst(store: LogStore, logKey: LogKey, chunkSize = 2_000): AsyncIterable<LogRecord[]> {
  const newest = (await store.page(logKey, { size: 1 })).next;
  if (!newest) return;
  const any = async (end: number) => (await store.count(logKey, { end }, 1)).total > 0;
  // The first day d (since 1970, UTC) with an event before the end of it.
  let lo = 0;
  let hi = Math.floor(newest.t / DAY);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await any((mid + 1) * DAY)) hi = mid;
    else lo = mid + 1;
  }
  for (let day = lo; day * DAY <= newest.t; day += 1) {
    yield* store.stream(logKey, { start: day * DAY, end: (day + 1) * DAY, chunkSize });
  }
}
