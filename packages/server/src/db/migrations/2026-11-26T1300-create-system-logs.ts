import type { Kysely } from 'kysely';

/**
 * System logs (/sysinfo/show_exception and show_game_log; docs/decisions.md "System logs").
 * Frozen: never edit, add a new migration.
 *
 * `system_exceptions`: the unexpected failures the console met; `fingerprint` finds repeats of
 * one failure within the last minute (the flood limit). `game_calls`: the commands the console
 * sent the game, and its failed or slow reads. Both are read newest first and trimmed by age.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('system_exceptions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('what', 'varchar(200)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('error_code', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text')
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('instance', 'varchar(120)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('system_exceptions_at_idx').on('system_exceptions').columns(['at', 'id']).execute();
  await db.schema.createIndex('system_exceptions_fingerprint_idx').on('system_exceptions').columns(['fingerprint', 'at']).execute();

  await db.schema
    .createTable('game_calls')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('command_id', 'varchar(100)')
    .addColumn('target', 'varchar(200)')
    .addColumn('operator', 'varchar(64)')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('params', 'text')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('instance', 'varchar(120)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_calls_at_idx').on('game_calls').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_calls').execute();
  await db.schema.dropTable('system_exceptions').execute();
}
