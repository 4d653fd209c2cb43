import { sql, type Kysely } from 'kysely';

/**
 * An action sent to the game carries a command id (derived from the request's Idempotency-Key).
 * A retry of the same action is answered by the game from its record, without acting again, and
 * must not be logged as a second change either: at most one successful entry per command id.
 * Failed attempts before it stay in the trail. Frozen: never edit, add a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('command_id', 'varchar(200)').execute();
  await db.schema.createIndex('audit_command_ok_idx').on('audit_log').column('command_id').unique().where(sql.ref('outcome'), '=', 'ok').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_command_ok_idx').execute();
  await db.schema.alterTable('audit_log').dropColumn('command_id').execute();
}
