import type { Kysely } from 'kysely';

/**
 * Scheduled actions (house plan section 6): a row per action with its due time. A worker claims
 * a due row by moving it from `pending` to `running` in one conditional update, so a job fires
 * once across restarts and instances; a cancelled row is never claimed. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    // What the job acts on (a region id ...): at most one pending job per kind and subject.
    .addColumn('subject', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    // pending, running, done, failed, cancelled
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('result', 'text')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('jobs_subject_idx').on('jobs').columns(['kind', 'subject', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
