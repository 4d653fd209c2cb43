import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import type { DeleteBody } from '@gm/contract/basic-management.contract.ts';
import type { Page } from '@gm/contract/errors.ts';
import type { Language } from '@gm/contract/messages.ts';
import { P } from '@gm/contract/permissions.ts';
import type { ServerSetting, SettingCreateBody, SettingQuery, SettingType, SettingUpdateBody, SettingValue } from '@gm/contract/server-settings.contract.ts';
import type { ServerSettingRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { duplicateEntry, notFound, requireAllFound, wrongState } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import * as settingsRepository from './server-settings.repository.ts';

/** Values are stored as text; the type says how to read them back. */
export function encodeValue(type: SettingType, value: SettingValue): string {
  if (type === 'boolean') return value === true ? 'true' : 'false';
  return String(value);
}

export function decodeValue(type: SettingType, text: string): SettingValue {
  switch (type) {
    case 'integer':
    case 'number':
      return Number(text);
    case 'boolean':
      return text === 'true';
    default:
      return text;
  }
}

function toSetting(row: ServerSettingRow): ServerSetting {
  const type = row.type as SettingType;
  return {
    id: row.id,
    key: row.setting_key,
    type,
    value: decodeValue(type, row.value),
    description: row.description,
    revision: row.revision,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** What the audit trail keeps: the typed value, so before and after read naturally. */
function snapshot(row: Pick<ServerSettingRow, 'setting_key' | 'type' | 'value' | 'description'>) {
  const type = row.type as SettingType;
  return { key: row.setting_key, type, value: decodeValue(type, row.value), description: row.description };
}

const duplicate = (key: string) => duplicateEntry('key', key);

export async function list(ctx: ServiceContext, query: SettingQuery): Promise<Page<ServerSetting>> {
  const { rows, total } = await settingsRepository.page(ctx.db, query, query);
  return { results: rows.map(toSetting), total, page: query.page, size: query.size };
}

export async function create(ctx: ServiceContext, actor: AuditActor, body: SettingCreateBody): Promise<ServerSetting> {
  if (await settingsRepository.findByKey(ctx.db, body.key)) throw duplicate(body.key);
  const now = ctx.now();
  const row: ServerSettingRow = {
    id: newId(),
    setting_key: body.key,
    type: body.type,
    value: encodeValue(body.type, body.value),
    description: body.description,
    revision: 1,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await settingsRepository.insert(trx, row);
        await audit.record(trx, actor, { action: 'serverSettings.create', code: P.BASIC_CONFIG_EDIT, targets: [row.setting_key], params: body, before: null, after: snapshot(row) }, now);
      }),
    () => duplicate(body.key),
  );
  return toSetting(row);
}

/**
 * Replaces type, value and description. The write is conditional on the revision the
 * operator saw (or the one just read), so two people editing at once cannot silently
 * overwrite each other: the second is told to reload.
 */
export async function update(ctx: ServiceContext, actor: AuditActor, id: string, body: SettingUpdateBody): Promise<ServerSetting> {
  const existing = await settingsRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  const revision = body.revision ?? existing.revision;
  if (revision !== existing.revision) throw wrongState('errors.settingChanged');
  const value = encodeValue(body.type, body.value);
  if (value === existing.value && body.type === existing.type && body.description === existing.description) return toSetting(existing);
  const now = ctx.now();
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await settingsRepository.updateAtRevision(trx, id, revision, { type: body.type, value, description: body.description, by: actor.accountName, at: now });
    if (!row) return undefined;
    await audit.record(trx, actor, { action: 'serverSettings.update', code: P.BASIC_CONFIG_EDIT, targets: [existing.setting_key], params: body, before: snapshot(existing), after: snapshot(row) }, now);
    return row;
  });
  if (!updated) throw wrongState('errors.settingChanged');
  return toSetting(updated);
}

export async function remove(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAllFound(await settingsRepository.findByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await settingsRepository.remove(trx, body.ids);
    await audit.record(trx, actor, { action: 'serverSettings.delete', code: P.BASIC_CONFIG_EDIT, targets: rows.map((r) => r.setting_key), params: body, before: rows.map(snapshot), after: null }, now);
    return deleted;
  });
}

/** A setting's history: every audited change of its key, with who, when, before and after. */
export async function history(ctx: ServiceContext, id: string, paging: { page: number; size: number }, lang: Language): Promise<Page<AuditEntry>> {
  const row = await settingsRepository.findById(ctx.db, id);
  if (!row) throw notFound();
  const { rows, total } = await settingsRepository.history(ctx.db, row.setting_key, paging);
  return { results: rows.map((r) => audit.toEntry(r, lang)), total, page: paging.page, size: paging.size };
}
