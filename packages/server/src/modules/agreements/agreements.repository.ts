import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { AgreementRow, AgreementsTable } from '../../db/basic-management.table.ts';
import { containsText } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

export interface AgreementFilter {
  keyword?: string | undefined;
  channel?: string | undefined;
  kind?: string | undefined;
  status?: string | undefined;
}

function filtered(db: Executor, filter: AgreementFilter) {
  let query = db.selectFrom('agreements');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('title_en', keyword), containsText('title_zh', keyword), containsText('version', keyword), containsText('channel', keyword)]));
  }
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

/** The list without the long texts: their lengths instead. */
export async function page(db: Executor, filter: AgreementFilter, paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .select([
        'id', 'channel', 'kind', 'version', 'title_en', 'title_zh', 'effective_at', 'status', 'published_by', 'published_at',
        'creator', 'created_at', 'updated_by', 'updated_at',
      ])
      .select([sql<number>`length(content_en)`.as('content_en_length'), sql<number>`length(content_zh)`.as('content_zh_length')])
      .orderBy('channel', 'asc')
      .orderBy('kind', 'asc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findById(db: Executor, id: string): Promise<AgreementRow | undefined> {
  return db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByVersion(db: Executor, channel: string, kind: string, version: string): Promise<AgreementRow | undefined> {
  return db.selectFrom('agreements').selectAll().where('channel', '=', channel).where('kind', '=', kind).where('version', '=', version).executeTakeFirst();
}

export function findByIds(db: Executor, ids: readonly string[]): Promise<AgreementRow[]> {
  return db.selectFrom('agreements').selectAll().where('id', 'in', ids).execute();
}

/**
 * The version in effect of each channel and kind: among published versions whose effective
 * time has passed, the latest one (ties broken by the later publication).
 */
export async function inEffectIds(db: Executor, now: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('agreements')
    .select(['id', 'channel', 'kind', 'effective_at', 'published_at'])
    .where('status', '=', 'published')
    .where('effective_at', '<=', now)
    .execute();
  const best = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.channel}\u0000${row.kind}`;
    const current = best.get(key);
    const later = (a: typeof row, b: typeof row) => (a.effective_at ?? 0) > (b.effective_at ?? 0) || ((a.effective_at ?? 0) === (b.effective_at ?? 0) && (a.published_at ?? 0) > (b.published_at ?? 0));
    if (!current || later(row, current)) best.set(key, row);
  }
  return new Set([...best.values()].map((r) => r.id));
}

export async function insert(trx: Trx, row: Insertable<AgreementsTable>): Promise<void> {
  await trx.insertInto('agreements').values(row).execute();
}

/** Changes a draft only: a version published in between is left as it is (undefined). */
export function updateDraft(trx: Trx, id: string, changes: Updateable<AgreementsTable>): Promise<AgreementRow | undefined> {
  return trx.updateTable('agreements').set(changes).where('id', '=', id).where('status', '=', 'draft').returningAll().executeTakeFirst();
}

/** Moves one version from one of `from` to `to`; undefined when its status changed meanwhile. */
export function transition(trx: Trx, id: string, from: readonly string[], changes: Updateable<AgreementsTable>): Promise<AgreementRow | undefined> {
  return trx.updateTable('agreements').set(changes).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();
}

export async function removeDrafts(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('agreements').where('id', 'in', ids).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numDeletedRows);
}
