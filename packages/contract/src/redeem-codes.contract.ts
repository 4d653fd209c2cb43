/**
 * Redeem code config (spec section 2 "/exchange/index"; issue 13): batches of codes with their
 * rewards (items of the game's catalogue, the mail item shape), per-player and total limits, a
 * validity window and regions. A batch is either one shared code many players type, or up to
 * 1,000,000 unique codes each redeemed once. Unique codes are not stored: each is derived from the
 * batch's secret and its index (docs/decisions.md "Redeem codes"), so the game checks a code with
 * the batch it was told about (`publishRedeemBatch`) and the console lists and exports them by
 * computing them. Claims are the game's: they feed `/exchange/list` (`listRedeemClaims`).
 */
import { z } from 'zod';
import { nameOrId, pageQuery, pageOf } from './common.contract.ts';
import { ID_MAX_LENGTH } from './constants.ts';
import { REDEEM_KINDS, REDEEM_STATUSES, type RedeemKind, type RedeemStatus } from './game-commands.contract.ts';
import { mailItem, mailItemView } from './mails.contract.ts';

export { REDEEM_KINDS, REDEEM_STATUSES, type RedeemKind, type RedeemStatus };

/** Characters of a code: no 0/O or 1/I to misread (24 letters and 8 digits: 5 bits a character). */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The most unique codes one batch holds (the issue: 1,000,000 in under 30 s). */
export const REDEEM_MAX_CODES = 1_000_000;
/** A unique code after its prefix: 4 characters of its (scrambled) index and the rest check characters. */
export const REDEEM_CODE_LENGTH_MIN = 10;
export const REDEEM_CODE_LENGTH_MAX = 20;
export const REDEEM_CODE_LENGTH_DEFAULT = 12;
export const REDEEM_PREFIX_MAX = 8;
export const REDEEM_SHARED_CODE_MIN = 4;
export const REDEEM_SHARED_CODE_MAX = 32;
export const REDEEM_NAME_MAX = 64;
export const REDEEM_REWARDS_MAX = 20;
export const REDEEM_PER_PLAYER_MAX = 1_000;
export const REDEEM_MAX_AREAS = 1_000;

const CODE_CHARS = /^[A-Z0-9]*$/;
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const areaId = nameOrId(z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));
const epochMs = z.number({ error: 'validation.redeemValidityRequired' }).int({ error: 'validation.redeemValidityRequired' }).nonnegative({ error: 'validation.redeemValidityRequired' });

/** What may change after a batch is made: everything but its kind and its codes. */
const editableFields = {
  name: nameOrId(
    z.string({ error: 'validation.redeemNameRequired' }).trim().min(1, { error: 'validation.redeemNameRequired' }).max(REDEEM_NAME_MAX, { error: 'validation.redeemNameMax' }),
  ),
  /** What each redemption gives: items of the game's catalogue (`GET /items`). */
  rewards: z
    .array(mailItem, { error: 'validation.redeemRewardsRequired' })
    .min(1, { error: 'validation.redeemRewardsRequired' })
    .max(REDEEM_REWARDS_MAX, { error: 'validation.batchTooLarge' }),
  /** How many times one player may redeem codes of the batch. */
  perPlayerLimit: z
    .number({ error: 'validation.redeemPerPlayerLimit' })
    .int({ error: 'validation.redeemPerPlayerLimit' })
    .min(1, { error: 'validation.redeemPerPlayerLimit' })
    .max(REDEEM_PER_PLAYER_MAX, { error: 'validation.redeemPerPlayerLimit' }),
  /** Redemptions of the whole batch; 0 is unlimited (a unique batch: at most one per code anyway). */
  totalLimit: z
    .number({ error: 'validation.redeemTotalLimit' })
    .int({ error: 'validation.redeemTotalLimit' })
    .min(0, { error: 'validation.redeemTotalLimit' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.redeemTotalLimit' }),
  validFrom: epochMs,
  validTo: epochMs,
  /** Empty: every region. */
  areaIds: z.array(areaId).max(REDEEM_MAX_AREAS, { error: 'validation.batchTooLarge' }).default([]),
};

type Refinable = { rewards: { itemType: string; itemId: string }[]; validFrom: number; validTo: number };

function refineCommon(b: Refinable, ctx: z.RefinementCtx): void {
  if (b.validTo <= b.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.timeRange' });
  const seen = new Set<string>();
  b.rewards.forEach((item, i) => {
    const key = `${item.itemType}:${item.itemId}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rewards', i, 'itemId'], message: 'validation.redeemRewardRepeated' });
    seen.add(key);
  });
}

/** POST /redeem-batches. */
export const redeemBatchBody = z
  .object({
    ...editableFields,
    kind: z.enum(REDEEM_KINDS, { error: 'validation.redeemKindRequired' }),
    /** Shared batches: the one code (letters and digits, kept upper case). */
    sharedCode: z.preprocess(upper, z.string().max(REDEEM_SHARED_CODE_MAX, { error: 'validation.redeemSharedCode' })).optional(),
    /** Unique batches: how many codes. */
    codeCount: z
      .number({ error: 'validation.redeemCodeCount' })
      .int({ error: 'validation.redeemCodeCount' })
      .min(1, { error: 'validation.redeemCodeCount' })
      .max(REDEEM_MAX_CODES, { error: 'validation.redeemCodeCount' })
      .optional(),
    /** Unique batches: the letters every code starts with (may be empty). */
    codePrefix: z.preprocess(upper, z.string().max(REDEEM_PREFIX_MAX, { error: 'validation.redeemPrefix' })).default(''),
    /** Unique batches: characters after the prefix. */
    codeLength: z
      .number({ error: 'validation.redeemCodeLength' })
      .int({ error: 'validation.redeemCodeLength' })
      .min(REDEEM_CODE_LENGTH_MIN, { error: 'validation.redeemCodeLength' })
      .max(REDEEM_CODE_LENGTH_MAX, { error: 'validation.redeemCodeLength' })
      .default(REDEEM_CODE_LENGTH_DEFAULT),
  })
  .superRefine((b, ctx) => {
    refineCommon(b, ctx);
    if (b.kind === 'shared') {
      const code = b.sharedCode ?? '';
      if (code.length < REDEEM_SHARED_CODE_MIN || !CODE_CHARS.test(code)) ctx.addIssue({ code: 'custom', path: ['sharedCode'], message: 'validation.redeemSharedCode' });
    } else {
      if (b.codeCount === undefined) ctx.addIssue({ code: 'custom', path: ['codeCount'], message: 'validation.redeemCodeCount' });
      if (!CODE_CHARS.test(b.codePrefix) || [...b.codePrefix].some((c) => !REDEEM_CODE_ALPHABET.includes(c))) {
        ctx.addIssue({ code: 'custom', path: ['codePrefix'], message: 'validation.redeemPrefix' });
      }
      if (b.codeCount !== undefined && b.totalLimit > b.codeCount) ctx.addIssue({ code: 'custom', path: ['totalLimit'], message: 'validation.redeemTotalOverCodes' });
    }
  });
export type RedeemBatchBody = z.output<typeof redeemBatchBody>;
export type RedeemBatchInput = z.input<typeof redeemBatchBody>;

/** PUT /redeem-batches/{id}: the kind and the codes stay as made (they may be out already). */
export const redeemBatchUpdate = z.object(editableFields).superRefine(refineCommon);
export type RedeemBatchUpdate = z.output<typeof redeemBatchUpdate>;

export const redeemBatchQuery = pageQuery.extend({
  name: z.string().trim().max(REDEEM_NAME_MAX).optional(),
  kind: z.enum(REDEEM_KINDS).optional(),
  status: z.enum(REDEEM_STATUSES).optional(),
});
export type RedeemBatchQuery = z.infer<typeof redeemBatchQuery>;

export const redeemBatch = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(REDEEM_KINDS),
  /** Shared batches: the code; null for unique ones. */
  sharedCode: z.string().nullable(),
  codePrefix: z.string(),
  codeLength: z.number(),
  /** 1 for a shared batch. */
  codeCount: z.number(),
  rewards: z.array(mailItemView),
  perPlayerLimit: z.number(),
  totalLimit: z.number(),
  validFrom: z.number(),
  validTo: z.number(),
  areaIds: z.array(z.string()),
  status: z.enum(REDEEM_STATUSES),
  /** Whether the game has this version of the batch; `publishError` says why not. */
  published: z.boolean(),
  publishError: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type RedeemBatch = z.infer<typeof redeemBatch>;
export const redeemBatchPage = pageOf(redeemBatch);

/** The longest text that can be a code: a prefix and the longest unique code, or a shared code. */
export const REDEEM_LOOKUP_MAX = REDEEM_PREFIX_MAX + REDEEM_CODE_LENGTH_MAX + REDEEM_SHARED_CODE_MAX;

export const redeemCodeQuery = pageQuery.extend({
  /** Look one code up: the row when it is a code of this batch, nothing otherwise. */
  code: z.preprocess(upper, z.string().max(REDEEM_LOOKUP_MAX)).optional(),
});
export type RedeemCodeQuery = z.infer<typeof redeemCodeQuery>;
/** One code; `index` is 1-based, as in the export. */
export const redeemCode = z.object({ index: z.number(), code: z.string() });
export type RedeemCode = z.infer<typeof redeemCode>;
export const redeemCodePage = pageOf(redeemCode);

// ---------------------------------------------------------------------------------------------
// What the game is told (the gateway commands `publishRedeemBatch`, `disableRedeemBatch`).
// ---------------------------------------------------------------------------------------------

/** Why the game refuses a player's code (the world's `redeemCode`). */
export const REDEEM_REFUSALS = ['playerNotFound', 'codeInvalid', 'disabled', 'notStarted', 'expired', 'regionNotAllowed', 'codeUsed', 'playerLimit', 'totalLimit'] as const;
export type RedeemRefusal = (typeof REDEEM_REFUSALS)[number];

export { REDEEM_AUDIT_ACTIONS } from './redeem-codes.audit.ts';
