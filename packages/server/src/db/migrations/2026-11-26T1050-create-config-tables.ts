import type { Kysely } from 'kysely';

/**
 * Issue 14, database management (config-tables.contract.ts). Frozen: never edit, add a new
 * migration.
 *
 * `config_table_versions`: every stored version of each config table (items, products, maps),
 * valid by its schema (a refused upload stores nothing), with its rows as one JSON array, who
 * uploaded it and when, and when it was last published. (table_name, version) is unique.
 *
 * `config_table_publishes`: the update records, one per publish (or rollback): who published
 * which version over which, when, and the diff.
 *
 * `game_live_config_tables` belongs to the embedded game world: the version of each table the
 * game runs, as the last `publishConfigTable` left it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('config_table_versions')
    .addColumn('table_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('uploaded_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addPrimaryKeyConstraint('config_table_versions_pk', ['table_name', 'version'])
    .execute();

  await db.schema
    .createTable('config_table_publishes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('from_version', 'integer')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('diff', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('config_table_publishes_table').on('config_table_publishes').columns(['table_name', 'published_at']).execute();

  await db.schema
    .createTable('game_live_config_tables')
    .addColumn('table_name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_live_config_tables').execute();
  await db.schema.dropTable('config_table_publishes').execute();
  await db.schema.dropTable('config_table_versions').execute();
}
