import type { Kysely } from 'kysely';

/**
 * Issue 13, mail. Frozen: never edit, add a new migration.
 *
 * `mails` is the console's record of a mail (docs/decisions.md "Mail"): its body as the operator
 * wrote it (role ids of a private mail as one JSON text: up to 100,000 of them are read and
 * written whole), its status, and the delivery progress of its job (batches done, role ids
 * delivered), which is what lets a restarted console resume without repeating a batch.
 *
 * `game_mails` belongs to the embedded game world: one record per mail the game received. A
 * public mail lives only there (its targets as JSON) until a player opens it, when it gets a
 * row in `game_mailboxes`; a private mail's record says whether it was withdrawn, so a batch
 * arriving after the withdrawal delivers nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mails')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // private or public
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sender', 'varchar(64)', (c) => c.notNull())
    // JSON arrays of ids
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('all_areas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_ids', 'text', (c) => c.notNull())
    .addColumn('role_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exclude_role_ids', 'text', (c) => c.notNull())
    // epoch seconds / levels; 0 = unlimited
    .addColumn('min_create_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_create_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_level', 'integer', (c) => c.notNull().defaultTo(0))
    // the wall times as entered, in time_zone ("UTC+08:00"), and the instants they mean
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(9)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    // JSON MailItem[]
    .addColumn('items', 'text', (c) => c.notNull())
    // draft, scheduled, sending, sent, withdrawn, failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('failure', 'varchar(200)')
    .addColumn('batches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batches_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown_ids', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)')
    .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('withdrawn_at', 'bigint')
    .execute();
  await db.schema.createIndex('mails_created_idx').on('mails').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('mails_status_idx').on('mails').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('game_mails')
    .addColumn('mail_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('mail_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('sender', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    // JSON: the public mail's targets (areas, exclusions, creation and level ranges); '{}' for private
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('withdrawn_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_mails').execute();
  await db.schema.dropTable('mails').execute();
}
