import { sql, type SelectQueryBuilder } from 'kysely';
import { countBound } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The total of a filtered list, counted no further than `countBound` rows (the requested page
 * and COUNT_WINDOW past it), so a broad filter over a million rows costs what a narrow one
 * does. `capped` says the true total is larger ("more than N" in the pager).
 */
export async function boundedTotal<TB extends keyof DB, O>(
  db: Db,
  base: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; size: number },
): Promise<{ total: number; capped: boolean }> {
  return countUpTo(db, base, countBound(paging.page, paging.size));
}

/** The rows of `base`, counted no further than `bound` (a keyset list has no page number to widen it by). */
export async function countUpTo<TB extends keyof DB, O>(db: Db, base: SelectQueryBuilder<DB, TB, O>, bound: number): Promise<{ total: number; capped: boolean }> {
  const counted = await db
    .selectFrom(base.select(sql<number>`1`.as('one')).limit(bound + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  return { total: Math.min(n, bound), capped: n > bound };
}
