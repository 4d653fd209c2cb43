/**
 * The game's side of the config tables (config-tables.contract.ts): the version of each table
 * the game runs, with its rows (migration 2026-11-26T1050-create-config-tables). Used by the
 * embedded gateway and, through it, by the reference game server. Before any publish the game
 * runs its built-in catalogue (world.seed.ts), which the console records as version 1.
 */
import { MAP_KINDS, type GameCommand, type MapKind } from '@gm/contract/game-commands.contract.ts';
import { CONFIG_TABLE_NAMES, CONFIG_TABLES, configRowSchema, type ConfigRow, type ConfigTableName } from '@gm/contract/config-tables.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { GatewayError } from '../gateway/gateway.ts';
import { DEMO_MAPS } from './world.seed.ts';

const isTable = (name: string): name is ConfigTableName => (CONFIG_TABLE_NAMES as string[]).includes(name);

/** The version of a table the game runs (null: its built-in catalogue). */
export async function liveTable(db: Db | Trx, table: string): Promise<{ version: number; rowCount: number; rows: unknown[] } | null> {
  const row = await db.selectFrom('game_live_config_tables').selectAll().where('table_name', '=', table).executeTakeFirst();
  return row ? { version: row.version, rowCount: row.row_count, rows: JSON.parse(row.rows) as unknown[] } : null;
}

/** `publishConfigTable`: every row must fit the table's schema and keys be unique, else nothing changes. */
export async function publishTable(trx: Trx, c: GameCommand<'publishConfigTable'>, at: number) {
  if (!isTable(c.table)) throw GatewayError.invalid('invalidParams', { issues: [{ path: 'table', message: 'unknown table' }] });
  const schema = configRowSchema(c.table);
  const keyColumn = CONFIG_TABLES[c.table].keyColumn;
  const keys = new Set<string>();
  for (const [i, row] of c.rows.entries()) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw GatewayError.invalid('invalidParams', { issues: [{ path: `rows.${i}`, message: parsed.error.issues[0]?.message ?? 'invalid' }] });
    const key = String(row[keyColumn]);
    if (keys.has(key)) throw GatewayError.invalid('invalidParams', { issues: [{ path: `rows.${i}.${keyColumn}`, message: 'duplicate key' }] });
    keys.add(key);
  }
  if (c.table === 'products') await stockStore(trx, c.rows as ConfigRow<'products'>[], at);
  const earlier = await trx.selectFrom('game_live_config_tables').select(['version', 'row_count']).where('table_name', '=', c.table).executeTakeFirst();
  const values = { table_name: c.table, version: c.version, row_count: c.rows.length, rows: JSON.stringify(c.rows), applied_at: at };
  if (earlier) await trx.updateTable('game_live_config_tables').set(values).where('table_name', '=', c.table).execute();
  else await trx.insertInto('game_live_config_tables').values(values).execute();
  return {
    table: c.table,
    before: { version: earlier?.version ?? null, rowCount: earlier?.row_count ?? 0 },
    after: { version: c.version, rowCount: c.rows.length },
  };
}

/**
 * A published products table becomes the store: each product's name, price and currency, and its
 * goods' names. What a goods id grants is the game's own data (not a column of the table), so a
 * product may only name goods the game has; a product left out of a later version keeps its row
 * (its orders still name it) but is no longer on sale (`productsOnSale`).
 */
async function stockStore(trx: Trx, rows: readonly ConfigRow<'products'>[], at: number): Promise<void> {
  const goodsIds = [...new Set(rows.map((r) => r.goodsId))];
  const known = new Set(
    goodsIds.length === 0 ? [] : (await trx.selectFrom('game_goods').select('goods_id').where('goods_id', 'in', goodsIds).execute()).map((g) => g.goods_id),
  );
  const unknown = rows.findIndex((r) => !known.has(r.goodsId));
  if (unknown >= 0) throw GatewayError.invalid('invalidParams', { issues: [{ path: `rows.${unknown}.goodsId`, message: 'unknown goods' }] });
  for (const r of rows) {
    const product = { name: r.name, price: r.price, currency: r.currency, goods_id: r.goodsId };
    await trx
      .insertInto('game_products')
      .values({ product_id: r.productId, ...product, created_at: at })
      .onConflict((oc) => oc.column('product_id').doUpdateSet(product))
      .execute();
    await trx
      .updateTable('game_goods')
      .set({ name: r.goodsName, item_group_id: r.itemGroupId, item_group_name: r.itemGroupName })
      .where('goods_id', '=', r.goodsId)
      .execute();
  }
}

/** The product ids on sale: those of the published products table, or null (every product) before one was published. */
export async function productsOnSale(db: Db | Trx): Promise<Set<string> | null> {
  const live = await liveTable(db, 'products');
  return live ? new Set((live.rows as ConfigRow<'products'>[]).map((r) => r.productId)) : null;
}

/** The maps of each kind in unlock order: the published maps table, or the built-in catalogue. */
export async function mapCatalogue(db: Db | Trx): Promise<Record<MapKind, readonly string[]>> {
  const live = await liveTable(db, 'maps');
  if (!live) return DEMO_MAPS;
  const rows = [...(live.rows as ConfigRow<'maps'>[])].sort((a, b) => a.unlockOrder - b.unlockOrder || a.mapId.localeCompare(b.mapId));
  return Object.fromEntries(MAP_KINDS.map((kind) => [kind, rows.filter((r) => r.kind === kind).map((r) => r.mapId)])) as Record<MapKind, string[]>;
}
