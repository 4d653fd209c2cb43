import type { Kysely } from 'kysely';

/**
 * Issue 11, the log queries. Frozen: never edit, add a new migration.
 *
 * - `query_throttles`: when each operator last started a new log query, and which (a hash), so
 *   the spec's 10 seconds between two new queries hold across API instances.
 * - `app_secrets`: random secrets every instance on one database shares, made once (the key that
 *   signs log page cursors, so a cursor made by one instance is honoured by another).
 * - The command journal is read newest first by keyset (applied_at, command_id): one index
 *   serves the order and the seek, replacing the one on applied_at alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('query_throttles')
    .addColumn('operator_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('query_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('queried_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_commands_keyset_idx').on('game_commands').columns(['applied_at', 'command_id']).execute();
  await db.schema.dropIndex('game_commands_applied_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('game_commands_applied_idx').on('game_commands').column('applied_at').execute();
  await db.schema.dropIndex('game_commands_keyset_idx').execute();
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.dropTable('query_throttles').execute();
}
