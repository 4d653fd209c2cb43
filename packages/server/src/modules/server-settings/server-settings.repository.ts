import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { ServerSettingRow, ServerSettingsTable } from '../../db/basic-management.table.ts';
import { containsLiteral, containsText } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

function filtered(db: Executor, filter: { keyword?: string | undefined; type?: string | undefined }) {
  let query = db.selectFrom('server_settings');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('setting_key', keyword), containsText('description', keyword), containsText('value', keyword)]));
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  return query;
}

export async function page(db: Executor, filter: { keyword?: string | undefined; type?: string | undefined }, paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('setting_key', 'asc').limit(paging.size).offset(paging.page * paging.size).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findById(db: Executor, id: string): Promise<ServerSettingRow | undefined> {
  return db.selectFrom('server_settings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keys differing only in case would confuse everyone: they count as the same key. */
export function findByKey(db: Executor, key: string): Promise<ServerSettingRow | undefined> {
  return db.selectFrom('server_settings').selectAll().where(sql`lower(setting_key)`, '=', key.toLowerCase()).executeTakeFirst();
}

export function findByIds(db: Executor, ids: readonly string[]): Promise<ServerSettingRow[]> {
  return db.selectFrom('server_settings').selectAll().where('id', 'in', ids).execute();
}

export async function insert(trx: Trx, row: Insertable<ServerSettingsTable>): Promise<void> {
  await trx.insertInto('server_settings').values(row).execute();
}

/** Writes a change only over the revision it was based on; answers the new row or undefined. */
export function updateAtRevision(
  trx: Trx,
  id: string,
  revision: number,
  changes: { type: string; value: string; description: string; by: string; at: number },
): Promise<ServerSettingRow | undefined> {
  return trx
    .updateTable('server_settings')
    .set({ type: changes.type, value: changes.value, description: changes.description, revision: revision + 1, updated_by: changes.by, updated_at: changes.at })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .returningAll()
    .executeTakeFirst();
}

export async function remove(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('server_settings').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const HISTORY_ACTIONS = ['serverSettings.create', 'serverSettings.update', 'serverSettings.delete'];

/**
 * The audit entries of one key, newest first: the setting's history. Targets are a JSON
 * array, so `"key"` with its quotes matches the whole key and never a longer one.
 */
function historyQuery(db: Executor, key: string) {
  return db
    .selectFrom('audit_log')
    .where('action', 'in', HISTORY_ACTIONS)
    .where('outcome', '=', 'ok')
    .where(containsLiteral('targets', JSON.stringify(key)));
}

export async function history(db: Executor, key: string, paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    historyQuery(db, key).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    historyQuery(db, key).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
