import type { Kysely } from 'kysely';

/**
 * Issue 14, SDK management (`/sdk/project/list`). Frozen: never edit, add a new migration.
 *
 * `sdk_projects` is the console's record of each SDK project. The signing key is not stored: only
 * its HMAC-SHA256 under the console's shared secret `sdk-signing-key` (platform/secrets) and its
 * last 4 characters (`key_hint`), so a leaked table gives no key (docs/decisions.md "SDK management").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sdk_projects')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('sdk_platform_id', 'varchar(19)', (c) => c.notNull())
    .addColumn('callback_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('key_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('key_rotated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sdk_projects_created_idx').on('sdk_projects').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sdk_projects').execute();
}
