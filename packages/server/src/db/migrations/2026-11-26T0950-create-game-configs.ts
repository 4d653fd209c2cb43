import type { Kysely } from 'kysely';

/**
 * Issue 13, the game configuration screens (game-config.contract.ts). Frozen: never edit, add a
 * new migration.
 *
 * `game_config_versions` is the console's record: every saved version of each document (key:
 * functionLock, checkIn, share, ...), who saved it and when, and when the game accepted it. The
 * latest version of a key is its saved document; (key, version) is unique, so two operators
 * saving over the same version cannot both win.
 *
 * `game_live_configs` belongs to the embedded game world: the document of each key the game
 * runs, as the last `setGameConfig` left it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_config_versions')
    .addColumn('key', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON document, as validated by the key's schema
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('pushed_at', 'bigint')
    .addPrimaryKeyConstraint('game_config_versions_pk', ['key', 'version'])
    .execute();

  await db.schema
    .createTable('game_live_configs')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_live_configs').execute();
  await db.schema.dropTable('game_config_versions').execute();
}
