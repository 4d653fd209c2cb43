import type { Kysely } from 'kysely';

/** The audit trail: one row per change, refusal or failed attempt. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(40)')
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'integer')
    .addColumn('targets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('params', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_operator_idx').on('audit_log').columns(['operator_id', 'at']).execute();
  await db.schema.createIndex('audit_account_idx').on('audit_log').columns(['account_name', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
