import type { Kysely } from 'kysely';

/**
 * Issue 14, the order cache. Frozen: never edit, add a new migration.
 *
 * `game_payment_callbacks` belongs to the embedded game world: the payment side's callbacks the
 * game received, with every attempt to confirm them (JSON), pending until one succeeds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_payment_callbacks')
    .addColumn('callback_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('platform_order_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('channel', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(16)', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    // pending or confirmed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    // JSON CallbackAttempt[]
    .addColumn('attempts', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_payment_callbacks_received_idx').on('game_payment_callbacks').columns(['received_at', 'callback_id']).execute();
  await db.schema.createIndex('game_payment_callbacks_status_idx').on('game_payment_callbacks').columns(['status', 'received_at']).execute();
  await db.schema.createIndex('game_payment_callbacks_order_idx').on('game_payment_callbacks').columns(['order_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_payment_callbacks').execute();
}
