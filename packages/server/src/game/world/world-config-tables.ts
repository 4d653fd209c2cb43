/**
 * The game's side of the config tables (config-tables.contract.ts): the version of each table
 * the game runs, with its rows (migration 2026-11-26T1050-create-config-tables). Used by the
 * embedded gateway and, through it, by the reference game server. Before any publish the game
 * runs its built-in catalogue (world.seed.ts), which the console records as version 1.
 */
import type { GameCommand } from '@gm/contract/game-commands.contract.ts';
import { CONFIG_TABLE_NAMES, CONFIG_TABLES, configRowSchema, type ConfigTableName } from '@gm/contract/config-tables.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { GatewayError } from '../gateway/gateway.ts';

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
