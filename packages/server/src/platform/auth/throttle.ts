import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Failure counters kept in the database so that every API instance sees the same lock-outs.
 * A key (an account or an address) collects failures within `windowMs`; at `maxFailures` it is
 * locked for `lockMs` and starts counting afresh.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const ACCOUNT_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 60_000 };
export const ADDRESS_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 10 * 60_000 };
export const SIGN_UP_RULE: ThrottleRule = { maxFailures: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

/** Seconds left on a lock, or 0. */
export async function lockedFor(db: Db, key: string, now: number): Promise<number> {
  const row = await db.selectFrom('throttles').select('locked_until').where('key', '=', key).executeTakeFirst();
  return row && row.locked_until > now ? Math.ceil((row.locked_until - now) / 1000) : 0;
}

/**
 * Counts one failure; returns the seconds of the lock it started (or of one already running that
 * it met), or 0. One upsert, then a conditional update when the count reaches the rule: two
 * instances (or two requests) failing at once both count, exactly one of them starts the lock,
 * and a failure that arrives during a lock (its attempt passed the gate just before) neither
 * counts nor lifts it.
 */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, now: number): Promise<number> {
  const lockedNow = sql<boolean>`throttles.locked_until > ${now}`;
  // A new window: the last one ended, or a lock ended since (counting starts afresh after it).
  const fresh = sql<boolean>`(${now} - throttles.window_start > ${rule.windowMs} or throttles.locked_until > 0)`;
  const row = await db
    .insertInto('throttles')
    .values({ key, failures: 1, window_start: now, locked_until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${lockedNow} then throttles.failures when ${fresh} then 1 else throttles.failures + 1 end`,
        window_start: sql<number>`case when ${lockedNow} then throttles.window_start when ${fresh} then ${now} else throttles.window_start end`,
        locked_until: sql<number>`case when ${lockedNow} then throttles.locked_until else 0 end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  const lockedUntil = Number(row.locked_until);
  if (lockedUntil > now) return Math.ceil((lockedUntil - now) / 1000);
  if (Number(row.failures) < rule.maxFailures) return 0;
  const locked = await db
    .updateTable('throttles')
    .set({ failures: 0, locked_until: now + rule.lockMs })
    .where('key', '=', key)
    .where('failures', '>=', rule.maxFailures)
    .where('locked_until', '<=', now)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 1) return Math.ceil(rule.lockMs / 1000);
  // Another request reached the rule at the same moment and started the lock.
  return lockedFor(db, key, now);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
