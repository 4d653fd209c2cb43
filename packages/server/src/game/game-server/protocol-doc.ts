/**
 * The per-command reference of docs/game-protocol.md, generated from the contract's zod schemas
 * so the document cannot drift from what the console sends and accepts. The part between the
 * markers is rewritten by
 *
 *   node --import tsx packages/server/src/game/game-server/protocol-doc.ts --write
 *
 * and protocol-doc.test.ts fails when the checked-in document differs from it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  GAME_COMMAND_KINDS,
  GAME_COMMANDS,
  PERMANENT_UNTIL,
  type GameCommandKind,
  type GameInvalidReason,
  type GameRefusalReason,
} from '@gm/contract/game-commands.contract.ts';
import { GAME_READ_NAMES, GAME_READS, type GameReadName } from '@gm/contract/game-reads.contract.ts';
import { commandPath, readPath, REGIONS_PATH, regionsAnswer } from '../gateway/game-protocol.ts';

export const PROTOCOL_DOC_PATH = fileURLToPath(new URL('../../../../../docs/game-protocol.md', import.meta.url));
export const GENERATED_START = '<!-- generated:commands:start (protocol-doc.ts; do not edit by hand) -->';
export const GENERATED_END = '<!-- generated:commands:end -->';

interface CommandNotes {
  /** What the game does. */
  does: string;
  /** The refusals (422) the game answers, besides `invalidParams` and `commandIdReused`. */
  refusals: readonly (GameRefusalReason | GameInvalidReason)[];
}

/** Typed by kind, so a new command fails the type-check until it is described here. */
export const COMMAND_NOTES: Record<GameCommandKind, CommandNotes> = {
  kickPlayers: { does: 'Force logout: the roles go offline and their regions\' online numbers drop.', refusals: ['playerNotFound'] },
  kickAll: { does: 'Force logout of everyone online in one region (`areaId`), or in every region (`areaId: null`); queues are dropped.', refusals: ['regionNotFound', 'regionMerged'] },
  banPlayers: { does: 'Banned roles cannot sign in until `until`; online ones are kicked.', refusals: ['untilNotInFuture', 'playerNotFound'] },
  unbanPlayers: { does: 'Lifts the roles\' bans.', refusals: ['playerNotFound'] },
  mutePlayers: { does: 'Muted roles cannot chat until `until`.', refusals: ['untilNotInFuture', 'playerNotFound'] },
  unmutePlayers: { does: 'Lifts the roles\' mutes.', refusals: ['playerNotFound'] },
  banAccounts: { does: 'No role of a banned account can sign in until `until`; its online roles are kicked (`kickedRoleIds`).', refusals: ['untilNotInFuture', 'accountNotFound'] },
  unbanAccounts: { does: 'Lifts the accounts\' bans (`kickedRoleIds` is always empty).', refusals: ['accountNotFound'] },
  deductAssets: {
    does: 'Takes `quantity` of one bag item, only if 0 < quantity <= current and, when `expectedCurrent` is given (the number the operator was shown), current still equals it. The update must be conditional on the quantity it checked.',
    refusals: ['playerNotFound', 'itemNotFound', 'staleQuantity', 'insufficientQuantity'],
  },
  unlockMaps: { does: 'Unlocks maps of one kind for a role; maps already unlocked stay so (`before.unlocked: true`).', refusals: ['playerNotFound'] },
  setMapPosition: { does: 'Moves an offline role on an unlocked explore map.', refusals: ['playerNotFound', 'playerOnline', 'mapLocked'] },
  setPlayerValue: { does: 'Sets one value of a role. Text values are trimmed; `unionName: ""` removes the role from its union (`after: null`).', refusals: ['playerNotFound', 'unmodifiedData'] },
  setIdentityMark: { does: 'Sets the identity mark (0 common, 1 insider, 2 external) and its remark.', refusals: ['playerNotFound'] },
  createPlayer: {
    does: 'Creates a new account with one role on a live region, for QA (usually an insider, identity mark 1). The game picks `roleId` and `userId`; an empty `account` gets a name made from the role id.',
    refusals: ['regionNotFound', 'regionMerged'],
  },
  deliverMail: {
    does: 'Puts a mail in the mailboxes of its targets. Private: the listed roles (at least one); a large mail comes as several commands with the same `mailId` (batches), and a batch arriving after `withdrawMail` delivers nothing. Public: one record of the mail, not one row per player: every role of the listed regions (all regions if none), minus `excludedRoleIds`, filtered by creation time and level (null = unlimited), gets it when it opens its mailbox, including roles that match later. `delivered` is then the roles the targets match now (0 when the mail id was already recorded: `alreadyDelivered`). A mailbox that already holds `mailId` is skipped and counted in `alreadyDelivered`. Mail items are grants; a mail item may say `sourceType` (why it is granted) and a weapon `cardType`.',
    refusals: ['playerNotFound', 'regionNotFound', 'regionMerged'],
  },
  withdrawMail: {
    does: 'Takes a mail back: out of every mailbox where its items were not collected (`removed`); collected copies stay (`kept`). A public mail reaches nobody more, and later batches of a private one deliver nothing. Withdrawing a withdrawn mail changes nothing more.',
    refusals: ['mailNotFound'],
  },
  pushAnnouncement: {
    does: 'Publishes an announcement; a known `announcementId` is replaced (how an edited, sorted or reset announcement is re-pushed). Besides title and text it carries what the game shows: the tab and its title, hot type, jump (0: a jump id in the game, 1: an http/https link), images as absolute urls served by the console (fetch them as they are), video name, popup type, whether the effective time is shown, days after registration (null: by `startAt`/`endAt` only), restriction level, map id and progress. `sort`: smaller first.',
    refusals: ['regionNotFound', 'regionMerged'],
  },
  withdrawAnnouncement: { does: 'Takes an announcement down; withdrawing a withdrawn one changes nothing.', refusals: ['announcementNotFound'] },
  createRegion: { does: 'Adds a server region to the game\'s server list. Status `close` creates it under maintenance.', refusals: ['regionExists'] },
  updateRegion: { does: 'Changes a region\'s name, ui sort, group or auto-close time (`autoCloseAt: null` cancels it). Fields left out keep their value.', refusals: ['regionNotFound', 'regionMerged', 'untilNotInFuture', 'unmodifiedData'] },
  setRegionStatus: { does: '`close` puts the regions under maintenance: everyone in them is signed out (`kicked`), queues are dropped and a pending auto-close is cleared. `open` and `hide` end maintenance.', refusals: ['regionNotFound', 'regionMerged'] },
  setRegionLoginStatus: { does: '`blocked` lets nobody sign in; `gm` lets only insiders (identity mark 1) in, even during maintenance.', refusals: ['regionNotFound', 'regionMerged'] },
  setRegionHeat: { does: 'Sets the heat label shown in the server list.', refusals: ['regionNotFound', 'regionMerged'] },
  mergeRegions: { does: 'Moves every role of `fromId` into `intoId`; only while `fromId` is under maintenance. `fromId` then keeps `mergedInto` and refuses later commands.', refusals: ['sameRegion', 'regionNotFound', 'regionMerged', 'notUnderMaintenance'] },
  replenishOrder: { does: 'An incomplete order only: grants its goods (items and currency), marks it completed and flags the role as a payer. Its cached payment callbacks of the same amount are confirmed with it, the attempt by `by`.', refusals: ['orderNotFound', 'orderNotIncomplete', 'goodsNotFound', 'playerNotFound'] },
  cancelOrder: { does: 'A completed order only: takes back what the role still holds of its goods, never below zero (the rest is `shortfall`), and marks it cancelled.', refusals: ['orderNotFound', 'orderNotCompleted', 'goodsNotFound', 'playerNotFound'] },
  removeRankEntries: {
    does: 'Rankings: takes the roles off a leaderboard (`level`, `mainStory`, `arena`) until restored; a role already off keeps its first reason. All roles must exist.',
    refusals: ['playerNotFound'],
  },
  restoreRankEntries: { does: 'Rankings: puts roles taken off a leaderboard back on it.', refusals: ['playerNotFound'] },
  retryPaymentCallback: {
    does: 'The order cache: tries a cached payment callback again. Its order incomplete and the amount and currency matching: the order is completed and its goods granted; already completed: confirmed as a duplicate; else the try is recorded as refused (`gameUnavailable`, `orderNotFound`, `amountMismatch`, `orderCancelled` in `attempt.reason`) and the callback stays pending. A confirmed callback answers as it is.',
    refusals: ['callbackNotFound'],
  },
  grantAccountRebate: {
    does: 'Beta-test rebate: holds the grants for the account and gives them to its first role created at or after `notBefore`, at once when it has one (`deliveredTo`), else when that role is created. Once per `grantId`.',
    refusals: ['accountNotFound'],
  },
  setGameConfig: {
    does: 'Replaces the live game configuration document of `key` with `value` (version `version`): `functionLock` (functions switched off for everyone or for regions, with the reason players see in English and Chinese), `checkIn` (a reward per day of each month), `share` (title, text, https image, reward per share, rewarded shares per day), `questionnaire` (link, open and close time, regions, reward), `officialNews` (entries in display order), `arena` and `summitDuel` (the season and the rewards of contiguous rank bands starting at rank 1). Rewards name items of the game\'s catalogue (`listItems`). Versions only go up: the same version again changes nothing, an older one is refused.',
    refusals: ['staleConfigVersion'],
  },
  publishRedeemBatch: {
    does: 'Redeem codes: the game learns a batch, or takes its new name, rewards, limits, window, regions and status (an upsert by `batchId`; claims made so far and the count `claimed` stay). A player\'s code is accepted when the batch is active, now is in [`validFrom`, `validTo`), the role\'s region is listed (or none are), the role has redeemed the batch fewer than `perPlayerLimit` times and the batch was redeemed fewer than `totalLimit` times (0: unlimited); then the rewards are granted and a claim recorded (the read `listRedeemClaims`). A `shared` batch has one code, `sharedCode` (matched ignoring case). A `unique` batch has `codeCount` codes, each accepted once, that the game checks without a list: a code is `codePrefix` + 4 index characters + (`codeLength` - 4) check characters of the alphabet `ABCDEFGHJKLMNPQRSTUVWXYZ23456789`; the index characters are the base-32 digits (most significant first) of the code\'s index (0-based, below `codeCount`) scrambled by a 4-round Feistel permutation of 20 bits keyed with HMAC-SHA256(`secret`, "perm"); the check characters are the leading 5-bit groups of AES-128-ECB(K, 12 zero bytes + the index as 4 bytes big-endian), K the first 16 bytes of HMAC-SHA256(`secret`, "check"). Reference implementation: packages/server/src/game/gateway/redeem-code-scheme.ts.',
    refusals: [],
  },
  disableRedeemBatch: {
    does: 'Players can no longer redeem the batch\'s codes; claims made stay. Disabling a disabled batch changes nothing more; `publishRedeemBatch` with status `active` enables it again.',
    refusals: ['redeemBatchNotFound'],
  },
  publishConfigTable: {
    does: 'Database management: version `version` of the config table `table` (`items`, `products` or `maps`; the columns of each are in `config-tables.contract.ts`) replaces the one the game runs, all rows at once. Any earlier version may be published again (a rollback). The game checks every row against the table\'s schema and that keys are unique; one bad row refuses the whole version as `invalidParams`, and nothing changes. `before` and `after` give the version and row count.',
    refusals: [],
  },
};

/** What each read answers; typed by name, so a new read fails the type-check until it is described here. */
export const READ_NOTES: Record<GameReadName, string> = {
  listPlayers:
    'The player list: roles matching every given filter, newest first (`createdAt`, then `roleId`, descending). `roleName` and the account filters match a prefix ignoring letter case; the other ids are exact. `banned` / `muted` mean a ban or mute in force now. `total` counts at most `COUNT_WINDOW` (1,000) rows past the page, and `totalCapped` says there are more.',
  listSanctionedPlayers: 'Roles whose ban (`kind: "ban"`) or mute (`kind: "mute"`) is in force now, the latest end first (permanent ones lead), then by `roleId`.',
  playerDetail: 'One role with its region\'s name, its account\'s type and ban, how many bag stacks it holds and how many maps of each kind it has unlocked. `player: null` when there is no such role.',
  playerBag: 'One role\'s bag, by `sourceId`, with each item\'s name from the game\'s catalogue (`null` when it has none). `bag: null` when there is no such role.',
  playerMaps: 'One role\'s maps of each kind: the game\'s whole catalogue in its order, then maps the role knows outside it, each with whether it is unlocked and the role\'s position on it. `maps: null` when there is no such role.',
  knownIds: 'Which of the ids the game knows, as role ids (`kind: "roles"`) or user ids (`kind: "accounts"`): the console checks an imported worksheet before a batch action. Order is free.',
  listAccounts:
    'User accounts matching every given filter, newest first, each with how many roles it owns. Every field, personal data included: the console hides last-login IP and devices from operators without the right to see them. The inheritance password never leaves the game, only whether one is set.',
  listBannedAccounts: 'Accounts whose ban is in force now, the latest end first, then by `userId`.',
  listReports: 'Players\' reports of each other, newest first, with the reported role\'s current mute and ban and how many reports name it in all.',
  listRedeemClaims: 'Redeem-code claims, newest first, with what each gave.',
  listOrders:
    'Orders matching every given filter, newest first (`createdAt`, then `orderId`, descending). Ids are exact; `start` / `end` bound the creation time (`start` inclusive, `end` exclusive). `price` is in minor units of `currency`. `total` counts at most `COUNT_WINDOW` (1,000) rows past the page, and `totalCapped` says there are more.',
  orderDetail: 'One order with its receipt, its goods\' name and the goods it grants (what a cancel takes back). `order: null` when there is no such order.',
  listProducts: 'The game\'s store: every product by `productId`, with its price in minor units and the item group its goods belong to.',
  betaRecharges: 'Completed orders per account created in `[start, end)` (the beta test\'s recharges; refunded ones do not count), most paid first: order count, amount paid in minor units, first and last payment.',
  listRankings: 'A leaderboard (`level`, `mainStory`, `arena`), over every region or one, best first (ties: higher role id first), without the roles taken off it; `rank` counts from 1 across pages.',
  listRankRemovals: 'Roles taken off the leaderboards, newest first, with the reason and who took them off.',
  listPaymentCallbacks: 'The order cache: payment callbacks the game received, newest first by `receivedAt`, filtered by status, order, platform order, role, channel and time; each with every attempt to confirm it.',
  accountGrants: 'Account grants (beta-test rebates) by `grantIds`: the role each went to and when, or `deliveredTo: null` while held.',
  listAnnouncements:
    'The announcement board as players see it: announcements not withdrawn whose time contains the game\'s now (`startAt` <= now < `endAt`, or no end), of one `type` and shown in one `areaId` (an announcement for every area has `areaIds: []`) when given; smaller `sort` first, then the earlier push. Every field the last push carried.',
  listItems: 'The game\'s item catalogue: what a mail may carry. Every bag item (`itemType` prop, weapon, chip or materials, `itemId` its source id) and every currency (`itemType: "currency"`, `itemId` recharge, nonRecharge or unionCoin), with names in English and Chinese, the category of spec section 9, and whether a mail item of it must say its `sourceType` (currencies) or `cardType` (weapons).',
  mailRecipients: 'The mailboxes holding one mail, by `roleId` ascending, read by keyset: `after` is the last role id of the page before, `next` the `after` of the next page (null at the end). Each with the role\'s name and region, when it arrived, and whether it was read and its items collected. `total` and `collected` count every mailbox holding the mail. A public mail is in a mailbox once the player opened it.',
  countMailTargets: 'How many roles a mail\'s targets match now: the listed roles the game knows (private), or the roles of a public mail\'s regions and filters. What sending it would reach (the console\'s item totals).',
  gameConfig: 'The live game configuration document of `key` with its version and when the game applied it; `config: null` when none was pushed. The console shows it next to the version it saved.',
  listJumpTargets: 'The places in the game an announcement can jump to (jump type 0): each `jumpId` with its English and Chinese name. The console offers them in the announcement form; when this read fails the form says "failure to initialize redirection information".',
  listCommands:
    'The commands the game received, with what it answered (the result, or the refusal as `{ kind, reason }`), newest first: `appliedAt`, then `commandId`, descending. Read by keyset, never by offset: without `before` the newest page; with it, the commands after that one in this order (`(appliedAt, commandId) < before`). `next` is the last command of the page when more follow, else null. `target` matches a command whose parameters name that id; `kind` and `status` are exact. There is no page number, so unlike the lists above `total` is not a window past the page: it counts at most 10,000 matching commands.',
};

const TIME = 'epoch ms UTC';
/** Notes by field name (the last part of a path). */
const FIELD_NOTES: Record<string, string> = {
  commandId: 'idempotency key: applied once, a repeat answers the first outcome',
  appliedAt: `${TIME}: when the game applied the command`,
  until: `${TIME}, in the future; ${PERMANENT_UNTIL} = permanent`,
  banUntil: `${TIME}; null = not banned`,
  muteUntil: `${TIME}; null = not muted`,
  banReason: 'null when not banned',
  muteReason: 'null when not muted',
  createdFrom: `${TIME}; role created at or after; null = unlimited`,
  createdTo: `${TIME}; role created at or before; null = unlimited`,
  levelMin: 'null = unlimited',
  levelMax: 'null = unlimited',
  expiresAt: `${TIME}; null = never`,
  startAt: TIME,
  endAt: `${TIME}; null = no end`,
  autoCloseAt: `${TIME}; null = none`,
  time: TIME,
  expectedCurrent: 'optional: the current quantity the operator was shown',
  quantity: 'integer count (items, or in-game currency units)',
  shortfall: 'what could not be taken back (already spent)',
  areaIds: 'region ids',
  uiSort: 'higher first in the server list',
  identityMark: '0 common, 1 insider, 2 external',
  delivered: 'mailboxes that received the mail now',
  alreadyDelivered: 'mailboxes that already held it',
  kicked: 'roles signed out',
  mergedInto: 'the region it was merged into; null = live',
  underMaintenance: 'true exactly when status is close',
};

/**
 * Notes of the reads' fields. The queries are the console's own list queries: a time bound may
 * also be an ISO 8601 string and a flag the string `"true"` / `"false"`, but the console sends
 * numbers and JSON booleans.
 */
const READ_TIME_FROM = `${TIME}, at or after`;
const READ_TIME_TO = `${TIME}, before (exclusive)`;
const READ_FLAG = 'the console sends a JSON boolean';
const READ_FIELD_NOTES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FIELD_NOTES).filter(([field]) => !['createdFrom', 'createdTo', 'levelMin', 'levelMax', 'time'].includes(field))),
  page: '0-based',
  createdFrom: READ_TIME_FROM,
  createdTo: READ_TIME_TO,
  lastLoginFrom: READ_TIME_FROM,
  lastLoginTo: READ_TIME_TO,
  from: READ_TIME_FROM,
  to: READ_TIME_TO,
  online: READ_FLAG,
  recharge: READ_FLAG,
  banned: `${READ_FLAG}; in a result: a ban in force now`,
  muted: `${READ_FLAG}; in a result: a mute in force now`,
  roleName: 'in a query: a prefix, ignoring letter case',
  name: 'in a query: a prefix, ignoring letter case',
  createdAt: TIME,
  lastLoginAt: `${TIME}; null = never`,
  reportedAt: TIME,
  claimedAt: TIME,
  updatedAt: TIME,
  total: 'matching rows, counted at most 1,000 past the page',
  totalCapped: 'true when there are more than `total`',
  before: 'the `next` of the page before; omitted: the newest page',
  next: 'pass it as `before` for the next page; null on the last page',
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface Row {
  path: string;
  type: string;
  required: boolean;
  notes: string[];
}

const BIG = Number.MAX_SAFE_INTEGER;
const code = (value: unknown) => `\`${JSON.stringify(value)}\``;
const cell = (text: string) => text.replaceAll('|', String.raw`\|`);

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min}${unit}` : `${min}–${max}${unit}`;
  if (min !== undefined) return `≥ ${min}${unit}`;
  if (max !== undefined) return `≤ ${max}${unit}`;
  return '';
}

const isNull = (s: JsonSchema) => s.type === 'null';
const variantsOf = (s: JsonSchema) => s.oneOf ?? s.anyOf;
const isObject = (s: JsonSchema) => s.type === 'object' || (variantsOf(s)?.every((v) => v.type === 'object') ?? false);

/** A one-line type for a scalar (or a union of scalars). */
function typeOf(s: JsonSchema): string {
  const variants = variantsOf(s);
  if (variants) {
    if (variants.every((v) => v.const !== undefined)) return variants.map((v) => code(v.const)).join(' | ');
    return variants.map(typeOf).join(' or ');
  }
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (s.const !== undefined) return code(s.const);
  if (s.enum) return s.enum.map(code).join(' | ');
  switch (s.type) {
    case 'string': {
      const length = range(s.minLength, s.maxLength, ' chars');
      return length ? `string (${length})` : 'string';
    }
    case 'integer':
    case 'number': {
      const min = s.exclusiveMinimum === undefined ? (s.minimum === -BIG ? undefined : s.minimum) : s.exclusiveMinimum + 1;
      const bounds = range(min, s.maximum === BIG ? undefined : s.maximum);
      return bounds ? `${s.type} ${bounds}` : s.type;
    }
    case 'array': {
      const count = range(s.minItems, s.maxItems, ' items');
      return `${s.items ? typeOf(s.items) : 'any'}[]${count ? ` (${count})` : ''}`;
    }
    default:
      return s.type ?? 'any';
  }
}

/** The discriminating field of a union of objects and its value in each variant. */
function discriminator(variants: JsonSchema[]): { field: string; values: string[] } | undefined {
  const first = variants[0]?.properties ?? {};
  for (const field of Object.keys(first)) {
    const values = variants.map((v) => {
      const p = v.properties?.[field];
      if (p?.const !== undefined) return code(p.const);
      if (p?.enum) return p.enum.map(code).join(' | ');
      return undefined;
    });
    if (values.every((v) => v !== undefined)) return { field, values };
  }
  return undefined;
}

function rowsOf(schema: JsonSchema, prefix: string, required: boolean, out: Row[], io: 'input' | 'output', fieldNotes: Record<string, string>): void {
  const variants = variantsOf(schema)?.filter((v) => !isNull(v));
  const nullable = (variantsOf(schema)?.some(isNull) ?? false) || (Array.isArray(schema.type) && schema.type.includes('null'));
  const notes = (field: string): string[] => {
    const list: string[] = [];
    if (schema.default !== undefined && io === 'input') list.push(`default ${code(schema.default)}`);
    const note = fieldNotes[field];
    if (note) list.push(note);
    return list;
  };
  const field = prefix.split('.').pop()?.replace('[]', '') ?? '';

  if (variants && variants.length === 1 && variants[0]) {
    // `X | null`: describe X and say it may be null.
    const inner: Row[] = [];
    rowsOf({ ...variants[0], ...(schema.default === undefined ? {} : { default: schema.default }) }, prefix, required, inner, io, fieldNotes);
    if (inner[0] && nullable) inner[0].type += ' or null';
    out.push(...inner);
    return;
  }
  if (variants && variants.length > 1 && variants.every((v) => v.type === 'object')) {
    const tag = discriminator(variants);
    if (prefix) out.push({ path: prefix, type: `object${nullable ? ' or null' : ''}`, required, notes: [`one of ${variants.length} shapes${tag ? `, by \`${tag.field}\`` : ''}`, ...notes(field)] });
    // Rows shared by every variant once; the others with the variant they belong to.
    const perVariant = variants.map((v) => {
      const rows: Row[] = [];
      rowsOf(v, prefix, true, rows, io, fieldNotes);
      return rows.filter((r) => r.path !== prefix);
    });
    const key = (r: Row) => `${r.path}|${r.type}|${String(r.required)}|${r.notes.join(';')}`;
    const shared = new Set(perVariant.map((rows) => new Set(rows.map(key))).reduce((a, b) => new Set([...a].filter((k) => b.has(k)))));
    const seen = new Set<string>();
    const tagPath = tag ? (prefix ? `${prefix}.${tag.field}` : tag.field) : undefined;
    const when = (i: number): string => {
      if (!tag) return `shape ${i + 1}`;
      const value = tag.values[i] ?? '';
      const others = tag.values.filter((_, j) => j !== i);
      // A variant tagged by a long list reads better as "none of the others".
      if (value.includes(' | ') && others.every((o) => !o.includes(' | '))) return `when \`${tag.field}\` is not ${others.join(' or ')}`;
      return `when \`${tag.field}\` is ${value}`;
    };
    perVariant.forEach((rows, i) => {
      for (const r of rows) {
        const k = key(r);
        if (r.path === tagPath) {
          // The tag itself: one row listing every value.
          if (i === 0) out.push({ ...r, type: tag?.values.join(' | ') ?? r.type });
        } else if (shared.has(k)) {
          if (!seen.has(k)) out.push(r);
          seen.add(k);
        } else {
          out.push({ ...r, notes: [when(i), ...r.notes] });
        }
      }
    });
    return;
  }
  if (schema.type === 'object' && schema.properties) {
    if (prefix) out.push({ path: prefix, type: `object${nullable ? ' or null' : ''}`, required, notes: notes(field) });
    for (const [name, property] of Object.entries(schema.properties)) {
      // A defaulted field may be left out of a request; an answer always has it.
      const isRequired = (schema.required ?? []).includes(name) && (io === 'output' || property.default === undefined);
      rowsOf(property, prefix ? `${prefix}.${name}` : name, isRequired, out, io, fieldNotes);
    }
    return;
  }
  if (schema.type === 'array' && schema.items && isObject(schema.items)) {
    const count = range(schema.minItems, schema.maxItems, ' items');
    const union = (variantsOf(schema.items)?.length ?? 0) > 1;
    out.push({ path: prefix, type: `object[]${count ? ` (${count})` : ''}`, required, notes: [...(union ? ['each one of the shapes below'] : []), ...notes(field)] });
    const items: Row[] = [];
    rowsOf(schema.items, `${prefix}[]`, true, items, io, fieldNotes);
    // The array's row already says its items are objects.
    out.push(...items.filter((r) => r.path !== `${prefix}[]`));
    return;
  }
  out.push({ path: prefix, type: typeOf(schema) + (nullable && !typeOf(schema).includes('null') ? ' or null' : ''), required, notes: notes(field) });
}

function table(schema: z.ZodType, io: 'input' | 'output', fieldNotes: Record<string, string> = FIELD_NOTES): string {
  const rows: Row[] = [];
  rowsOf(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, '', true, rows, io, fieldNotes);
  const request = io === 'input';
  const head = request ? '| field | type | required | notes |\n|---|---|---|---|' : '| field | type | notes |\n|---|---|---|';
  const lines = rows.map((r) =>
    request
      ? `| \`${r.path}\` | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.notes.join('; '))} |`
      : `| \`${r.path}\` | ${cell(r.type)} | ${cell([...(r.required ? [] : ['may be absent']), ...r.notes].join('; '))} |`,
  );
  return [head, ...lines].join('\n');
}

/** The generated part of docs/game-protocol.md: one section per command. */
export function renderCommandReference(): string {
  const sections = GAME_COMMAND_KINDS.map((kind) => {
    const notes = COMMAND_NOTES[kind];
    const refusals = notes.refusals.length > 0 ? notes.refusals.map((r) => `\`${r}\``).join(', ') : 'none';
    return [
      `### \`${kind}\``,
      '',
      notes.does,
      '',
      `\`POST ${commandPath(kind)}\`. Refusals (422) besides \`invalidParams\` and \`commandIdReused\`: ${refusals}.`,
      '',
      'Request body:',
      '',
      table(GAME_COMMANDS[kind].params, 'input'),
      '',
      'Result (`result` of the 200 answer):',
      '',
      table(GAME_COMMANDS[kind].result, 'output'),
    ].join('\n');
  });
  const reads = [
    `### Read: \`GET ${REGIONS_PATH}\``,
    '',
    'The game\'s server list with each region\'s runtime state, merged regions included. Signed over the empty body; not refused as a replay. The whole answer (200):',
    '',
    table(regionsAnswer, 'output'),
  ].join('\n');
  const playerReads = GAME_READ_NAMES.map((name) =>
    [
      `### Read: \`${name}\``,
      '',
      READ_NOTES[name],
      '',
      `\`POST ${readPath(name)}\`. Not refused as a replay; 422 \`invalid / invalidParams\` for a malformed query.`,
      '',
      'Request body (the query):',
      '',
      table(GAME_READS[name].query, 'input', READ_FIELD_NOTES),
      '',
      'Result (`result` of the 200 answer):',
      '',
      table(GAME_READS[name].result, 'output', READ_FIELD_NOTES),
    ].join('\n'),
  );
  return [GENERATED_START, '', ...sections.flatMap((s) => [s, '']), reads, '', ...playerReads.flatMap((s) => [s, '']), GENERATED_END].join('\n');
}

/** The document with its generated part replaced. */
export function withCommandReference(doc: string): string {
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error(`${PROTOCOL_DOC_PATH} lacks the generated-part markers`);
  return doc.slice(0, start) + renderCommandReference() + doc.slice(end + GENERATED_END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const doc = readFileSync(PROTOCOL_DOC_PATH, 'utf8');
    const next = withCommandReference(doc);
    writeFileSync(PROTOCOL_DOC_PATH, next);
    console.log(next === doc ? 'docs/game-protocol.md is up to date' : 'docs/game-protocol.md updated');
  } else {
    console.log(renderCommandReference());
  }
}
