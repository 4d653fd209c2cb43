import { createHash } from 'node:crypto';
import {
  missingForPublish,
  type Agreement,
  type AgreementBody,
  type AgreementKind,
  type AgreementQuery,
  type AgreementStatus,
  type AgreementSummary,
} from '@gm/contract/agreements.contract.ts';
import type { DeleteBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { AgreementRow } from '../../db/basic-management.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, duplicateEntry, notFound, requireAllFound, wrongState } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';
import * as agreementsRepository from './agreements.repository.ts';

type ListRow = Awaited<ReturnType<typeof agreementsRepository.page>>['rows'][number];

function toSummary(row: ListRow, inEffect: Set<string>): AgreementSummary {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind as AgreementKind,
    version: row.version,
    titleEn: row.title_en,
    titleZh: row.title_zh,
    effectiveAt: row.effective_at,
    status: row.status as AgreementStatus,
    inEffect: inEffect.has(row.id),
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    contentEnLength: Number(row.content_en_length),
    contentZhLength: Number(row.content_zh_length),
  };
}

function toAgreement(row: AgreementRow, inEffect: Set<string>): Agreement {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind as AgreementKind,
    version: row.version,
    titleEn: row.title_en,
    titleZh: row.title_zh,
    contentEn: row.content_en,
    contentZh: row.content_zh,
    effectiveAt: row.effective_at,
    status: row.status as AgreementStatus,
    inEffect: inEffect.has(row.id),
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    creator: row.creator,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What the audit trail keeps: titles, times and status in full; the texts as length and
 * SHA-256, so the trail proves which text was published without copying it each time.
 */
function snapshot(row: AgreementRow) {
  return {
    channel: row.channel,
    kind: row.kind,
    version: row.version,
    titleEn: row.title_en,
    titleZh: row.title_zh,
    effectiveAt: row.effective_at,
    status: row.status,
    contentEn: { length: row.content_en.length, sha256: sha256(row.content_en) },
    contentZh: { length: row.content_zh.length, sha256: sha256(row.content_zh) },
  };
}

/** The audit params: the body without its texts (those are in before/after as hashes). */
function paramsOf(body: AgreementBody) {
  const { contentEn, contentZh, ...rest } = body;
  return { ...rest, contentEnLength: contentEn.length, contentZhLength: contentZh.length };
}

const targetOf = (row: Pick<AgreementRow, 'channel' | 'kind' | 'version'>) => `${row.channel}/${row.kind}/${row.version}`;

const duplicate = (body: Pick<AgreementBody, 'channel' | 'kind' | 'version'>) => duplicateEntry('version', targetOf(body));

async function assertVersionFree(ctx: ServiceContext, body: Pick<AgreementBody, 'channel' | 'kind' | 'version'>, exceptId?: string): Promise<void> {
  const clash = await agreementsRepository.findByVersion(ctx.db, body.channel, body.kind, body.version);
  if (clash && clash.id !== exceptId) throw duplicate(body);
}

export async function list(ctx: ServiceContext, query: AgreementQuery): Promise<Page<AgreementSummary>> {
  const [{ rows, total }, inEffect] = await Promise.all([agreementsRepository.page(ctx.db, query, query), agreementsRepository.inEffectIds(ctx.db, ctx.now())]);
  return { results: rows.map((r) => toSummary(r, inEffect)), total, page: query.page, size: query.size };
}

export async function get(ctx: ServiceContext, id: string): Promise<Agreement> {
  const row = await agreementsRepository.findById(ctx.db, id);
  if (!row) throw notFound();
  return toAgreement(row, await agreementsRepository.inEffectIds(ctx.db, ctx.now()));
}

function columns(body: AgreementBody) {
  return {
    channel: body.channel,
    kind: body.kind,
    version: body.version,
    title_en: body.titleEn,
    title_zh: body.titleZh,
    content_en: body.contentEn,
    content_zh: body.contentZh,
    effective_at: body.effectiveAt,
  };
}

export async function create(ctx: ServiceContext, actor: AuditActor, body: AgreementBody): Promise<Agreement> {
  await assertVersionFree(ctx, body);
  const now = ctx.now();
  const row: AgreementRow = {
    id: newId(),
    ...columns(body),
    status: 'draft',
    published_by: null,
    published_at: null,
    creator: actor.accountName,
    created_at: now,
    updated_by: actor.accountName,
    updated_at: now,
  };
  await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await agreementsRepository.insert(trx, row);
        await audit.record(trx, actor, { action: 'agreements.create', code: P.BASIC_CONFIG_EDIT, targets: [targetOf(row)], params: paramsOf(body), before: null, after: snapshot(row) }, now);
      }),
    () => duplicate(body),
  );
  return toAgreement(row, new Set());
}

/** Only a draft changes; a published or withdrawn text is what players agreed to. */
export async function update(ctx: ServiceContext, actor: AuditActor, id: string, body: AgreementBody): Promise<Agreement> {
  const existing = await agreementsRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.status !== 'draft') throw wrongState('errors.agreementNotDraft');
  await assertVersionFree(ctx, body, id);
  const now = ctx.now();
  const updated = await withUniqueGuard(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await agreementsRepository.updateDraft(trx, id, { ...columns(body), updated_by: actor.accountName, updated_at: now });
        if (!row) return undefined;
        await audit.record(trx, actor, { action: 'agreements.update', code: P.BASIC_CONFIG_EDIT, targets: [targetOf(existing)], params: paramsOf(body), before: snapshot(existing), after: snapshot(row) }, now);
        return row;
      }),
    () => duplicate(body),
  );
  if (!updated) throw wrongState('errors.agreementNotDraft');
  return toAgreement(updated, new Set());
}

/**
 * Publishes a draft or a withdrawn version: it needs both titles, both texts and an effective
 * time. From its effective time on it is the version in effect, until a later one takes over.
 */
export async function publish(ctx: ServiceContext, actor: AuditActor, id: string): Promise<Agreement> {
  const existing = await agreementsRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.status === 'published') throw wrongState('errors.agreementPublishState');
  const missing = missingForPublish({
    titleEn: existing.title_en,
    titleZh: existing.title_zh,
    hasContentEn: existing.content_en.trim() !== '',
    hasContentZh: existing.content_zh.trim() !== '',
    effectiveAt: existing.effective_at,
  });
  if (missing.length > 0) {
    throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.agreementIncomplete', details: missing.map((path) => ({ path, message: 'validation.required' })) });
  }
  const now = ctx.now();
  const published = await ctx.db.transaction().execute(async (trx) => {
    const row = await agreementsRepository.transition(trx, id, ['draft', 'withdrawn'], { status: 'published', published_by: actor.accountName, published_at: now, updated_by: actor.accountName, updated_at: now });
    if (!row) return undefined;
    await audit.record(trx, actor, { action: 'agreements.publish', code: P.BASIC_CONFIG_EDIT, targets: [targetOf(row)], before: { status: existing.status }, after: snapshot(row) }, now);
    return row;
  });
  if (!published) throw wrongState('errors.agreementPublishState');
  return toAgreement(published, await agreementsRepository.inEffectIds(ctx.db, now));
}

/** Withdraws a published version; the previous one in effect (if any) takes over again. */
export async function unpublish(ctx: ServiceContext, actor: AuditActor, id: string): Promise<Agreement> {
  const existing = await agreementsRepository.findById(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.status !== 'published') throw wrongState('errors.agreementNotPublished');
  const now = ctx.now();
  const withdrawn = await ctx.db.transaction().execute(async (trx) => {
    const row = await agreementsRepository.transition(trx, id, ['published'], { status: 'withdrawn', updated_by: actor.accountName, updated_at: now });
    if (!row) return undefined;
    await audit.record(trx, actor, { action: 'agreements.unpublish', code: P.BASIC_CONFIG_EDIT, targets: [targetOf(row)], before: { status: 'published' }, after: { status: 'withdrawn' } }, now);
    return row;
  });
  if (!withdrawn) throw wrongState('errors.agreementNotPublished');
  return toAgreement(withdrawn, await agreementsRepository.inEffectIds(ctx.db, now));
}

/** Deletes drafts only; one published or withdrawn version in the batch refuses it all. */
export async function remove(ctx: ServiceContext, actor: AuditActor, body: DeleteBody): Promise<number> {
  const rows = requireAllFound(await agreementsRepository.findByIds(ctx.db, body.ids), body.ids);
  if (rows.some((r) => r.status !== 'draft')) throw wrongState('errors.agreementNotDraft');
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await agreementsRepository.removeDrafts(trx, body.ids);
    // Published by someone else in between: keep everything as it was.
    if (deleted !== rows.length) throw wrongState('errors.agreementNotDraft');
    await audit.record(trx, actor, { action: 'agreements.delete', code: P.BASIC_CONFIG_EDIT, targets: rows.map(targetOf), params: body, before: rows.map(snapshot), after: null }, now);
    return deleted;
  });
}
