/**
 * Beta-test recharge rebate (issue 14; docs/decisions.md "Beta-test rebate"). What accounts paid
 * in the beta is read from the game through the gateway (`betaRecharges`); proposals and reviews
 * are the console's own records; an approved rebate goes to the game through the gateway's
 * `grantAccountRebate`, whose command id is the rebate's (`cbtRebate:<id>`), so approving again
 * after a failure or a timeout hands it over once.
 *
 * Four eyes: the reviewer holds the audit code like the proposer and must not be the proposer.
 * The review is claimed in the console first (proposed -> approved, with its audit entry, in one
 * transaction), then the game is told: a rejection racing an approval can never leave a grant in
 * the game for a rebate the console shows as rejected.
 */
import {
  rebateAmount,
  type ApproveRebateResult,
  type ProposeRebatesBody,
  type ProposeRebatesResult,
  type Rebate,
  type RebateAccount,
  type RebateAccountQuery,
  type RebateListQuery,
  type RebateSettings,
  type RebateSettingsResult,
} from '@gm/contract/cbt-rebate.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { CbtRebateRow, CbtRebateSettingsRow } from '../../db/cbt-rebate.table.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import * as repository from './cbt-rebate.repository.ts';

const settingsOf = (row: CbtRebateSettingsRow): RebateSettings => ({
  betaStart: Number(row.beta_start),
  betaEnd: Number(row.beta_end),
  percent: row.percent,
  unitsPerMajor: row.units_per_major,
});

export async function getSettings(ctx: ServiceContext): Promise<RebateSettingsResult> {
  const row = await repository.findSettings(ctx.db);
  return row ? { settings: settingsOf(row), updatedBy: row.updated_by, updatedAt: Number(row.updated_at) } : { settings: null, updatedBy: null, updatedAt: null };
}

async function requireSettings(ctx: ServiceContext): Promise<RebateSettings> {
  const row = await repository.findSettings(ctx.db);
  if (!row) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.rebateNoSettings' });
  return settingsOf(row);
}

/** Later proposals use the new rule; those already made keep the rule they were made under. */
export async function saveSettings(ctx: ServiceContext, actor: AuditActor, settings: RebateSettings): Promise<RebateSettingsResult> {
  const at = ctx.now();
  const before = (await getSettings(ctx)).settings;
  await ctx.db.transaction().execute(async (trx) => {
    await repository.saveSettings(trx, settings, actor.accountName, at);
    await audit.record(trx, actor, { action: 'cbtRebate.settings', code: P.CBT_REBATE_AUDIT, targets: [], params: settings, before, after: settings }, at);
  });
  return { settings, updatedBy: actor.accountName, updatedAt: at };
}

/** The order query: accounts that paid in the beta, with the rebate due and their proposal. */
export async function listAccounts(ctx: ServiceContext, q: RebateAccountQuery): Promise<CappedPage<RebateAccount>> {
  const settings = await requireSettings(ctx);
  const page = await ctx.gateway.betaRecharges({ ...q, start: settings.betaStart, end: settings.betaEnd });
  const open = new Map((await repository.openRebatesOf(ctx.db, page.results.map((r) => r.userId))).map((r) => [r.user_id, r]));
  return {
    ...page,
    results: page.results.map((r) => {
      const proposal = open.get(r.userId);
      return { ...r, rebate: rebateAmount(r.paid, settings), rebateId: proposal?.id ?? null, rebateStatus: proposal ? (proposal.status as Rebate['status']) : null };
    }),
  };
}

/** One proposal per account: accounts with an open or approved one, or nothing due, are skipped and said so. */
export async function propose(ctx: ServiceContext, actor: AuditActor, body: ProposeRebatesBody & { note: string }): Promise<ProposeRebatesResult> {
  const settings = await requireSettings(ctx);
  const userIds = [...new Set(body.userIds)];
  const paid = await ctx.gateway.betaRecharges({ start: settings.betaStart, end: settings.betaEnd, userIds, page: 0, size: userIds.length });
  const paidOf = new Map(paid.results.map((r) => [r.userId, r]));
  const at = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const taken = new Set((await repository.openRebatesOf(trx, userIds)).map((r) => r.user_id));
    const skipped: ProposeRebatesResult['skipped'] = [];
    const rows: CbtRebateRow[] = [];
    for (const userId of userIds) {
      const beta = paidOf.get(userId);
      const amount = beta ? rebateAmount(beta.paid, settings) : 0;
      if (taken.has(userId)) skipped.push({ userId, reason: 'alreadyProposed' });
      else if (!beta || amount <= 0) skipped.push({ userId, reason: 'noBetaRecharge' });
      else {
        rows.push({
          id: newId(),
          user_id: userId,
          account: beta.account,
          paid: beta.paid,
          currency: beta.currency,
          percent: settings.percent,
          units_per_major: settings.unitsPerMajor,
          amount,
          not_before: settings.betaEnd,
          status: 'proposed',
          note: body.note,
          proposed_by: actor.accountName,
          proposed_at: at,
          reviewed_by: null,
          reviewed_at: null,
          reject_reason: null,
        });
      }
    }
    await repository.insertRebates(trx, rows);
    if (rows.length > 0) {
      await audit.record(
        trx,
        actor,
        { action: 'cbtRebate.propose', code: P.CBT_REBATE_AUDIT, targets: rows.map((r) => r.user_id), params: body, before: null, after: rows.map((r) => ({ id: r.id, userId: r.user_id, paid: r.paid, amount: r.amount })) },
        at,
      );
    }
    return { proposed: rows.map((r) => toRebate(r, null)), skipped };
  });
}

async function requireRebate(ctx: ServiceContext, id: string): Promise<CbtRebateRow> {
  const row = await repository.findRebate(ctx.db, id);
  if (!row) throw new DomainError(ErrorCode.NOT_FOUND);
  return row;
}

function requireOtherReviewer(row: CbtRebateRow, actor: AuditActor): void {
  if (row.proposed_by === actor.accountName) throw new DomainError(ErrorCode.NO_PERMISSION, { messageKey: 'errors.rebateSelfReview' });
}

/**
 * Approves a proposed rebate and hands it to the game; on an approved one (the game was not
 * reached, or the answer was lost) it hands it over again, which the game applies once.
 */
export async function approve(ctx: ServiceContext, actor: AuditActor, id: string): Promise<ApproveRebateResult> {
  let row = await requireRebate(ctx, id);
  if (row.status === 'rejected') throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.rebateReviewed' });
  if (row.status === 'proposed') {
    requireOtherReviewer(row, actor);
    const at = ctx.now();
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repository.review(trx, id, { status: 'approved', reviewed_by: actor.accountName, reviewed_at: at, reject_reason: null }))) return false;
      await audit.record(trx, actor, { action: 'cbtRebate.approve', code: P.CBT_REBATE_AUDIT, targets: [id, row.user_id], params: { id }, before: { status: 'proposed' }, after: { status: 'approved', amount: Number(row.amount) } }, at);
      return true;
    });
    row = await requireRebate(ctx, id);
    if (!claimed && row.status !== 'approved') throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.rebateReviewed' });
  } else {
    requireOtherReviewer(row, actor);
  }
  const commandId = `cbtRebate:${id}`;
  const result = await ctx.gateway.grantAccountRebate({
    commandId,
    grantId: id,
    userId: row.user_id,
    notBefore: Number(row.not_before),
    grants: [{ kind: 'currency', currency: 'recharge', quantity: Number(row.amount) }],
  });
  // The game's side of the approval, logged once per command however often it is repeated.
  await audit.record(
    ctx.db,
    actor,
    { commandId, action: 'cbtRebate.approve', code: P.CBT_REBATE_AUDIT, targets: [id, row.user_id], params: { id, commandId }, before: null, after: { deliveredTo: result.deliveredTo, granted: result.granted } },
    ctx.now(),
  );
  return { rebate: toRebate(row, { deliveredTo: result.deliveredTo, deliveredAt: result.deliveredTo === null ? null : result.appliedAt }), granted: result.granted };
}

export async function reject(ctx: ServiceContext, actor: AuditActor, id: string, reason: string): Promise<Rebate> {
  const row = await requireRebate(ctx, id);
  if (row.status !== 'proposed') throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.rebateReviewed' });
  requireOtherReviewer(row, actor);
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repository.review(trx, id, { status: 'rejected', reviewed_by: actor.accountName, reviewed_at: at, reject_reason: reason }))) {
      throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.rebateReviewed' });
    }
    await audit.record(trx, actor, { action: 'cbtRebate.reject', code: P.CBT_REBATE_AUDIT, targets: [id, row.user_id], params: { id, reason }, before: { status: 'proposed' }, after: { status: 'rejected' } }, at);
  });
  return toRebate({ ...row, status: 'rejected', reviewed_by: actor.accountName, reviewed_at: at, reject_reason: reason }, null);
}

/** The refund audit list; approved rebates carry the game's word on where they went. */
export async function listRebates(ctx: ServiceContext, q: RebateListQuery): Promise<{ results: Rebate[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.pageRebates(ctx.db, q);
  const approved = rows.filter((r) => r.status === 'approved').map((r) => r.id);
  const grants = approved.length > 0 ? (await ctx.gateway.accountGrants({ grantIds: approved })).grants : [];
  const byId = new Map(grants.map((g) => [g.grantId, g]));
  return { results: rows.map((r) => toRebate(r, byId.get(r.id) ?? null)), total, page: q.page, size: q.size };
}

function toRebate(r: CbtRebateRow, delivery: { deliveredTo: string | null; deliveredAt: number | null } | null): Rebate {
  return {
    id: r.id,
    userId: r.user_id,
    account: r.account,
    paid: Number(r.paid),
    currency: r.currency,
    percent: r.percent,
    unitsPerMajor: r.units_per_major,
    amount: Number(r.amount),
    status: r.status as Rebate['status'],
    note: r.note,
    proposedBy: r.proposed_by,
    proposedAt: Number(r.proposed_at),
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    rejectReason: r.reject_reason,
    inGame: delivery !== null,
    deliveredTo: delivery?.deliveredTo ?? null,
    deliveredAt: delivery?.deliveredAt ?? null,
  };
}
