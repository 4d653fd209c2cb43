import type { Kysely } from 'kysely';

/**
 * Issue 11, the export centre: one row per download task. Frozen: never edit, add a new migration.
 *
 * The file itself is not here but in EXPORT_DIR, named by the task id (docs/architecture.md,
 * "Exports", says why). A worker of any instance claims a queued row with one conditional update
 * (`queued` -> `running`, stamping `claimed_by` / `claimed_at`), renews `claimed_at` as it
 * writes, and a running row whose claim went stale (its instance died) is taken over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_tasks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    // en or zh-CN: the headers' and words' language, the requesting operator's.
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('log_key', 'varchar(64)', (c) => c.notNull())
    // JSON: { list, table, start, end, conditions, columns } as checked when it was asked for.
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    // queued, running, done, failed, cancelled
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rows', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_estimate', 'bigint')
    .addColumn('total_exact', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', 'bigint')
    .addColumn('error_key', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_tasks_status_idx').on('export_tasks').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('export_tasks_operator_idx').on('export_tasks').columns(['operator_id', 'created_at']).execute();
  await db.schema.createIndex('export_tasks_expires_idx').on('export_tasks').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_tasks').execute();
}
