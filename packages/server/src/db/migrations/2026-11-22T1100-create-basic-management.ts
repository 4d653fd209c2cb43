import type { Kysely } from 'kysely';

/**
 * Basic management except server regions: the IP, ID, function (third id) and domain
 * whitelists, resources, id sequences, server settings and channel protocols. Frozen: never
 * edit, add a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whitelist_ips')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'integer')
    .addColumn('notes', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('sdk_platform_id', 'varchar(19)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('whitelist_ips_address_uq', ['address', 'sdk_platform_id'])
    .execute();
  await db.schema.createIndex('whitelist_ips_created_idx').on('whitelist_ips').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('whitelist_ids')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('notes', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('whitelist_ids_target_uq', ['kind', 'target_id'])
    .execute();
  await db.schema.createIndex('whitelist_ids_created_idx').on('whitelist_ids').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('whitelist_functions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('third_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('notes', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('log_switch', 'varchar(8)', (c) => c.notNull())
    .addColumn('adder', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whitelist_functions_added_idx').on('whitelist_functions').columns(['added_at', 'id']).execute();

  await db.schema
    .createTable('whitelist_domains')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain', 'varchar(253)', (c) => c.notNull())
    .addColumn('wildcard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('notes', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('whitelist_domains_domain_uq', ['domain', 'purpose'])
    .execute();
  await db.schema.createIndex('whitelist_domains_created_idx').on('whitelist_domains').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_client_version', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('notes', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('resources_version_uq', ['type', 'platform', 'version'])
    .execute();
  await db.schema.createIndex('resources_created_idx').on('resources').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('id_sequences')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('current_value', 'bigint', (c) => c.notNull())
    .addColumn('step', 'bigint', (c) => c.notNull())
    .addColumn('min_value', 'bigint', (c) => c.notNull())
    .addColumn('max_value', 'bigint', (c) => c.notNull())
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('server_settings')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('setting_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'bigint')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(64)')
    .addColumn('published_at', 'bigint')
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('agreements_version_uq', ['channel', 'kind', 'version'])
    .execute();
  await db.schema.createIndex('agreements_effect_idx').on('agreements').columns(['channel', 'kind', 'status', 'effective_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['agreements', 'server_settings', 'id_sequences', 'resources', 'whitelist_domains', 'whitelist_functions', 'whitelist_ids', 'whitelist_ips']) {
    await db.schema.dropTable(table).execute();
  }
}
