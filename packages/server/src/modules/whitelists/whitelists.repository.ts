import type { Insertable, Updateable } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type {
  WhitelistDomainRow,
  WhitelistDomainsTable,
  WhitelistFunctionRow,
  WhitelistFunctionsTable,
  WhitelistIdRow,
  WhitelistIdsTable,
  WhitelistIpRow,
  WhitelistIpsTable,
} from '../../db/basic-management.table.ts';
import { containsText } from '../../platform/query/contains.ts';

type Executor = Db | Trx;

interface Paging {
  page: number;
  size: number;
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
  if (filter.sdkPlatformId) query = query.where('sdk_platform_id', 'like', `${filter.sdkPlatformId}%`);
  return query;
}

export async function pageIps(db: Executor, filter: IpFilter, paging: Paging) {
  const [rows, total] = await Promise.all([
    ipFiltered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    ipFiltered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findIp(db: Executor, id: string): Promise<WhitelistIpRow | undefined> {
  return db.selectFrom('whitelist_ips').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findIpByAddress(db: Executor, address: string, sdkPlatformId: string): Promise<WhitelistIpRow | undefined> {
  return db.selectFrom('whitelist_ips').selectAll().where('address', '=', address).where('sdk_platform_id', '=', sdkPlatformId).executeTakeFirst();
}

export function findIpsByIds(db: Executor, ids: readonly string[]): Promise<WhitelistIpRow[]> {
  return db.selectFrom('whitelist_ips').selectAll().where('id', 'in', ids).execute();
}

/** Entries of one IP version that apply to a platform (its own and the all-platform ones). */
export function ipsForCheck(db: Executor, version: number, sdkPlatformId: string | undefined): Promise<WhitelistIpRow[]> {
  let query = db.selectFrom('whitelist_ips').selectAll().where('version', '=', version);
  if (sdkPlatformId) query = query.where('sdk_platform_id', 'in', ['', sdkPlatformId]);
  return query.orderBy('created_at', 'desc').execute();
}

export async function insertIp(trx: Trx, row: Insertable<WhitelistIpsTable>): Promise<void> {
  await trx.insertInto('whitelist_ips').values(row).execute();
}

export async function updateIp(trx: Trx, id: string, changes: Updateable<WhitelistIpsTable>): Promise<void> {
  await trx.updateTable('whitelist_ips').set(changes).where('id', '=', id).execute();
}

export async function setIpStatus(trx: Trx, ids: readonly string[], status: string, by: string, at: number): Promise<number> {
  const result = await trx.updateTable('whitelist_ips').set({ status, updated_by: by, updated_at: at }).where('id', 'in', ids).where('status', '<>', status).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteIps(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('whitelist_ips').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
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

export async function pageIds(db: Executor, filter: IdFilter, paging: Paging) {
  const [rows, total] = await Promise.all([
    idFiltered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    idFiltered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findId(db: Executor, id: string): Promise<WhitelistIdRow | undefined> {
  return db.selectFrom('whitelist_ids').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findIdByTarget(db: Executor, kind: string, targetId: string): Promise<WhitelistIdRow | undefined> {
  return db.selectFrom('whitelist_ids').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).executeTakeFirst();
}

export function findIdsByIds(db: Executor, ids: readonly string[]): Promise<WhitelistIdRow[]> {
  return db.selectFrom('whitelist_ids').selectAll().where('id', 'in', ids).execute();
}

export async function insertId(trx: Trx, row: Insertable<WhitelistIdsTable>): Promise<void> {
  await trx.insertInto('whitelist_ids').values(row).execute();
}

export async function updateId(trx: Trx, id: string, changes: Updateable<WhitelistIdsTable>): Promise<void> {
  await trx.updateTable('whitelist_ids').set(changes).where('id', '=', id).execute();
}

export async function setIdStatus(trx: Trx, ids: readonly string[], status: string, by: string, at: number): Promise<number> {
  const result = await trx.updateTable('whitelist_ids').set({ status, updated_by: by, updated_at: at }).where('id', 'in', ids).where('status', '<>', status).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteIds(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('whitelist_ids').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
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

export async function pageFunctions(db: Executor, filter: FunctionFilter, paging: Paging) {
  const [rows, total] = await Promise.all([
    functionFiltered(db, filter).selectAll().orderBy('added_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    functionFiltered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findFunction(db: Executor, id: string): Promise<WhitelistFunctionRow | undefined> {
  return db.selectFrom('whitelist_functions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFunctionByThirdId(db: Executor, thirdId: string): Promise<WhitelistFunctionRow | undefined> {
  return db.selectFrom('whitelist_functions').selectAll().where('third_id', '=', thirdId).executeTakeFirst();
}

export function findFunctionsByIds(db: Executor, ids: readonly string[]): Promise<WhitelistFunctionRow[]> {
  return db.selectFrom('whitelist_functions').selectAll().where('id', 'in', ids).execute();
}

export async function insertFunction(trx: Trx, row: Insertable<WhitelistFunctionsTable>): Promise<void> {
  await trx.insertInto('whitelist_functions').values(row).execute();
}

export async function updateFunction(trx: Trx, id: string, changes: Updateable<WhitelistFunctionsTable>): Promise<void> {
  await trx.updateTable('whitelist_functions').set(changes).where('id', '=', id).execute();
}

export async function setFunctionLogSwitch(trx: Trx, ids: readonly string[], logSwitch: string, by: string, at: number): Promise<number> {
  const result = await trx
    .updateTable('whitelist_functions')
    .set({ log_switch: logSwitch, updated_by: by, updated_at: at })
    .where('id', 'in', ids)
    .where('log_switch', '<>', logSwitch)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteFunctions(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('whitelist_functions').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
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

export async function pageDomains(db: Executor, filter: DomainFilter, paging: Paging) {
  const [rows, total] = await Promise.all([
    domainFiltered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    domainFiltered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findDomain(db: Executor, id: string): Promise<WhitelistDomainRow | undefined> {
  return db.selectFrom('whitelist_domains').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDomainByName(db: Executor, domain: string, purpose: string): Promise<WhitelistDomainRow | undefined> {
  return db.selectFrom('whitelist_domains').selectAll().where('domain', '=', domain).where('purpose', '=', purpose).executeTakeFirst();
}

export function findDomainsByIds(db: Executor, ids: readonly string[]): Promise<WhitelistDomainRow[]> {
  return db.selectFrom('whitelist_domains').selectAll().where('id', 'in', ids).execute();
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

export async function insertDomain(trx: Trx, row: Insertable<WhitelistDomainsTable>): Promise<void> {
  await trx.insertInto('whitelist_domains').values(row).execute();
}

export async function updateDomain(trx: Trx, id: string, changes: Updateable<WhitelistDomainsTable>): Promise<void> {
  await trx.updateTable('whitelist_domains').set(changes).where('id', '=', id).execute();
}

export async function setDomainStatus(trx: Trx, ids: readonly string[], status: string, by: string, at: number): Promise<number> {
  const result = await trx.updateTable('whitelist_domains').set({ status, updated_by: by, updated_at: at }).where('id', 'in', ids).where('status', '<>', status).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteDomains(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('whitelist_domains').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
