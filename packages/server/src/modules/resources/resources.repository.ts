import type { Db, Trx } from '../../db/database.ts';
import type { NewResourceRow, ResourceRow, ResourceUpdate } from '../../db/basic-management.table.ts';
import { containsText } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

export interface ResourceFilter {
  keyword?: string | undefined;
  type?: string | undefined;
  platform?: string | undefined;
  status?: string | undefined;
}

function filtered(db: Executor, filter: ResourceFilter) {
  let query = db.selectFrom('resources');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('name', keyword), containsText('url', keyword), containsText('version', keyword), containsText('notes', keyword)]));
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.platform) query = query.where('platform', '=', filter.platform);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

export async function page(db: Executor, filter: ResourceFilter, paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findById(db: Executor, id: string): Promise<ResourceRow | undefined> {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIds(db: Executor, ids: readonly string[]): Promise<ResourceRow[]> {
  return db.selectFrom('resources').selectAll().where('id', 'in', ids).execute();
}

export function findByVersion(db: Executor, type: string, platform: string, version: string): Promise<ResourceRow | undefined> {
  return db.selectFrom('resources').selectAll().where('type', '=', type).where('platform', '=', platform).where('version', '=', version).executeTakeFirst();
}

export async function insert(trx: Trx, row: NewResourceRow): Promise<void> {
  await trx.insertInto('resources').values(row).execute();
}

export async function update(trx: Trx, id: string, changes: ResourceUpdate): Promise<void> {
  await trx.updateTable('resources').set(changes).where('id', '=', id).execute();
}

export async function setStatus(trx: Trx, ids: readonly string[], status: string, by: string, at: number): Promise<number> {
  const result = await trx.updateTable('resources').set({ status, updated_by: by, updated_at: at }).where('id', 'in', ids).where('status', '<>', status).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function remove(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('resources').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
