/**
 * The commands the console sends to a game through the game gateway (house plan section 1),
 * with what the game answers. Both adapters use these schemas: the embedded world validates
 * with them, and the http adapter and the reference game server put them on the wire
 * (`docs/game-protocol.md`).
 *
 * Every command carries a `commandId`, its idempotency key: the game applies a command id once
 * and answers a repeat with the first outcome, so a retried or timed-out command never acts
 * twice. Results give before and after values so the console can audit what changed.
 *
 * Times are epoch milliseconds (UTC); money is integer minor units.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';
import { multiLine, nameOrId } from './common.contract.ts';
import { gameConfigDocument } from './game-config.contract.ts';

// ---------------------------------------------------------------------------------------------
// The game world's enumerations (spec sections 3, 4 and 9).
// ---------------------------------------------------------------------------------------------

export const BAG_ITEM_TYPES = ['prop', 'weapon', 'chip', 'materials'] as const;
export type BagItemType = (typeof BAG_ITEM_TYPES)[number];

/** The unlock-map dialog's tabs: explore map, stage dungeon, quantum battle. */
export const MAP_KINDS = ['explore', 'stage', 'quantum'] as const;
export type MapKind = (typeof MAP_KINDS)[number];

export const REGION_STATUSES = ['open', 'close', 'hide'] as const;
export type RegionStatus = (typeof REGION_STATUSES)[number];

/** All open, GM only (insiders, identity mark 1), all blocked. */
export const REGION_LOGIN_STATUSES = ['open', 'gm', 'blocked'] as const;
export type RegionLoginStatus = (typeof REGION_LOGIN_STATUSES)[number];

export const REGION_HEATS = ['fluent', 'crowded', 'packed'] as const;
export type RegionHeat = (typeof REGION_HEATS)[number];

export const ORDER_STATUSES = ['completed', 'incomplete', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** 0 common, 1 insider, 2 external. */
export const IDENTITY_MARKS = [0, 1, 2] as const;
export type IdentityMark = (typeof IDENTITY_MARKS)[number];

export const GAME_ACCOUNT_TYPES = ['guest', 'phone', 'email', 'thirdParty'] as const;
export type GameAccountType = (typeof GAME_ACCOUNT_TYPES)[number];

/** The game's leaderboards (rankings.contract.ts): by level, main-story progress and arena score. */
export const RANK_BOARDS = ['level', 'mainStory', 'arena'] as const;
export type RankBoard = (typeof RANK_BOARDS)[number];

export const ANNOUNCEMENT_TYPES = ['inSite', 'login', 'scrolling'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export const MAIL_KINDS = ['private', 'public'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Redeem code batches: one shared code many players type, or unique codes each redeemed once. */
export const REDEEM_KINDS = ['shared', 'unique'] as const;
export type RedeemKind = (typeof REDEEM_KINDS)[number];
export const REDEEM_STATUSES = ['active', 'disabled'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

/** The player's currencies a grant can add to (spec section 3 "Money", plus union coin). */
export const GRANT_CURRENCIES = ['recharge', 'nonRecharge', 'unionCoin'] as const;
export type GrantCurrency = (typeof GRANT_CURRENCIES)[number];

/** A cached payment callback (payment-callbacks.contract.ts): pending until the game confirms it. */
export const CALLBACK_STATUSES = ['pending', 'confirmed'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
/** Why the game could not confirm a payment callback (an attempt's answer). */
export const CALLBACK_FAILURES = ['gameUnavailable', 'orderNotFound', 'amountMismatch', 'orderCancelled'] as const;
export type CallbackFailure = (typeof CALLBACK_FAILURES)[number];

/** A ban or mute without an end: 9999-12-31T23:59:59.999Z. */
export const PERMANENT_UNTIL = 253_402_300_799_999;

/** The most targets one command may name (a batch ban of an imported worksheet). */
export const MAX_COMMAND_TARGETS = 50_000;
/** The most players a public mail may exclude by id. */
export const MAX_MAIL_EXCLUSIONS = 10_000;

// ---------------------------------------------------------------------------------------------
// Building blocks.
// ---------------------------------------------------------------------------------------------

export const gameId = nameOrId(z.string().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));
const gameIds = z.array(gameId).min(1).max(MAX_COMMAND_TARGETS);
const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const quantity = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reasonText = multiLine(z.string().max(255));

/** The idempotency key of every command: made once by the console per operator action. */
export const commandId = gameId;

/**
 * The catalogue's names of the items some grants give, so goods read as names, not source ids
 * (an order's goods, a redeem claim's rewards). Labels only: empty when the catalogue could not
 * be read, and an item it does not name reads as its source id.
 */
export const grantItemNames = z.array(z.object({ itemType: z.enum(BAG_ITEM_TYPES), itemId: z.string(), name: z.object({ en: z.string(), zh: z.string() }) }));
export type GrantItemNames = z.infer<typeof grantItemNames>;

/** What a grant gives: bag items or currency (goods of an order, mail attachments). */
export const grant = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('item'),
    itemType: z.enum(BAG_ITEM_TYPES),
    sourceId: gameId,
    quantity,
    rarity: z.number().int().min(0).max(10),
    /** Mail attachments: why the game grants it (booked with the grant); absent elsewhere. */
    sourceType: z.string().min(1).max(32).optional(),
    /** Mail attachments of weapons: the card it comes as (`normal`, `sp`). */
    cardType: z.string().min(1).max(32).optional(),
  }),
  z.object({ kind: z.literal('currency'), currency: z.enum(GRANT_CURRENCIES), quantity, sourceType: z.string().min(1).max(32).optional() }),
]);
export type Grant = z.infer<typeof grant>;

/** One asset moved by a command. `shortfall` is what could not be taken back (already spent). */
export const assetChange = z.object({
  kind: z.enum(['item', 'currency']),
  /** The item's source id, or the currency's name. */
  id: z.string(),
  quantity: count,
  before: count,
  after: count,
  shortfall: count,
});
export type AssetChange = z.infer<typeof assetChange>;

/** One try of the game to confirm a payment callback: `ok`, or refused with its reason. */
export const callbackAttempt = z.object({
  at: z.number(),
  outcome: z.enum(['ok', 'refused']),
  reason: z.enum(CALLBACK_FAILURES).nullable(),
  /** Who asked: `game` for the game's own try when the callback arrived, else the operator's account name. */
  by: z.string(),
});
export type CallbackAttempt = z.infer<typeof callbackAttempt>;

/** One target's state before and after a command. */
function change<K extends string, S extends z.ZodType>(key: K, state: S) {
  return z.object({ [key]: z.string(), before: state, after: state } as Record<K, z.ZodString> & { before: S; after: S });
}

const banState = z.object({ banUntil: epochMs.nullable(), banReason: z.string().nullable(), isOnline: z.boolean() });
const muteState = z.object({ muteUntil: epochMs.nullable(), muteReason: z.string().nullable() });
const accountBanState = z.object({ banUntil: epochMs.nullable(), banReason: z.string().nullable() });
const onlineState = z.object({ isOnline: z.boolean() });
const identityState = z.object({ identityMark: z.number().int(), identityRemark: z.string() });
const regionStatusState = z.object({ status: z.enum(REGION_STATUSES), underMaintenance: z.boolean(), onlineNumber: count, queueSize: count });
const mapPosition = z.object({ x: z.number(), y: z.number(), z: z.number().default(0) });
export type MapPosition = z.infer<typeof mapPosition>;

export const region = z.object({
  id: gameId,
  name: z.string().min(1).max(100),
  status: z.enum(REGION_STATUSES),
  loginStatus: z.enum(REGION_LOGIN_STATUSES),
  heat: z.enum(REGION_HEATS),
  uiSort: z.number().int(),
  group: z.string().max(64),
  onlineNumber: count,
  queueSize: count,
  queueSequence: count,
  autoCloseAt: epochMs.nullable(),
  mergedInto: z.string().nullable(),
  underMaintenance: z.boolean(),
});
export type Region = z.infer<typeof region>;

const regionInfo = z.object({ name: z.string(), uiSort: z.number().int(), group: z.string(), autoCloseAt: epochMs.nullable() });

/** The player values `setPlayerValue` may change (player-detail-update). */
export const PLAYER_NUMBER_FIELDS = [
  'level',
  'mainStoryProgress',
  'currentExp',
  'energy',
  'unionCoin',
  'rechargeCurrency',
  'nonRechargeCurrency',
  'pvpRanks',
  'pvpScore',
] as const;
export const PLAYER_TEXT_FIELDS = ['roleName', 'unionName'] as const;
export type PlayerValueField = (typeof PLAYER_NUMBER_FIELDS)[number] | (typeof PLAYER_TEXT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Commands and results, one pair per gateway method.
// ---------------------------------------------------------------------------------------------

const base = { commandId };
const resultBase = { commandId, appliedAt: epochMs };
/** What replenishing and cancelling an order both report. */
const orderStatus = z.object({ status: z.enum(ORDER_STATUSES) });
const orderChange = { ...resultBase, orderId: z.string(), roleId: z.string(), before: orderStatus, after: orderStatus };

const sanction = z.object({ ...base, roleIds: gameIds, until: epochMs, reason: reasonText });
const accountSanction = z.object({ ...base, userIds: gameIds, until: epochMs, reason: reasonText });

export const mailTargets = z.object({
  kind: z.enum(MAIL_KINDS),
  /** Public mail: the areas (empty for all). */
  areaIds: z.array(gameId).max(1000).default([]),
  /** Private mail: the players. */
  roleIds: z.array(gameId).max(MAX_COMMAND_TARGETS).default([]),
  excludedRoleIds: z.array(gameId).max(MAX_MAIL_EXCLUSIONS).default([]),
  /** Role filters of a public mail; null is unlimited. */
  createdFrom: epochMs.nullable().default(null),
  createdTo: epochMs.nullable().default(null),
  levelMin: z.number().int().positive().nullable().default(null),
  levelMax: z.number().int().positive().nullable().default(null),
});

const mail = z.object({
  mailId: gameId,
  title: z.string().min(1).max(100),
  content: z.string().max(10_000),
  sender: z.string().max(64),
  items: z.array(grant).max(100),
  expiresAt: epochMs.nullable(),
});

/** The popup kinds of an announcement: none, not again today once closed, once within its effective time. */
export const ANNOUNCEMENT_POPUPS = ['none', 'notAgainToday', 'oncePerValidity'] as const;

/**
 * What the game shows of an announcement besides its title and text (spec section 3): the tab
 * (1 emergency, 2 event, 3 system, 4 special news) with its title, the hot mark, the jump (0: a
 * jump id in the game, 1: an http/https link), absolute image urls served by the console, the
 * popup, the effective time's display and whom it is for. Every field has a default, so an
 * older console's push stays valid.
 */
export const announcementDisplay = {
  tab: z.number().int().min(1).max(4).default(3),
  tabTitle: z.string().max(8).default(''),
  secondaryTitle: z.string().max(128).default(''),
  hotType: z.number().int().min(0).max(2).default(0),
  jumpType: z.number().int().min(0).max(1).default(0),
  jumpTarget: z.string().max(2048).default(''),
  /** Absolute http(s) urls ('' for none). */
  image: z.string().max(2048).default(''),
  previewImage: z.string().max(2048).default(''),
  videoName: z.string().max(128).default(''),
  popupType: z.enum(ANNOUNCEMENT_POPUPS).default('none'),
  /** Whether the effective time is shown to players. */
  showTime: z.boolean().default(true),
  /** Shown to a player for this many days after their registration (null: by startAt/endAt only). */
  daysAfterRegistration: z.number().int().positive().nullable().default(null),
  restrictionLevel: z.number().int().nonnegative().default(0),
  mapId: z.string().max(100).default(''),
  progress: z.number().int().min(0).max(100).default(0),
};

/** A place in the game an announcement can jump to (jump type 0): its id and its names. */
export const gameJumpTarget = z.object({ jumpId: z.string(), nameEn: z.string(), nameZh: z.string() });
export type GameJumpTarget = z.output<typeof gameJumpTarget>;

/** An announcement on the game's board, as the game keeps it (the read `listAnnouncements`). */
export const gameAnnouncement = z.object({
  announcementId: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  areaIds: z.array(z.string()),
  title: z.string(),
  content: z.string(),
  startAt: epochMs,
  endAt: epochMs.nullable(),
  sort: z.number().int(),
  pushedAt: epochMs,
  ...announcementDisplay,
});
export type GameAnnouncement = z.output<typeof gameAnnouncement>;

export const GAME_COMMANDS = {
  /** Force logout of players: they go offline. */
  kickPlayers: {
    params: z.object({ ...base, roleIds: gameIds }),
    result: z.object({ ...resultBase, players: z.array(change('roleId', onlineState)) }),
  },
  /** Force logout of everyone online in one area, or in every area. */
  kickAll: {
    params: z.object({ ...base, areaId: gameId.nullable() }),
    result: z.object({ ...resultBase, areaId: z.string().nullable(), kicked: count, regions: z.array(change('areaId', z.object({ onlineNumber: count, queueSize: count }))) }),
  },
  /** Banned players cannot sign in; online ones are kicked. */
  banPlayers: { params: sanction, result: z.object({ ...resultBase, players: z.array(change('roleId', banState)) }) },
  unbanPlayers: {
    params: z.object({ ...base, roleIds: gameIds, reason: reasonText }),
    result: z.object({ ...resultBase, players: z.array(change('roleId', banState)) }),
  },
  /** Muted players cannot chat. */
  mutePlayers: { params: sanction, result: z.object({ ...resultBase, players: z.array(change('roleId', muteState)) }) },
  unmutePlayers: {
    params: z.object({ ...base, roleIds: gameIds, reason: reasonText }),
    result: z.object({ ...resultBase, players: z.array(change('roleId', muteState)) }),
  },
  /** None of a banned account's roles can sign in; online ones are kicked. */
  banAccounts: {
    params: accountSanction,
    result: z.object({ ...resultBase, accounts: z.array(change('userId', accountBanState)), kickedRoleIds: z.array(z.string()) }),
  },
  unbanAccounts: {
    params: z.object({ ...base, userIds: gameIds, reason: reasonText }),
    result: z.object({ ...resultBase, accounts: z.array(change('userId', accountBanState)), kickedRoleIds: z.array(z.string()) }),
  },
  /**
   * Takes `quantity` of one bag item, only if 0 < quantity <= current and, when given, current
   * still equals `expectedCurrent` (what the operator was shown).
   */
  deductAssets: {
    params: z.object({ ...base, roleId: gameId, sourceId: gameId, quantity, expectedCurrent: count.optional() }),
    result: z.object({
      ...resultBase,
      roleId: z.string(),
      sourceId: z.string(),
      itemType: z.enum(BAG_ITEM_TYPES),
      quantity: count,
      before: z.object({ currentNumber: count }),
      after: z.object({ currentNumber: count }),
    }),
  },
  unlockMaps: {
    params: z.object({ ...base, roleId: gameId, kind: z.enum(MAP_KINDS), mapIds: z.array(gameId).min(1).max(1000) }),
    result: z.object({ ...resultBase, roleId: z.string(), kind: z.enum(MAP_KINDS), maps: z.array(change('mapId', z.object({ unlocked: z.boolean() }))) }),
  },
  /** The explore-map coordinate editor: the player must be offline (kick first). */
  setMapPosition: {
    params: z.object({ ...base, roleId: gameId, mapId: gameId, position: mapPosition }),
    result: z.object({
      ...resultBase,
      roleId: z.string(),
      mapId: z.string(),
      before: z.object({ position: mapPosition.nullable() }),
      after: z.object({ position: mapPosition.nullable() }),
    }),
  },
  setPlayerValue: {
    params: z.discriminatedUnion('field', [
      z.object({ ...base, roleId: gameId, field: z.enum(PLAYER_NUMBER_FIELDS), value: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
      z.object({ ...base, roleId: gameId, field: z.literal('roleName'), value: z.string().trim().min(1).max(100) }),
      z.object({ ...base, roleId: gameId, field: z.literal('unionName'), value: z.string().trim().max(100) }),
    ]),
    result: z.object({
      ...resultBase,
      roleId: z.string(),
      field: z.enum([...PLAYER_NUMBER_FIELDS, ...PLAYER_TEXT_FIELDS]),
      before: z.union([z.number(), z.string()]).nullable(),
      after: z.union([z.number(), z.string()]).nullable(),
    }),
  },
  setIdentityMark: {
    params: z.object({
      ...base,
      roleIds: gameIds,
      identityMark: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      remark: z.string().max(255),
    }),
    result: z.object({ ...resultBase, players: z.array(change('roleId', identityState)) }),
  },
  /**
   * /player/add: a new account with one role on a live region, for QA (usually an insider, who
   * may sign in while the region is GM-only). The game picks the ids; an empty account name
   * gets one made from the role id.
   */
  createPlayer: {
    params: z.object({
      ...base,
      areaId: gameId,
      roleName: z.string().trim().min(1).max(100),
      account: z.string().trim().max(100).default(''),
      level: z.number().int().min(1).max(100_000).default(1),
      identityMark: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
      remark: z.string().max(255).default(''),
      /** A role for this existing account instead of a new account (its held grants go to the role). */
      userId: gameId.optional(),
    }),
    result: z.object({ ...resultBase, roleId: z.string(), userId: z.string(), account: z.string(), areaId: z.string(), roleName: z.string() }),
  },
  /** Puts a mail in the mailboxes of its targets; a mailbox that already holds it is skipped. */
  deliverMail: {
    params: z.object({ ...base, targets: mailTargets, mail }),
    result: z.object({ ...resultBase, mailId: z.string(), delivered: count, alreadyDelivered: count }),
  },
  /**
   * Takes a mail back: out of every mailbox where its items were not collected (private copies
   * and public records alike); collected copies stay. A public mail stops reaching anyone more.
   */
  withdrawMail: {
    params: z.object({ ...base, mailId: gameId }),
    result: z.object({ ...resultBase, mailId: z.string(), removed: count, kept: count, before: z.object({ live: z.boolean() }), after: z.object({ live: z.boolean() }) }),
  },
  pushAnnouncement: {
    params: z.object({
      ...base,
      announcementId: gameId,
      type: z.enum(ANNOUNCEMENT_TYPES),
      /** Empty for every area. */
      areaIds: z.array(gameId).max(1000),
      title: z.string().min(1).max(128),
      content: z.string().max(20_000),
      startAt: epochMs,
      endAt: epochMs.nullable(),
      /** Place on the board: smaller first. */
      sort: z.number().int(),
      ...announcementDisplay,
    }),
    result: z.object({
      ...resultBase,
      announcementId: z.string(),
      before: z.object({ live: z.boolean(), title: z.string().nullable() }),
      after: z.object({ live: z.boolean(), title: z.string().nullable() }),
    }),
  },
  withdrawAnnouncement: {
    params: z.object({ ...base, announcementId: gameId }),
    result: z.object({ ...resultBase, announcementId: z.string(), before: z.object({ live: z.boolean() }), after: z.object({ live: z.boolean() }) }),
  },
  /** /area/add: the region appears in the game's server list. */
  createRegion: {
    params: z.object({
      ...base,
      region: region.pick({ id: true, name: true, status: true, loginStatus: true, heat: true, uiSort: true, group: true }),
    }),
    result: z.object({ ...resultBase, region }),
  },
  /** Rename, ui sort, group, auto-close time (null cancels it). */
  updateRegion: {
    params: z.object({ ...base, areaId: gameId, changes: regionInfo.partial() }),
    result: z.object({ ...resultBase, areaId: z.string(), before: regionInfo, after: regionInfo }),
  },
  /** Closing a region puts it under maintenance and signs everyone in it out. */
  setRegionStatus: {
    params: z.object({ ...base, areaIds: gameIds, status: z.enum(REGION_STATUSES) }),
    result: z.object({ ...resultBase, regions: z.array(change('areaId', regionStatusState)), kicked: count }),
  },
  setRegionLoginStatus: {
    params: z.object({ ...base, areaIds: gameIds, loginStatus: z.enum(REGION_LOGIN_STATUSES) }),
    result: z.object({ ...resultBase, regions: z.array(change('areaId', z.object({ loginStatus: z.enum(REGION_LOGIN_STATUSES) }))) }),
  },
  setRegionHeat: {
    params: z.object({ ...base, areaIds: gameIds, heat: z.enum(REGION_HEATS) }),
    result: z.object({ ...resultBase, regions: z.array(change('areaId', z.object({ heat: z.enum(REGION_HEATS) }))) }),
  },
  /** Moves every role of `fromId` into `intoId`; only while `fromId` is under maintenance. */
  mergeRegions: {
    params: z.object({ ...base, fromId: gameId, intoId: gameId }),
    result: z.object({
      ...resultBase,
      fromId: z.string(),
      intoId: z.string(),
      movedPlayers: count,
      before: z.object({ from: region, into: region }),
      after: z.object({ from: region, into: region }),
    }),
  },
  /** Grants an incomplete order's goods and marks it completed. */
  replenishOrder: {
    /**
     * `by`: the operator, named on the order's cached payment callbacks that the replenish
     * settles (payment-callbacks.contract.ts); the game's own name when absent.
     */
    params: z.object({ ...base, orderId: gameId, by: z.string().max(64).optional() }),
    result: z.object({ ...orderChange, granted: z.array(assetChange) }),
  },
  /** Takes a completed order's goods back (what is left of them) and marks it cancelled. */
  cancelOrder: {
    params: z.object({ ...base, orderId: gameId }),
    result: z.object({ ...orderChange, deducted: z.array(assetChange) }),
  },
  /**
   * Beta-test rebate (cbt-rebate.contract.ts): the grants go to the account's first role created
   * at or after `notBefore` (the beta's end): at once when it has one, else when it creates one.
   * Once per `grantId`. `deliveredTo` is null while the account has no such role.
   */
  /**
   * The order cache: the game tries a cached payment callback again. Confirmed when its order is
   * incomplete and the amount matches (the order is completed and its goods granted) or already
   * completed (a duplicate); otherwise the try is recorded as refused with its reason and the
   * callback stays pending: a refusal is an answer here, not a failure of the command.
   */
  /** Takes roles off a leaderboard (a cheater's entry); they stay off until restored. Refuses unknown roles. */
  removeRankEntries: {
    params: z.object({ ...base, board: z.enum(RANK_BOARDS), roleIds: z.array(gameId).min(1).max(1000), reason: reasonText, by: z.string().max(64) }),
    result: z.object({ ...resultBase, board: z.enum(RANK_BOARDS), entries: z.array(change('roleId', z.object({ removed: z.boolean() }))) }),
  },
  /** Puts removed roles back on a leaderboard. */
  restoreRankEntries: {
    params: z.object({ ...base, board: z.enum(RANK_BOARDS), roleIds: z.array(gameId).min(1).max(1000) }),
    result: z.object({ ...resultBase, board: z.enum(RANK_BOARDS), entries: z.array(change('roleId', z.object({ removed: z.boolean() }))) }),
  },
  retryPaymentCallback: {
    params: z.object({ ...base, callbackId: gameId, by: z.string().max(64) }),
    result: z.object({
      ...resultBase,
      callbackId: z.string(),
      orderId: z.string(),
      before: z.object({ status: z.enum(CALLBACK_STATUSES) }),
      after: z.object({ status: z.enum(CALLBACK_STATUSES) }),
      attempt: callbackAttempt,
      granted: z.array(assetChange),
    }),
  },
  grantAccountRebate: {
    params: z.object({ ...base, grantId: gameId, userId: gameId, notBefore: epochMs, grants: z.array(grant).min(1).max(10) }),
    result: z.object({ ...resultBase, grantId: z.string(), userId: z.string(), deliveredTo: z.string().nullable(), granted: z.array(assetChange) }),
  },
  /**
   * A game configuration document (game-config.contract.ts: function lock, check-in, share,
   * questionnaire, official news, arena, summit duel) replaces the live one of its key. Versions
   * only go up: an older version than the live one is refused (`staleConfigVersion`).
   */
  setGameConfig: {
    params: z.intersection(z.object({ ...base, version: z.number().int().positive() }), gameConfigDocument),
    result: z.object({
      ...resultBase,
      key: z.string(),
      before: z.object({ version: z.number().int().nullable() }),
      after: z.object({ version: z.number().int() }),
    }),
  },
  /**
   * Redeem codes (redeem-codes.contract.ts): the game learns (or relearns) a batch, and accepts
   * its codes from players within its window, regions and limits. Unique codes are checked with
   * the batch's `secret` (docs/game-protocol.md "Redeem codes"); claims made so far are kept.
   */
  publishRedeemBatch: {
    params: z.object({
      ...base,
      batch: z.object({
        batchId: gameId,
        name: z.string().min(1).max(64),
        kind: z.enum(REDEEM_KINDS),
        sharedCode: z.string().min(1).max(32).nullable(),
        codePrefix: z.string().max(8),
        codeLength: z.number().int().min(10).max(20),
        codeCount: z.number().int().min(1).max(1_000_000),
        /** Hex, at least 32 characters: the key unique codes are derived from. */
        secret: z.string().min(32).max(128),
        rewards: z.array(grant).min(1).max(20),
        perPlayerLimit: z.number().int().min(1),
        /** 0: unlimited. */
        totalLimit: count,
        validFrom: epochMs,
        validTo: epochMs,
        /** Empty for every area. */
        areaIds: z.array(gameId).max(1000),
        status: z.enum(REDEEM_STATUSES),
      }),
    }),
    result: z.object({
      ...resultBase,
      batchId: z.string(),
      before: z.object({ live: z.boolean(), name: z.string().nullable() }),
      after: z.object({ live: z.boolean(), name: z.string() }),
      claimed: count,
    }),
  },
  /**
   * Database management (config-tables.contract.ts): a version of a config table (items,
   * products, maps) replaces the one the game runs. Any earlier version may be published again
   * (a rollback); the game checks every row against the table's schema and refuses the whole
   * version (`invalidParams`) if one row is wrong.
   */
  publishConfigTable: {
    params: z.object({
      ...base,
      table: z.string().min(1).max(32),
      version: z.number().int().positive(),
      rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))).max(100_000),
    }),
    result: z.object({
      ...resultBase,
      table: z.string(),
      before: z.object({ version: z.number().int().nullable(), rowCount: count }),
      after: z.object({ version: z.number().int(), rowCount: count }),
    }),
  },
  /** Players can no longer redeem the batch's codes (claims made stay). */
  disableRedeemBatch: {
    params: z.object({ ...base, batchId: gameId }),
    result: z.object({ ...resultBase, batchId: z.string(), before: z.object({ live: z.boolean() }), after: z.object({ live: z.boolean() }), claimed: count }),
  },
} as const;

export type GameCommandKind = keyof typeof GAME_COMMANDS;
export const GAME_COMMAND_KINDS = Object.keys(GAME_COMMANDS) as GameCommandKind[];
/** What a caller passes (defaults may be left out). */
export type GameCommandInput<K extends GameCommandKind> = z.input<(typeof GAME_COMMANDS)[K]['params']>;
/** The command after validation (defaults filled in). */
export type GameCommand<K extends GameCommandKind> = z.output<(typeof GAME_COMMANDS)[K]['params']>;
export type GameCommandResult<K extends GameCommandKind> = z.output<(typeof GAME_COMMANDS)[K]['result']>;

export type MailTargets = z.output<typeof mailTargets>;
export type Mail = z.output<typeof mail>;

// ---------------------------------------------------------------------------------------------
// Failures.
// ---------------------------------------------------------------------------------------------

/** Why the game refused a well-formed command. */
export const GAME_REFUSAL_REASONS = [
  'playerNotFound',
  'accountNotFound',
  'regionNotFound',
  'orderNotFound',
  'goodsNotFound',
  'itemNotFound',
  'announcementNotFound',
  'mailNotFound',
  'redeemBatchNotFound',
  'callbackNotFound',
  'regionExists',
  'regionMerged',
  'notUnderMaintenance',
  'insufficientQuantity',
  'staleQuantity',
  'orderNotIncomplete',
  'orderNotCompleted',
  'playerOnline',
  'mapLocked',
  'unmodifiedData',
  'staleConfigVersion',
] as const;
export type GameRefusalReason = (typeof GAME_REFUSAL_REASONS)[number];

/** Why a command was not even considered. */
export const GAME_INVALID_REASONS = ['invalidParams', 'commandIdReused', 'untilNotInFuture', 'sameRegion'] as const;
export type GameInvalidReason = (typeof GAME_INVALID_REASONS)[number];

export const GATEWAY_ERROR_KINDS = ['unavailable', 'timeout', 'rejected', 'invalid'] as const;
export type GatewayErrorKind = (typeof GATEWAY_ERROR_KINDS)[number];

/** A failed command as it travels: `unavailable` and `timeout` never reached (or left) the game. */
export const gatewayFailure = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rejected'), reason: z.enum(GAME_REFUSAL_REASONS), details: z.record(z.string(), z.unknown()).optional() }),
  z.object({ kind: z.literal('invalid'), reason: z.enum(GAME_INVALID_REASONS), details: z.record(z.string(), z.unknown()).optional() }),
  z.object({ kind: z.literal('unavailable'), reason: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
  z.object({ kind: z.literal('timeout'), reason: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
]);
export type GatewayFailure = z.infer<typeof gatewayFailure>;

export const gatewayHealth = z.object({
  ok: z.boolean(),
  adapter: z.string(),
  latencyMs: z.number().nonnegative(),
  message: z.string().optional(),
});
export type GatewayHealth = z.infer<typeof gatewayHealth>;
