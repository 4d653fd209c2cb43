import { BlockList, isIP } from 'node:net';
import type { DeleteBody, SwitchBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
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
import type { SwitchState } from '@gm/contract/basic-management.contract.ts';
import type { Trx } from '../../db/database.ts';
import type { WhitelistDomainRow, WhitelistFunctionRow, WhitelistIdRow, WhitelistIpRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, notFound } from '../../platform/errors/domain-error.ts';
import { isUniqueViolation } from '../../platform/errors/unique-violation.ts';
import * as whitelistsRepository from './whitelists.repository.ts';

// Shared rules of the four lists.

function duplicate(path: string, value: string): DomainError {
  return new DomainError(ErrorCode.CONFLICT, { messageKey: 'errors.duplicateEntry', values: { value }, details: [{ path, message: 'errors.duplicateEntry' }] });
}

/** Runs a change; a unique-constraint race (someone added the same entry just now) is a duplicate. */
async function guardUnique<T>(work: () => Promise<T>, path: string, value: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(path, value);
    throw error;
  }
}

/** Batch actions name existing entries only: one unknown id refuses the whole batch. */
function requireAll<T extends { id: string }>(rows: T[], ids: readonly string[]): T[] {
  const found = new Set(rows.map((r) => r.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) throw new DomainError(ErrorCode.NOT_FOUND, { details: missing.map((id) => ({ path: 'ids', message: 'errors.10004', values: { id } })) });
  return rows;
}

const page = <T>(rows: T[], total: number, query: { page: number; size: number }): Page<T> => ({ results: rows, total, page: query.page, size: query.size });

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

export async function listIps(ctx: ServiceContext, query: IpWhitelistQuery): Promise<Page<IpWhitelistEntry>> {
  const { rows, total } = await whitelistsRepository.pageIps(ctx.db, query, query);
  return page(rows.map(toIpEntry), total, query);
}

async function assertIpFree(ctx: ServiceContext, address: string, sdkPlatformId: string, exceptId?: string): Promise<void> {
  const clash = await whitelistsRepository.findIpByAddress(ctx.db, address, sdkPlatformId);
  if (clash && clash.id !== exceptId) throw duplicate('address', address);
}

export async function createIp(ctx: ServiceContext, actor: AuditActor, body: IpWhitelistBody): Promise<IpWhitelistEntry> {
  const range = canonicalAddress(body.address);
  await assertIpFree(ctx, range.canonical, body.sdkPlatformId);
  const now = ctx.now();
  const row: WhitelistIpRow = {
    id: newId(),
    address: range.canonical,
    version: range.version,
    prefix: range.prefix,
    notes: body.notes,
    status: body.status,
    sdk_platform_id: body.sdkPlatformId,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.insertIp(trx, row);
        await audit.record(trx, actor, { action: 'whitelists.ip.create', code: P.WHITELIST_EDIT, targets: [row.address], params: body, before: null, after: toIpEntry(row) }, now);
      }),
    'address',
    row.address,
  );
  return toIpEntry(row);
}

export async function updateIp(ctx: ServiceContext, actor: AuditActor, id: string, body: IpWhitelistBody): Promise<IpWhitelistEntry> {
  const existing = await whitelistsRepository.findIp(ctx.db, id);
  if (!existing) throw notFound();
  const range = canonicalAddress(body.address);
  await assertIpFree(ctx, range.canonical, body.sdkPlatformId, id);
  const next: WhitelistIpRow = { ...existing, address: range.canonical, version: range.version, prefix: range.prefix, notes: body.notes, status: body.status, sdk_platform_id: body.sdkPlatformId };
  const unchanged = next.address === existing.address && next.notes === existing.notes && next.status === existing.status && next.sdk_platform_id === existing.sdk_platform_id;
  if (unchanged) return toIpEntry(existing);
  const now = ctx.now();
  const updated = { ...next, updated_by: actor.accountName, updated_at: now };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.updateIp(trx, id, { address: updated.address, version: updated.version, prefix: updated.prefix, notes: updated.notes, status: updated.status, sdk_platform_id: updated.sdk_platform_id, updated_by: updated.updated_by, updated_at: now });
        await audit.record(trx, actor, { action: 'whitelists.ip.update', code: P.WHITELIST_EDIT, targets: [existing.address], params: body, before: toIpEntry(existing), after: toIpEntry(updated) }, now);
      }),
    'address',
    updated.address,
  );
  return toIpEntry(updated);
}

export async function setIpStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findIpsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await whitelistsRepository.setIpStatus(trx, body.ids, body.status, actor.accountName, now);
    await audit.record(trx, actor, {
      action: 'whitelists.ip.status',
      code: P.WHITELIST_EDIT,
      targets: rows.map((r) => r.address),
      params: body,
      before: rows.map((r) => ({ address: r.address, status: r.status })),
      after: rows.map((r) => ({ address: r.address, status: body.status })),
    }, now);
    return changed;
  });
}

export async function deleteIps(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findIpsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await whitelistsRepository.deleteIps(trx, body.ids);
    await audit.record(trx, actor, { action: 'whitelists.ip.delete', code: P.WHITELIST_EDIT, targets: rows.map((r) => r.address), params: body, before: rows.map(toIpEntry), after: null }, now);
    return deleted;
  });
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

export async function listIds(ctx: ServiceContext, query: IdWhitelistQuery): Promise<Page<IdWhitelistEntry>> {
  const { rows, total } = await whitelistsRepository.pageIds(ctx.db, query, query);
  const now = ctx.now();
  return page(rows.map((r) => toIdEntry(r, now)), total, query);
}

async function assertIdFree(ctx: ServiceContext, kind: string, targetId: string, exceptId?: string): Promise<void> {
  const clash = await whitelistsRepository.findIdByTarget(ctx.db, kind, targetId);
  if (clash && clash.id !== exceptId) throw duplicate('targetId', targetId);
}

export async function createId(ctx: ServiceContext, actor: AuditActor, body: IdWhitelistBody): Promise<IdWhitelistEntry> {
  const now = ctx.now();
  if (body.expiresAt !== null && body.expiresAt <= now) throw invalidField('expiresAt', 'validation.expiresInPast');
  await assertIdFree(ctx, body.kind, body.targetId);
  const row: WhitelistIdRow = {
    id: newId(),
    kind: body.kind,
    target_id: body.targetId,
    notes: body.notes,
    status: body.status,
    expires_at: body.expiresAt,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.insertId(trx, row);
        await audit.record(trx, actor, { action: 'whitelists.id.create', code: P.WHITELIST_EDIT, targets: [`${row.kind}:${row.target_id}`], params: body, before: null, after: toIdEntry(row, now) }, now);
      }),
    'targetId',
    row.target_id,
  );
  return toIdEntry(row, now);
}

export async function updateId(ctx: ServiceContext, actor: AuditActor, id: string, body: IdWhitelistBody): Promise<IdWhitelistEntry> {
  const existing = await whitelistsRepository.findId(ctx.db, id);
  if (!existing) throw notFound();
  const now = ctx.now();
  // A past expiry may stay as it is (editing the notes of an expired entry); a new one must lie ahead.
  if (body.expiresAt !== null && body.expiresAt !== existing.expires_at && body.expiresAt <= now) throw invalidField('expiresAt', 'validation.expiresInPast');
  await assertIdFree(ctx, body.kind, body.targetId, id);
  const next: WhitelistIdRow = { ...existing, kind: body.kind, target_id: body.targetId, notes: body.notes, status: body.status, expires_at: body.expiresAt };
  const unchanged = (['kind', 'target_id', 'notes', 'status', 'expires_at'] as const).every((k) => next[k] === existing[k]);
  if (unchanged) return toIdEntry(existing, now);
  const updated = { ...next, updated_by: actor.accountName, updated_at: now };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.updateId(trx, id, { kind: updated.kind, target_id: updated.target_id, notes: updated.notes, status: updated.status, expires_at: updated.expires_at, updated_by: updated.updated_by, updated_at: now });
        await audit.record(trx, actor, { action: 'whitelists.id.update', code: P.WHITELIST_EDIT, targets: [`${existing.kind}:${existing.target_id}`], params: body, before: toIdEntry(existing, now), after: toIdEntry(updated, now) }, now);
      }),
    'targetId',
    updated.target_id,
  );
  return toIdEntry(updated, now);
}

export async function setIdStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findIdsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await whitelistsRepository.setIdStatus(trx, body.ids, body.status, actor.accountName, now);
    await audit.record(trx, actor, {
      action: 'whitelists.id.status',
      code: P.WHITELIST_EDIT,
      targets: rows.map((r) => `${r.kind}:${r.target_id}`),
      params: body,
      before: rows.map((r) => ({ kind: r.kind, targetId: r.target_id, status: r.status })),
      after: rows.map((r) => ({ kind: r.kind, targetId: r.target_id, status: body.status })),
    }, now);
    return changed;
  });
}

export async function deleteIds(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findIdsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await whitelistsRepository.deleteIds(trx, body.ids);
    await audit.record(trx, actor, { action: 'whitelists.id.delete', code: P.WHITELIST_EDIT, targets: rows.map((r) => `${r.kind}:${r.target_id}`), params: body, before: rows.map((r) => toIdEntry(r, now)), after: null }, now);
    return deleted;
  });
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

export async function listFunctions(ctx: ServiceContext, query: FunctionWhitelistQuery): Promise<Page<FunctionWhitelistEntry>> {
  const { rows, total } = await whitelistsRepository.pageFunctions(ctx.db, query, query);
  return page(rows.map(toFunctionEntry), total, query);
}

async function assertThirdIdFree(ctx: ServiceContext, thirdId: string, exceptId?: string): Promise<void> {
  const clash = await whitelistsRepository.findFunctionByThirdId(ctx.db, thirdId);
  if (clash && clash.id !== exceptId) throw duplicate('thirdId', thirdId);
}

export async function createFunction(ctx: ServiceContext, actor: AuditActor, body: FunctionWhitelistBody): Promise<FunctionWhitelistEntry> {
  await assertThirdIdFree(ctx, body.thirdId);
  const now = ctx.now();
  const row: WhitelistFunctionRow = {
    id: newId(),
    third_id: body.thirdId,
    notes: body.notes,
    log_switch: body.logSwitch,
    adder: actor.accountName,
    added_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.insertFunction(trx, row);
        await audit.record(trx, actor, { action: 'whitelists.function.create', code: P.WHITELIST_EDIT, targets: [row.third_id], params: body, before: null, after: toFunctionEntry(row) }, now);
      }),
    'thirdId',
    row.third_id,
  );
  return toFunctionEntry(row);
}

export async function updateFunction(ctx: ServiceContext, actor: AuditActor, id: string, body: FunctionWhitelistBody): Promise<FunctionWhitelistEntry> {
  const existing = await whitelistsRepository.findFunction(ctx.db, id);
  if (!existing) throw notFound();
  await assertThirdIdFree(ctx, body.thirdId, id);
  const next: WhitelistFunctionRow = { ...existing, third_id: body.thirdId, notes: body.notes, log_switch: body.logSwitch };
  if (next.third_id === existing.third_id && next.notes === existing.notes && next.log_switch === existing.log_switch) return toFunctionEntry(existing);
  const now = ctx.now();
  const updated = { ...next, updated_by: actor.accountName, updated_at: now };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.updateFunction(trx, id, { third_id: updated.third_id, notes: updated.notes, log_switch: updated.log_switch, updated_by: updated.updated_by, updated_at: now });
        await audit.record(trx, actor, { action: 'whitelists.function.update', code: P.WHITELIST_EDIT, targets: [existing.third_id], params: body, before: toFunctionEntry(existing), after: toFunctionEntry(updated) }, now);
      }),
    'thirdId',
    updated.third_id,
  );
  return toFunctionEntry(updated);
}

export async function setFunctionLogSwitch(ctx: ServiceContext, actor: AuditActor, body: LogSwitchBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findFunctionsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await whitelistsRepository.setFunctionLogSwitch(trx, body.ids, body.logSwitch, actor.accountName, now);
    await audit.record(trx, actor, {
      action: 'whitelists.function.logSwitch',
      code: P.WHITELIST_EDIT,
      targets: rows.map((r) => r.third_id),
      params: body,
      before: rows.map((r) => ({ thirdId: r.third_id, logSwitch: r.log_switch })),
      after: rows.map((r) => ({ thirdId: r.third_id, logSwitch: body.logSwitch })),
    }, now);
    return changed;
  });
}

export async function deleteFunctions(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findFunctionsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await whitelistsRepository.deleteFunctions(trx, body.ids);
    await audit.record(trx, actor, { action: 'whitelists.function.delete', code: P.WHITELIST_EDIT, targets: rows.map((r) => r.third_id), params: body, before: rows.map(toFunctionEntry), after: null }, now);
    return deleted;
  });
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

export async function listDomains(ctx: ServiceContext, query: DomainWhitelistQuery): Promise<Page<DomainWhitelistEntry>> {
  const { rows, total } = await whitelistsRepository.pageDomains(ctx.db, query, query);
  return page(rows.map(toDomainEntry), total, query);
}

export async function getDomain(ctx: ServiceContext, id: string): Promise<DomainWhitelistEntry> {
  const row = await whitelistsRepository.findDomain(ctx.db, id);
  if (!row) throw notFound();
  return toDomainEntry(row);
}

async function assertDomainFree(ctx: ServiceContext, domain: string, purpose: string, exceptId?: string): Promise<void> {
  const clash = await whitelistsRepository.findDomainByName(ctx.db, domain, purpose);
  if (clash && clash.id !== exceptId) throw duplicate('domain', domain);
}

export async function createDomain(ctx: ServiceContext, actor: AuditActor, body: DomainWhitelistBody): Promise<DomainWhitelistEntry> {
  const { pattern, wildcard } = canonicalDomain(body.domain);
  await assertDomainFree(ctx, pattern, body.purpose);
  const now = ctx.now();
  const row: WhitelistDomainRow = {
    id: newId(),
    domain: pattern,
    wildcard: wildcard ? 1 : 0,
    purpose: body.purpose,
    notes: body.notes,
    status: body.status,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.insertDomain(trx, row);
        await audit.record(trx, actor, { action: 'whitelists.domain.create', code: P.WHITELIST_EDIT, targets: [row.domain], params: body, before: null, after: toDomainEntry(row) }, now);
      }),
    'domain',
    row.domain,
  );
  return toDomainEntry(row);
}

export async function updateDomain(ctx: ServiceContext, actor: AuditActor, id: string, body: DomainWhitelistBody): Promise<DomainWhitelistEntry> {
  const existing = await whitelistsRepository.findDomain(ctx.db, id);
  if (!existing) throw notFound();
  const { pattern, wildcard } = canonicalDomain(body.domain);
  await assertDomainFree(ctx, pattern, body.purpose, id);
  const next: WhitelistDomainRow = { ...existing, domain: pattern, wildcard: wildcard ? 1 : 0, purpose: body.purpose, notes: body.notes, status: body.status };
  const unchanged = (['domain', 'purpose', 'notes', 'status'] as const).every((k) => next[k] === existing[k]);
  if (unchanged) return toDomainEntry(existing);
  const now = ctx.now();
  const updated = { ...next, updated_by: actor.accountName, updated_at: now };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await whitelistsRepository.updateDomain(trx, id, { domain: updated.domain, wildcard: updated.wildcard, purpose: updated.purpose, notes: updated.notes, status: updated.status, updated_by: updated.updated_by, updated_at: now });
        await audit.record(trx, actor, { action: 'whitelists.domain.update', code: P.WHITELIST_EDIT, targets: [existing.domain], params: body, before: toDomainEntry(existing), after: toDomainEntry(updated) }, now);
      }),
    'domain',
    updated.domain,
  );
  return toDomainEntry(updated);
}

export async function setDomainStatus(ctx: ServiceContext, actor: AuditActor, body: SwitchBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findDomainsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await whitelistsRepository.setDomainStatus(trx, body.ids, body.status, actor.accountName, now);
    await audit.record(trx, actor, {
      action: 'whitelists.domain.status',
      code: P.WHITELIST_EDIT,
      targets: rows.map((r) => r.domain),
      params: body,
      before: rows.map((r) => ({ domain: r.domain, purpose: r.purpose, status: r.status })),
      after: rows.map((r) => ({ domain: r.domain, purpose: r.purpose, status: body.status })),
    }, now);
    return changed;
  });
}

export async function deleteDomains(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAll(await whitelistsRepository.findDomainsByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await whitelistsRepository.deleteDomains(trx, body.ids);
    await audit.record(trx, actor, { action: 'whitelists.domain.delete', code: P.WHITELIST_EDIT, targets: rows.map((r) => r.domain), params: body, before: rows.map(toDomainEntry), after: null }, now);
    return deleted;
  });
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
