import type { Kysely } from 'kysely';

/**
 * Issue 13, redeem code config (`/exchange/index`). Frozen: never edit, add a new migration.
 *
 * `redeem_batches` is the console's record of each batch. Unique codes are not stored: they are
 * derived from the batch's `secret` and an index (docs/decisions.md "Redeem codes"); a shared
 * batch's one code is unique across batches (several NULLs are allowed by SQLite and PostgreSQL).
 *
 * `game_redeem_batches` and `game_redeem_code_uses` belong to the embedded game world: the
 * batches it was told about (with the count of claims, the row a claim updates first so that
 * concurrent claims of one batch queue up behind it), and which unique codes were redeemed
 * (one row per redeemed code, its primary key the guard against a second use).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redeem_batches')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('shared_code', 'varchar(32)', (c) => c.unique())
    .addColumn('code_prefix', 'varchar(8)', (c) => c.notNull())
    .addColumn('code_length', 'integer', (c) => c.notNull())
    .addColumn('code_count', 'integer', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    // JSON MailItem[]
    .addColumn('rewards', 'text', (c) => c.notNull())
    .addColumn('per_player_limit', 'integer', (c) => c.notNull())
    .addColumn('total_limit', 'bigint', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    // JSON string[]
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Raised by every change; the game has the batch when published_version = version.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_version', 'integer')
    .addColumn('publish_error', 'varchar(255)')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redeem_batches_created_idx').on('redeem_batches').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('game_redeem_batches')
    .addColumn('batch_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('shared_code', 'varchar(32)')
    .addColumn('code_prefix', 'varchar(8)', (c) => c.notNull())
    .addColumn('code_length', 'integer', (c) => c.notNull())
    .addColumn('code_count', 'integer', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    // JSON Grant[]
    .addColumn('rewards', 'text', (c) => c.notNull())
    .addColumn('per_player_limit', 'integer', (c) => c.notNull())
    .addColumn('total_limit', 'bigint', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('claimed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_redeem_batches_shared_idx').on('game_redeem_batches').column('shared_code').execute();

  await db.schema
    .createTable('game_redeem_code_uses')
    .addColumn('batch_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_index', 'integer', (c) => c.notNull())
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_redeem_code_uses_pk', ['batch_id', 'code_index'])
    .execute();
  // A role's claims of one batch are counted for its per-player limit.
  await db.schema.createIndex('game_redeem_claims_batch_role_idx').on('game_redeem_claims').columns(['batch_id', 'role_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('game_redeem_claims_batch_role_idx').execute();
  await db.schema.dropTable('game_redeem_code_uses').execute();
  await db.schema.dropTable('game_redeem_batches').execute();
  await db.schema.dropTable('redeem_batches').execute();
}
