import type { Kysely } from 'kysely';

/**
 * Issue 14, the order list on a million orders. Frozen: never edit, add a new migration.
 *
 * Customer service looks an order up by the payment platform's id (what the player's receipt
 * shows) and by product: without these, both filters read every order (bench/orders.bench.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('game_orders_platform_idx').on('game_orders').column('platform_order_id').execute();
  await db.schema.createIndex('game_orders_product_idx').on('game_orders').columns(['product_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('game_orders_product_idx').execute();
  await db.schema.dropIndex('game_orders_platform_idx').execute();
}
