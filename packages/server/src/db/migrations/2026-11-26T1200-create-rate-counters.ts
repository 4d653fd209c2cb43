import type { Kysely } from 'kysely';

/**
 * Issue 15, several API instances. Frozen: never edit, add a new migration.
 *
 * `rate_counters`: fixed-window request counters (the not-found limit per client address), kept
 * in the database so every instance behind a load balancer counts the same requests. One row per
 * key and window; `reset_at` ends the window. With REDIS_URL set they live in Redis instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  // The sweep of ended windows reads by time.
  await db.schema.createIndex('rate_counters_reset_idx').on('rate_counters').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
