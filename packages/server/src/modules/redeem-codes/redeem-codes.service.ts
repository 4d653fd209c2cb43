/**
 * Redeem code config (issue 13, `/exchange/index`; docs/decisions.md "Redeem codes"). Batches are
 * the console's records (saved with their audit entry in one transaction); every change raises
 * the batch's version and is then handed to the game through the gateway (`publishRedeemBatch`,
 * `disableRedeemBatch`) with the command id `redeemBatch:<id>:<version>`, so a retry applies a
 * version once. When the game cannot be reached the batch stays saved, marked unpublished with
 * the reason, and "publish again" resends the current version.
 *
 * Unique codes are derived from the batch's secret (game/gateway/redeem-code-scheme.ts): listed a
 * page at a time and exported by computing them, never stored.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import type { CatalogueItem, MailItem } from '@gm/contract/mails.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type {
  RedeemBatch,
  RedeemBatchBody,
  RedeemBatchQuery,
  RedeemBatchUpdate,
  RedeemCode,
  RedeemCodeQuery,
  RedeemKind,
  RedeemStatus,
} from '@gm/contract/redeem-codes.contract.ts';
import type { RedeemBatchRow } from '../../db/redeem-batches.table.ts';
import { codeSchemeOf } from '../../game/gateway/redeem-code-scheme.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { XlsxStreamWriter } from '../../platform/spreadsheet/xlsx-writer.ts';
import * as repository from './redeem-codes.repository.ts';

const CODE = P.EXCHANGE_CONFIG_EDIT;
/** Codes computed per step of an export (one cipher call each). */
const EXPORT_STEP = 20_000;

// ---------------------------------------------------------------------------------------------
// The item catalogue (the mail screens' read, `listItems`).
// ---------------------------------------------------------------------------------------------

const itemKey = (itemType: string, itemId: string) => `${itemType}:${itemId}`;

async function catalogue(ctx: ServiceContext): Promise<Map<string, CatalogueItem>> {
  try {
    return new Map((await ctx.gateway.listItems({})).items.map((i) => [itemKey(i.itemType, i.itemId), i]));
  } catch (error) {
    throw new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'errors.mailItemsCatalogueFailed', values: { reason: String(error) } });
  }
}

/** Each reward must be in the game's catalogue, with the source and card type its entry asks for. */
function checkRewards(items: readonly MailItem[], known: Map<string, CatalogueItem>): void {
  const details: { path: string; message: string; values?: Record<string, unknown> }[] = [];
  items.forEach((item, i) => {
    const entry = known.get(itemKey(item.itemType, item.itemId));
    if (!entry) details.push({ path: `rewards.${i}.itemId`, message: 'validation.mailUnknownItem', values: { itemType: item.itemType, itemId: item.itemId } });
    else if (entry.needsSourceType && item.sourceType === undefined) details.push({ path: `rewards.${i}.sourceType`, message: 'validation.mailSourceTypeRequired' });
    else if (entry.needsCardType && item.cardType === undefined) details.push({ path: `rewards.${i}.cardType`, message: 'validation.mailCardTypeRequired' });
  });
  const first = details[0];
  if (first) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: first.message, values: first.values ?? {}, details });
}

/** Rewards as the game grants them (rarity from the catalogue). */
function grantsOf(items: readonly MailItem[], known: Map<string, CatalogueItem>): Grant[] {
  return items.map((item): Grant => {
    if (item.itemType === 'currency') {
      return { kind: 'currency', currency: item.itemId as Extract<Grant, { kind: 'currency' }>['currency'], quantity: item.number, ...(item.sourceType ? { sourceType: item.sourceType } : {}) };
    }
    return {
      kind: 'item',
      itemType: item.itemType,
      sourceId: item.itemId,
      quantity: item.number,
      rarity: known.get(itemKey(item.itemType, item.itemId))?.rarity ?? 0,
      ...(item.sourceType ? { sourceType: item.sourceType } : {}),
      ...(item.cardType ? { cardType: item.cardType } : {}),
    };
  });
}

/** Every region named must be one the game knows (empty: every region). */
async function checkAreas(ctx: ServiceContext, areaIds: readonly string[]): Promise<void> {
  if (areaIds.length === 0) return;
  const known = new Set((await ctx.gateway.listRegions()).map((r) => r.id));
  const missing = [...new Set(areaIds)].filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const values = { ids: missing.slice(0, 20) };
  throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'validation.redeemUnknownArea', values, details: [{ path: 'areaIds', message: 'validation.redeemUnknownArea', values }] });
}

// ---------------------------------------------------------------------------------------------
// Rows to contract shapes.
// ---------------------------------------------------------------------------------------------

const rewardsOf = (row: RedeemBatchRow) => JSON.parse(row.rewards) as MailItem[];

function toBatch(row: RedeemBatchRow, known: Map<string, CatalogueItem> | null): RedeemBatch {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as RedeemKind,
    sharedCode: row.shared_code,
    codePrefix: row.code_prefix,
    codeLength: row.code_length,
    codeCount: row.code_count,
    rewards: rewardsOf(row).map((item) => ({ ...item, name: known?.get(itemKey(item.itemType, item.itemId))?.name ?? null })),
    perPlayerLimit: row.per_player_limit,
    totalLimit: Number(row.total_limit),
    validFrom: Number(row.valid_from),
    validTo: Number(row.valid_to),
    areaIds: JSON.parse(row.area_ids) as string[],
    status: row.status as RedeemStatus,
    published: row.published_version !== null && row.published_version === row.version,
    publishError: row.publish_error,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedBy: row.updated_by,
    updatedAt: Number(row.updated_at),
  };
}

/** The batch's settings as the audit trail keeps them (never the secret). */
function auditView(row: RedeemBatchRow) {
  const { secret: _secret, rewards, area_ids, ...rest } = row;
  return { ...rest, rewards: JSON.parse(rewards) as unknown, areaIds: JSON.parse(area_ids) as unknown };
}

async function catalogueOrNull(ctx: ServiceContext): Promise<Map<string, CatalogueItem> | null> {
  try {
    return await catalogue(ctx);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------

export async function listBatches(ctx: ServiceContext, q: RedeemBatchQuery) {
  const { rows, total } = await repository.pageBatches(ctx.db, q);
  const known = rows.length > 0 ? await catalogueOrNull(ctx) : null;
  return { results: rows.map((r) => toBatch(r, known)), total, page: q.page, size: q.size };
}

async function requireBatch(ctx: ServiceContext, id: string): Promise<RedeemBatchRow> {
  const row = await repository.findBatch(ctx.db, id);
  if (!row) throw new DomainError(ErrorCode.NOT_FOUND);
  return row;
}

export async function getBatch(ctx: ServiceContext, id: string): Promise<RedeemBatch> {
  return toBatch(await requireBatch(ctx, id), await catalogueOrNull(ctx));
}

const schemeOf = (row: RedeemBatchRow) => codeSchemeOf({ prefix: row.code_prefix, length: row.code_length, count: row.code_count, secret: row.secret });

/** A page of the batch's codes (computed), or the one code asked for when it is of this batch. */
export async function listCodes(ctx: ServiceContext, id: string, q: RedeemCodeQuery): Promise<{ results: RedeemCode[]; total: number; page: number; size: number }> {
  const row = await requireBatch(ctx, id);
  if (row.kind === 'shared') {
    const code = row.shared_code ?? '';
    const hit = q.code === undefined || q.code === '' || q.code === code;
    return { results: hit && q.page === 0 ? [{ index: 1, code }] : [], total: hit ? 1 : 0, page: q.page, size: q.size };
  }
  const scheme = schemeOf(row);
  if (q.code !== undefined && q.code !== '') {
    const index = scheme.indexOf(q.code);
    return { results: index === null || q.page > 0 ? [] : [{ index: index + 1, code: scheme.code(index) }], total: index === null ? 0 : 1, page: q.page, size: q.size };
  }
  const from = Math.min(q.page * q.size, row.code_count);
  const n = Math.min(q.size, row.code_count - from);
  return { results: scheme.codes(from, n).map((code, i) => ({ index: from + i + 1, code })), total: row.code_count, page: q.page, size: q.size };
}

/**
 * Every code of the batch as an .xlsx stream (No., code), computed 20,000 at a time and written as
 * they come: a million codes never sit in memory. The export is audited (codes are money).
 */
export async function exportCodes(ctx: ServiceContext, actor: AuditActor, id: string): Promise<{ fileName: string; stream: Readable }> {
  const row = await requireBatch(ctx, id);
  await audit.record(ctx.db, actor, { action: 'redeemBatches.export', code: P.EXCHANGE_CONFIG, targets: [id], params: { id }, before: null, after: { codes: row.code_count } }, ctx.now());
  const output = new PassThrough();
  const writer = XlsxStreamWriter.create(output, {
    columns: [{ header: 'No.', width: 10 }, { header: 'Code', width: 30 }, { header: 'Batch', width: 30 }],
    sheetName: (i) => (i === 0 ? 'codes' : `codes ${i + 1}`),
    created: new Date(ctx.now()),
  });
  const write = async () => {
    if (row.kind === 'shared') {
      await writer.addRows([[1, row.shared_code ?? '', row.name]]);
    } else {
      const scheme = schemeOf(row);
      for (let from = 0; from < row.code_count; from += EXPORT_STEP) {
        const n = Math.min(EXPORT_STEP, row.code_count - from);
        await writer.addRows(scheme.codes(from, n).map((code, i) => [from + i + 1, code, row.name]));
      }
    }
    await writer.finish();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  const safe = row.name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40) || 'batch';
  return { fileName: `redeem_codes_${safe}.xlsx`, stream: output };
}

// ---------------------------------------------------------------------------------------------
// Changes.
// ---------------------------------------------------------------------------------------------

function editableRow(body: RedeemBatchUpdate) {
  return {
    name: body.name,
    rewards: JSON.stringify(body.rewards),
    per_player_limit: body.perPlayerLimit,
    total_limit: body.totalLimit,
    valid_from: body.validFrom,
    valid_to: body.validTo,
    area_ids: JSON.stringify([...new Set(body.areaIds)]),
  };
}

export async function createBatch(ctx: ServiceContext, actor: AuditActor, body: RedeemBatchBody): Promise<RedeemBatch> {
  const known = await catalogue(ctx);
  checkRewards(body.rewards, known);
  await checkAreas(ctx, body.areaIds);
  const shared = body.kind === 'shared';
  const sharedCode = shared ? (body.sharedCode ?? '') : null;
  const taken = () =>
    new DomainError(ErrorCode.CONFLICT, { messageKey: 'errors.redeemSharedCodeTaken', values: { code: sharedCode }, details: [{ path: 'sharedCode', message: 'errors.redeemSharedCodeTaken', values: { code: sharedCode } }] });
  if (sharedCode !== null && (await repository.findBySharedCode(ctx.db, sharedCode))) throw taken();
  const at = ctx.now();
  const row: RedeemBatchRow = {
    id: newId(),
    ...editableRow(body),
    kind: body.kind,
    shared_code: sharedCode,
    code_prefix: shared ? '' : body.codePrefix,
    code_length: body.codeLength,
    code_count: shared ? 1 : (body.codeCount ?? 1),
    secret: randomBytes(32).toString('hex'),
    status: 'active',
    version: 1,
    published_version: null,
    publish_error: null,
    created_by: actor.accountName,
    created_at: at,
    updated_by: actor.accountName,
    updated_at: at,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The shared code is unique (an index): a concurrent twin fails here rather than twice in the game.
      await repository.insertBatch(trx, row);
      await audit.record(trx, actor, { action: 'redeemBatches.create', code: CODE, targets: [row.id], params: body, before: null, after: auditView(row) }, at);
    });
  } catch (error) {
    if (sharedCode !== null && (await repository.findBySharedCode(ctx.db, sharedCode))) throw taken();
    throw error;
  }
  return publishRow(ctx, actor, row, known, 'redeemBatches.create');
}

export async function updateBatch(ctx: ServiceContext, actor: AuditActor, id: string, body: RedeemBatchUpdate): Promise<RedeemBatch> {
  const before = await requireBatch(ctx, id);
  const known = await catalogue(ctx);
  checkRewards(body.rewards, known);
  await checkAreas(ctx, body.areaIds);
  const at = ctx.now();
  const after: RedeemBatchRow = { ...before, ...editableRow(body), version: before.version + 1, updated_by: actor.accountName, updated_at: at };
  if (before.kind === 'unique' && body.totalLimit > before.code_count) {
    throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'validation.redeemTotalOverCodes', details: [{ path: 'totalLimit', message: 'validation.redeemTotalOverCodes' }] });
  }
  await saveChange(ctx, actor, before, after, 'redeemBatches.update', body);
  return publishRow(ctx, actor, after, known, 'redeemBatches.update');
}

export async function setStatus(ctx: ServiceContext, actor: AuditActor, id: string, status: RedeemStatus): Promise<RedeemBatch> {
  const before = await requireBatch(ctx, id);
  if (before.status === status) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: status === 'active' ? 'errors.redeemAlreadyActive' : 'errors.redeemAlreadyDisabled' });
  const at = ctx.now();
  const after: RedeemBatchRow = { ...before, status, version: before.version + 1, updated_by: actor.accountName, updated_at: at };
  const action = status === 'active' ? 'redeemBatches.enable' : 'redeemBatches.disable';
  await saveChange(ctx, actor, before, after, action, { id, status });
  return publishRow(ctx, actor, after, await catalogueOrNull(ctx), action, before.published_version !== null);
}

/** Sends the current version again (after the game could not be reached). */
export async function publish(ctx: ServiceContext, actor: AuditActor, id: string): Promise<RedeemBatch> {
  const row = await requireBatch(ctx, id);
  return publishRow(ctx, actor, row, await catalogueOrNull(ctx), 'redeemBatches.publish', row.published_version !== null);
}

async function saveChange(ctx: ServiceContext, actor: AuditActor, before: RedeemBatchRow, after: RedeemBatchRow, action: string, params: unknown): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { id: _id, ...changes } = after;
    if (!(await repository.updateBatch(trx, before.id, before.version, changes))) {
      // Another operator changed it in between: theirs stands, this one is refused.
      throw new DomainError(ErrorCode.WRONG_STATE);
    }
    await audit.record(trx, actor, { action, code: CODE, targets: [before.id], params, before: auditView(before), after: auditView(after) }, after.updated_at);
  });
}

/**
 * Hands the row's version to the game and records the answer: published, or the reason it was
 * not. A disabled batch the game already knows is disabled with `disableRedeemBatch`; anything
 * else is (re)published whole. The answer is its own entry, "publish", naming the change it
 * followed: recorded under that change's name, one save read as two identical lines in the log.
 */
async function publishRow(ctx: ServiceContext, actor: AuditActor, row: RedeemBatchRow, known: Map<string, CatalogueItem> | null, followed: string, gameKnows = false): Promise<RedeemBatch> {
  const commandId = `redeemBatch:${row.id}:${row.version}`;
  const action = 'redeemBatches.publish';
  const params = { id: row.id, version: row.version, ...(followed === action ? {} : { followed }) };
  try {
    let after: unknown;
    if (row.status === 'disabled' && gameKnows) {
      const result = await ctx.gateway.disableRedeemBatch({ commandId, batchId: row.id });
      after = { live: result.after.live, claimed: result.claimed };
    } else {
      const rewards = rewardsOf(row);
      const grants = grantsOf(rewards, known ?? (await catalogue(ctx)));
      const result = await ctx.gateway.publishRedeemBatch({
        commandId,
        batch: {
          batchId: row.id,
          name: row.name,
          kind: row.kind as RedeemKind,
          sharedCode: row.shared_code,
          codePrefix: row.code_prefix,
          codeLength: row.code_length,
          codeCount: row.code_count,
          secret: row.secret,
          rewards: grants,
          perPlayerLimit: row.per_player_limit,
          totalLimit: Number(row.total_limit),
          validFrom: Number(row.valid_from),
          validTo: Number(row.valid_to),
          areaIds: JSON.parse(row.area_ids) as string[],
          status: row.status as RedeemStatus,
        },
      });
      after = { live: result.after.live, claimed: result.claimed };
    }
    await repository.markPublished(ctx.db, row.id, row.version, null);
    await audit.record(ctx.db, actor, { commandId, action, code: CODE, targets: [row.id], params, before: null, after }, ctx.now());
  } catch (error) {
    const reason = isGatewayError(error) ? `${error.kind}: ${error.reason}` : error instanceof DomainError ? error.messageKey : String(error);
    await repository.markPublished(ctx.db, row.id, row.version, reason);
    await audit.record(
      ctx.db,
      actor,
      { commandId, action, code: CODE, targets: [row.id], params, before: null, after: { error: reason }, outcome: 'failed', errorCode: ErrorCode.GATEWAY_UNAVAILABLE },
      ctx.now(),
    );
  }
  return toBatch(await requireBatch(ctx, row.id), known);
}
