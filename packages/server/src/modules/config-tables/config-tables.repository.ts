import type { Db, Trx } from '../../db/database.ts';
import type { ConfigTablePublishesTable, ConfigTablePublishRow, ConfigTableVersionRow, ConfigTableVersionsTable } from '../../db/config-tables.table.ts';

export async function versionCount(db: Db | Trx, table: string): Promise<number> {
  const row = await db.selectFrom('config_table_versions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('table_name', '=', table).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every version of a table without its rows, newest first. */
export async function versionsOf(db: Db | Trx, table: string) {
  return db
    .selectFrom('config_table_versions')
    .select(['table_name', 'version', 'row_count', 'file_name', 'uploaded_by', 'uploaded_at', 'published_at'])
    .where('table_name', '=', table)
    .orderBy('version', 'desc')
    .execute();
}

export async function findVersion(db: Db | Trx, table: string, version: number): Promise<ConfigTableVersionRow | undefined> {
  return db.selectFrom('config_table_versions').selectAll().where('table_name', '=', table).where('version', '=', version).executeTakeFirst();
}

export async function latestVersion(db: Db | Trx, table: string): Promise<ConfigTableVersionRow | undefined> {
  return db.selectFrom('config_table_versions').selectAll().where('table_name', '=', table).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function insertVersion(trx: Db | Trx, row: ConfigTableVersionsTable): Promise<void> {
  await trx.insertInto('config_table_versions').values(row).execute();
}

export async function markPublished(trx: Db | Trx, table: string, version: number, at: number): Promise<void> {
  await trx.updateTable('config_table_versions').set({ published_at: at }).where('table_name', '=', table).where('version', '=', version).execute();
}

export async function insertPublish(trx: Db | Trx, row: ConfigTablePublishesTable): Promise<void> {
  await trx.insertInto('config_table_publishes').values(row).execute();
}

/** The last publish of a table: the version the game runs. */
export async function lastPublish(db: Db | Trx, table: string): Promise<ConfigTablePublishRow | undefined> {
  // Ids are `<table>:<sequence, zero-padded>`, so within a table they sort as published.
  return db.selectFrom('config_table_publishes').selectAll().where('table_name', '=', table).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function publishes(db: Db | Trx, filter: { table?: string | undefined; page: number; size: number }): Promise<{ rows: ConfigTablePublishRow[]; total: number }> {
  let query = db.selectFrom('config_table_publishes');
  if (filter.table) query = query.where('table_name', '=', filter.table);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.size)
    .offset(filter.page * filter.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function publishCount(db: Db | Trx, table: string): Promise<number> {
  const row = await db.selectFrom('config_table_publishes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('table_name', '=', table).executeTakeFirstOrThrow();
  return Number(row.n);
}
