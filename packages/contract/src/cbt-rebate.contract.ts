/**
 * Beta-test recharge rebate (spec section 2 "/cbt-rebate"; issue 14): what the accounts paid
 * during the beta test, and the rebate each is due at launch. A rebate is proposed by one
 * operator, approved or rejected by a second who holds the audit code (21025) and is not the
 * proposer, and only then handed to the game, which grants it to the first role the account
 * creates after the beta (at once when there is one already). Decisions: docs/decisions.md
 * "Beta-test rebate".
 */
import { z } from 'zod';
import { multiLine, pageQuery } from './common.contract.ts';
import { assetChange, gameId } from './game-commands.contract.ts';
import { cappedPageOf, gameRef, LIST_DEPTH_LIMIT } from './players.contract.ts';

/** The most accounts one proposal names. */
export const MAX_REBATE_PROPOSAL = 500;
export const REBATE_PERCENT_MAX = 1_000;
export const REBATE_UNITS_MAX = 100_000;

/**
 * The rule: the beta window, the rebate as a percentage of what was paid, and how much recharge
 * currency one major unit of money buys (10 diamonds per yuan, say). Money is integer minor units.
 */
export const rebateSettings = z
  .object({
    betaStart: z.number({ error: 'validation.invalidDate' }).int().nonnegative(),
    betaEnd: z.number({ error: 'validation.invalidDate' }).int().nonnegative(),
    percent: z
      .number({ error: 'validation.rebatePercent' })
      .int({ error: 'validation.rebatePercent' })
      .min(1, { error: 'validation.rebatePercent' })
      .max(REBATE_PERCENT_MAX, { error: 'validation.rebatePercent' }),
    unitsPerMajor: z
      .number({ error: 'validation.rebateUnits' })
      .int({ error: 'validation.rebateUnits' })
      .min(1, { error: 'validation.rebateUnits' })
      .max(REBATE_UNITS_MAX, { error: 'validation.rebateUnits' }),
  })
  .superRefine((s, ctx) => {
    if (s.betaEnd <= s.betaStart) ctx.addIssue({ code: 'custom', path: ['betaEnd'], message: 'validation.timeRange' });
  });
export type RebateSettings = z.infer<typeof rebateSettings>;

/** The settings as stored: `null` until an operator has set them. */
export const rebateSettingsResult = z.object({
  settings: rebateSettings.nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type RebateSettingsResult = z.infer<typeof rebateSettingsResult>;

/** The recharge currency a rebate of `paid` minor units is worth under the rule (rounded down). */
export function rebateAmount(paid: number, settings: Pick<RebateSettings, 'percent' | 'unitsPerMajor'>): number {
  return Math.floor((paid * settings.unitsPerMajor * settings.percent) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// The gateway's reads and command (game-reads.contract.ts, game-commands.contract.ts).
// ---------------------------------------------------------------------------------------------

/** Completed orders per account in a window (refunded ones do not count), most paid first. */
export const betaRechargeQuery = pageQuery.extend({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  userId: gameRef.optional(),
  account: gameRef.optional(),
  /** Only these accounts (a proposal's). */
  userIds: z.array(gameId).min(1).max(MAX_REBATE_PROPOSAL).optional(),
});
export type BetaRechargeQuery = z.infer<typeof betaRechargeQuery>;

export const betaRecharge = z.object({
  userId: z.string(),
  account: z.string(),
  orders: z.number().int(),
  /** Integer minor units of `currency` (the beta sold in one currency). */
  paid: z.number().int(),
  currency: z.string(),
  firstPaidAt: z.number(),
  lastPaidAt: z.number(),
});
export type BetaRecharge = z.infer<typeof betaRecharge>;
export const betaRechargePage = cappedPageOf(betaRecharge);

/** The game's state of account grants by their ids: delivered to a role, or still waiting for one. */
export const accountGrantsQuery = z.object({ grantIds: z.array(gameId).min(1).max(1000) });
export const accountGrant = z.object({
  grantId: z.string(),
  userId: z.string(),
  deliveredTo: z.string().nullable(),
  deliveredAt: z.number().nullable(),
});
export type AccountGrant = z.infer<typeof accountGrant>;

// ---------------------------------------------------------------------------------------------
// The console's API.
// ---------------------------------------------------------------------------------------------

/** The order query (/cbt-rebate/order-list): accounts that paid in the beta, with their rebate. */
export const rebateAccountQuery = pageQuery
  .extend({ userId: gameRef.optional(), account: gameRef.optional() })
  .superRefine((q, ctx) => {
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
    }
  });
export type RebateAccountQuery = z.infer<typeof rebateAccountQuery>;

export const REBATE_STATUSES = ['proposed', 'approved', 'rejected'] as const;
export type RebateStatus = (typeof REBATE_STATUSES)[number];

export const rebateAccount = betaRecharge.extend({
  /** Recharge currency due under the current rule. */
  rebate: z.number().int(),
  /** The account's open or approved proposal, if any. */
  rebateId: z.string().nullable(),
  rebateStatus: z.enum(REBATE_STATUSES).nullable(),
});
export type RebateAccount = z.infer<typeof rebateAccount>;
export const rebateAccountPage = cappedPageOf(rebateAccount);

const userIds = z
  .array(gameRef, { error: 'validation.selectAccountsFirst' })
  .min(1, { error: 'validation.selectAccountsFirst' })
  .max(MAX_REBATE_PROPOSAL, { error: 'validation.batchTooLarge' });

export const proposeRebatesBody = z.object({
  userIds,
  note: multiLine(z.string().trim().max(255, { error: 'validation.tooLong' })).default(''),
});
export type ProposeRebatesBody = z.input<typeof proposeRebatesBody>;

/** The refund audit (/cbt-rebate/audit). */
export const rebateListQuery = pageQuery.extend({
  status: z.enum(REBATE_STATUSES).optional(),
  userId: gameRef.optional(),
});
export type RebateListQuery = z.infer<typeof rebateListQuery>;

export const rebate = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  /** What the account paid in the beta when proposed, and the rule then. */
  paid: z.number().int(),
  currency: z.string(),
  percent: z.number().int(),
  unitsPerMajor: z.number().int(),
  /** Recharge currency granted. */
  amount: z.number().int(),
  status: z.enum(REBATE_STATUSES),
  note: z.string(),
  proposedBy: z.string(),
  proposedAt: z.number(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.number().nullable(),
  rejectReason: z.string().nullable(),
  /** An approved rebate the game holds or has delivered (false: not handed over yet; approve again to retry). */
  inGame: z.boolean(),
  /** From the game, for an approved rebate: the role it went to, or null while the account has none. */
  deliveredTo: z.string().nullable(),
  deliveredAt: z.number().nullable(),
});
export type Rebate = z.infer<typeof rebate>;
export const rebatePage = z.object({ results: z.array(rebate), total: z.number(), page: z.number(), size: z.number() });

export const proposeRebatesResult = z.object({ proposed: z.array(rebate), skipped: z.array(z.object({ userId: z.string(), reason: z.enum(['alreadyProposed', 'noBetaRecharge']) })) });
export type ProposeRebatesResult = z.infer<typeof proposeRebatesResult>;

export const rejectRebateBody = z.object({
  reason: multiLine(z.string({ error: 'validation.banReasonRequired' }).trim().min(1, { error: 'validation.banReasonRequired' }).max(255, { error: 'validation.tooLong' })),
});

export const approveRebateResult = z.object({ rebate, granted: z.array(assetChange) });
export type ApproveRebateResult = z.infer<typeof approveRebateResult>;

export { REBATE_AUDIT_ACTIONS } from './cbt-rebate.audit.ts';
