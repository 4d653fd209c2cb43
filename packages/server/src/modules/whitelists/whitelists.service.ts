import { BlockList, isIP } from 'node:net';
import type { DeleteBody, SwitchBody, SwitchState } from '@gm/contract/basic-management.contract.ts';
import type { Page } from '@gm/contract/errors.ts';
import { hostMatches, httpUrlHost, ipInRange, parseHostPattern, parseIpRange, type IpRange } from '@gm/contract/net-address.ts';
import { P } from '@gm/contract/permissions.ts';
import type {
  DomainCheckResult,
  DomainPurpose,
  DomainWhitelistBody,
  DomainWhitelistEntry,
  DomainWhitelistQuery,
  FunctionWhitelistBody,
  FunctionWhitelistEntry,
  FunctionWhitelistQuery,
  IdWhitelistBody,
  IdWhitelistEntry,
  IdWhitelistKind,
  IdWhitelistQuery,
  IpCheckResult,
  IpWhitelistBody,
  IpWhitelistEntry,
  IpWhitelistQuery,
  LogSwitchBody,
} from '@gm/contract/whitelists.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { WhitelistDomainRow, WhitelistFunctionRow, WhitelistIdRow, WhitelistIpRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { duplicateEntry, invalidField, notFound, requireAllFound } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import * as whitelistsRepository from './whitelists.repository.ts';
import type { SwitchColumn, WhitelistRow, WhitelistTable } from './whitelists.repository.ts';

// Shared rules of the four lists.

/** Whether every column `changes` names already holds that value. */
function changesNothing<Row extends object>(existing: Row, changes: Partial<Row>): boolean {
  return (Object.keys(changes) as (keyof Row)[]).every((key) => changes[key] === existing[key]);
}

/**
 * What sets one list apart. Listing, adding, editing, switching and deleting are the same for
 * the four; each list states only its table, its contract shape and how the audit names it.
 */
interface WhitelistKind<T extends WhitelistTable, Entry> {
  table: T;
  /** The middle of its audit actions: `whitelists.<label>.create`. */
  label: string;
  toEntry: (row: WhitelistRow<T>, now: number) => Entry;
  /** How the audit trail names an entry. */
  target: (row: WhitelistRow<T>) => string;
  /** The field an entry must not share with another (body path and row value), and the entry holding a row's value, if any. */
  unique: { path: string; value: (row: WhitelistRow<T>) => string; holder: (db: Db, row: WhitelistRow<T>) => Promise<WhitelistRow<T> | undefined> };
  /** The on/off switch of the batch action (its body field and column), and what the audit keeps of each entry it switches. */
  switch: { name: 'status' | 'logSwitch'; column: SwitchColumn<T>; describe: (row: WhitelistRow<T>) => Record<string, unknown> };
}

async function pageEntries<T extends WhitelistTable, Entry>(
  ctx: ServiceContext,
  kind: WhitelistKind<T, Entry>,
  found: Promise<{ rows: WhitelistRow<T>[]; total: number }>,
  query: { page: number; size: number },
): Promise<Page<Entry>> {
  const { rows, total } = await found;
  const now = ctx.now();
  return { results: rows.map((row) => kind.toEntry(row, now)), total, page: query.page, size: query.size };
}

async function findRow<T extends WhitelistTable, Entry>(ctx: ServiceContext, kind: WhitelistKind<T, Entry>, id: string): Promise<WhitelistRow<T>> {
  const row = await whitelistsRepository.findById(ctx.db, kind.table, id);
  if (!row) throw notFound();
  return row;
}

const duplicateOf = <T extends WhitelistTable, Entry>(kind: WhitelistKind<T, Entry>, row: WhitelistRow<T>) => duplicateEntry(kind.unique.path, kind.unique.value(row));

/** Refuses `row` when another entry already holds its unique value. */
async function assertFree<T extends WhitelistTable, Entry>(ctx: ServiceContext, kind: WhitelistKind<T, Entry>, row: WhitelistRow<T>): Promise<void> {
  const holder = await kind.unique.holder(ctx.db, row);
  if (holder && holder.id !== row.id) throw duplicateOf(kind, row);
}

/** Adds a checked row and its audit entry together. */
async function addEntry<T extends WhitelistTable, Entry>(
  ctx: ServiceContext,
  actor: AuditActor,
  kind: WhitelistKind<T, Entry>,
  row: WhitelistRow<T>,
  body: unknown,
  now: number,
): Promise<Entry> {
  await assertFree(ctx, kind, row);
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.insert(trx, kind.table, row);
        await audit.record(trx, actor, { action: `whitelists.${kind.label}.create`, code: P.WHITELIST_EDIT, targets: [kind.target(row)], params: body, before: null, after: kind.toEntry(row, now) }, now);
      }),
    () => duplicateOf(kind, row),
  );
  return kind.toEntry(row, now);
}

/** Writes checked `changes` over an entry with before and after in the audit; an edit that changes nothing writes nothing. */
async function editEntry<T extends WhitelistTable, Entry>(
  ctx: ServiceContext,
  actor: AuditActor,
  kind: WhitelistKind<T, Entry>,
  existing: WhitelistRow<T>,
  changes: Partial<WhitelistRow<T>>,
  body: unknown,
  now: number,
): Promise<Entry> {
  await assertFree(ctx, kind, { ...existing, ...changes });
  if (changesNothing(existing, changes)) return kind.toEntry(existing, now);
  const written = { ...changes, updated_by: actor.accountName, updated_at: now };
  const updated = { ...existing, ...written };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.update(trx, kind.table, existing.id, written);
        await audit.record(trx, actor, { action: `whitelists.${kind.label}.update`, code: P.WHITELIST_EDIT, targets: [kind.target(existing)], params: body, before: kind.toEntry(existing, now), after: kind.toEntry(updated, now) }, now);
      }),
    () => duplicateOf(kind, updated),
  );
  return kind.toEntry(updated, now);
}

/** The batch on/off action; answers how many entries were not so already. */
async function switchEntries<T extends WhitelistTable, Entry>(ctx: ServiceContext, actor: AuditActor, kind: WhitelistKind<T, Entry>, value: SwitchState, body: { ids: string[] }): Promise<number> {
  const { name, column, describe } = kind.switch;
  const rows = requireAllFound(await whitelistsRepository.findByIds(ctx.db, kind.table, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await whitelistsRepository.setSwitch(trx, kind.table, column, body.ids, value, actor.accountName, now);
    await audit.record(trx, actor, {
      action: `whitelists.${kind.label}.${name}`,
      code: P.WHITELIST_EDIT,
      targets: rows.map((row) => kind.target(row)),
      params: body,
      before: rows.map((row) => describe(row)),
      after: rows.map((row) => ({ ...describe(row), [name]: value })),
    }, now);
    return changed;
  });
}

async function deleteEntries<T extends WhitelistTable, Entry>(ctx: ServiceContext, actor: AuditActor, kind: WhitelistKind<T, Entry>, body: DeleteBody): Promise<number> {
  const rows = requireAllFound(await whitelistsRepository.findByIds(ctx.db, kind.table, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await whitelistsRepository.remove(trx, kind.table, body.ids);
    await audit.record(trx, actor, { action: `whitelists.${kind.label}.delete`, code: P.WHITELIST_EDIT, targets: rows.map((row) => kind.target(row)), params: body, before: rows.map((row) => kind.toEntry(row, now)), after: null }, now);
    return deleted;
  });
}

// ---------------------------------------------------------------------------------------------
// IP whitelist
// ---------------------------------------------------------------------------------------------

function toIpEntry(row: WhitelistIpRow): IpWhitelistEntry {
  return {
    id: row.id,
    address: row.address,
    version: row.version === 6 ? 6 : 4,
    prefix: row.prefix,
    notes: row.notes,
    status: row.status as SwitchState,
    sdkPlatformId: row.sdk_platform_id,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const blockListType = (version: 4 | 6) => (version === 4 ? 'ipv4' : 'ipv6');

/**
 * The stored form of an address or range. The shared parser (which the form runs too) decides
 * the canonical text; node's `net` must agree that it is an address of that version and a
 * valid subnet, or nothing is stored.
 */
function canonicalAddress(text: string): IpRange {
  const parsed = parseIpRange(text);
  if (!parsed.ok) {
    if (parsed.reason === 'hostBits') throw invalidField('address', 'validation.cidrHostBits', { network: parsed.network });
    if (parsed.reason === 'tooWide') throw invalidField('address', 'validation.cidrTooWide', { minimum: parsed.minimum });
    throw invalidField('address', 'validation.ipAddress');
  }
  if (isIP(parsed.address) !== parsed.version) throw invalidField('address', 'validation.ipAddress');
  if (parsed.prefix !== null) {
    try {
      new BlockList().addSubnet(parsed.address, parsed.prefix, blockListType(parsed.version));
    } catch {
      throw invalidField('address', 'validation.ipAddress');
    }
  }
  return parsed;
}

const ipList: WhitelistKind<'whitelist_ips', IpWhitelistEntry> = {
  table: 'whitelist_ips',
  label: 'ip',
  toEntry: toIpEntry,
  target: (row) => row.address,
  unique: { path: 'address', value: (row) => row.address, holder: (db, row) => whitelistsRepository.findIpByAddress(db, row.address, row.sdk_platform_id) },
  switch: { name: 'status', column: 'status', describe: (row) => ({ address: row.address, status: row.status }) },
};

function ipColumns(body: IpWhitelistBody) {
  const range = canonicalAddress(body.address);
  return { address: range.canonical, version: range.version, prefix: range.prefix, notes: body.notes, status: body.status, sdk_platform_id: body.sdkPlatformId };
}

export async function listIps(ctx: ServiceContext, query: IpWhitelistQuery): Promise<Page<IpWhitelistEntry>> {
  return pageEntries(ctx, ipList, whitelistsRepository.pageIps(ctx.db, query, query), query);
}

export async function createIp(ctx: ServiceContext, actor: AuditActor, body: IpWhitelistBody): Promise<IpWhitelistEntry> {
  const columns = ipColumns(body);
  const now = ctx.now();
  const row: WhitelistIpRow = { id: newId(), ...columns, creator: actor.accountName, created_at: now, updated_by: actor.accountName, updated_at: now };
  return addEntry(ctx, actor, ipList, row, body, now);
}

export async function updateIp(ctx: ServiceContext, actor: AuditActor, id: string, body: IpWhitelistBody): Promise<IpWhitelistEntry> {
  const existing = await findRow(ctx, ipList, id);
  return editEntry(ctx, actor, ipList, existing, ipColumns(body), body, ctx.now());
}

export async function setIpStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  return switchEntries(ctx, actor, ipList, body.status, body);
}

export async function deleteIps(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  return deleteEntries(ctx, actor, ipList, body);
}

/**
 * Whether an address is let in: node's BlockList over the open entries answers, and every
 * entry covering the address (open or closed) is listed so the operator sees why.
 */
export async function checkIp(ctx: ServiceContext, address: string, sdkPlatformId: string | undefined): Promise<IpCheckResult> {
  const range = canonicalAddress(address);
  const rows = await whitelistsRepository.ipsForCheck(ctx.db, range.version, sdkPlatformId);
  const open = new BlockList();
  const type = blockListType(range.version);
  for (const row of rows) {
    if (row.status !== 'open') continue;
    if (row.prefix === null) open.addAddress(row.address, type);
    else open.addSubnet(row.address.split('/')[0] ?? row.address, row.prefix, type);
  }
  const covering = rows.filter((row) => ipInRange(range.address, { version: range.version, address: row.address.split('/')[0] ?? row.address, prefix: row.prefix }));
  return { address: range.address, allowed: open.check(range.address, type), entries: covering.map(toIpEntry) };
}

// ---------------------------------------------------------------------------------------------
// ID whitelist
// ---------------------------------------------------------------------------------------------

function toIdEntry(row: WhitelistIdRow, now: number): IdWhitelistEntry {
  return {
    id: row.id,
    kind: row.kind as IdWhitelistKind,
    targetId: row.target_id,
    notes: row.notes,
    status: row.status as SwitchState,
    expiresAt: row.expires_at,
    effective: row.status === 'open' && (row.expires_at === null || row.expires_at > now),
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const idList: WhitelistKind<'whitelist_ids', IdWhitelistEntry> = {
  table: 'whitelist_ids',
  label: 'id',
  toEntry: toIdEntry,
  target: (row) => `${row.kind}:${row.target_id}`,
  unique: { path: 'targetId', value: (row) => row.target_id, holder: (db, row) => whitelistsRepository.findIdByTarget(db, row.kind, row.target_id) },
  switch: { name: 'status', column: 'status', describe: (row) => ({ kind: row.kind, targetId: row.target_id, status: row.status }) },
};

function idColumns(body: IdWhitelistBody) {
  return { kind: body.kind, target_id: body.targetId, notes: body.notes, status: body.status, expires_at: body.expiresAt };
}

export async function listIds(ctx: ServiceContext, query: IdWhitelistQuery): Promise<Page<IdWhitelistEntry>> {
  return pageEntries(ctx, idList, whitelistsRepository.pageIds(ctx.db, query, query), query);
}

export async function createId(ctx: ServiceContext, actor: AuditActor, body: IdWhitelistBody): Promise<IdWhitelistEntry> {
  const now = ctx.now();
  if (body.expiresAt !== null && body.expiresAt <= now) throw invalidField('expiresAt', 'validation.expiresInPast');
  const row: WhitelistIdRow = { id: newId(), ...idColumns(body), creator: actor.accountName, created_at: now, updated_by: actor.accountName, updated_at: now };
  return addEntry(ctx, actor, idList, row, body, now);
}

export async function updateId(ctx: ServiceContext, actor: AuditActor, id: string, body: IdWhitelistBody): Promise<IdWhitelistEntry> {
  const existing = await findRow(ctx, idList, id);
  const now = ctx.now();
  // A past expiry may stay as it is (editing the notes of an expired entry); a new one must lie ahead.
  if (body.expiresAt !== null && body.expiresAt !== existing.expires_at && body.expiresAt <= now) throw invalidField('expiresAt', 'validation.expiresInPast');
  return editEntry(ctx, actor, idList, existing, idColumns(body), body, now);
}

export async function setIdStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  return switchEntries(ctx, actor, idList, body.status, body);
}

export async function deleteIds(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  return deleteEntries(ctx, actor, idList, body);
}

// ---------------------------------------------------------------------------------------------
// Function whitelist by third id
// ---------------------------------------------------------------------------------------------

function toFunctionEntry(row: WhitelistFunctionRow): FunctionWhitelistEntry {
  return {
    id: row.id,
    thirdId: row.third_id,
    notes: row.notes,
    logSwitch: row.log_switch as SwitchState,
    adder: row.adder,
    addedAt: row.added_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const functionList: WhitelistKind<'whitelist_functions', FunctionWhitelistEntry> = {
  table: 'whitelist_functions',
  label: 'function',
  toEntry: toFunctionEntry,
  target: (row) => row.third_id,
  unique: { path: 'thirdId', value: (row) => row.third_id, holder: (db, row) => whitelistsRepository.findFunctionByThirdId(db, row.third_id) },
  switch: { name: 'logSwitch', column: 'log_switch', describe: (row) => ({ thirdId: row.third_id, logSwitch: row.log_switch }) },
};

function functionColumns(body: FunctionWhitelistBody) {
  return { third_id: body.thirdId, notes: body.notes, log_switch: body.logSwitch };
}

export async function listFunctions(ctx: ServiceContext, query: FunctionWhitelistQuery): Promise<Page<FunctionWhitelistEntry>> {
  return pageEntries(ctx, functionList, whitelistsRepository.pageFunctions(ctx.db, query, query), query);
}

export async function createFunction(ctx: ServiceContext, actor: AuditActor, body: FunctionWhitelistBody): Promise<FunctionWhitelistEntry> {
  const now = ctx.now();
  const row: WhitelistFunctionRow = { id: newId(), ...functionColumns(body), adder: actor.accountName, added_at: now, updated_by: actor.accountName, updated_at: now };
  return addEntry(ctx, actor, functionList, row, body, now);
}

export async function updateFunction(ctx: ServiceContext, actor: AuditActor, id: string, body: FunctionWhitelistBody): Promise<FunctionWhitelistEntry> {
  const existing = await findRow(ctx, functionList, id);
  return editEntry(ctx, actor, functionList, existing, functionColumns(body), body, ctx.now());
}

export async function setFunctionLogSwitch(ctx: ServiceContext, actor: AuditActor, body: LogSwitchBody): Promise<number> {
  return switchEntries(ctx, actor, functionList, body.logSwitch, body);
}

export async function deleteFunctions(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  return deleteEntries(ctx, actor, functionList, body);
}

// ---------------------------------------------------------------------------------------------
// Domain whitelist
// ---------------------------------------------------------------------------------------------

function toDomainEntry(row: WhitelistDomainRow): DomainWhitelistEntry {
  return {
    id: row.id,
    domain: row.domain,
    wildcard: row.wildcard === 1,
    purpose: row.purpose as DomainPurpose,
    notes: row.notes,
    status: row.status as SwitchState,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

function canonicalDomain(text: string): { pattern: string; wildcard: boolean } {
  const parsed = parseHostPattern(text);
  if (!parsed.ok) throw invalidField('domain', parsed.reason === 'wildcardTooWide' ? 'validation.domainWildcardTooWide' : 'validation.domain');
  return parsed;
}

const domainList: WhitelistKind<'whitelist_domains', DomainWhitelistEntry> = {
  table: 'whitelist_domains',
  label: 'domain',
  toEntry: toDomainEntry,
  target: (row) => row.domain,
  unique: { path: 'domain', value: (row) => row.domain, holder: (db, row) => whitelistsRepository.findDomainByName(db, row.domain, row.purpose) },
  switch: { name: 'status', column: 'status', describe: (row) => ({ domain: row.domain, purpose: row.purpose, status: row.status }) },
};

function domainColumns(body: DomainWhitelistBody) {
  const { pattern, wildcard } = canonicalDomain(body.domain);
  return { domain: pattern, wildcard: wildcard ? 1 : 0, purpose: body.purpose, notes: body.notes, status: body.status };
}

export async function listDomains(ctx: ServiceContext, query: DomainWhitelistQuery): Promise<Page<DomainWhitelistEntry>> {
  return pageEntries(ctx, domainList, whitelistsRepository.pageDomains(ctx.db, query, query), query);
}

export async function getDomain(ctx: ServiceContext, id: string): Promise<DomainWhitelistEntry> {
  return toDomainEntry(await findRow(ctx, domainList, id));
}

export async function createDomain(ctx: ServiceContext, actor: AuditActor, body: DomainWhitelistBody): Promise<DomainWhitelistEntry> {
  const columns = domainColumns(body);
  const now = ctx.now();
  const row: WhitelistDomainRow = { id: newId(), ...columns, creator: actor.accountName, created_at: now, updated_by: actor.accountName, updated_at: now };
  return addEntry(ctx, actor, domainList, row, body, now);
}

export async function updateDomain(ctx: ServiceContext, actor: AuditActor, id: string, body: DomainWhitelistBody): Promise<DomainWhitelistEntry> {
  const existing = await findRow(ctx, domainList, id);
  return editEntry(ctx, actor, domainList, existing, domainColumns(body), body, ctx.now());
}

export async function setDomainStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  return switchEntries(ctx, actor, domainList, body.status, body);
}

export async function deleteDomains(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  return deleteEntries(ctx, actor, domainList, body);
}

/** The host a check names: an http(s) URL's host, or a bare host name. */
function hostOf(text: string): string {
  const fromUrl = httpUrlHost(text);
  if (fromUrl) return fromUrl;
  const parsed = parseHostPattern(text);
  if (parsed.ok && !parsed.wildcard) return parsed.pattern;
  throw invalidField('url', 'validation.url');
}

export async function checkDomain(ctx: ServiceContext, url: string, purpose: DomainPurpose | undefined): Promise<DomainCheckResult> {
  const host = hostOf(url);
  const rows = (await whitelistsRepository.domainsForHost(ctx.db, host, purpose)).filter((row) => hostMatches(row.domain, host));
  return { host, allowed: rows.some((row) => row.status === 'open'), entries: rows.map(toDomainEntry) };
}

/**
 * For other modules (resources): whether an open entry for `purpose` covers `host`. Reads
 * through the caller's transaction when given, so the answer holds for the caller's change.
 */
export async function isHostAllowed(ctx: ServiceContext, host: string, purpose: DomainPurpose, trx?: Trx): Promise<boolean> {
  const rows = await whitelistsRepository.domainsForHost(trx ?? ctx.db, host.toLowerCase(), purpose);
  return rows.some((row) => row.status === 'open' && hostMatches(row.domain, host));
}
