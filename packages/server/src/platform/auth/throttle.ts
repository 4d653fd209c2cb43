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

/** Counts one failure; returns the seconds of a lock it started, or 0. */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
    const fresh = !row || now - row.window_start > rule.windowMs || row.locked_until > 0;
    const failures = (fresh ? 0 : row.failures) + 1;
    const lock = failures >= rule.maxFailures;
    const values = {
      failures: lock ? 0 : failures,
      window_start: fresh ? now : row.window_start,
      locked_until: lock ? now + rule.lockMs : 0,
    };
    if (row) await trx.updateTable('throttles').set(values).where('key', '=', key).execute();
    else await trx.insertInto('throttles').values({ key, ...values }).execute();
    return lock ? Math.ceil(rule.lockMs / 1000) : 0;
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
