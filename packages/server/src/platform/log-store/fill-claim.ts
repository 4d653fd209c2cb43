import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { PG_DDL_LOCK } from './sql-log-store.ts';

/**
 * Claims on the one-time fillings of the ClickHouse store's derived tables (the role-first copy
 * and the per-hour counts of each log), kept in the main database. ClickHouse has no transaction
 * and no unique key, so two instances starting together on a non-empty log could not agree there
 * on which one fills (both did: the copy held every row twice until a merge, and a per-hour count
 * filled twice would count twice for ever). The main database decides as it does for jobs
 * (jobs.repository.ts, `claimJob`): a row per filling, taken by one insert that only one
 * instance's can win, or by one conditional update when its holder stopped renewing it (it died
 * mid-filling), so a filling is never left undone.
 *
 * The table is the store's own, made at its start like the rollup feed's (rollup-feed.ts): it
 * exists only where a ClickHouse store runs. A claim is removed once its filling is marked done
 * in ClickHouse; the mark, not the claim, says that the table may be read.
 */

interface ClaimTables {
  log_store_claim: { name: string; holder: string; at: number };
}

const CLAIM_DDL = `create table if not exists "log_store_claim" ("name" varchar(255) not null primary key, "holder" varchar(64) not null, "at" bigint not null)`;

/** A holder renews its claim this often while it fills (a copy of 100 million rows takes many minutes). */
export const CLAIM_RENEW_MS = 30_000;
/** A claim not renewed for this long is taken over: its holder stopped. */
export const CLAIM_STALE_MS = 4 * CLAIM_RENEW_MS;

export interface FillClaims {
  /** Whether this holder now has the claim (new, already its own, or taken over from a stopped holder). */
  take(name: string): Promise<boolean>;
  /** Renews this holder's claim. */
  renew(name: string): Promise<void>;
  /** Gives the claim up (the filling is marked, or failed and may be tried by another). */
  release(name: string): Promise<void>;
}

/** Makes the claims table when missing (two instances may start at once: PostgreSQL's DDL takes turns). */
export async function ensureFillClaims(database: Pick<Database, 'db' | 'dialect'>): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PG_DDL_LOCK})`.execute(trx);
    await sql.raw(CLAIM_DDL).execute(trx);
  });
}

export function fillClaims(database: Pick<Database, 'db'>, holder: string, now: () => number = Date.now): FillClaims {
  const db = database.db as unknown as Kysely<ClaimTables>;
  return {
    async take(name) {
      const at = now();
      const inserted = await db
        .insertInto('log_store_claim')
        .values({ name, holder, at })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      // Held: ours already, or its holder has not renewed it in time.
      const updated = await db
        .updateTable('log_store_claim')
        .set({ holder, at })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('at', '<', at - CLAIM_STALE_MS)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    async renew(name) {
      await db.updateTable('log_store_claim').set({ at: now() }).where('name', '=', name).where('holder', '=', holder).execute();
    },
    async release(name) {
      await db.deleteFrom('log_store_claim').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
