import type { Kysely } from 'kysely';

/**
 * Games that push data through the ingest API, the replay guard of signed requests, online
 * counts per region and player snapshots. Frozen. (Event-log tables are not here: the log store
 * creates them from the log catalogue at start.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The ingest key itself, not a hash: an HMAC can only be checked with the key.
  await db.schema
    .createTable('games')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ingest_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ingest_nonces')
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('signature', 'varchar(64)', (c) => c.notNull())
    // The request's own timestamp (ms): once outside the window it can never be accepted again.
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ingest_nonces_pk', ['game_id', 'signature'])
    .execute();
  await db.schema.createIndex('ingest_nonces_signed_idx').on('ingest_nonces').column('signed_at').execute();

  await db.schema
    .createTable('online_samples')
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('online', 'integer', (c) => c.notNull())
    .addColumn('queue', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('online_samples_pk', ['game_id', 'area_id', 'at'])
    .execute();
  await db.schema.createIndex('online_samples_at_idx').on('online_samples').columns(['game_id', 'at']).execute();

  await db.schema
    .createTable('player_snapshots')
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('third_id', 'varchar(100)')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('union_name', 'varchar(64)')
    .addColumn('identity_mark', 'integer', (c) => c.notNull())
    .addColumn('identity_remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('last_login_time', 'bigint')
    .addColumn('recent_login_time', 'bigint')
    .addColumn('offline_time', 'bigint')
    .addColumn('is_online', 'integer', (c) => c.notNull())
    .addColumn('is_recharge', 'integer', (c) => c.notNull())
    .addColumn('recharge_currency', 'bigint', (c) => c.notNull())
    .addColumn('non_recharge_currency', 'bigint', (c) => c.notNull())
    .addColumn('mute_mark', 'integer', (c) => c.notNull())
    .addColumn('ban_mark', 'integer', (c) => c.notNull())
    .addColumn('main_story_progress', 'varchar(64)', (c) => c.notNull())
    .addColumn('current_exp', 'bigint', (c) => c.notNull())
    .addColumn('energy', 'integer', (c) => c.notNull())
    .addColumn('union_coin', 'bigint', (c) => c.notNull())
    .addColumn('pvp_rank', 'integer', (c) => c.notNull())
    .addColumn('pvp_score', 'integer', (c) => c.notNull())
    .addColumn('snapshot_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_snapshots_pk', ['game_id', 'role_id'])
    .execute();
  await db.schema.createIndex('player_snapshots_user_idx').on('player_snapshots').columns(['game_id', 'user_id']).execute();
  await db.schema.createIndex('player_snapshots_area_idx').on('player_snapshots').columns(['game_id', 'area_id', 'level']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_snapshots').execute();
  await db.schema.dropTable('online_samples').execute();
  await db.schema.dropTable('ingest_nonces').execute();
  await db.schema.dropTable('games').execute();
}
