import type { Db } from '../../db/database.ts';

/**
 * Starts a new query of an operator if their last one began at least `intervalMs` ago: one
 * conditional upsert, so two instances (or two tabs) racing for the same operator let exactly
 * one through. Returns whether it was started.
 */
export async function claimQuery(db: Db, operatorId: string, queryHash: string, now: number, intervalMs: number): Promise<boolean> {
  const result = await db
    .insertInto('query_throttles')
    .values({ operator_id: operatorId, query_hash: queryHash, queried_at: now })
    .onConflict((oc) =>
      oc
        .column('operator_id')
        .doUpdateSet({ query_hash: queryHash, queried_at: now })
        .where('query_throttles.queried_at', '<=', now - intervalMs),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The operator's last new query: its hash and when it began. */
export function lastQuery(db: Db, operatorId: string) {
  return db.selectFrom('query_throttles').select(['query_hash', 'queried_at']).where('operator_id', '=', operatorId).executeTakeFirst();
}
