import type { DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import { httpUrlHost } from '@gm/contract/net-address.ts';
import { P } from '@gm/contract/permissions.ts';
import type { Resource, ResourceBody, ResourcePlatform, ResourceQuery, ResourceStatus, ResourceStatusBody, ResourceType } from '@gm/contract/resources.contract.ts';
import type { ResourceRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, duplicateEntry, notFound, requireAllFound } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import * as whitelistsService from '../whitelists/whitelists.service.ts';
import * as resourcesRepository from './resources.repository.ts';

function toResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ResourceType,
    platform: row.platform as ResourcePlatform,
    version: row.version,
    minClientVersion: row.min_client_version,
    url: row.url,
    md5: row.md5,
    size: Number(row.size),
    status: row.status as ResourceStatus,
    notes: row.notes,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const label = (row: Pick<ResourceRow, 'name' | 'platform' | 'version'>) => `${row.name} (${row.platform} ${row.version})`;

const duplicate = (body: Pick<ResourceBody, 'type' | 'platform' | 'version'>) => duplicateEntry('version', `${body.type}/${body.platform}/${body.version}`);

/**
 * Clients download resources and run hot-update bundles, so a resource may only point at a
 * host that an open entry of the domain whitelist allows for resources.
 */
async function assertHostAllowed(ctx: ServiceContext, rows: { url: string; label: string }[]): Promise<void> {
  const details: { path: string; message: string; values: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const host = httpUrlHost(row.url);
    if (host === null || !(await whitelistsService.isHostAllowed(ctx, host, 'resource'))) {
      details.push({ path: 'url', message: 'validation.resourceHostNotWhitelisted', values: { host: host ?? row.url, resource: row.label } });
    }
  }
  const first = details[0];
  if (first) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: first.message, values: first.values, details });
}

async function assertVersionFree(ctx: ServiceContext, body: Pick<ResourceBody, 'type' | 'platform' | 'version'>, exceptId?: string): Promise<void> {
  const clash = await resourcesRepository.findByVersion(ctx.db, body.type, body.platform, body.version);
  if (clash && clash.id !== exceptId) throw duplicate(body);
}

export async function list(ctx: ServiceContext, query: ResourceQuery): Promise<Page<Resource>> {
  const { rows, total } = await resourcesRepository.page(ctx.db, query, query);
  return { results: rows.map(toResource), total, page: query.page, size: query.size };
}

export async function get(ctx: ServiceContext, id: string): Promise<Resource> {
  const row = await resourcesRepository.findById(ctx.db, id);
  if (!row) throw notFound();
  return toResource(row);
}

function columns(body: ResourceBody) {
  return {
    name: body.name,
    type: body.type,
    platform: body.platform,
    version: body.version,
    min_client_version: body.minClientVersion,
    url: body.url,
    md5: body.md5.toLowerCase(),
    size: body.size,
    status: body.status,
    notes: body.notes,
  };
}

export async function create(ctx: ServiceContext, actor: AuditActor, body: ResourceBody): Promise<Resource> {
  await assertHostAllowed(ctx, [{ url: body.url, label: body.name }]);
  await assertVersionFree(ctx, body);
  const now = ctx.now();
  const row: ResourceRow = { id: newId(), ...columns(body), creator: actor.accountName, created_at: now, updated_by: actor.accountName, updated_at: now };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await resourcesRepository.insert(trx, row);
        await audit.record(trx, actor, { action: 'resources.create', code: P.BASIC_CONFIG_EDIT, targets: [label(row)], params: body, before: null, after: toResource(row) }, now);
      }),
    () => duplicate(body),
  );
  return toResource(row);
}

export async function update(ctx: ServiceContext, actor: AuditActor, id: string, body: ResourceBody): Promise<Resource> {
  const existing = await resourcesRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  const next = { ...existing, ...columns(body) };
  const fields = ['name', 'type', 'platform', 'version', 'min_client_version', 'url', 'md5', 'size', 'status', 'notes'] as const;
  if (fields.every((k) => next[k] === existing[k])) return toResource(existing);
  // A changed address, or one going online, must be on the domain whitelist now.
  if (next.url !== existing.url || (next.status === 'online' && existing.status !== 'online')) await assertHostAllowed(ctx, [{ url: next.url, label: next.name }]);
  await assertVersionFree(ctx, body, id);
  const now = ctx.now();
  const updated: ResourceRow = { ...next, updated_by: actor.accountName, updated_at: now };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await resourcesRepository.update(trx, id, { ...columns(body), updated_by: actor.accountName, updated_at: now });
        await audit.record(trx, actor, { action: 'resources.update', code: P.BASIC_CONFIG_EDIT, targets: [label(existing)], params: body, before: toResource(existing), after: toResource(updated) }, now);
      }),
    () => duplicate(body),
  );
  return toResource(updated);
}

export async function setStatus(ctx: ServiceContext, actor: AuditActor, body: ResourceStatusBody): Promise<number> {
  const rows = requireAllFound(await resourcesRepository.findByIds(ctx.db, body.ids), body.ids);
  if (body.status === 'online') await assertHostAllowed(ctx, rows.filter((r) => r.status !== 'online').map((r) => ({ url: r.url, label: label(r) })));
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await resourcesRepository.setStatus(trx, body.ids, body.status, actor.accountName, now);
    await audit.record(trx, actor, {
      action: 'resources.status',
      code: P.BASIC_CONFIG_EDIT,
      targets: rows.map(label),
      params: body,
      before: rows.map((r) => ({ id: r.id, name: r.name, status: r.status })),
      after: rows.map((r) => ({ id: r.id, name: r.name, status: body.status })),
    }, now);
    return changed;
  });
}

export async function remove(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAllFound(await resourcesRepository.findByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await resourcesRepository.remove(trx, body.ids);
    await audit.record(trx, actor, { action: 'resources.delete', code: P.BASIC_CONFIG_EDIT, targets: rows.map(label), params: body, before: rows.map(toResource), after: null }, now);
    return deleted;
  });
}
