import type { DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { Sequence, SequenceAllocation, SequenceCreateBody, SequenceQuery, SequenceUpdateBody } from '@gm/contract/sequences.contract.ts';
import type { IdSequenceRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, duplicateEntry, invalidField, notFound, requireAllFound } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import * as sequencesRepository from './sequences.repository.ts';

function toSequence(row: IdSequenceRow): Sequence {
  const current = Number(row.current_value);
  const step = Number(row.step);
  const max = Number(row.max_value);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currentValue: current,
    step,
    minValue: Number(row.min_value),
    maxValue: max,
    remaining: Math.floor((max - current) / step),
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** What the audit trail keeps of a sequence. */
function snapshot(row: IdSequenceRow) {
  const { name, description, currentValue, step, minValue, maxValue } = toSequence(row);
  return { name, description, currentValue, step, minValue, maxValue };
}

const duplicate = (name: string) => duplicateEntry('name', name);

export async function list(ctx: ServiceContext, query: SequenceQuery): Promise<Page<Sequence>> {
  const { rows, total } = await sequencesRepository.page(ctx.db, query.keyword, query);
  return { results: rows.map(toSequence), total, page: query.page, size: query.size };
}

export async function get(ctx: ServiceContext, id: string): Promise<Sequence> {
  const row = await sequencesRepository.findById(ctx.db, id);
  if (!row) throw notFound();
  return toSequence(row);
}

export async function create(ctx: ServiceContext, actor: AuditActor, body: SequenceCreateBody): Promise<Sequence> {
  if (await sequencesRepository.findByName(ctx.db, body.name)) throw duplicate(body.name);
  const now = ctx.now();
  const row: IdSequenceRow = {
    id: newId(),
    name: body.name,
    description: body.description,
    current_value: body.currentValue,
    step: body.step,
    min_value: body.minValue,
    max_value: body.maxValue,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await sequencesRepository.insert(trx, row);
        await audit.record(trx, actor, { action: 'sequences.create', code: P.BASIC_CONFIG_EDIT, targets: [row.name], params: body, before: null, after: snapshot(row) }, now);
      }),
    () => duplicate(body.name),
  );
  return toSequence(row);
}

/**
 * Changes the description, step, maximum, and moves the current value forward. The name and
 * the minimum are fixed: ids already handed out were made with them.
 */
export async function update(ctx: ServiceContext, actor: AuditActor, id: string, body: SequenceUpdateBody): Promise<Sequence> {
  const existing = await sequencesRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  const before = toSequence(existing);
  const target = {
    description: body.description ?? existing.description,
    step: body.step ?? before.step,
    maxValue: body.maxValue ?? before.maxValue,
    currentValue: body.currentValue !== undefined && body.currentValue !== before.currentValue ? body.currentValue : undefined,
  };
  if (target.currentValue !== undefined && target.currentValue < before.currentValue) {
    throw invalidField('currentValue', 'validation.sequenceBackwards', { current: before.currentValue });
  }
  if (target.maxValue < (target.currentValue ?? before.currentValue)) throw invalidField('maxValue', 'validation.sequenceRange');
  const unchanged = target.description === existing.description && target.step === before.step && target.maxValue === before.maxValue && target.currentValue === undefined;
  if (unchanged) return before;
  const now = ctx.now();
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await sequencesRepository.updateGuarded(trx, id, { ...target, by: actor.accountName, at: now });
    if (!row) return undefined;
    await audit.record(trx, actor, { action: 'sequences.update', code: P.BASIC_CONFIG_EDIT, targets: [existing.name], params: body, before: snapshot(existing), after: snapshot(row) }, now);
    return row;
  });
  if (updated) return toSequence(updated);
  // Ids were handed out in between and passed the value asked for: say where it is now.
  const current = await sequencesRepository.findById(ctx.db, id);
  if (!current) throw notFound();
  if (target.currentValue !== undefined) throw invalidField('currentValue', 'validation.sequenceBackwards', { current: Number(current.current_value) });
  throw invalidField('maxValue', 'validation.sequenceRange');
}

/** Hands out `count` ids atomically: first = current + step, last = current + step * count. */
export async function next(ctx: ServiceContext, actor: AuditActor, id: string, count: number): Promise<SequenceAllocation> {
  const existing = await sequencesRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  const step = Number(existing.step);
  const delta = step * count;
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const advanced = await sequencesRepository.advance(trx, id, delta, actor.accountName, now);
    if (!advanced) return undefined;
    const last = Number(advanced.current_value);
    await audit.record(trx, actor, {
      action: 'sequences.next',
      code: P.BASIC_CONFIG_EDIT,
      targets: [existing.name],
      params: { count },
      before: { currentValue: last - delta },
      after: { currentValue: last, first: last - delta + step, last },
    }, now);
    return advanced;
  });
  if (!row) {
    const current = (await sequencesRepository.findById(ctx.db, id)) ?? existing;
    throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.sequenceExhausted', values: { name: current.name, count, max: Number(current.max_value) } });
  }
  const last = Number(row.current_value);
  return { sequence: toSequence(row), first: last - delta + step, last, count };
}

export async function remove(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAllFound(await sequencesRepository.findByIds(ctx.db, body.ids), body.ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await sequencesRepository.remove(trx, body.ids);
    await audit.record(trx, actor, { action: 'sequences.delete', code: P.BASIC_CONFIG_EDIT, targets: rows.map((r) => r.name), params: body, before: rows.map(snapshot), after: null }, now);
    return deleted;
  });
}
