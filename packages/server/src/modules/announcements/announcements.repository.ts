import type { Insertable, Updateable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { AnnouncementBackupRow, AnnouncementRow, AnnouncementsTable, AnnouncementTemplateRow } from '../../db/announcements.table.ts';

type Conn = Db | Trx;

export async function find(db: Conn, id: string): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMany(db: Conn, ids: readonly string[]): Promise<AnnouncementRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('announcements').selectAll().where('id', 'in', ids).execute();
}

export interface BoardFilter {
  type?: string | undefined;
  areaId?: string | undefined;
  keyword?: string | undefined;
  /** Include soft-deleted ones. */
  withDeleted?: boolean;
  onlyDeleted?: boolean;
}

/** The board in its order: sort, then the older first. Boards are small (hundreds), read whole. */
export async function list(db: Conn, filter: BoardFilter): Promise<AnnouncementRow[]> {
  let query = db.selectFrom('announcements').selectAll();
  if (filter.onlyDeleted) query = query.where('deleted_at', 'is not', null);
  else if (!filter.withDeleted) query = query.where('deleted_at', 'is', null);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.areaId !== undefined) query = query.where('area_id', '=', filter.areaId);
  return query.orderBy('sort').orderBy('created_at').orderBy('id').execute();
}

/** The next place at the end of a type's board. */
export async function nextSort(db: Conn, type: string): Promise<number> {
  const row = await db.selectFrom('announcements').select((eb) => eb.fn.max('sort').as('max')).where('type', '=', type).where('deleted_at', 'is', null).executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

export async function insert(trx: Conn, row: Insertable<AnnouncementsTable>): Promise<void> {
  await trx.insertInto('announcements').values(row).execute();
}

export async function update(trx: Conn, id: string, set: Updateable<AnnouncementsTable>): Promise<void> {
  await trx.updateTable('announcements').set(set).where('id', '=', id).execute();
}

export async function insertTemplate(trx: Conn, row: AnnouncementTemplateRow): Promise<void> {
  await trx.insertInto('announcement_templates').values(row).execute();
}

export async function findTemplate(db: Conn, id: string): Promise<AnnouncementTemplateRow | undefined> {
  return db.selectFrom('announcement_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listTemplates(db: Conn): Promise<AnnouncementTemplateRow[]> {
  return db.selectFrom('announcement_templates').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function deleteTemplate(trx: Conn, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('announcement_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertBackup(trx: Conn, row: AnnouncementBackupRow): Promise<void> {
  await trx.insertInto('announcement_backups').values(row).execute();
}

export async function findBackup(db: Conn, id: string): Promise<AnnouncementBackupRow | undefined> {
  return db.selectFrom('announcement_backups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBackups(db: Conn): Promise<Omit<AnnouncementBackupRow, 'snapshot'>[]> {
  return db.selectFrom('announcement_backups').select(['id', 'note', 'count', 'created_by', 'created_at']).orderBy('created_at', 'desc').orderBy('id').execute();
}
