import { sql, type Kysely } from 'kysely';

/**
 * Player management: the indexes the filtered player and account lists need at a million rows
 * (each filter's index ends with the list's order, created_at, so a page is read in order and
 * stops early), players' reports, redeem-code claims, and the parameters the console chose for
 * a command id (so a retried action resends the same command). Frozen: never edit, add a new
 * migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const playerIndexes: [string, string[]][] = [
    ['game_players_online_created_idx', ['is_online', 'created_at']],
    ['game_players_recharge_created_idx', ['is_recharge', 'created_at']],
    ['game_players_mark_created_idx', ['identity_mark', 'created_at']],
    ['game_players_level_created_idx', ['level', 'created_at']],
    ['game_players_last_login_idx', ['last_login_at']],
  ];
  for (const [name, columns] of playerIndexes) await db.schema.createIndex(name).on('game_players').columns(columns).execute();
  // Bans and mutes are rare and their lists read the ones in force, newest end first.
  await db.schema.createIndex('game_players_ban_idx').on('game_players').column('ban_until').where(sql.ref('ban_until'), 'is not', null).execute();
  await db.schema.createIndex('game_players_mute_idx').on('game_players').column('mute_until').where(sql.ref('mute_until'), 'is not', null).execute();

  await db.schema.createIndex('game_accounts_name_idx').on('game_accounts').column('name').execute();
  await db.schema.createIndex('game_accounts_type_created_idx').on('game_accounts').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('game_accounts_last_login_idx').on('game_accounts').column('last_login_at').execute();
  await db.schema.createIndex('game_accounts_ban_idx').on('game_accounts').column('ban_until').where(sql.ref('ban_until'), 'is not', null).execute();

  await db.schema
    .createTable('game_reports')
    .addColumn('report_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('area_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('reporter_role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_reports_time_idx').on('game_reports').columns(['reported_at', 'report_id']).execute();
  await db.schema.createIndex('game_reports_role_idx').on('game_reports').columns(['role_id', 'reported_at']).execute();
  await db.schema.createIndex('game_reports_area_idx').on('game_reports').columns(['area_id', 'reported_at']).execute();
  await db.schema.createIndex('game_reports_reason_idx').on('game_reports').columns(['reason', 'reported_at']).execute();

  await db.schema
    .createTable('game_redeem_claims')
    .addColumn('claim_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('batch_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('batch_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('area_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('rewards', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_redeem_claims_time_idx').on('game_redeem_claims').columns(['claimed_at', 'claim_id']).execute();
  await db.schema.createIndex('game_redeem_claims_code_idx').on('game_redeem_claims').columns(['code', 'claimed_at']).execute();
  await db.schema.createIndex('game_redeem_claims_batch_idx').on('game_redeem_claims').columns(['batch_id', 'claimed_at']).execute();
  await db.schema.createIndex('game_redeem_claims_role_idx').on('game_redeem_claims').columns(['role_id', 'claimed_at']).execute();

  await db.schema
    .createTable('console_command_params')
    .addColumn('command_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_command_params_created_idx').on('console_command_params').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_command_params').execute();
  await db.schema.dropTable('game_redeem_claims').execute();
  await db.schema.dropTable('game_reports').execute();
  for (const name of ['game_accounts_ban_idx', 'game_accounts_last_login_idx', 'game_accounts_type_created_idx', 'game_accounts_name_idx']) {
    await db.schema.dropIndex(name).execute();
  }
  for (const name of [
    'game_players_mute_idx',
    'game_players_ban_idx',
    'game_players_last_login_idx',
    'game_players_level_created_idx',
    'game_players_mark_created_idx',
    'game_players_recharge_created_idx',
    'game_players_online_created_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
