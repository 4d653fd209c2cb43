import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { WhitelistDomainRow, WhitelistFunctionRow, WhitelistIdRow, WhitelistIpRow } from '../../db/basic-management.table.ts';
import type { DB } from '../../db/schema.ts';
import { containsText, startsWithLiteral } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

interface Paging {
  page: number;
  size: number;
}

// What the four lists share: an `id` key and who changed a row last, when. Kysely cannot
// type a query over a table that is still a type parameter, so these name the union of the
// four tables and hand back the row type of the one the caller passed.

export type WhitelistTable = 'whitelist_ips' | 'whitelist_ids' | 'whitelist_functions' | 'whitelist_domains';
interface WhitelistRows {
  whitelist_ips: WhitelistIpRow;
  whitelist_ids: WhitelistIdRow;
  whitelist_functions: WhitelistFunctionRow;
  whitelist_domains: WhitelistDomainRow;
}
export type WhitelistRow<T extends WhitelistTable> = WhitelistRows[T];
/** The on/off column of a list: `status`, or `log_switch` for the function list. */
export type SwitchColumn<T extends WhitelistTable> = keyof DB[T] & ('status' | 'log_switch');

/** A page of a filtered list, newest first. */
async function pageOf<T extends WhitelistTable>(
  filtered: SelectQueryBuilder<DB, T, object>,
  newest: 'created_at' | 'added_at',
  paging: Paging,
): Promise<{ rows: WhitelistRow<T>[]; total: number }> {
  const query: SelectQueryBuilder<DB, WhitelistTable, object> = filtered;
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(newest, 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findById<T extends WhitelistTable>(db: Executor, table: T, id: string): Promise<WhitelistRow<T> | undefined> {
  return db.selectFrom<WhitelistTable>(table).selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIds<T extends WhitelistTable>(db: Executor, table: T, ids: readonly string[]): Promise<WhitelistRow<T>[]> {
  return db.selectFrom<WhitelistTable>(table).selectAll().where('id', 'in', ids).execute();
}

export async function insert<T extends WhitelistTable>(trx: Trx, table: T, row: WhitelistRow<T>): Promise<void> {
  await trx.insertInto(table).values(row as Insertable<DB[T]>).execute();
}

export async function update<T extends WhitelistTable>(trx: Trx, table: T, id: string, changes: Partial<WhitelistRow<T>>): Promise<void> {
  await trx.updateTable<WhitelistTable>(table).set(changes).where('id', '=', id).execute();
}

/** Sets a list's on/off column; counts only the rows that were not so already. */
export async function setSwitch<T extends WhitelistTable>(
  trx: Trx,
  table: T,
  column: SwitchColumn<T>,
  ids: readonly string[],
  value: string,
  by: string,
  at: number,
): Promise<number> {
  const switchColumn: 'status' | 'log_switch' = column;
  const result = await trx
    .updateTable<WhitelistTable>(table)
    .set({ [switchColumn]: value, updated_by: by, updated_at: at })
    .where('id', 'in', ids)
    .where(switchColumn, '<>', value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function remove(trx: Trx, table: WhitelistTable, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom(table).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// IP whitelist

export interface IpFilter {
  keyword?: string | undefined;
  status?: string | undefined;
  sdkPlatformId?: string | undefined;
}

function ipFiltered(db: Executor, filter: IpFilter) {
  let query = db.selectFrom('whitelist_ips');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('address', keyword), containsText('notes', keyword), containsText('creator', keyword)]));
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.sdkPlatformId) query = query.where(startsWithLiteral('sdk_platform_id', filter.sdkPlatformId));
  return query;
}

export function pageIps(db: Executor, filter: IpFilter, paging: Paging) {
  return pageOf(ipFiltered(db, filter), 'created_at', paging);
}

export function findIpByAddress(db: Executor, address: string, sdkPlatformId: string): Promise<WhitelistIpRow | undefined> {
  return db.selectFrom('whitelist_ips').selectAll().where('address', '=', address).where('sdk_platform_id', '=', sdkPlatformId).executeTakeFirst();
}

/** Entries of one IP version that apply to a platform (its own and the all-platform ones). */
export function ipsForCheck(db: Executor, version: number, sdkPlatformId: string | undefined): Promise<WhitelistIpRow[]> {
  let query = db.selectFrom('whitelist_ips').selectAll().where('version', '=', version);
  if (sdkPlatformId) query = query.where('sdk_platform_id', 'in', ['', sdkPlatformId]);
  return query.orderBy('created_at', 'desc').execute();
}

// ID whitelist

export interface IdFilter {
  keyword?: string | undefined;
  kind?: string | undefined;
  status?: string | undefined;
}

function idFiltered(db: Executor, filter: IdFilter) {
  let query = db.selectFrom('whitelist_ids');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('target_id', keyword), containsText('notes', keyword), containsText('creator', keyword)]));
  }
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

export function pageIds(db: Executor, filter: IdFilter, paging: Paging) {
  return pageOf(idFiltered(db, filter), 'created_at', paging);
}

export function findIdByTarget(db: Executor, kind: string, targetId: string): Promise<WhitelistIdRow | undefined> {
  return db.selectFrom('whitelist_ids').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).executeTakeFirst();
}

// Function whitelist (third ids)

export interface FunctionFilter {
  keyword?: string | undefined;
  logSwitch?: string | undefined;
}

function functionFiltered(db: Executor, filter: FunctionFilter) {
  let query = db.selectFrom('whitelist_functions');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('third_id', keyword), containsText('notes', keyword), containsText('adder', keyword)]));
  }
  if (filter.logSwitch) query = query.where('log_switch', '=', filter.logSwitch);
  return query;
}

export function pageFunctions(db: Executor, filter: FunctionFilter, paging: Paging) {
  return pageOf(functionFiltered(db, filter), 'added_at', paging);
}

export function findFunctionByThirdId(db: Executor, thirdId: string): Promise<WhitelistFunctionRow | undefined> {
  return db.selectFrom('whitelist_functions').selectAll().where('third_id', '=', thirdId).executeTakeFirst();
}

// Domain whitelist

export interface DomainFilter {
  keyword?: string | undefined;
  purpose?: string | undefined;
  status?: string | undefined;
}

function domainFiltered(db: Executor, filter: DomainFilter) {
  let query = db.selectFrom('whitelist_domains');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('domain', keyword), containsText('notes', keyword), containsText('creator', keyword)]));
  }
  if (filter.purpose) query = query.where('purpose', '=', filter.purpose);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

export function pageDomains(db: Executor, filter: DomainFilter, paging: Paging) {
  return pageOf(domainFiltered(db, filter), 'created_at', paging);
}

export function findDomainByName(db: Executor, domain: string, purpose: string): Promise<WhitelistDomainRow | undefined> {
  return db.selectFrom('whitelist_domains').selectAll().where('domain', '=', domain).where('purpose', '=', purpose).executeTakeFirst();
}

/**
 * Entries that could match `host`: the name itself and every wildcard over one of its parent
 * domains (`a.b.example.com` -> `*.b.example.com`, `*.example.com`, `*.com`).
 */
export function domainsForHost(db: Executor, host: string, purpose: string | undefined): Promise<WhitelistDomainRow[]> {
  const labels = host.split('.');
  const candidates = [host, ...labels.slice(1).map((_, i) => `*.${labels.slice(i + 1).join('.')}`)];
  let query = db.selectFrom('whitelist_domains').selectAll().where('domain', 'in', candidates);
  if (purpose) query = query.where('purpose', '=', purpose);
  return query.orderBy('created_at', 'desc').execute();
}
