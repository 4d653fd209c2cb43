/**
 * Player management (spec sections 2-5 and 7): user accounts, players (roles), bans, mutes,
 * kicks, identity marks, bags and deductions, maps, player values, reports, the explore-map
 * coordinate editor, redeem-code claims, the Excel import of ids and the debugging screens.
 *
 * The spec's player calls keep their own paths under `/api/gm/admin/` (`report/banned`,
 * `player-baggage-list` ...); their bodies take `{ roleIds, duration?, reason? }` as the house
 * plan says. `duration` is in seconds, `PERMANENT_DURATION` (-1) for a ban without end.
 */
import { z } from 'zod';
import { nameOrId, pageQuery, timeBound } from './common.contract.ts';
import { ID_MAX_LENGTH, MAX_PAGE_SIZE } from './constants.ts';
import {
  BAG_ITEM_TYPES,
  GAME_ACCOUNT_TYPES,
  MAP_KINDS,
  MAX_COMMAND_TARGETS,
  PLAYER_NUMBER_FIELDS,
  PLAYER_TEXT_FIELDS,
  grant,
  grantItemNames,
} from './game-commands.contract.ts';

// ---------------------------------------------------------------------------------------------
// Constants.
// ---------------------------------------------------------------------------------------------

/** A ban or mute without end. */
export const PERMANENT_DURATION = -1;
/** The longest timed ban or mute: ten years. */
export const MAX_SANCTION_SECONDS = 10 * 365 * 86_400;
/** The durations the ban and mute dialogs offer (`GET report/forbid-time`), in seconds. */
export const SANCTION_DURATIONS = [3_600, 6 * 3_600, 86_400, 3 * 86_400, 7 * 86_400, 30 * 86_400, 365 * 86_400, PERMANENT_DURATION] as const;

/**
 * How deep a filtered list pages: lists are read newest first by an index and never by a deep
 * OFFSET past this many rows. Narrow the filters to reach older rows.
 */
export const LIST_DEPTH_LIMIT = 10_000;
/**
 * How far past the requested page a total is counted: a count reads at most this many more
 * matching rows, so a broad filter on a million rows costs what a narrow one does. The pager
 * grows as the operator pages on; `totalCapped` says "more than".
 */
export const COUNT_WINDOW = 1_000;

/** The most rows a list's total counts for this page. */
export function countBound(page: number, size: number): number {
  return Math.min(LIST_DEPTH_LIMIT, (page + 1) * size + COUNT_WINDOW);
}

/** The explore-map editor waits this long after the kick before the edit opens (the game saves the role). */
export const EXPLORE_KICK_DELAY_SECONDS = 5;
/** Coordinates on an explore map. */
export const EXPLORE_BOUNDS = { min: -10_000, max: 10_000, zMin: -1_000, zMax: 1_000 } as const;

export const IDENTITY_MARK_VALUES = [0, 1, 2] as const;
export const REPORT_REASONS = ['cheating', 'abuse', 'spam', 'inappropriateName', 'fraud', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What an imported worksheet lists: role ids (batch player actions) or user ids (account bans). */
export const IMPORT_KINDS = ['roles', 'accounts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The largest worksheet accepted: 5 MB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['xlsx', 'xls'] as const;

export const PLAYER_VALUE_FIELDS = [...PLAYER_NUMBER_FIELDS, ...PLAYER_TEXT_FIELDS] as const;
export type PlayerValueField = (typeof PLAYER_VALUE_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Building blocks.
// ---------------------------------------------------------------------------------------------

export const gameRef = nameOrId(z.string().trim().min(1, { error: 'validation.required' }).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));
const optionalRef = gameRef.optional();
const roleIds = z
  .array(gameRef, { error: 'validation.selectPlayersFirst' })
  .min(1, { error: 'validation.selectPlayersFirst' })
  .max(MAX_COMMAND_TARGETS, { error: 'validation.batchTooLarge' });
const userIds = z
  .array(gameRef, { error: 'validation.selectAccountsFirst' })
  .min(1, { error: 'validation.selectAccountsFirst' })
  .max(MAX_COMMAND_TARGETS, { error: 'validation.batchTooLarge' });
/**
 * A yes/no filter: `true` / `false` in the console's query strings, a JSON boolean when the
 * console sends the same query to a game (game-reads.contract.ts).
 */
const flag = z.union([z.boolean(), z.stringbool()]).optional();

/** Seconds, or -1 for no end, with the message naming what is being imposed. */
const durationOf = (message: 'validation.banDurationRequired' | 'validation.muteDurationRequired') =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((v) => v === PERMANENT_DURATION || (v > 0 && v <= MAX_SANCTION_SECONDS), { error: message });

/** Spec section 5, Ban: "Duration must be chosen" ("Please select the duration of the ban."). */
export const sanctionDuration = durationOf('validation.banDurationRequired');
/** The same rule for a mute, which says "mute" (a muting operator reading "ban" would wonder). */
export const muteDuration = durationOf('validation.muteDurationRequired');

/** Spec section 5, Ban: "A reason is given." */
export const sanctionReason = z
  .string({ error: 'validation.banReasonRequired' })
  .trim()
  .min(1, { error: 'validation.banReasonRequired' })
  .max(255, { error: 'validation.tooLong' });
const liftReason = z.string().trim().max(255).default('');

/** The end of a ban or mute that starts at `now`. */
export function sanctionUntil(now: number, durationSeconds: number, permanentUntil: number): number {
  return durationSeconds === PERMANENT_DURATION ? permanentUntil : now + durationSeconds * 1000;
}

function range(ctx: z.RefinementCtx, from: number | undefined, to: number | undefined, path: string): void {
  if (from !== undefined && to !== undefined && from >= to) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.timeRange' });
}

function depth(ctx: z.RefinementCtx, value: { page: number; size: number }): void {
  if ((value.page + 1) * value.size > LIST_DEPTH_LIMIT) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
  }
}

/** A page of a list whose total is counted up to `LIST_DEPTH_LIMIT`. */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), total: z.number(), page: z.number(), size: z.number(), totalCapped: z.boolean() });
}
export interface CappedPage<T> {
  results: T[];
  total: number;
  page: number;
  size: number;
  totalCapped: boolean;
}

// ---------------------------------------------------------------------------------------------
// Players (roles).
// ---------------------------------------------------------------------------------------------

export const playerListQuery = pageQuery
  .extend({
    roleId: optionalRef,
    /** Prefix of the role name (case-sensitive). */
    roleName: z.string().trim().min(1).max(100).optional(),
    userId: optionalRef,
    thirdId: optionalRef,
    account: optionalRef,
    areaId: optionalRef,
    levelMin: z.coerce.number().int().min(0).max(100_000).optional(),
    levelMax: z.coerce.number().int().min(0).max(100_000).optional(),
    identityMark: z.coerce.number().int().min(0).max(2).optional(),
    online: flag,
    recharge: flag,
    banned: flag,
    muted: flag,
    createdFrom: timeBound,
    createdTo: timeBound,
    lastLoginFrom: timeBound,
    lastLoginTo: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.levelMin !== undefined && q.levelMax !== undefined && q.levelMin > q.levelMax) {
      ctx.addIssue({ code: 'custom', path: ['levelMax'], message: 'validation.levelRange' });
    }
    range(ctx, q.createdFrom, q.createdTo, 'createdTo');
    range(ctx, q.lastLoginFrom, q.lastLoginTo, 'lastLoginTo');
    depth(ctx, q);
  });
export type PlayerListQuery = z.infer<typeof playerListQuery>;

/** Every field of spec section 3 "Player (role)"; the mute and ban marks with their end and reason. */
export const player = z.object({
  roleId: z.string(),
  roleName: z.string(),
  userId: z.string(),
  thirdId: z.string().nullable(),
  account: z.string(),
  areaId: z.string(),
  level: z.number(),
  unionName: z.string().nullable(),
  identityMark: z.number(),
  identityRemark: z.string(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
  recentLoginAt: z.number().nullable(),
  offlineAt: z.number().nullable(),
  isOnline: z.boolean(),
  isRecharge: z.boolean(),
  rechargeCurrency: z.number(),
  nonRechargeCurrency: z.number(),
  muted: z.boolean(),
  muteUntil: z.number().nullable(),
  muteReason: z.string().nullable(),
  banned: z.boolean(),
  banUntil: z.number().nullable(),
  banReason: z.string().nullable(),
  mainStoryProgress: z.number(),
  currentExp: z.number(),
  energy: z.number(),
  unionCoin: z.number(),
  pvpRanks: z.number(),
  pvpScore: z.number(),
  updatedAt: z.number(),
});
export type Player = z.infer<typeof player>;

/** The detail dialog: the player, its region and its account's ban state. */
export const playerDetail = player.extend({
  areaName: z.string().nullable(),
  accountType: z.string().nullable(),
  accountBanned: z.boolean(),
  accountBanUntil: z.number().nullable(),
  bagStacks: z.number(),
  unlockedMaps: z.record(z.enum(MAP_KINDS), z.number()),
});
export type PlayerDetail = z.infer<typeof playerDetail>;

export const roleIdQuery = z.object({ roleId: gameRef });
export const roleIdParams = z.object({ id: gameRef });

/**
 * A role id an operator types and checks (spec section 5 "Order replenish"): letters, digits, `_`
 * and `-`, at most `ID_MAX_LENGTH`. None entered is "Please enter the role id.", anything else
 * that is not such an id "Please enter the correct PlayerId."; a well-formed id the game does not
 * know is the check's answer (`exists: false`), not a refusal. One rule for the replenish body,
 * the check routes and the dialog that checks before calling.
 */
const ROLE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const enteredRoleId = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.enterRoleId' : 'validation.correctPlayerId') })
  .trim()
  .min(1, { error: 'validation.enterRoleId', abort: true })
  .max(ID_MAX_LENGTH, { error: 'validation.correctPlayerId', abort: true })
  .regex(ROLE_ID_PATTERN, { error: 'validation.correctPlayerId' });
/** `GET check-player-id` and `GET orders/check-player-id`. */
export const checkPlayerIdQuery = z.object({ roleId: enteredRoleId });

/** `GET check-player-id`: whether a role exists (order replenish, forms that take a role id). */
export const checkPlayerResult = z.object({
  exists: z.boolean(),
  roleId: z.string(),
  roleName: z.string().nullable(),
  areaId: z.string().nullable(),
  isOnline: z.boolean().nullable(),
});
export type CheckPlayerResult = z.infer<typeof checkPlayerResult>;

export const areaOption = z.object({ id: z.string(), name: z.string(), status: z.string(), mergedInto: z.string().nullable() });
export type AreaOption = z.infer<typeof areaOption>;

// Bag and deduct -------------------------------------------------------------------------------

export const bagItem = z.object({
  sourceId: z.string(),
  itemType: z.enum(BAG_ITEM_TYPES),
  /** How many the role obtained in all. */
  number: z.number(),
  rarity: z.number(),
  /** How many it holds now: what a deduction takes from. */
  currentNumber: z.number(),
  /** The item's name in the game's catalogue, when known. */
  name: z.object({ en: z.string(), zh: z.string() }).nullable(),
  updatedAt: z.number(),
});
export type BagItem = z.infer<typeof bagItem>;
export const bagResult = z.object({ roleId: z.string(), roleName: z.string(), isOnline: z.boolean(), items: z.array(bagItem) });
export type BagResult = z.infer<typeof bagResult>;

/**
 * Spec section 5, Deduct: one item at a time, 0 < quantity <= current. The spec's body is the
 * source id and the quantity (with the player's role id); `expectedCurrent`, optional, is the
 * current number the operator was shown: the web app always sends it, and the game then refuses
 * if it changed since (a stale bag). Without it, the quantity is checked against the bag as it is.
 */
export const deductBody = z.object({
  roleId: gameRef,
  sourceId: gameRef,
  quantity: z
    .number({ error: 'validation.deductQuantity' })
    .int({ error: 'validation.deductQuantity' })
    .positive({ error: 'validation.deductQuantity' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.deductQuantity' }),
  expectedCurrent: z.number().int().nonnegative().optional(),
});
export type DeductBody = z.infer<typeof deductBody>;
export const deductResult = z.object({
  commandId: z.string(),
  appliedAt: z.number(),
  roleId: z.string(),
  sourceId: z.string(),
  quantity: z.number(),
  before: z.number(),
  after: z.number(),
});
export type DeductResult = z.infer<typeof deductResult>;

// Maps -----------------------------------------------------------------------------------------

export const mapPositionValue = z.object({
  x: z.number().min(EXPLORE_BOUNDS.min).max(EXPLORE_BOUNDS.max),
  y: z.number().min(EXPLORE_BOUNDS.min).max(EXPLORE_BOUNDS.max),
  z: z.number().min(EXPLORE_BOUNDS.zMin).max(EXPLORE_BOUNDS.zMax),
});
export type MapPositionValue = z.infer<typeof mapPositionValue>;

export const mapProgress = z.object({
  mapId: z.string(),
  unlocked: z.boolean(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }).nullable(),
  updatedAt: z.number().nullable(),
});
export type MapProgress = z.infer<typeof mapProgress>;

/** `GET player-details`: the role's maps of each tab of the unlock-map dialog, the game's whole catalogue. */
export const playerMaps = z.object({
  roleId: z.string(),
  roleName: z.string(),
  isOnline: z.boolean(),
  offlineAt: z.number().nullable(),
  maps: z.object({ explore: z.array(mapProgress), stage: z.array(mapProgress), quantum: z.array(mapProgress) }),
});
export type PlayerMaps = z.infer<typeof playerMaps>;

export const unlockMapsBody = z.object({
  roleId: gameRef,
  kind: z.enum(MAP_KINDS),
  mapIds: z
    .array(gameRef, { error: 'validation.selectMapsFirst' })
    .min(1, { error: 'validation.selectMapsFirst' })
    .max(1000),
});
export type UnlockMapsBody = z.infer<typeof unlockMapsBody>;
export const unlockMapsResult = z.object({
  commandId: z.string(),
  appliedAt: z.number(),
  roleId: z.string(),
  kind: z.enum(MAP_KINDS),
  unlocked: z.array(z.string()),
  alreadyUnlocked: z.array(z.string()),
});
export type UnlockMapsResult = z.infer<typeof unlockMapsResult>;

// Player values (player-detail-update) ---------------------------------------------------------

const NUMBER_FIELDS: readonly string[] = PLAYER_NUMBER_FIELDS;

/** `GET player-detail-update`: the spec passes the change as query parameters. */
export const playerValueQuery = z
  .object({ roleId: gameRef, field: z.enum(PLAYER_VALUE_FIELDS), value: z.string().max(100, { error: 'validation.tooLong' }) })
  .superRefine((q, ctx) => {
    if (NUMBER_FIELDS.includes(q.field)) {
      if (!/^\d{1,15}$/.test(q.value.trim())) ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.wholeNumber' });
    } else if (q.field === 'roleName' && q.value.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.required' });
    }
  });
export type PlayerValueQuery = z.infer<typeof playerValueQuery>;

export const playerValueResult = z.object({
  commandId: z.string(),
  appliedAt: z.number(),
  roleId: z.string(),
  field: z.enum(PLAYER_VALUE_FIELDS),
  before: z.union([z.number(), z.string()]).nullable(),
  after: z.union([z.number(), z.string()]).nullable(),
});
export type PlayerValueResult = z.infer<typeof playerValueResult>;

// Sanctions, kicks, identity marks ------------------------------------------------------------

/** `POST report/banned`, `report/closure`: ban or mute, with duration and reason. */
export const sanctionBody = z.object({ roleIds, duration: sanctionDuration, reason: sanctionReason });
export type SanctionBody = z.infer<typeof sanctionBody>;
/** `POST report/closure`: the same body, its duration's message naming the mute. */
export const muteBody = sanctionBody.extend({ duration: muteDuration });
/** `POST report/cancel-banned`, `report/cancel-closure`. */
export const liftBody = z.object({ roleIds, reason: liftReason });
export type LiftBody = z.infer<typeof liftBody>;
/** `POST report/kick`. */
export const kickBody = z.object({ roleIds });
export type KickBody = z.infer<typeof kickBody>;
/** `POST report/kick-all`: everyone, or everyone in one area. */
export const kickAllBody = z.object({ areaId: gameRef.nullable().default(null) });
export type KickAllBody = z.infer<typeof kickAllBody>;

/** What a sanction, kick or mark did: how many roles, how many were signed out. */
export const batchResult = z.object({ commandId: z.string(), appliedAt: z.number(), count: z.number(), kicked: z.number() });
export type BatchResult = z.infer<typeof batchResult>;
/**
 * What an unban or unmute did: `count` sanctions lifted, `unchanged` targets that had none in
 * force (never sanctioned, or theirs had run out), so the operator is told what really changed.
 */
export const liftResult = batchResult.extend({ unchanged: z.number() });
export type LiftResult = z.infer<typeof liftResult>;

/** `GET report/forbid-time`: the durations to choose from. */
export const forbidTimeResult = z.object({ durations: z.array(z.number()), permanent: z.number() });
export type ForbidTimeResult = z.infer<typeof forbidTimeResult>;

/** `POST mark`: 0 common, 1 insider, 2 external, with the remark that says why. */
export const markBody = z.object({
  roleIds,
  identityMark: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.identityMarkRequired' }),
  remark: z
    .string({ error: 'validation.remarkRequired' })
    .trim()
    .min(1, { error: 'validation.remarkRequired' })
    .max(255, { error: 'validation.tooLong' }),
});
export type MarkBody = z.infer<typeof markBody>;

/** `GET player-forbid-list`: roles whose ban (or mute) is in force now. */
export const playerForbidQuery = pageQuery
  .extend({ kind: z.enum(['ban', 'mute']).default('ban'), roleId: optionalRef, areaId: optionalRef })
  .superRefine((q, ctx) => depth(ctx, q));
export type PlayerForbidQuery = z.infer<typeof playerForbidQuery>;

// Player add -----------------------------------------------------------------------------------

/** `/player/add`: a new role for QA (usually an insider) on a chosen region. */
export const createPlayerBody = z.object({
  areaId: z.string({ error: 'validation.regionRequired' }).trim().min(1, { error: 'validation.regionRequired' }).pipe(gameRef),
  roleName: z
    .string({ error: 'validation.roleNameRequired' })
    .trim()
    .min(1, { error: 'validation.roleNameRequired' })
    .max(100, { error: 'validation.tooLong' }),
  account: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  level: z.number().int().min(1).max(100_000).default(1),
  identityMark: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  remark: z.string().trim().min(1, { error: 'validation.remarkRequired' }).max(255, { error: 'validation.tooLong' }),
});
export type CreatePlayerBody = z.infer<typeof createPlayerBody>;
export const createPlayerResult = z.object({
  commandId: z.string(),
  appliedAt: z.number(),
  roleId: z.string(),
  userId: z.string(),
  account: z.string(),
  areaId: z.string(),
  roleName: z.string(),
});
export type CreatePlayerResult = z.infer<typeof createPlayerResult>;

// ---------------------------------------------------------------------------------------------
// User accounts.
// ---------------------------------------------------------------------------------------------

export const accountListQuery = pageQuery
  .extend({
    userId: optionalRef,
    account: optionalRef,
    /** Prefix of the nickname. */
    name: z.string().trim().min(1).max(100).optional(),
    type: z.enum(GAME_ACCOUNT_TYPES).optional(),
    thirdId: optionalRef,
    banned: flag,
    createdFrom: timeBound,
    createdTo: timeBound,
    lastLoginFrom: timeBound,
    lastLoginTo: timeBound,
  })
  .superRefine((q, ctx) => {
    range(ctx, q.createdFrom, q.createdTo, 'createdTo');
    range(ctx, q.lastLoginFrom, q.lastLoginTo, 'lastLoginTo');
    depth(ctx, q);
  });
export type AccountListQuery = z.infer<typeof accountListQuery>;

/**
 * Every field of spec section 3 "User account". The inheritance password is never sent, only
 * whether one is set. IP and devices are personal data: without 12003 they are null and
 * `personalHidden` is true.
 */
export const gameAccount = z.object({
  userId: z.string(),
  account: z.string(),
  name: z.string(),
  type: z.string(),
  thirdId: z.string().nullable(),
  inheritanceCode: z.string().nullable(),
  hasInheritancePassword: z.boolean(),
  initAccount: z.string(),
  lastLoginAt: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  lastLoginDevice: z.string().nullable(),
  createDeviceNumber: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  banned: z.boolean(),
  banUntil: z.number().nullable(),
  banReason: z.string().nullable(),
  roleCount: z.number(),
  personalHidden: z.boolean(),
});
export type GameAccount = z.infer<typeof gameAccount>;

/** `POST accounts/actions/ban`. */
export const accountSanctionBody = z.object({ ids: userIds, duration: sanctionDuration, reason: sanctionReason });
export type AccountSanctionBody = z.infer<typeof accountSanctionBody>;
export const accountLiftBody = z.object({ ids: userIds, reason: liftReason });
export type AccountLiftBody = z.infer<typeof accountLiftBody>;

export const accountForbidQuery = pageQuery.extend({ userId: optionalRef }).superRefine((q, ctx) => depth(ctx, q));
export type AccountForbidQuery = z.infer<typeof accountForbidQuery>;

// ---------------------------------------------------------------------------------------------
// Reports.
// ---------------------------------------------------------------------------------------------

export const reportListQuery = pageQuery
  .extend({
    roleId: optionalRef,
    areaId: optionalRef,
    reason: z.enum(REPORT_REASONS).optional(),
    from: timeBound,
    to: timeBound,
  })
  .superRefine((q, ctx) => {
    range(ctx, q.from, q.to, 'to');
    depth(ctx, q);
  });
export type ReportListQuery = z.infer<typeof reportListQuery>;

/** Spec section 3 "Player report"; `roleId` is the reported role, the one a mute or ban acts on. */
export const playerReport = z.object({
  reportId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  areaId: z.string(),
  reason: z.enum(REPORT_REASONS),
  reportedAt: z.number(),
  content: z.string(),
  /** How many reports name this role in all. */
  reportCount: z.number(),
  reporterRoleId: z.string(),
  muted: z.boolean(),
  banned: z.boolean(),
});
export type PlayerReport = z.infer<typeof playerReport>;

// ---------------------------------------------------------------------------------------------
// Explore-map coordinate editor.
// ---------------------------------------------------------------------------------------------

export const explorePositions = z.object({
  roleId: z.string(),
  roleName: z.string(),
  areaId: z.string(),
  isOnline: z.boolean(),
  offlineAt: z.number().nullable(),
  maps: z.array(mapProgress),
  bounds: z.object({ min: z.number(), max: z.number() }),
});
export type ExplorePositions = z.infer<typeof explorePositions>;
export const exploreKickBody = z.object({ roleId: gameRef });
export const exploreKickResult = z.object({ commandId: z.string(), appliedAt: z.number(), wasOnline: z.boolean(), delaySeconds: z.number() });
export type ExploreKickResult = z.infer<typeof exploreKickResult>;
export const explorePositionBody = z.object({ roleId: gameRef, mapId: gameRef, position: mapPositionValue });
export type ExplorePositionBody = z.infer<typeof explorePositionBody>;
export const explorePositionResult = z.object({
  commandId: z.string(),
  appliedAt: z.number(),
  roleId: z.string(),
  mapId: z.string(),
  before: mapProgress.shape.position,
  after: mapProgress.shape.position,
});
export type ExplorePositionResult = z.infer<typeof explorePositionResult>;

// ---------------------------------------------------------------------------------------------
// Redeem-code claims.
// ---------------------------------------------------------------------------------------------

export const claimListQuery = pageQuery
  // Players type codes in any case; the game keeps them upper case (redeem-codes.contract.ts).
  .extend({ code: optionalRef.transform((v) => v?.toUpperCase()), batchId: optionalRef, roleId: optionalRef, areaId: optionalRef, from: timeBound, to: timeBound })
  .superRefine((q, ctx) => {
    range(ctx, q.from, q.to, 'to');
    depth(ctx, q);
  });
export type ClaimListQuery = z.infer<typeof claimListQuery>;

export const redeemClaim = z.object({
  claimId: z.string(),
  code: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  userId: z.string(),
  areaId: z.string(),
  rewards: z.array(grant),
  claimedAt: z.number(),
});
export type RedeemClaim = z.infer<typeof redeemClaim>;
/** `/exchange/claims`: a page of claims with the catalogue's names of their rewards' items. */
export const claimPage = cappedPageOf(redeemClaim).extend({ itemNames: grantItemNames });
export type ClaimPage = z.infer<typeof claimPage>;

// ---------------------------------------------------------------------------------------------
// Excel import of ids.
// ---------------------------------------------------------------------------------------------

export const importIdsQuery = z.object({
  kind: z.enum(IMPORT_KINDS),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((name) => /\.(xlsx|xls)$/i.test(name), { error: 'validation.excelFormat' }),
});
export type ImportIdsQuery = z.infer<typeof importIdsQuery>;

export const importIdsResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  sheet: z.string(),
  /** Ids read from the worksheet that the game knows, in file order, without repeats. */
  ids: z.array(z.string()),
  /** Ids the game does not know. */
  unknown: z.array(z.string()),
  duplicates: z.number(),
  rows: z.number(),
});
export type ImportIdsResult = z.infer<typeof importIdsResult>;

// ---------------------------------------------------------------------------------------------
// Internal debugging (/develop).
// ---------------------------------------------------------------------------------------------

/** `/develop/unlock_equip`: set any player value straight (number fields take a whole number). */
export const developValueBody = z.discriminatedUnion('field', [
  z.object({ roleId: gameRef, field: z.enum(PLAYER_NUMBER_FIELDS), value: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
  z.object({ roleId: gameRef, field: z.literal('roleName'), value: z.string().trim().min(1).max(100) }),
  z.object({ roleId: gameRef, field: z.literal('unionName'), value: z.string().trim().max(100) }),
]);
export type DevelopValueBody = z.infer<typeof developValueBody>;

/** `/develop/explore_map`, `/develop/unlock_copy`: unlock every map of a kind up to one (catalogue order). */
export const developUnlockBody = z.object({ roleId: gameRef, kind: z.enum(MAP_KINDS), throughMapId: gameRef });
export type DevelopUnlockBody = z.infer<typeof developUnlockBody>;

/** `/develop/hawk`: which commands the game received; every filter optional. */
const commandJournalFilters = z.object({
  kind: z.string().trim().min(1).max(40).optional(),
  status: z.enum(['applied', 'failed']).optional(),
  /** A role, user, order or region id the command names. */
  target: optionalRef,
  from: timeBound,
  to: timeBound,
});
const journalSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20);

/**
 * The journal is read newest first by keyset, never by OFFSET: `cursor` is the `nextCursor` of
 * the page before (opaque; a changed one is refused).
 */
export const commandJournalQuery = commandJournalFilters
  .extend({ size: journalSize, cursor: z.string().min(1).max(400, { error: 'validation.cursorInvalid' }).optional() })
  .superRefine((q, ctx) => range(ctx, q.from, q.to, 'to'));
export type CommandJournalQuery = z.infer<typeof commandJournalQuery>;

/** Where a page of the journal ends: its last command's time and id (the order is applied_at desc, command_id desc). */
export const journalPosition = z.strictObject({ appliedAt: z.number().int().nonnegative(), commandId: z.string().min(1).max(ID_MAX_LENGTH) });
export type JournalPosition = z.infer<typeof journalPosition>;

/** The journal as the console asks the game for it (game-reads.contract.ts): the filters and the position after which to read. */
export const commandJournalRead = commandJournalFilters
  .extend({ size: journalSize, before: journalPosition.optional() })
  .superRefine((q, ctx) => range(ctx, q.from, q.to, 'to'));

export const commandJournalEntry = z.object({
  commandId: z.string(),
  kind: z.string(),
  status: z.string(),
  appliedAt: z.number(),
  params: z.unknown(),
  result: z.unknown(),
});
export type CommandJournalEntry = z.infer<typeof commandJournalEntry>;
/** A page of the journal: `nextCursor` reads the next (older) page; the total is counted up to LIST_DEPTH_LIMIT. */
export const commandJournalPage = z.object({ results: z.array(commandJournalEntry), nextCursor: z.string().nullable(), total: z.number(), totalCapped: z.boolean(), size: z.number() });
export type CommandJournalPage = z.infer<typeof commandJournalPage>;

/** `/develop/card_publicity`: the observed gacha outcome per pool over a period (the rates a publicity shows). */
export const gachaPublicityQuery = z
  .object({ from: timeBound, to: timeBound, poolId: optionalRef })
  .superRefine((q, ctx) => {
    if (q.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.timeRangeRequired' });
    if (q.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.timeRangeRequired' });
    range(ctx, q.from, q.to, 'to');
  });
export type GachaPublicityQuery = z.infer<typeof gachaPublicityQuery>;
export const gachaPool = z.object({
  poolId: z.string(),
  poolName: z.string(),
  /** Gacha events (one per 1 or 10 draws). */
  pulls: z.number(),
  draws: z.number(),
  /** Pulls by their highest rarity. */
  highestRarity: z.array(z.object({ rarity: z.number(), pulls: z.number(), share: z.number() })),
  averagePity: z.number().nullable(),
});
export const gachaPublicity = z.object({ from: z.number(), to: z.number(), pools: z.array(gachaPool), pulls: z.number(), draws: z.number() });
export type GachaPublicity = z.infer<typeof gachaPublicity>;

export const developState = z.object({ player: playerDetail, maps: playerMaps.shape.maps });
export type DevelopState = z.infer<typeof developState>;

// ---------------------------------------------------------------------------------------------
// Audit actions of player management (spread into AUDIT_ACTIONS).
// ---------------------------------------------------------------------------------------------

export const PLAYER_AUDIT_ACTIONS = {
  'players.ban': { en: 'Ban players', zh: '封禁玩家' },
  'players.unban': { en: 'Unban players', zh: '解封玩家' },
  'players.mute': { en: 'Mute players', zh: '禁言玩家' },
  'players.unmute': { en: 'Unmute players', zh: '解除禁言' },
  'players.kick': { en: 'Force players to log out', zh: '踢玩家下线' },
  'players.kickAll': { en: 'Force all players to log out', zh: '踢所有玩家下线' },
  'players.mark': { en: 'Set identity mark', zh: '设置身份标记' },
  'players.deduct': { en: 'Deduct player assets', zh: '扣除玩家资产' },
  'players.unlockMaps': { en: 'Unlock maps', zh: '解锁地图' },
  'players.setValue': { en: 'Change a player value', zh: '修改玩家数值' },
  'players.create': { en: 'Add a player', zh: '新增玩家' },
  'accounts.ban': { en: 'Ban accounts', zh: '封禁账号' },
  'accounts.unban': { en: 'Unban accounts', zh: '解封账号' },
  'explore.kick': { en: 'Kick before a map edit', zh: '编辑地图前踢下线' },
  'explore.setPosition': { en: 'Edit explore-map coordinates', zh: '编辑探索地图坐标' },
  'develop.setValue': { en: 'Debug: set a player value', zh: '调试：修改玩家数值' },
  'develop.unlockMaps': { en: 'Debug: unlock maps', zh: '调试：解锁地图' },
} as const satisfies Record<string, { en: string; zh: string }>;
