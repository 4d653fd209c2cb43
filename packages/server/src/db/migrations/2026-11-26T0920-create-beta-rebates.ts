import type { Kysely } from 'kysely';

/**
 * Issue 14, beta-test rebate. Frozen: never edit, add a new migration.
 *
 * `cbt_rebate_settings` is one row (id 1): the beta window and the rebate rule.
 * `cbt_rebates` is the console's record of each proposal and its review; at most one proposal per
 * account that is not rejected (the partial uniqueness is kept by the service inside its
 * transaction, as SQLite and PostgreSQL spell partial indexes alike but Kysely's builder does not).
 *
 * `game_account_grants` belongs to the embedded game world: a grant the game holds for an
 * account until its first role created at or after `not_before` exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cbt_rebate_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('beta_start', 'bigint', (c) => c.notNull())
    .addColumn('beta_end', 'bigint', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('units_per_major', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cbt_rebates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('account', 'varchar(200)', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(16)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('units_per_major', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    // proposed, approved, rejected
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(255)', (c) => c.notNull())
    .addColumn('proposed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_by', 'varchar(64)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reject_reason', 'varchar(255)')
    .execute();
  await db.schema.createIndex('cbt_rebates_user_idx').on('cbt_rebates').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('cbt_rebates_status_idx').on('cbt_rebates').columns(['status', 'proposed_at']).execute();

  await db.schema
    .createTable('game_account_grants')
    .addColumn('grant_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    // JSON Grant[]
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_to', 'varchar(100)')
    .addColumn('delivered_at', 'bigint')
    .execute();
  await db.schema.createIndex('game_account_grants_user_idx').on('game_account_grants').columns(['user_id', 'delivered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_account_grants').execute();
  await db.schema.dropTable('cbt_rebates').execute();
  await db.schema.dropTable('cbt_rebate_settings').execute();
}
