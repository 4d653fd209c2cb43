import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Issue 13, announcements and uploads. Frozen: never edit, add a new migration.
 *
 * - `announcements`: the console's board. The fields of spec section 3 live in `body` (JSON of
 *   the contract's announcement input, content already sanitised); what is filtered, sorted or
 *   judged on has its own column (type, area, title, sort, end time, sent, deleted).
 * - `announcement_templates` and `announcement_backups` (a backup is a JSON snapshot of the
 *   whole board).
 * - `uploads`: images by the SHA-256 of their bytes, the bytes in the row, so every instance
 *   serves every upload without a shared folder.
 * - `game_announcements.display`: what the game shows besides title and text (the extended
 *   pushAnnouncement), as JSON.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('area_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // The exact end time (null for days-after-registration): past it the announcement is expired.
    .addColumn('end_time', 'bigint')
    // When it was last pushed to the game; null: not in the game (never sent, or withdrawn).
    .addColumn('sent_at', 'bigint')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('announcements_board_idx').on('announcements').columns(['type', 'sort']).execute();

  await db.schema
    .createTable('announcement_templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('announcement_backups')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('note', 'varchar(255)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // JSON: the contract's announcements, every non-deleted one, in board order.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('game_announcements').addColumn('display', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('game_announcements').dropColumn('display').execute();
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('announcement_backups').execute();
  await db.schema.dropTable('announcement_templates').execute();
  await db.schema.dropTable('announcements').execute();
}
