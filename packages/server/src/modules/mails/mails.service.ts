/**
 * In-game mail (issue 13; docs/decisions.md "Mail"). The console keeps the mail as the operator
 * wrote it and its status; the game receives it through the gateway's `deliverMail` and takes it
 * back through `withdrawMail`, and answers who holds it and who collected its items
 * (`mailRecipients`). Items are checked against the game's own catalogue (`listItems`), so an
 * unknown item cannot be sent.
 *
 * Sending is a job (`mail.send`), due at the mail's start time or now. A private mail goes out in
 * batches of MAIL_DELIVERY_BATCH role ids, one `deliverMail` each with the command id
 * `mail:<id>:<batch>`; after each batch the mail row records it (only if it was the next one), so
 * a console that stops mid-way resumes from the stored progress, and a batch the game applied
 * but the console did not record is answered by the game's replay of the same command id:
 * nothing is delivered twice. A public mail is one `deliverMail`: one record in the game.
 *
 * Every change writes its audit entry in the transaction of the change; the gateway is called
 * outside transactions (gateway.ts says why).
 */
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Grant, MailTargets } from '@gm/contract/game-commands.contract.ts';
import {
  DEFAULT_MAIL_SENDER,
  MAIL_DELIVERY_BATCH,
  MAIL_EDITABLE_STATUSES,
  MAIL_SENDABLE_STATUSES,
  MAIL_WITHDRAWABLE_STATUSES,
  epochToMailWallTime,
  mailWallTimeToEpoch,
  type CatalogueItem,
  type MailBody,
  type MailDetail,
  type MailDetailResult,
  type MailItem,
  type MailItemView,
  type MailKind,
  type MailListQuery,
  type MailRecipientsPage,
  type MailRecipientsQuery,
  type MailSendPreview,
  type MailSendResult,
  type MailStatus,
  type MailSummary,
  type MailWithdrawResult,
} from '@gm/contract/mails.contract.ts';
import { translate, type Language } from '@gm/contract/messages.ts';
import { P } from '@gm/contract/permissions.ts';
import { MAX_COMMAND_TARGETS } from '@gm/contract/game-commands.contract.ts';
import type { MailRow, NewMail } from '../../db/mails.table.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, notFound, wrongState } from '../../platform/errors/domain-error.ts';
import * as jobs from '../../platform/jobs/jobs.service.ts';
import type { JobRow } from '../../platform/jobs/jobs.table.ts';
import * as mailsRepository from './mails.repository.ts';
import type { MailSummaryRow } from './mails.repository.ts';

export const SEND_JOB = 'mail.send';

/** The job's actor in the audit trail. */
const JOB_ACTOR = (job: JobRow): AuditActor => ({ operatorId: null, accountName: `job:${job.created_by}`.slice(0, 64), ip: '' });

const list = (json: string) => JSON.parse(json) as string[];
const itemsOf = (json: string) => JSON.parse(json) as MailItem[];

// ---------------------------------------------------------------------------------------------
// The item catalogue.
// ---------------------------------------------------------------------------------------------

export async function listItems(ctx: ServiceContext): Promise<CatalogueItem[]> {
  try {
    return (await ctx.gateway.listItems({})).items;
  } catch (error) {
    throw new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'errors.mailItemsCatalogueFailed', values: { reason: String(error) } });
  }
}

const itemKey = (itemType: string, itemId: string) => `${itemType}:${itemId}`;

async function catalogueByKey(ctx: ServiceContext): Promise<Map<string, CatalogueItem>> {
  return new Map((await listItems(ctx)).map((i) => [itemKey(i.itemType, i.itemId), i]));
}

/** Each item must be in the game's catalogue, with the source and card type its entry asks for. */
function checkItems(items: readonly MailItem[], catalogue: Map<string, CatalogueItem>): void {
  const details: { path: string; message: string; values?: Record<string, unknown> }[] = [];
  items.forEach((item, i) => {
    const entry = catalogue.get(itemKey(item.itemType, item.itemId));
    if (!entry) {
      details.push({ path: `items.${i}.itemId`, message: 'validation.mailUnknownItem', values: { itemType: item.itemType, itemId: item.itemId } });
      return;
    }
    if (entry.needsSourceType && item.sourceType === undefined) details.push({ path: `items.${i}.sourceType`, message: 'validation.mailSourceTypeRequired' });
    if (entry.needsCardType && item.cardType === undefined) details.push({ path: `items.${i}.cardType`, message: 'validation.mailCardTypeRequired' });
  });
  const first = details[0];
  if (first) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: first.message, values: first.values ?? {}, details });
}

function itemViews(items: readonly MailItem[], catalogue: Map<string, CatalogueItem> | null): MailItemView[] {
  return items.map((item) => ({ ...item, name: catalogue?.get(itemKey(item.itemType, item.itemId))?.name ?? null }));
}

/** Mail items as the game grants them (rarity from the catalogue). */
function grantsOf(items: readonly MailItem[], catalogue: Map<string, CatalogueItem>): Grant[] {
  return items.map((item) => {
    if (item.itemType === 'currency') {
      return { kind: 'currency', currency: item.itemId as Extract<Grant, { kind: 'currency' }>['currency'], quantity: item.number, ...(item.sourceType ? { sourceType: item.sourceType } : {}) };
    }
    return {
      kind: 'item',
      itemType: item.itemType,
      sourceId: item.itemId,
      quantity: item.number,
      rarity: catalogue.get(itemKey(item.itemType, item.itemId))?.rarity ?? 0,
      ...(item.sourceType ? { sourceType: item.sourceType } : {}),
      ...(item.cardType ? { cardType: item.cardType } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Rows to contract shapes.
// ---------------------------------------------------------------------------------------------

function toSummary(row: MailSummaryRow, scheduledAt: number | null): MailSummary {
  return {
    id: row.id,
    type: row.type as MailKind,
    title: row.title,
    sender: row.sender,
    status: row.status as MailStatus,
    startTime: row.start_time,
    endTime: row.end_time,
    timeZone: row.time_zone,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    areaIds: list(row.area_ids),
    allAreas: row.all_areas === 1,
    recipientCount: row.type === 'private' ? row.role_count : null,
    itemCount: itemsOf(row.items).length,
    progress: { batches: row.batches, batchesDone: row.batches_done, delivered: row.delivered, unknown: row.unknown_ids },
    failure: row.failure,
    createdBy: row.created_by_name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    scheduledAt,
  };
}

function toDetail(row: MailRow, scheduledAt: number | null, catalogue: Map<string, CatalogueItem> | null): MailDetail {
  return {
    ...toSummary(row, scheduledAt),
    content: row.content,
    roleIds: list(row.role_ids),
    excludeRoleIds: list(row.exclude_role_ids),
    minCreateTime: Number(row.min_create_time),
    maxCreateTime: Number(row.max_create_time),
    minLevel: row.min_level,
    maxLevel: row.max_level,
    items: itemViews(itemsOf(row.items), catalogue),
  };
}

async function scheduledAtOf(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await jobs.pendingJobs(ctx.db, SEND_JOB, ids);
  return new Map(rows.map((j) => [j.subject, Number(j.due_at)]));
}

async function catalogueOrNull(ctx: ServiceContext): Promise<Map<string, CatalogueItem> | null> {
  try {
    return await catalogueByKey(ctx);
  } catch {
    return null;
  }
}

async function loadRow(ctx: ServiceContext, id: string): Promise<MailRow> {
  const row = await mailsRepository.find(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

async function detailOf(ctx: ServiceContext, row: MailRow): Promise<MailDetail> {
  const [scheduled, catalogue] = await Promise.all([scheduledAtOf(ctx, [row.id]), catalogueOrNull(ctx)]);
  return toDetail(row, scheduled.get(row.id) ?? null, catalogue);
}

// ---------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------

export async function listMails(ctx: ServiceContext, q: MailListQuery): Promise<Page<MailSummary>> {
  const { rows, total } = await mailsRepository.page(ctx.db, q);
  const scheduled = await scheduledAtOf(
    ctx,
    rows.filter((r) => r.status === 'scheduled' || r.status === 'sending').map((r) => r.id),
  );
  return { results: rows.map((r) => toSummary(r, scheduled.get(r.id) ?? null)), total, page: q.page, size: q.size };
}

/** Whether the game may hold the mail (a batch or the public record may have reached it). */
const reachedGame = (row: Pick<MailRow, 'status' | 'batches_done'>) => row.status === 'sending' || row.status === 'sent' || row.status === 'withdrawn' || row.batches_done > 0;

export async function getMail(ctx: ServiceContext, id: string, lang: Language): Promise<MailDetailResult> {
  const row = await loadRow(ctx, id);
  const mail = await detailOf(ctx, row);
  if (!reachedGame(row)) return { mail, recipients: null, recipientsError: null };
  try {
    return { mail, recipients: await ctx.gateway.mailRecipients({ mailId: id, size: 50 }), recipientsError: null };
  } catch (error) {
    // The mail still shows; the recipients part says why it is missing.
    const unreachable = isGatewayError(error) && (error.kind === 'unavailable' || error.kind === 'timeout');
    return { mail, recipients: null, recipientsError: unreachable ? translate(lang, `game.${error.kind}`, { reason: error.reason }) : translate(lang, 'errors.mailSystemException') };
  }
}

export async function recipients(ctx: ServiceContext, id: string, q: MailRecipientsQuery): Promise<MailRecipientsPage> {
  const row = await mailsRepository.findSummary(ctx.db, id);
  if (!row) throw notFound();
  if (!reachedGame({ status: row.status, batches_done: row.batches_done })) return { results: [], next: null, total: 0, collected: 0 };
  return ctx.gateway.mailRecipients({
    mailId: id,
    size: q.size,
    ...(q.after !== undefined ? { after: q.after } : {}),
    ...(q.collected !== undefined ? { collected: q.collected === 'yes' } : {}),
    ...(q.roleId !== undefined ? { roleId: q.roleId } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Create, edit, delete, copy.
// ---------------------------------------------------------------------------------------------

/** Role ids once each, in the order given. */
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Private mail: every role id must be a player of the game (spec "player does not exist", naming them). */
async function checkPlayers(ctx: ServiceContext, roleIds: readonly string[]): Promise<void> {
  const known = new Set<string>();
  for (let i = 0; i < roleIds.length; i += MAX_COMMAND_TARGETS) {
    for (const id of (await ctx.gateway.knownIds({ kind: 'roles', ids: roleIds.slice(i, i + MAX_COMMAND_TARGETS) })).known) known.add(id);
  }
  const missing = roleIds.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const shown = [...missing.slice(0, 20), ...(missing.length > 20 ? [`… (+${missing.length - 20})`] : [])];
  throw new DomainError(ErrorCode.INVALID_PARAMS, {
    messageKey: 'errors.mailPlayersNotExist',
    values: { ids: shown },
    details: [{ path: 'roleIds', message: 'errors.mailPlayersNotExist', values: { ids: shown } }],
  });
}

/** Public mail: the regions must be the game's. */
async function checkAreas(ctx: ServiceContext, areaIds: readonly string[]): Promise<void> {
  if (areaIds.length === 0) return;
  const regions = new Set((await ctx.gateway.listRegions()).filter((r) => r.mergedInto === null).map((r) => r.id));
  const missing = areaIds.filter((id) => !regions.has(id));
  if (missing.length > 0) throw invalidField('areaIds', 'game.regionNotFound', { ids: missing });
}

/** The columns a body sets (the same for create and edit). */
function fieldsOf(body: MailBody, roleIds: readonly string[]) {
  const startAt = mailWallTimeToEpoch(body.startTime, body.timeZone) as number;
  const endAt = mailWallTimeToEpoch(body.endTime, body.timeZone) as number;
  const isPublic = body.type === 'public';
  return {
    type: body.type,
    title: body.title,
    content: body.content,
    sender: body.sender && body.sender !== '' ? body.sender : DEFAULT_MAIL_SENDER,
    area_ids: JSON.stringify(isPublic && !body.allAreas ? unique(body.areaIds) : []),
    all_areas: isPublic && body.allAreas ? 1 : 0,
    role_ids: JSON.stringify(isPublic ? [] : roleIds),
    role_count: isPublic ? 0 : roleIds.length,
    exclude_role_ids: JSON.stringify(unique(body.excludeRoleIds)),
    min_create_time: body.minCreateTime,
    max_create_time: body.maxCreateTime,
    min_level: body.minLevel,
    max_level: body.maxLevel,
    start_time: epochToMailWallTime(startAt, body.timeZone),
    end_time: epochToMailWallTime(endAt, body.timeZone),
    time_zone: body.timeZone,
    start_at: startAt,
    end_at: endAt,
    items: JSON.stringify(body.items),
  };
}

/** What the audit trail keeps of a body: a private mail's role ids are counted, with the first few. */
function auditBody(body: MailBody | Pick<MailRow, 'role_ids'>): unknown {
  if ('role_ids' in body) {
    const ids = list(body.role_ids);
    return { ...body, role_ids: { count: ids.length, first: ids.slice(0, 20) } };
  }
  return { ...body, roleIds: { count: body.roleIds.length, first: body.roleIds.slice(0, 20) } };
}

function auditRow(row: MailRow): unknown {
  const { content: _content, ...rest } = row;
  return auditBody(rest);
}

async function checkBody(ctx: ServiceContext, body: MailBody): Promise<string[]> {
  checkItems(body.items, await catalogueByKey(ctx));
  const roleIds = body.type === 'private' ? unique(body.roleIds) : [];
  if (body.type === 'private') await checkPlayers(ctx, roleIds);
  else if (!body.allAreas) await checkAreas(ctx, unique(body.areaIds));
  return roleIds;
}

export async function createMail(ctx: ServiceContext, actor: AuditActor, body: MailBody): Promise<MailDetail> {
  const roleIds = await checkBody(ctx, body);
  const id = newId();
  const at = ctx.now();
  const row: NewMail = {
    id,
    ...fieldsOf(body, roleIds),
    status: 'draft',
    failure: null,
    batches: 0,
    batches_done: 0,
    delivered: 0,
    unknown_ids: 0,
    created_by: actor.operatorId,
    created_by_name: actor.accountName.slice(0, 64),
    created_at: at,
    updated_at: at,
    sent_at: null,
    withdrawn_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await mailsRepository.insert(trx, row);
    await audit.record(trx, actor, { action: 'mails.create', code: P.MAIL_EDIT, targets: [id], params: auditBody(body), before: null, after: { id, status: 'draft' } }, at);
  });
  return detailOf(ctx, await loadRow(ctx, id));
}

/** A draft, or a scheduled mail whose start has not come (it goes back to draft: its items must be confirmed again). */
export async function updateMail(ctx: ServiceContext, actor: AuditActor, id: string, body: MailBody): Promise<MailDetail> {
  const before = await loadRow(ctx, id);
  if (!(MAIL_EDITABLE_STATUSES as readonly string[]).includes(before.status)) throw wrongState('errors.mailNotEditable');
  const roleIds = await checkBody(ctx, body);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await jobs.cancelPendingJobs(trx, SEND_JOB, [id], at);
    if (!(await mailsRepository.updateIf(trx, id, MAIL_EDITABLE_STATUSES, { ...fieldsOf(body, roleIds), status: 'draft', updated_at: at }))) throw wrongState('errors.mailNotEditable');
    await audit.record(
      trx,
      actor,
      {
        action: 'mails.update',
        code: P.MAIL_EDIT,
        targets: [id],
        params: auditBody(body),
        before: auditRow(before),
        after: { status: 'draft', ...(cancelled.length > 0 ? { cancelledSend: cancelled.map((j) => Number(j.due_at)) } : {}) },
      },
      at,
    );
  });
  return detailOf(ctx, await loadRow(ctx, id));
}

export async function deleteMail(ctx: ServiceContext, actor: AuditActor, id: string): Promise<{ ok: true }> {
  const before = await loadRow(ctx, id);
  if (!(MAIL_EDITABLE_STATUSES as readonly string[]).includes(before.status)) throw wrongState('errors.mailNotEditable');
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await jobs.cancelPendingJobs(trx, SEND_JOB, [id], at);
    // Conditional, so a job that started sending it meanwhile wins.
    const current = await mailsRepository.find(trx, id);
    if (!current || !(MAIL_EDITABLE_STATUSES as readonly string[]).includes(current.status)) throw wrongState('errors.mailNotEditable');
    await mailsRepository.remove(trx, id);
    await audit.record(trx, actor, { action: 'mails.delete', code: P.MAIL_EDIT, targets: [id], before: auditRow(before), after: null }, at);
  });
  return { ok: true };
}

/** A new draft with the same body (any mail may be copied: a sent one is the usual start of the next). */
export async function copyMail(ctx: ServiceContext, actor: AuditActor, id: string): Promise<MailDetail> {
  const source = await loadRow(ctx, id);
  const copyId = newId();
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await mailsRepository.insert(trx, {
      ...source,
      id: copyId,
      status: 'draft',
      failure: null,
      batches: 0,
      batches_done: 0,
      delivered: 0,
      unknown_ids: 0,
      created_by: actor.operatorId,
      created_by_name: actor.accountName.slice(0, 64),
      created_at: at,
      updated_at: at,
      sent_at: null,
      withdrawn_at: null,
    });
    await audit.record(trx, actor, { action: 'mails.copy', code: P.MAIL_EDIT, targets: [copyId, id], params: { from: id }, before: null, after: { id: copyId, status: 'draft' } }, at);
  });
  return detailOf(ctx, await loadRow(ctx, copyId));
}

// ---------------------------------------------------------------------------------------------
// Send: the preview, the confirmation, the job.
// ---------------------------------------------------------------------------------------------

const ms = (seconds: number) => (seconds === 0 ? null : seconds * 1000);

function targetsOf(row: MailRow, roleIds: string[] = []): MailTargets {
  return {
    kind: row.type as MailKind,
    areaIds: row.type === 'public' ? list(row.area_ids) : [],
    roleIds,
    excludedRoleIds: list(row.exclude_role_ids),
    createdFrom: ms(Number(row.min_create_time)),
    createdTo: ms(Number(row.max_create_time)),
    levelMin: row.min_level === 0 ? null : row.min_level,
    levelMax: row.max_level === 0 ? null : row.max_level,
  };
}

async function previewOf(ctx: ServiceContext, row: MailRow, catalogue: Map<string, CatalogueItem> | null): Promise<MailSendPreview> {
  let count: number | null = row.role_count;
  if (row.type === 'public') {
    try {
      count = (await ctx.gateway.countMailTargets(targetsOf(row))).count;
    } catch {
      count = null;
    }
  }
  return {
    recipients: count,
    items: itemViews(itemsOf(row.items), catalogue).map((item) => ({ ...item, total: count === null ? null : item.number * count })),
    scheduled: Number(row.start_at) > ctx.now(),
    startAt: Number(row.start_at),
  };
}

/** GET /mails/{id}/preview: what sending would give out, item by item (spec: "check the items carefully"). */
export async function preview(ctx: ServiceContext, id: string): Promise<MailSendPreview> {
  const row = await loadRow(ctx, id);
  return previewOf(ctx, row, await catalogueOrNull(ctx));
}

/**
 * The operator confirmed the items: the mail is scheduled (its start lies ahead) or starts sending
 * now. Either way a job delivers it; a mail of one batch is delivered before the answer.
 */
export async function sendMail(ctx: ServiceContext, actor: AuditActor, id: string): Promise<MailSendResult> {
  const row = await loadRow(ctx, id);
  if (!(MAIL_SENDABLE_STATUSES as readonly string[]).includes(row.status)) throw wrongState('errors.mailNotSendable');
  const at = ctx.now();
  if (Number(row.end_at) <= at) throw invalidField('endTime', 'validation.mailEndPassed');
  const catalogue = await catalogueByKey(ctx);
  checkItems(itemsOf(row.items), catalogue);
  const summary = await previewOf(ctx, row, catalogue);
  const scheduled = Number(row.start_at) > at;
  const batches = row.type === 'private' ? Math.max(1, Math.ceil(row.role_count / MAIL_DELIVERY_BATCH)) : 1;
  await ctx.db.transaction().execute(async (trx) => {
    const status: MailStatus = scheduled ? 'scheduled' : 'sending';
    if (!(await mailsRepository.updateIf(trx, id, MAIL_SENDABLE_STATUSES, { status, failure: null, batches, batches_done: 0, delivered: 0, unknown_ids: 0, updated_at: at }))) {
      throw wrongState('errors.mailNotSendable');
    }
    await jobs.scheduleJob(trx, { kind: SEND_JOB, subject: id, payload: { mailId: id }, dueAt: Math.max(Number(row.start_at), at), createdBy: actor.accountName }, at);
    await audit.record(
      trx,
      actor,
      {
        action: 'mails.send',
        code: P.MAIL_EDIT,
        targets: [id],
        params: { confirmed: true },
        before: { status: row.status },
        after: { status, batches, startAt: Number(row.start_at), recipients: summary.recipients, items: summary.items.map((i) => ({ itemType: i.itemType, itemId: i.itemId, number: i.number, total: i.total })) },
      },
      at,
    );
  });
  if (!scheduled && batches === 1) {
    // Delivered now; a game that cannot be reached leaves it to the job (it retries).
    await deliver(ctx, id, actor).catch(() => undefined);
  }
  return { mail: await detailOf(ctx, await loadRow(ctx, id)), preview: summary };
}

/** The `mail.send` job: scheduled -> sending, then every batch not yet recorded. */
export async function fireSend(ctx: ServiceContext, job: JobRow): Promise<unknown> {
  const { mailId } = JSON.parse(job.payload) as { mailId: string };
  const row = await mailsRepository.findSummary(ctx.db, mailId);
  if (!row) return { skipped: 'deleted' };
  if (row.status === 'scheduled') await mailsRepository.updateIf(ctx.db, mailId, ['scheduled'], { status: 'sending', updated_at: ctx.now() });
  try {
    return await deliver(ctx, mailId, JOB_ACTOR(job));
  } catch (error) {
    // The job's last attempt: the mail must not stay "sending" for ever. Sending it again resumes.
    if (job.attempts >= jobs.MAX_ATTEMPTS) await fail(ctx, mailId, JOB_ACTOR(job), isGatewayError(error) ? `${error.kind}: ${error.reason}` : 'system exception');
    throw error;
  }
}

/**
 * Delivers what is left of a sending mail. Safe to run twice at once (two instances, the send
 * answer and the job): each batch is recorded only as the next one, and its command id makes
 * the game apply it once.
 */
async function deliver(ctx: ServiceContext, id: string, actor: AuditActor): Promise<unknown> {
  const row = await mailsRepository.find(ctx.db, id);
  if (!row || row.status !== 'sending') return { skipped: row?.status ?? 'deleted' };
  const catalogue = await catalogueByKey(ctx);
  const mail = {
    mailId: id,
    title: row.title,
    content: row.content,
    sender: row.sender,
    items: grantsOf(itemsOf(row.items), catalogue),
    expiresAt: Number(row.end_at),
  };
  const roleIds = list(row.role_ids);
  for (let batch = row.batches_done; batch < row.batches; batch += 1) {
    const commandId = `mail:${id}:${batch}`;
    let delivered = 0;
    let unknown = 0;
    try {
      if (row.type === 'public') {
        const result = await ctx.gateway.deliverMail({ commandId, targets: targetsOf(row), mail });
        delivered = result.delivered + result.alreadyDelivered;
      } else {
        const ids = roleIds.slice(batch * MAIL_DELIVERY_BATCH, (batch + 1) * MAIL_DELIVERY_BATCH);
        // A player gone since the mail was written is skipped and counted, not a failed batch.
        const known = new Set((await ctx.gateway.knownIds({ kind: 'roles', ids })).known);
        const present = ids.filter((r) => known.has(r));
        unknown = ids.length - present.length;
        if (present.length > 0) {
          const result = await ctx.gateway.deliverMail({ commandId, targets: targetsOf(row, present), mail });
          delivered = result.delivered + result.alreadyDelivered;
        }
      }
    } catch (error) {
      if (isGatewayError(error) && (error.kind === 'rejected' || error.kind === 'invalid')) {
        await fail(ctx, id, actor, `${error.kind}: ${error.reason}`);
        return { failed: error.reason, batch };
      }
      throw error;
    }
    const at = ctx.now();
    // Not recorded: someone else recorded it first, or the mail was withdrawn meanwhile.
    if (!(await mailsRepository.recordBatch(ctx.db, id, batch, delivered, unknown, at))) {
      // Withdrawn while this batch was on its way: the game may have taken it after the
      // withdrawal (it did not know the mail yet), so take it back once more.
      if ((await mailsRepository.findSummary(ctx.db, id))?.status === 'withdrawn') {
        await ctx.gateway.withdrawMail({ commandId: `mail:${id}:withdraw:${batch}`, mailId: id }).catch(() => undefined);
      }
      return { stopped: batch };
    }
  }
  const at = ctx.now();
  const done = await mailsRepository.find(ctx.db, id);
  if (!done || done.status !== 'sending') return { stopped: done?.status ?? 'deleted' };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await mailsRepository.updateIf(trx, id, ['sending'], { status: 'sent', sent_at: at, updated_at: at }))) return;
    // Delivered by the send answer itself: its job has nothing left to do.
    await jobs.cancelPendingJobs(trx, SEND_JOB, [id], at);
    await audit.record(
      trx,
      actor,
      {
        action: 'mails.deliver',
        code: P.MAIL_EDIT,
        targets: [id],
        before: { status: 'sending' },
        after: { status: 'sent', batches: done.batches, delivered: done.delivered, unknown: done.unknown_ids },
      },
      at,
    );
  });
  return { sent: id, batches: done.batches, delivered: done.delivered };
}

async function fail(ctx: ServiceContext, id: string, actor: AuditActor, reason: string): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await mailsRepository.updateIf(trx, id, ['sending'], { status: 'failed', failure: reason.slice(0, 200), updated_at: at }))) return;
    await audit.record(
      trx,
      actor,
      { action: 'mails.deliver', code: P.MAIL_EDIT, targets: [id], before: { status: 'sending' }, after: { status: 'failed', failure: reason }, outcome: 'failed', errorCode: ErrorCode.GAME_ERROR },
      at,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Withdraw.
// ---------------------------------------------------------------------------------------------

/**
 * A scheduled mail is only cancelled (the game never had it); a sending or sent one is taken out
 * of every mailbox that did not collect it (`withdrawMail`, command id `mail:<id>:withdraw`), and
 * its job stops.
 */
export async function withdrawMail(ctx: ServiceContext, actor: AuditActor, id: string): Promise<MailWithdrawResult> {
  const row = await loadRow(ctx, id);
  if (!(MAIL_WITHDRAWABLE_STATUSES as readonly string[]).includes(row.status)) throw wrongState('errors.mailNotWithdrawable');
  let removed = 0;
  let kept = 0;
  if (row.status !== 'scheduled') {
    try {
      const result = await ctx.gateway.withdrawMail({ commandId: `mail:${id}:withdraw`, mailId: id });
      removed = result.removed;
      kept = result.kept;
    } catch (error) {
      // Sending, but no batch reached the game yet: nothing to take back there.
      if (!(isGatewayError(error) && error.kind === 'rejected' && error.reason === 'mailNotFound')) throw error;
    }
  }
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await jobs.cancelPendingJobs(trx, SEND_JOB, [id], at);
    if (!(await mailsRepository.updateIf(trx, id, MAIL_WITHDRAWABLE_STATUSES, { status: 'withdrawn', withdrawn_at: at, updated_at: at }))) throw wrongState('errors.mailNotWithdrawable');
    await audit.record(
      trx,
      actor,
      {
        commandId: `mail:${id}:withdraw`,
        action: 'mails.withdraw',
        code: P.MAIL_EDIT,
        targets: [id],
        before: { status: row.status },
        after: { status: 'withdrawn', removed, kept, ...(cancelled.length > 0 ? { cancelledSend: true } : {}) },
      },
      at,
    );
  });
  return { mail: await detailOf(ctx, await loadRow(ctx, id)), removed, kept };
}
