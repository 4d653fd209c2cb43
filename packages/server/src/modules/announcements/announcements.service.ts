import { type z } from 'zod';
import {
  ALL_AREAS,
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_IMPORT_MAX_ROWS,
  UPLOAD_URL_PREFIX,
  ANNOUNCEMENT_SHEET_COLUMNS,
  announcementBody,
  type announcementFromTemplateBody,
  type announcementTemplateBody,
  type Announcement,
  type AnnouncementBackup,
  type AnnouncementBackupDetail,
  type AnnouncementChangeResult,
  type AnnouncementImportResult,
  type AnnouncementInput,
  type AnnouncementPage,
  type AnnouncementQuery,
  type AnnouncementRedirects,
  type AnnouncementResetBody,
  type AnnouncementRestoreResult,
  type AnnouncementTemplate,
} from '@gm/contract/announcements.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { GameAnnouncement, GameCommandInput } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { issueMessageKey, zodIssueFacts, zodIssueValues } from '@gm/contract/validation-issues.ts';
import type { AnnouncementRow } from '../../db/announcements.table.ts';
import type { Trx } from '../../db/database.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, notFound, wrongState, type DetailIssue } from '../../platform/errors/domain-error.ts';
import * as jobs from '../../platform/jobs/jobs.service.ts';
import type { JobRow } from '../../platform/jobs/jobs.table.ts';
import { firstSheetWithData, readWorkbook, SpreadsheetError, type Sheet } from '../../platform/spreadsheet/read-workbook.ts';
import type { CellValue } from '../../platform/spreadsheet/xlsx-writer.ts';
import * as repo from './announcements.repository.ts';
import { sanitizeContent } from './announcements.sanitize.ts';

/**
 * Announcements (issue 13). The console keeps the board (`announcements`); the game shows what
 * the console pushed ("refresh", `pushAnnouncement`) until it is withdrawn or its time ends.
 *
 * Status is computed, not stored: deleted (soft-deleted), expired (exact end time passed: the
 * game stops showing it by itself at `endAt`, so no job is needed), sent (pushed and not
 * withdrawn), else created. A publish time in the future is a job (`announcement.publish`) that
 * fires once across instances and restarts; edit and delete cancel it.
 *
 * As everywhere, the game is called first (outside any transaction), then the console's rows
 * and the audit entry are written in one transaction.
 */
export const PUBLISH_JOB = 'announcement.publish';

export interface Action {
  actor: AuditActor;
  commandId: string;
}

type Stored = AnnouncementInput & { sort: number };

const SCHEDULER = (job: JobRow): AuditActor => ({ operatorId: null, accountName: `scheduler (${job.created_by})`, ip: '' });

// ---------------------------------------------------------------------------------------------
// Rows and views.
// ---------------------------------------------------------------------------------------------

function bodyOf(row: AnnouncementRow): Stored {
  return { ...(JSON.parse(row.body) as AnnouncementInput), sort: row.sort };
}

function isExpired(row: Pick<AnnouncementRow, 'end_time'>, now: number): boolean {
  return row.end_time !== null && row.end_time <= now;
}

function statusOf(row: AnnouncementRow, now: number): Announcement['status'] {
  if (row.deleted_at !== null) return 'deleted';
  if (isExpired(row, now)) return 'expired';
  return row.sent_at !== null ? 'sent' : 'created';
}

function view(row: AnnouncementRow, now: number, job: JobRow | undefined): Announcement {
  return {
    ...bodyOf(row),
    id: row.id,
    status: statusOf(row, now),
    sentAt: row.sent_at,
    scheduledAt: job ? job.due_at : null,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

async function views(ctx: ServiceContext, rows: readonly AnnouncementRow[]): Promise<Announcement[]> {
  const pending = await jobs.pendingJobs(ctx.db, PUBLISH_JOB, rows.map((r) => r.id));
  const byId = new Map(pending.map((j) => [j.subject, j]));
  const now = ctx.now();
  return rows.map((r) => view(r, now, byId.get(r.id)));
}

async function viewOf(ctx: ServiceContext, id: string): Promise<Announcement> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw notFound();
  const [one] = await views(ctx, [row]);
  return one as Announcement;
}

async function requireRow(ctx: ServiceContext, id: string): Promise<AnnouncementRow> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw notFound();
  if (row.deleted_at !== null) throw wrongState('errors.announcementDeleted');
  return row;
}

/** The contract's body, content sanitised (the one place stored text is made safe). */
function prepared(input: AnnouncementInput): AnnouncementInput {
  const content = sanitizeContent(input.content);
  // Links gain their rel and target: the stored text must still fit what the game takes.
  if (content.length > ANNOUNCEMENT_CONTENT_MAX) throw invalidField('content', 'validation.tooLong', { maximum: ANNOUNCEMENT_CONTENT_MAX });
  return { ...input, content };
}

/** Images are the console's own uploads: a url it never handed out is refused ("upload format error"). */
async function requireUploads(ctx: ServiceContext, input: Pick<AnnouncementInput, 'image' | 'previewImage'>, prefix = ''): Promise<void> {
  for (const field of ['image', 'previewImage'] as const) {
    const url = input[field];
    if (url === '') continue;
    const sha256 = url.slice(UPLOAD_URL_PREFIX.length, UPLOAD_URL_PREFIX.length + 64);
    const found = await ctx.db.selectFrom('uploads').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
    if (!found) throw invalidField(`${prefix}${field}`, 'validation.announcementImageFormat');
  }
}

function columnsOf(body: Stored) {
  return {
    type: body.type,
    area_id: body.areaId,
    title: body.title,
    sort: body.sort,
    body: JSON.stringify({ ...body, sort: undefined }),
    end_time: body.effectiveMode === 'exact' ? body.endTime : null,
  };
}

function zodDetails(error: z.ZodError, prefix = ''): DetailIssue[] {
  return error.issues.map((issue) => ({ path: `${prefix}${issue.path.join('.')}`, message: issueMessageKey(zodIssueFacts(issue)), values: zodIssueValues(issue) }));
}

function invalidBody(error: z.ZodError): DomainError {
  const details = zodDetails(error);
  return new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: details[0]?.message ?? 'errors.10001', details });
}

// ---------------------------------------------------------------------------------------------
// The game.
// ---------------------------------------------------------------------------------------------

const absolute = (ctx: ServiceContext, url: string) => (url === '' ? '' : `${ctx.config.publicUrl.replace(/\/+$/, '')}${url}`);

/** What the game is told: every field it shows, images as absolute urls of the console. */
export function pushParams(ctx: ServiceContext, id: string, body: Stored, commandId: string): GameCommandInput<'pushAnnouncement'> {
  const exact = body.effectiveMode === 'exact';
  return {
    commandId,
    announcementId: id,
    type: body.type === 'site' ? 'inSite' : body.type,
    areaIds: body.areaId === ALL_AREAS ? [] : [body.areaId],
    title: body.title,
    content: body.content,
    startAt: exact && body.startTime !== null ? body.startTime : (body.publishTime ?? ctx.now()),
    endAt: exact ? body.endTime : null,
    sort: body.sort,
    tab: body.tab,
    tabTitle: body.tabTitle,
    secondaryTitle: body.secondaryTitle,
    hotType: body.hotType,
    jumpType: body.jumpType,
    jumpTarget: body.jumpTarget,
    image: absolute(ctx, body.image),
    previewImage: absolute(ctx, body.previewImage),
    videoName: body.videoName,
    popupType: body.popupType,
    showTime: body.showTime,
    daysAfterRegistration: exact ? null : body.daysAfterRegistration,
    restrictionLevel: body.restrictionLevel,
    mapId: body.mapId,
    progress: body.progress,
  };
}

/** A push that failed is the spec's "Announcement refresh Failed", with the game's reason beside it. */
async function push(ctx: ServiceContext, id: string, body: Stored, commandId: string) {
  try {
    return await ctx.gateway.pushAnnouncement(pushParams(ctx, id, body, commandId));
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    const code = error.kind === 'rejected' || error.kind === 'invalid' ? ErrorCode.GAME_ERROR : ErrorCode.GATEWAY_UNAVAILABLE;
    throw new DomainError(code, { messageKey: 'errors.announcementRefreshFailed', values: { reason: error.reason }, details: [{ path: 'game', message: `game.${error.reason}` }] });
  }
}

/** Takes it off the game's board; one the game does not know is already off. */
async function withdraw(ctx: ServiceContext, id: string, commandId: string): Promise<boolean> {
  try {
    const result = await ctx.gateway.withdrawAnnouncement({ commandId, announcementId: id });
    return result.before.live;
  } catch (error) {
    if (isGatewayError(error) && error.kind === 'rejected' && error.reason === 'announcementNotFound') return false;
    throw error;
  }
}

async function reschedule(ctx: ServiceContext, trx: Trx, id: string, body: Stored, actor: AuditActor): Promise<{ cancelled: JobRow[]; scheduled: string | null }> {
  const cancelled = await jobs.cancelPendingJobs(trx, PUBLISH_JOB, [id], ctx.now());
  let scheduled: string | null = null;
  if (body.publishTime !== null && body.publishTime > ctx.now()) {
    scheduled = await jobs.scheduleJob(trx, { kind: PUBLISH_JOB, subject: id, payload: { id }, dueAt: body.publishTime, createdBy: actor.accountName }, ctx.now());
  }
  return { cancelled, scheduled };
}

// ---------------------------------------------------------------------------------------------
// Reads.
// ---------------------------------------------------------------------------------------------

export async function listAnnouncements(ctx: ServiceContext, query: AnnouncementQuery): Promise<AnnouncementPage> {
  const rows = await repo.list(ctx.db, { type: query.type, areaId: query.areaId, withDeleted: query.status === 'deleted', onlyDeleted: query.status === 'deleted' });
  const keyword = query.keyword?.toLowerCase();
  const now = ctx.now();
  const matching = rows.filter((r) => (!keyword || r.title.toLowerCase().includes(keyword)) && (query.status === undefined || statusOf(r, now) === query.status));
  const slice = matching.slice(query.page * query.size, (query.page + 1) * query.size);
  return { results: await views(ctx, slice), total: matching.length, page: query.page, size: query.size };
}

export async function getAnnouncement(ctx: ServiceContext, id: string): Promise<Announcement> {
  return viewOf(ctx, id);
}

/** The game's live board (what players see now), for the preview and the tests. */
export async function gameBoard(ctx: ServiceContext, query: { areaId?: string | undefined; type?: Announcement['type'] | undefined }): Promise<GameAnnouncement[]> {
  const type = query.type === undefined ? undefined : query.type === 'site' ? 'inSite' : query.type;
  return (await ctx.gateway.listAnnouncements({ ...(query.areaId ? { areaId: query.areaId } : {}), ...(type ? { type } : {}) })).announcements;
}

/**
 * The form's redirect choices: the game's jump targets and the open redirect domains of the
 * domain whitelist. The game not answering is the spec's "failure to initialize redirection
 * information".
 */
export async function redirects(ctx: ServiceContext): Promise<AnnouncementRedirects> {
  let jumpTargets: AnnouncementRedirects['jumpTargets'];
  try {
    jumpTargets = (await ctx.gateway.listJumpTargets({})).targets;
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    throw new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'errors.announcementRedirectInitFailed', values: { reason: error.reason } });
  }
  const domains = await ctx.db.selectFrom('whitelist_domains').select('domain').where('purpose', '=', 'redirect').where('status', '=', 'open').orderBy('domain').execute();
  return { jumpTargets, linkDomains: domains.map((d) => d.domain) };
}

// ---------------------------------------------------------------------------------------------
// Changes.
// ---------------------------------------------------------------------------------------------

async function insertNew(ctx: ServiceContext, trx: Trx, actor: AuditActor, input: AnnouncementInput, sort?: number): Promise<{ id: string; body: Stored; scheduled: string | null }> {
  const id = newId();
  const body: Stored = { ...prepared(input), sort: sort ?? input.sort ?? (await repo.nextSort(trx, input.type)) };
  const at = ctx.now();
  await repo.insert(trx, { id, ...columnsOf(body), sent_at: null, created_by: actor.accountName, created_at: at, updated_by: actor.accountName, updated_at: at, deleted_at: null });
  const { scheduled } = await reschedule(ctx, trx, id, body, actor);
  return { id, body, scheduled };
}

export async function createAnnouncement(ctx: ServiceContext, action: Action, input: AnnouncementInput): Promise<Announcement> {
  await requireUploads(ctx, input);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertNew(ctx, trx, action.actor, input);
    await audit.record(
      trx,
      action.actor,
      { commandId: action.commandId, action: 'announcements.create', code: P.ANNOUNCEMENT_EDIT, targets: [created.id], params: input, before: null, after: { ...created.body, scheduledJob: created.scheduled } },
      ctx.now(),
    );
    return created.id;
  });
  return viewOf(ctx, id);
}

/** The whole announcement anew. A sent one is pushed again at once, so the game shows the edit. */
export async function updateAnnouncement(ctx: ServiceContext, action: Action, id: string, input: AnnouncementInput): Promise<Announcement> {
  const row = await requireRow(ctx, id);
  await requireUploads(ctx, input);
  const before = bodyOf(row);
  const body: Stored = { ...prepared(input), sort: input.sort ?? row.sort };
  const live = row.sent_at !== null && !isExpired({ end_time: body.effectiveMode === 'exact' ? body.endTime : null }, ctx.now());
  if (live) await push(ctx, id, body, action.commandId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.update(trx, id, { ...columnsOf(body), ...(live ? { sent_at: ctx.now() } : {}), updated_by: action.actor.accountName, updated_at: ctx.now() });
    const jobChange = await reschedule(ctx, trx, id, body, action.actor);
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'announcements.update',
        code: P.ANNOUNCEMENT_EDIT,
        targets: [id],
        params: input,
        before,
        after: { ...body, pushed: live, cancelledJobs: jobChange.cancelled.map((j) => j.id), scheduledJob: jobChange.scheduled },
      },
      ctx.now(),
    );
  });
  return viewOf(ctx, id);
}

/** Soft delete: a sent one is withdrawn from the game first, a pending publish is cancelled. */
export async function deleteAnnouncement(ctx: ServiceContext, action: Action, id: string): Promise<AnnouncementChangeResult> {
  const row = await requireRow(ctx, id);
  const withdrawn = row.sent_at !== null ? await withdraw(ctx, id, action.commandId) : false;
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await jobs.cancelPendingJobs(trx, PUBLISH_JOB, [id], ctx.now());
    await repo.update(trx, id, { deleted_at: ctx.now(), sent_at: null, updated_by: action.actor.accountName, updated_at: ctx.now() });
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'announcements.delete',
        code: P.ANNOUNCEMENT_EDIT,
        targets: [id],
        params: { id },
        before: { status: statusOf(row, ctx.now()), title: row.title },
        after: { status: 'deleted', withdrawnFromGame: withdrawn, cancelledJobs: cancelled.map((j) => j.id) },
      },
      ctx.now(),
    );
  });
  return { announcement: await viewOf(ctx, id), live: false };
}

/**
 * Drag to sort: the ids in their new order get 0, 1, 2 ... Sent ones whose place changed are
 * pushed again, so the game's board has the same order.
 */
export async function sortAnnouncements(ctx: ServiceContext, action: Action, ids: readonly string[]): Promise<Announcement[]> {
  const unique = [...new Set(ids)];
  const rows = (await repo.findMany(ctx.db, unique)).filter((r) => r.deleted_at === null);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'errors.announcementSortUnknown', values: { ids: missing }, details: [{ path: 'ids', message: 'errors.announcementSortUnknown', values: { ids: missing } }] });
  }
  const now = ctx.now();
  const moves = unique.map((id, index) => ({ row: byId.get(id) as AnnouncementRow, sort: index })).filter((m) => m.row.sort !== m.sort);
  let pushed = 0;
  for (const move of moves) {
    if (move.row.sent_at === null || isExpired(move.row, now)) continue;
    pushed += 1;
    await push(ctx, move.row.id, { ...bodyOf(move.row), sort: move.sort }, `${action.commandId}:${pushed}`);
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const move of moves) await repo.update(trx, move.row.id, { sort: move.sort, updated_by: action.actor.accountName, updated_at: ctx.now() });
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'announcements.sort',
        code: P.ANNOUNCEMENT_EDIT,
        targets: unique,
        params: { ids: unique },
        before: moves.map((m) => ({ id: m.row.id, sort: m.row.sort })),
        after: { moves: moves.map((m) => ({ id: m.row.id, sort: m.sort })), pushedToGame: pushed },
      },
      ctx.now(),
    );
  });
  const fresh = await repo.findMany(ctx.db, unique);
  const order = new Map(unique.map((id, i) => [id, i]));
  fresh.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return views(ctx, fresh);
}

/** Refresh: push to the game now. An expired scrolling announcement must be reset first (spec). */
export async function publishAnnouncement(ctx: ServiceContext, action: Action, id: string): Promise<AnnouncementChangeResult> {
  const row = await requireRow(ctx, id);
  if (isExpired(row, ctx.now())) throw wrongState(row.type === 'scrolling' ? 'errors.announcementScrollingExpired' : 'errors.10005');
  const body = bodyOf(row);
  const result = await push(ctx, id, body, action.commandId);
  await ctx.db.transaction().execute(async (trx) => {
    // Published by hand: the scheduled publish has nothing left to do.
    const cancelled = await jobs.cancelPendingJobs(trx, PUBLISH_JOB, [id], ctx.now());
    await repo.update(trx, id, { sent_at: ctx.now(), updated_by: action.actor.accountName, updated_at: ctx.now() });
    await audit.record(
      trx,
      action.actor,
      { commandId: action.commandId, action: 'announcements.publish', code: P.ANNOUNCEMENT_EDIT, targets: [id], params: { id }, before: result.before, after: { ...result.after, cancelledJobs: cancelled.map((j) => j.id) } },
      ctx.now(),
    );
  });
  return { announcement: await viewOf(ctx, id), live: true };
}

/** An expired scrolling announcement gets new times and goes live again. */
export async function resetAnnouncement(ctx: ServiceContext, action: Action, id: string, times: AnnouncementResetBody): Promise<AnnouncementChangeResult> {
  const row = await requireRow(ctx, id);
  if (row.type !== 'scrolling' || !isExpired(row, ctx.now())) throw wrongState('errors.announcementNotResettable');
  if (times.endTime <= ctx.now()) throw invalidField('endTime', 'validation.expiresInPast');
  const before = bodyOf(row);
  const body: Stored = { ...before, effectiveMode: 'exact', startTime: times.startTime, endTime: times.endTime, daysAfterRegistration: null };
  const result = await push(ctx, id, body, action.commandId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.update(trx, id, { ...columnsOf(body), sent_at: ctx.now(), updated_by: action.actor.accountName, updated_at: ctx.now() });
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'announcements.reset',
        code: P.ANNOUNCEMENT_EDIT,
        targets: [id],
        params: { id, ...times },
        before: { startTime: before.startTime, endTime: before.endTime, live: result.before.live },
        after: { startTime: times.startTime, endTime: times.endTime, live: result.after.live },
      },
      ctx.now(),
    );
  });
  return { announcement: await viewOf(ctx, id), live: true };
}

/** The job: publish at its time. Its command id is the job's, so a retried run pushes once. */
export async function firePublish(ctx: ServiceContext, job: JobRow): Promise<unknown> {
  const { id } = JSON.parse(job.payload) as { id: string };
  const row = await repo.find(ctx.db, id);
  // Delete and edit cancel the job in their transaction; this guards only a row gone by other means.
  if (!row || row.deleted_at !== null) return { skipped: 'deleted' };
  if (isExpired(row, ctx.now())) return { skipped: 'expired' };
  const result = await push(ctx, id, bodyOf(row), `job:${job.id}`);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.update(trx, id, { sent_at: ctx.now() });
    await audit.record(
      trx,
      SCHEDULER(job),
      { commandId: `job:${job.id}`, action: 'announcements.publish', code: P.ANNOUNCEMENT_EDIT, targets: [id], params: { jobId: job.id, dueAt: new Date(job.due_at).toISOString() }, before: result.before, after: result.after },
      ctx.now(),
    );
  });
  return { pushed: id };
}

// ---------------------------------------------------------------------------------------------
// Import and export.
// ---------------------------------------------------------------------------------------------

const NUMBER_COLUMNS = new Set(['tab', 'sort', 'progress', 'hotType', 'jumpType', 'daysAfterRegistration', 'restrictionLevel']);
const TIME_COLUMNS = new Set(['publishTime', 'startTime', 'endTime']);

const invalidFile = (messageKey: string, values: Record<string, unknown> = {}) =>
  new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: `validation.${messageKey}`, values, details: [{ path: 'file', message: `validation.${messageKey}` }] });

function cellValue(column: string, text: string): unknown {
  if (text === '') return undefined;
  if (NUMBER_COLUMNS.has(column)) return /^-?\d+(\.0+)?$/.test(text) ? Number(text) : text;
  if (TIME_COLUMNS.has(column)) {
    if (/^\d+$/.test(text)) return Number(text);
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? text : parsed;
  }
  if (column === 'showTime') return /^(true|1|yes|是)$/i.test(text) ? true : /^(false|0|no|否)$/i.test(text) ? false : text;
  return text;
}

/** The rows of the first sheet with data: a header row naming the columns (any order), then one announcement a row. */
export function rowsOfSheet(sheet: Sheet): { row: number; values: Record<string, unknown> }[] {
  const [header = [], ...rest] = sheet.rows;
  const columns = header.map((cell) => cell.trim());
  const known = new Set<string>(ANNOUNCEMENT_SHEET_COLUMNS);
  const out: { row: number; values: Record<string, unknown> }[] = [];
  rest.forEach((cells, index) => {
    if (cells.every((c) => c === '')) return;
    const values: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (!known.has(column)) return;
      const value = cellValue(column, cells[i] ?? '');
      if (value !== undefined) values[column] = value;
    });
    out.push({ row: index + 2, values });
  });
  return out;
}

/** A problem of one sheet row, said with its place: "Row 2, title: Please enter the title." */
function rowDetail(row: number, problem: DetailIssue): DetailIssue {
  return { path: `rows.${row}.${problem.path}`, message: 'errors.announcementImportRow', values: { ...problem.values, row, field: problem.path, messageKey: problem.message } };
}

export async function importAnnouncements(ctx: ServiceContext, action: Action, file: { filename: string; bytes: Buffer }): Promise<AnnouncementImportResult> {
  if (!/\.(xlsx|xls)$/i.test(file.filename)) throw invalidFile('excelFormat');
  if (file.bytes.length === 0) throw invalidFile('excelReadFail');
  let sheet: Sheet;
  try {
    sheet = firstSheetWithData(await readWorkbook(file.bytes));
  } catch (error) {
    if (error instanceof SpreadsheetError) throw invalidFile(error.problem);
    throw error;
  }
  const rows = rowsOfSheet(sheet);
  if (rows.length === 0) throw invalidFile('excelNoData');
  if (rows.length > ANNOUNCEMENT_IMPORT_MAX_ROWS) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'errors.announcementImportTooMany', values: { maximum: ANNOUNCEMENT_IMPORT_MAX_ROWS } });
  const inputs: AnnouncementInput[] = [];
  const details: DetailIssue[] = [];
  for (const { row, values } of rows) {
    const parsed = announcementBody.safeParse(values);
    if (parsed.success) {
      try {
        await requireUploads(ctx, parsed.data);
        inputs.push(parsed.data);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        for (const d of error.details ?? []) details.push(rowDetail(row, d));
      }
    }
    else for (const d of zodDetails(parsed.error)) details.push(rowDetail(row, d));
  }
  if (details.length > 0) {
    const first = details[0] as DetailIssue;
    throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: first.message, values: first.values, details: details.slice(0, 50) });
  }
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const created: string[] = [];
    for (const input of inputs) created.push((await insertNew(ctx, trx, action.actor, input)).id);
    await audit.record(
      trx,
      action.actor,
      { commandId: action.commandId, action: 'announcements.import', code: P.ANNOUNCEMENT_EDIT, targets: created.slice(0, 100), params: { file: file.filename, bytes: file.bytes.length, rows: rows.length }, after: { created: created.length } },
      ctx.now(),
    );
    return created;
  });
  const fresh = await repo.findMany(ctx.db, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  fresh.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { created: ids.length, results: await views(ctx, fresh) };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The board (of a type, or all) as sheet rows in the import's columns: what an import reads back. */
export async function exportRows(ctx: ServiceContext, actor: AuditActor, type: Announcement['type'] | undefined): Promise<{ columns: readonly string[]; rows: CellValue[][] }> {
  const rows = await repo.list(ctx.db, { type });
  const out = rows.map((row) => {
    const b = bodyOf(row);
    const record: Record<string, CellValue> = { ...b, publishTime: iso(b.publishTime), startTime: iso(b.startTime), endTime: iso(b.endTime) };
    return ANNOUNCEMENT_SHEET_COLUMNS.map((c) => record[c] ?? null);
  });
  await audit.record(ctx.db, actor, { action: 'announcements.export', code: P.ANNOUNCEMENTS, targets: [type ?? 'all'], params: { type: type ?? null }, after: { rows: out.length } }, ctx.now());
  return { columns: ANNOUNCEMENT_SHEET_COLUMNS, rows: out };
}

// ---------------------------------------------------------------------------------------------
// Templates.
// ---------------------------------------------------------------------------------------------

function templateView(row: { id: string; name: string; body: string; created_by: string; created_at: number }): AnnouncementTemplate {
  return { id: row.id, name: row.name, body: JSON.parse(row.body) as AnnouncementTemplate['body'], createdBy: row.created_by, createdAt: row.created_at };
}

export async function listTemplates(ctx: ServiceContext): Promise<AnnouncementTemplate[]> {
  return (await repo.listTemplates(ctx.db)).map(templateView);
}

/** Save as template: the form's fields, or an existing announcement's. */
export async function createTemplate(ctx: ServiceContext, action: Action, input: z.output<typeof announcementTemplateBody>): Promise<AnnouncementTemplate> {
  let body: AnnouncementInput;
  if ('fromId' in input) {
    const row = await repo.find(ctx.db, input.fromId);
    if (!row || row.deleted_at !== null) throw notFound();
    body = bodyOf(row);
  } else {
    await requireUploads(ctx, input.body, 'body.');
    body = prepared(input.body);
  }
  const { sort: _sort, ...fields } = body;
  const row = { id: newId(), name: input.name, body: JSON.stringify(fields), created_by: action.actor.accountName, created_at: ctx.now() };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertTemplate(trx, row);
    await audit.record(trx, action.actor, { commandId: action.commandId, action: 'announcements.templateCreate', code: P.ANNOUNCEMENT_EDIT, targets: [row.id], params: input, after: { name: row.name } }, ctx.now());
  });
  return templateView(row);
}

export async function deleteTemplate(ctx: ServiceContext, action: Action, id: string): Promise<{ ok: true }> {
  const row = await repo.findTemplate(ctx.db, id);
  if (!row) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTemplate(trx, id);
    await audit.record(trx, action.actor, { commandId: action.commandId, action: 'announcements.templateDelete', code: P.ANNOUNCEMENT_EDIT, targets: [id], params: { id }, before: { name: row.name } }, ctx.now());
  });
  return { ok: true };
}

/** Create from template: its fields, with the given ones laid over them, checked as a new announcement. */
export async function createFromTemplate(ctx: ServiceContext, action: Action, id: string, overrides: z.output<typeof announcementFromTemplateBody>): Promise<Announcement> {
  const row = await repo.findTemplate(ctx.db, id);
  if (!row) throw notFound();
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const parsed = announcementBody.safeParse({ ...(JSON.parse(row.body) as object), ...defined });
  if (!parsed.success) throw invalidBody(parsed.error);
  return createAnnouncement(ctx, action, parsed.data);
}

// ---------------------------------------------------------------------------------------------
// Backups.
// ---------------------------------------------------------------------------------------------

function backupView(row: { id: string; note: string; count: number; created_by: string; created_at: number }): AnnouncementBackup {
  return { id: row.id, note: row.note, count: row.count, createdBy: row.created_by, createdAt: row.created_at };
}

export async function createBackup(ctx: ServiceContext, action: Action, note: string): Promise<AnnouncementBackup> {
  const board = await views(ctx, await repo.list(ctx.db, {}));
  const row = { id: newId(), note, count: board.length, snapshot: JSON.stringify(board), created_by: action.actor.accountName, created_at: ctx.now() };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertBackup(trx, row);
    await audit.record(trx, action.actor, { commandId: action.commandId, action: 'announcements.backupCreate', code: P.ANNOUNCEMENT_EDIT, targets: [row.id], params: { note }, after: { count: row.count } }, ctx.now());
  });
  return backupView(row);
}

export async function listBackups(ctx: ServiceContext): Promise<AnnouncementBackup[]> {
  return (await repo.listBackups(ctx.db)).map(backupView);
}

/** The fields an announcement is compared on (not who touched it when). */
const COMPARED = ['sort', 'status', ...ANNOUNCEMENT_SHEET_COLUMNS.filter((c) => c !== 'sort')] as const;

export async function backupDetail(ctx: ServiceContext, id: string): Promise<AnnouncementBackupDetail> {
  const row = await repo.findBackup(ctx.db, id);
  if (!row) throw notFound();
  const snapshot = JSON.parse(row.snapshot) as Announcement[];
  const current = await views(ctx, await repo.list(ctx.db, {}));
  const before = new Map(snapshot.map((a) => [a.id, a]));
  const now = new Map(current.map((a) => [a.id, a]));
  const diff: AnnouncementBackupDetail['diff'] = [];
  for (const a of snapshot) {
    const c = now.get(a.id);
    if (!c) {
      diff.push({ id: a.id, title: a.title, kind: 'removed', fields: [] });
      continue;
    }
    const fields = COMPARED.filter((f) => JSON.stringify((a as Record<string, unknown>)[f]) !== JSON.stringify((c as Record<string, unknown>)[f]));
    diff.push({ id: a.id, title: c.title, kind: fields.length > 0 ? 'changed' : 'same', fields: [...fields] });
  }
  for (const c of current) if (!before.has(c.id)) diff.push({ id: c.id, title: c.title, kind: 'added', fields: [] });
  return { backup: backupView(row), snapshot, current, diff };
}

/**
 * Restore: the board becomes the snapshot. Announcements of the snapshot get its fields and
 * place back (undeleted if deleted since); those added since are deleted. In the game: what was
 * sent in the snapshot (and has not expired) is pushed again, everything else it shows is
 * withdrawn. Each game call has its own command id under the restore's, so a retry acts once.
 */
export async function restoreBackup(ctx: ServiceContext, action: Action, id: string): Promise<AnnouncementRestoreResult> {
  const backup = await repo.findBackup(ctx.db, id);
  if (!backup) throw notFound();
  const snapshot = JSON.parse(backup.snapshot) as Announcement[];
  const snapshotIds = new Set(snapshot.map((a) => a.id));
  const currentRows = await repo.list(ctx.db, {});
  const existing = new Map((await repo.findMany(ctx.db, [...snapshotIds])).map((r) => [r.id, r]));
  const now = ctx.now();
  let step = 0;
  const stepId = () => `${action.commandId}:${(step += 1)}`;

  const removed = currentRows.filter((r) => !snapshotIds.has(r.id));
  for (const r of removed) if (r.sent_at !== null) await withdraw(ctx, r.id, stepId());
  const restored: { id: string; body: Stored; live: boolean }[] = [];
  for (const a of snapshot) {
    const parsed = announcementBody.safeParse(a);
    if (!parsed.success) continue;
    const body: Stored = { ...prepared(parsed.data), sort: a.sort };
    const live = a.status === 'sent' && !(body.effectiveMode === 'exact' && body.endTime !== null && body.endTime <= now);
    if (live) await push(ctx, a.id, body, stepId());
    else if ((existing.get(a.id)?.sent_at ?? null) !== null) await withdraw(ctx, a.id, stepId());
    restored.push({ id: a.id, body, live });
  }

  await ctx.db.transaction().execute(async (trx) => {
    const at = ctx.now();
    for (const r of removed) await repo.update(trx, r.id, { deleted_at: at, sent_at: null, updated_by: action.actor.accountName, updated_at: at });
    await jobs.cancelPendingJobs(trx, PUBLISH_JOB, [...removed.map((r) => r.id), ...restored.map((r) => r.id)], at);
    for (const r of restored) {
      const set = { ...columnsOf(r.body), sent_at: r.live ? at : null, deleted_at: null, updated_by: action.actor.accountName, updated_at: at };
      if (existing.has(r.id)) await repo.update(trx, r.id, set);
      else await repo.insert(trx, { id: r.id, ...set, created_by: action.actor.accountName, created_at: at });
      if (!r.live) await reschedule(ctx, trx, r.id, r.body, action.actor);
    }
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'announcements.backupRestore',
        code: P.ANNOUNCEMENT_EDIT,
        targets: [id],
        params: { id },
        before: { board: currentRows.map((r) => r.id) },
        after: { restored: restored.map((r) => ({ id: r.id, live: r.live })), removed: removed.map((r) => r.id) },
      },
      at,
    );
  });
  return { restored: restored.length, removed: removed.length, results: await views(ctx, await repo.list(ctx.db, {})) };
}
