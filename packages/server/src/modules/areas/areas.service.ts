import type {
  Area,
  AreaBatchResult,
  AreaCreateBody,
  AreaGroups,
  AreaMergeResult,
  AreaQuery,
  AreaStatusAction,
  AreaUpdateBody,
} from '@gm/contract/areas.contract.ts';
import { areaCreateBody } from '@gm/contract/areas.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Region, RegionHeat, RegionLoginStatus } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, notFound, wrongState } from '../../platform/errors/domain-error.ts';
import * as jobs from '../../platform/jobs/jobs.service.ts';
import type { JobRow } from '../../platform/jobs/jobs.table.ts';

/**
 * Server regions. The game owns them: every change is a gateway command, and the list is the
 * game's own server list. The console adds what it owns itself: the scheduled auto-close job.
 * Each change calls the game first (outside any transaction), then records the audit entry and
 * any job change in one transaction.
 */
export const AUTO_CLOSE_JOB = 'area.autoClose';

/** Who acts, and the command id of this action (from the request's idempotency key). */
export interface Action {
  actor: AuditActor;
  commandId: string;
}

type AutoCloseJob = Area['autoCloseJob'];

function jobView(job: JobRow | undefined): AutoCloseJob {
  return job ? { id: job.id, at: job.due_at, createdBy: job.created_by } : null;
}

async function autoCloseJobs(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, JobRow>> {
  const rows = await jobs.pendingJobs(ctx.db, AUTO_CLOSE_JOB, ids);
  return new Map(rows.map((r) => [r.subject, r]));
}

/**
 * A region with its pending auto-close job. Written out key by key rather than `{ ...region,
 * autoCloseJob }`: V8 copies a spread of a 13-key object and then adds a key through its slow
 * path (about 1.5 µs per region, against a few nanoseconds; docs/performance.md, "Session 11").
 * Typed as `Area`, so a key the contract adds to a region fails to compile until it is listed.
 */
export function areaOf(r: Region, job: JobRow | undefined): Area {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    loginStatus: r.loginStatus,
    heat: r.heat,
    uiSort: r.uiSort,
    group: r.group,
    onlineNumber: r.onlineNumber,
    queueSize: r.queueSize,
    queueSequence: r.queueSequence,
    autoCloseAt: r.autoCloseAt,
    mergedInto: r.mergedInto,
    underMaintenance: r.underMaintenance,
    autoCloseJob: jobView(job),
  };
}

async function withJobs(ctx: ServiceContext, regions: readonly Region[]): Promise<Area[]> {
  const byArea = await autoCloseJobs(ctx, regions.map((r) => r.id));
  return regions.map((r) => areaOf(r, byArea.get(r.id)));
}

function matches(region: Region, query: AreaQuery): boolean {
  if (query.merged === 'only' ? region.mergedInto === null : query.merged !== 'include' && region.mergedInto !== null) return false;
  if (query.keyword) {
    const k = query.keyword.toLowerCase();
    if (!region.id.toLowerCase().includes(k) && !region.name.toLowerCase().includes(k)) return false;
  }
  if (query.status?.length && !query.status.includes(region.status)) return false;
  if (query.loginStatus?.length && !query.loginStatus.includes(region.loginStatus)) return false;
  if (query.heat?.length && !query.heat.includes(region.heat)) return false;
  if (query.group && region.group !== query.group) return false;
  return true;
}

/**
 * Larger ui sort first, then by id as the game's database orders text (code unit by code unit):
 * the order the embedded game already lists in, kept for a remote game whatever its order.
 */
const byUiSortThenId = (a: Region, b: Region) => b.uiSort - a.uiSort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The game's server list, filtered, larger ui sort first. */
export async function listAreas(ctx: ServiceContext, query: AreaQuery): Promise<Page<Area>> {
  const regions = (await ctx.gateway.listRegions()).filter((r) => matches(r, query));
  regions.sort(byUiSortThenId);
  const slice = regions.slice(query.page * query.size, (query.page + 1) * query.size);
  return { results: await withJobs(ctx, slice), total: regions.length, page: query.page, size: query.size };
}

export async function listGroups(ctx: ServiceContext): Promise<AreaGroups> {
  const counts = new Map<string, number>();
  for (const r of await ctx.gateway.listRegions()) if (r.group) counts.set(r.group, (counts.get(r.group) ?? 0) + 1);
  return [...counts].map(([group, regions]) => ({ group, regions })).sort((a, b) => a.group.localeCompare(b.group));
}

async function regionsById(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, Region>> {
  const wanted = new Set(ids);
  return new Map((await ctx.gateway.listRegions()).filter((r) => wanted.has(r.id)).map((r) => [r.id, r]));
}

export async function getArea(ctx: ServiceContext, id: string): Promise<Area> {
  const region = (await regionsById(ctx, [id])).get(id);
  if (!region) throw notFound();
  const [area] = await withJobs(ctx, [region]);
  return area as Area;
}

async function areasOf(ctx: ServiceContext, ids: readonly string[]): Promise<Area[]> {
  const byId = await regionsById(ctx, ids);
  return withJobs(ctx, ids.map((id) => byId.get(id)).filter((r): r is Region => r !== undefined));
}

export async function createArea(ctx: ServiceContext, action: Action, body: AreaCreateBody): Promise<Area> {
  const region = areaCreateBody.parse(body);
  const result = await ctx.gateway.createRegion({ commandId: action.commandId, region });
  await ctx.db.transaction().execute((trx) =>
    audit.record(trx, action.actor, { commandId: action.commandId, action: 'areas.create', code: P.AREA_EDIT, targets: [region.id], params: body, before: null, after: result.region }, ctx.now()),
  );
  return { ...result.region, autoCloseJob: null };
}

/** Rename, group, ui sort. */
export async function updateArea(ctx: ServiceContext, action: Action, id: string, body: AreaUpdateBody): Promise<Area> {
  const result = await ctx.gateway.updateRegion({ commandId: action.commandId, areaId: id, changes: body });
  await ctx.db.transaction().execute((trx) =>
    audit.record(trx, action.actor, { commandId: action.commandId, action: 'areas.update', code: P.AREA_EDIT, targets: [id], params: body, before: result.before, after: result.after }, ctx.now()),
  );
  return getArea(ctx, id);
}

const STATUS_AUDIT = { open: 'areas.open', close: 'areas.close', hide: 'areas.hide' } as const;

/**
 * Open, close (maintenance: everyone in it is signed out) or hide. Closing also cancels the
 * console's pending auto-close of those regions: there is nothing left for it to do.
 */
export async function setStatus(ctx: ServiceContext, action: Action, ids: readonly string[], status: AreaStatusAction): Promise<AreaBatchResult> {
  const result = await ctx.gateway.setRegionStatus({ commandId: action.commandId, areaIds: [...ids], status });
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = status === 'close' ? await jobs.cancelPendingJobs(trx, AUTO_CLOSE_JOB, ids, ctx.now()) : [];
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: STATUS_AUDIT[status],
        code: P.AREA_STATUS,
        targets: ids,
        params: { ids, status },
        before: result.regions.map((r) => ({ areaId: r.areaId, ...r.before })),
        after: {
          regions: result.regions.map((r) => ({ areaId: r.areaId, ...r.after })),
          kicked: result.kicked,
          ...(cancelled.length > 0 ? { cancelledAutoClose: cancelled.map((j) => ({ areaId: j.subject, at: j.due_at })) } : {}),
        },
      },
      ctx.now(),
    );
  });
  return { regions: await areasOf(ctx, ids), kicked: result.kicked };
}

export async function setLoginStatus(ctx: ServiceContext, action: Action, ids: readonly string[], loginStatus: RegionLoginStatus): Promise<AreaBatchResult> {
  const result = await ctx.gateway.setRegionLoginStatus({ commandId: action.commandId, areaIds: [...ids], loginStatus });
  await ctx.db.transaction().execute((trx) =>
    audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'areas.loginStatus',
        code: P.AREA_LOGIN_CONTROL,
        targets: ids,
        params: { ids, loginStatus },
        before: result.regions.map((r) => ({ areaId: r.areaId, ...r.before })),
        after: result.regions.map((r) => ({ areaId: r.areaId, ...r.after })),
      },
      ctx.now(),
    ),
  );
  return { regions: await areasOf(ctx, ids) };
}

export async function setHeat(ctx: ServiceContext, action: Action, ids: readonly string[], heat: RegionHeat): Promise<AreaBatchResult> {
  const result = await ctx.gateway.setRegionHeat({ commandId: action.commandId, areaIds: [...ids], heat });
  await ctx.db.transaction().execute((trx) =>
    audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'areas.heat',
        code: P.AREA_EDIT,
        targets: ids,
        params: { ids, heat },
        before: result.regions.map((r) => ({ areaId: r.areaId, ...r.before })),
        after: result.regions.map((r) => ({ areaId: r.areaId, ...r.after })),
      },
      ctx.now(),
    ),
  );
  return { regions: await areasOf(ctx, ids) };
}

/** Only while `id` is under maintenance; the game says so otherwise (spec wording). */
export async function merge(ctx: ServiceContext, action: Action, id: string, intoId: string): Promise<AreaMergeResult> {
  if (id === intoId) throw invalidField('intoId', 'validation.sameArea');
  const result = await ctx.gateway.mergeRegions({ commandId: action.commandId, fromId: id, intoId });
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await jobs.cancelPendingJobs(trx, AUTO_CLOSE_JOB, [id], ctx.now());
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'areas.merge',
        code: P.AREA_MERGE,
        targets: [id, intoId],
        params: { id, intoId },
        before: result.before,
        after: { ...result.after, movedPlayers: result.movedPlayers, ...(cancelled.length > 0 ? { cancelledAutoClose: true } : {}) },
      },
      ctx.now(),
    );
  });
  const [from, into] = await Promise.all([getArea(ctx, id), getArea(ctx, intoId)]);
  return { from, into, movedPlayers: result.movedPlayers };
}

/**
 * Auto-close at a future time: the game shows the time to its players, and the console keeps
 * the job that closes the region then. Setting it again replaces the pending job.
 */
export async function setAutoClose(ctx: ServiceContext, action: Action, id: string, at: number): Promise<Area> {
  if (!Number.isFinite(at)) throw invalidField('at', 'validation.autoCloseRequired');
  if (at <= ctx.now()) throw invalidField('at', 'validation.autoCloseFuture');
  const region = (await regionsById(ctx, [id])).get(id);
  if (!region) throw notFound();
  if (region.mergedInto) throw wrongState('errors.areaMerged', { intoId: region.mergedInto });
  if (region.status === 'close') throw wrongState('errors.areaClosed');

  const result = await ctx.gateway.updateRegion({ commandId: action.commandId, areaId: id, changes: { autoCloseAt: at } });
  await ctx.db.transaction().execute(async (trx) => {
    const replaced = await jobs.cancelPendingJobs(trx, AUTO_CLOSE_JOB, [id], ctx.now());
    const jobId = await jobs.scheduleJob(trx, { kind: AUTO_CLOSE_JOB, subject: id, payload: { areaId: id }, dueAt: at, createdBy: action.actor.accountName }, ctx.now());
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'areas.autoCloseSet',
        code: P.AREA_AUTO_CLOSE,
        targets: [id],
        params: { id, at: new Date(at).toISOString() },
        before: { autoCloseAt: result.before.autoCloseAt, job: replaced[0] ? { id: replaced[0].id, at: replaced[0].due_at } : null },
        after: { autoCloseAt: result.after.autoCloseAt, job: { id: jobId, at } },
      },
      ctx.now(),
    );
  });
  return getArea(ctx, id);
}

/** Cancels the pending auto-close; a job that already fired cannot be cancelled. */
export async function cancelAutoClose(ctx: ServiceContext, action: Action, id: string): Promise<Area> {
  const [pending] = await jobs.pendingJobs(ctx.db, AUTO_CLOSE_JOB, [id]);
  if (!pending) throw new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.noAutoClose' });
  // The job first: once it is cancelled it can never fire, whatever the game answers next.
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const rows = await jobs.cancelPendingJobs(trx, AUTO_CLOSE_JOB, [id], ctx.now());
    if (rows.length === 0) return [];
    await audit.record(
      trx,
      action.actor,
      {
        commandId: action.commandId,
        action: 'areas.autoCloseCancel',
        code: P.AREA_AUTO_CLOSE,
        targets: [id],
        params: { id },
        before: { job: { id: pending.id, at: pending.due_at } },
        after: { job: null },
      },
      ctx.now(),
    );
    return rows;
  });
  if (cancelled.length === 0) throw new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.noAutoClose' });
  const region = (await regionsById(ctx, [id])).get(id);
  if (region?.autoCloseAt !== null && region?.autoCloseAt !== undefined) {
    await ctx.gateway.updateRegion({ commandId: `cancel-job:${pending.id}`, areaId: id, changes: { autoCloseAt: null } });
  }
  return getArea(ctx, id);
}

/** The job: close the region at its time. Its command id is the job's, so a retry acts once. */
export async function fireAutoClose(ctx: ServiceContext, job: JobRow): Promise<unknown> {
  const { areaId } = JSON.parse(job.payload) as { areaId: string };
  const result = await ctx.gateway.setRegionStatus({ commandId: `job:${job.id}`, areaIds: [areaId], status: 'close' });
  await ctx.db.transaction().execute((trx) =>
    audit.record(
      trx,
      { operatorId: null, accountName: `scheduler (${job.created_by})`, ip: '' },
      {
        action: 'areas.autoCloseFire',
        code: P.AREA_AUTO_CLOSE,
        targets: [areaId],
        params: { jobId: job.id, dueAt: new Date(job.due_at).toISOString() },
        before: result.regions.map((r) => ({ areaId: r.areaId, ...r.before })),
        after: { regions: result.regions.map((r) => ({ areaId: r.areaId, ...r.after })), kicked: result.kicked },
      },
      ctx.now(),
    ),
  );
  return { kicked: result.kicked };
}
