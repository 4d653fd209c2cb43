import type { Kysely } from 'kysely';

/**
 * The embedded game world: accounts, roles, bags, catalogue, orders, regions, maps, mailboxes,
 * announcements, and the applied commands (idempotency keys). Frozen: never edit, add a new
 * migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_accounts')
    .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('third_id', 'varchar(100)')
    .addColumn('inheritance_code', 'varchar(32)')
    .addColumn('inheritance_password_hash', 'varchar(255)')
    .addColumn('init_account', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('last_login_ip', 'varchar(64)')
    .addColumn('last_login_device', 'varchar(128)')
    .addColumn('create_device_number', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('ban_until', 'bigint')
    .addColumn('ban_reason', 'varchar(255)')
    .execute();
  await db.schema.createIndex('game_accounts_account_idx').on('game_accounts').column('account').execute();
  await db.schema.createIndex('game_accounts_third_idx').on('game_accounts').column('third_id').execute();
  await db.schema.createIndex('game_accounts_created_idx').on('game_accounts').columns(['created_at', 'user_id']).execute();

  await db.schema
    .createTable('game_players')
    .addColumn('role_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('third_id', 'varchar(100)')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('area_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('union_name', 'varchar(100)')
    .addColumn('identity_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('identity_remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('recent_login_at', 'bigint')
    .addColumn('offline_at', 'bigint')
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recharge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recharge_currency', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('non_recharge_currency', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mute_until', 'bigint')
    .addColumn('mute_reason', 'varchar(255)')
    .addColumn('ban_until', 'bigint')
    .addColumn('ban_reason', 'varchar(255)')
    .addColumn('main_story_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_exp', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('energy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('union_coin', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pvp_ranks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pvp_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_players_user_idx').on('game_players').column('user_id').execute();
  await db.schema.createIndex('game_players_area_created_idx').on('game_players').columns(['area_id', 'created_at']).execute();
  await db.schema.createIndex('game_players_created_idx').on('game_players').columns(['created_at', 'role_id']).execute();
  await db.schema.createIndex('game_players_name_idx').on('game_players').column('role_name').execute();
  await db.schema.createIndex('game_players_account_idx').on('game_players').column('account').execute();
  await db.schema.createIndex('game_players_third_idx').on('game_players').column('third_id').execute();
  await db.schema.createIndex('game_players_online_idx').on('game_players').columns(['is_online', 'area_id']).execute();

  await db.schema
    .createTable('game_bag_items')
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull().references('game_players.role_id'))
    .addColumn('source_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rarity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_number', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_bag_items_pk', ['role_id', 'source_id'])
    .execute();

  await db.schema
    .createTable('game_goods')
    .addColumn('goods_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_group_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_group_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_products')
    .addColumn('product_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(40)', (c) => c.notNull().references('game_goods.goods_id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_orders')
    .addColumn('order_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('platform_order_id', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_device', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('item_group_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_group_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role_area', 'varchar(40)', (c) => c.notNull())
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_orders_created_idx').on('game_orders').columns(['created_at', 'order_id']).execute();
  await db.schema.createIndex('game_orders_role_idx').on('game_orders').columns(['role_id', 'created_at']).execute();
  await db.schema.createIndex('game_orders_user_idx').on('game_orders').column('user_id').execute();
  await db.schema.createIndex('game_orders_status_idx').on('game_orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('game_regions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('login_status', 'varchar(8)', (c) => c.notNull())
    .addColumn('heat', 'varchar(8)', (c) => c.notNull())
    .addColumn('ui_sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('online_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queue_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queue_sequence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_close_at', 'bigint')
    .addColumn('merged_into', 'varchar(40)')
    .addColumn('under_maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_map_progress')
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull().references('game_players.role_id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('map_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('unlocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_map_progress_pk', ['role_id', 'kind', 'map_id'])
    .execute();

  await db.schema
    .createTable('game_mailboxes')
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull().references('game_players.role_id'))
    .addColumn('mail_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('mail_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('sender', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_collected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collected_at', 'bigint')
    .addPrimaryKeyConstraint('game_mailboxes_pk', ['role_id', 'mail_id'])
    .execute();
  await db.schema.createIndex('game_mailboxes_mail_idx').on('game_mailboxes').column('mail_id').execute();

  await db.schema
    .createTable('game_announcements')
    .addColumn('announcement_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pushed_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .execute();

  await db.schema
    .createTable('game_commands')
    .addColumn('command_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_commands_applied_idx').on('game_commands').column('applied_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'game_commands',
    'game_announcements',
    'game_mailboxes',
    'game_map_progress',
    'game_regions',
    'game_orders',
    'game_products',
    'game_goods',
    'game_bag_items',
    'game_players',
    'game_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
