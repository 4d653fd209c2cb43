import { useSyncExternalStore } from 'react';
import { LOG_QUERY_INTERVAL_MS } from '@gm/contract/logs.contract.ts';
import { useCountdown } from '../../shared/hooks/use-countdown.ts';

/**
 * The spec's 10 seconds between two new log queries of one operator, as the browser sees it:
 * when the next new query may start. The server decides (it answers 10006 with `retryAfter`);
 * this clock only lets the Search button count down instead of being refused. One clock for
 * every log screen, as the server keeps one per operator; kept for the tab's session so a
 * reload still counts down.
 */
const STORAGE_KEY = 'gm.logs.nextQueryAt';

function readStored(): number | null {
  try {
    const value = Number(globalThis.sessionStorage?.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

let nextAt: number | null = readStored();
const listeners = new Set<() => void>();

function set(value: number | null): void {
  nextAt = value;
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(STORAGE_KEY);
    else globalThis.sessionStorage?.setItem(STORAGE_KEY, String(value));
  } catch {
    // Storage disabled: the clock lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export const queryClock = {
  /** A new query went out (or was answered) at `at`: the next may start an interval later. */
  started(at: number = Date.now()): void {
    set(at + LOG_QUERY_INTERVAL_MS);
  },
  /** The server refused a new query: wait as long as it says. */
  refused(retryAfterSeconds: number, now: number = Date.now()): void {
    set(now + Math.max(1, retryAfterSeconds) * 1000);
  },
  /** Puts back what the clock said before a query that was refused for another reason. */
  restore(value: number | null): void {
    set(value);
  },
  now: (): number | null => nextAt,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds until the next new log query may start (0: now). */
export function useQueryWait(): number {
  const until = useSyncExternalStore(subscribe, queryClock.now, queryClock.now);
  return useCountdown(until);
}
