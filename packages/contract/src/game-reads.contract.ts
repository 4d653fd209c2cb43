/**
 * The reads the console asks a game for through the game gateway: the player screens' lists and
 * details, and the journal of commands the debugging screen shows, answered from the game's own
 * world. A read changes nothing and carries no command id.
 * Both adapters use these schemas: the embedded world validates the query with them, and the
 * http adapter and the reference game server put them on the wire (`docs/game-protocol.md`).
 *
 * The queries are the console's own list queries (players.contract.ts), so a filter means the
 * same on both sides; the answers are the shapes the console's screens show. What only the
 * console decides (hiding personal data from an operator without 12003) it does itself after
 * the read. `banned` and `muted` are judged by the game's clock.
 */
import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, gameAnnouncement, gameId, gameJumpTarget, mailTargets, MAX_COMMAND_TARGETS } from './game-commands.contract.ts';
import { itemCatalogue, mailRecipientsPage } from './mails.contract.ts';
import { GAME_CONFIG_KEYS, liveGameConfig } from './game-config.contract.ts';
import { accountGrant, accountGrantsQuery, betaRechargePage, betaRechargeQuery } from './cbt-rebate.contract.ts';
import { callbackListQuery, paymentCallbackPage } from './payment-callbacks.contract.ts';
import { rankingPage, rankingQuery, rankRemovalPage, rankRemovalQuery } from './rankings.contract.ts';
import {
  accountForbidQuery,
  accountListQuery,
  bagResult,
  cappedPageOf,
  claimListQuery,
  commandJournalEntry,
  commandJournalRead,
  gameAccount,
  IMPORT_KINDS,
  journalPosition,
  player,
  playerDetail,
  playerForbidQuery,
  playerListQuery,
  playerMaps,
  playerReport,
  redeemClaim,
  reportListQuery,
} from './players.contract.ts';

import { order, orderDetail, orderIdQuery, orderListQuery, product } from './orders.contract.ts';

const roleQuery = z.object({ roleId: gameId });

/** An account as the game keeps it: every field, personal data included. */
export const worldAccount = gameAccount.omit({ personalHidden: true });
export type WorldAccount = z.infer<typeof worldAccount>;

export const GAME_READS = {
  /** The player list: filtered, newest first, the total counted a window past the page. */
  listPlayers: { query: playerListQuery, result: cappedPageOf(player) },
  /** Roles whose ban (`kind: "ban"`) or mute (`kind: "mute"`) is in force, the latest end first. */
  listSanctionedPlayers: { query: playerForbidQuery, result: cappedPageOf(player) },
  /** One role with its region's name, its account's ban and its bag and map counts; null when there is no such role. */
  playerDetail: { query: roleQuery, result: z.object({ player: playerDetail.nullable() }) },
  /** A role's bag, with the items' names from the game's catalogue; null when there is no such role. */
  playerBag: { query: roleQuery, result: z.object({ bag: bagResult.nullable() }) },
  /** A role's maps of each kind: the game's whole catalogue merged with its progress; null when there is no such role. */
  playerMaps: { query: roleQuery, result: z.object({ maps: playerMaps.nullable() }) },
  /** Which of some role ids (`kind: "roles"`) or user ids (`kind: "accounts"`) the game knows. */
  knownIds: {
    query: z.object({ kind: z.enum(IMPORT_KINDS), ids: z.array(gameId).min(1).max(MAX_COMMAND_TARGETS) }),
    result: z.object({ known: z.array(z.string()) }),
  },
  /** User accounts, newest first, with how many roles each owns. */
  listAccounts: { query: accountListQuery, result: cappedPageOf(worldAccount) },
  /** Accounts whose ban is in force, the latest end first. */
  listBannedAccounts: { query: accountForbidQuery, result: cappedPageOf(worldAccount) },
  /** Players' reports of each other, newest first, with the reported role's current marks. */
  listReports: { query: reportListQuery, result: cappedPageOf(playerReport) },
  /** Redeem-code claims, newest first. */
  listRedeemClaims: { query: claimListQuery, result: cappedPageOf(redeemClaim) },
  /** Orders, newest first, filtered as the order list filters them. */
  listOrders: { query: orderListQuery, result: cappedPageOf(order) },
  /** One order with its receipt and the goods it grants; null when there is no such order. */
  orderDetail: { query: orderIdQuery, result: z.object({ order: orderDetail.nullable() }) },
  /** The game's store: every product, by product id. */
  listProducts: { query: z.object({}), result: z.object({ products: z.array(product) }) },
  /** The game's announcement board as players see it: live ones (not withdrawn, within their time), smaller sort first. */
  listAnnouncements: {
    query: z.object({ areaId: gameId.optional(), type: z.enum(ANNOUNCEMENT_TYPES).optional() }),
    result: z.object({ announcements: z.array(gameAnnouncement) }),
  },
  /** The places in the game an announcement can jump to (jump type 0), by jump id. */
  listJumpTargets: { query: z.object({}), result: z.object({ targets: z.array(gameJumpTarget) }) },
  /** The game's item catalogue: what a mail may carry (bag items and currencies), with names in both languages. */
  listItems: { query: z.object({}), result: itemCatalogue },
  /** The mailboxes holding one mail, by role id (keyset: `after`), with read and collected. */
  mailRecipients: {
    query: z.object({
      mailId: gameId,
      after: gameId.optional(),
      size: z.number().int().min(1).max(1000).default(50),
      collected: z.boolean().optional(),
      roleId: gameId.optional(),
    }),
    result: mailRecipientsPage,
  },
  /** How many players a public mail's targets match now (what sending it would reach). */
  countMailTargets: { query: mailTargets, result: z.object({ count: z.number().int().nonnegative() }) },
  /** Completed orders per account in a window (the beta test's recharges), most paid first. */
  betaRecharges: { query: betaRechargeQuery, result: betaRechargePage },
  /** The order cache: payment callbacks the game holds, newest first, with every attempt's answer. */
  listPaymentCallbacks: { query: callbackListQuery, result: paymentCallbackPage },
  /** A leaderboard, best first, without the entries taken off it. */
  listRankings: { query: rankingQuery, result: rankingPage },
  /** Entries taken off the leaderboards, newest first. */
  listRankRemovals: { query: rankRemovalQuery, result: rankRemovalPage },
  /** Account grants (beta-test rebates) by id: delivered to a role or still waiting for one. */
  accountGrants: { query: accountGrantsQuery, result: z.object({ grants: z.array(accountGrant) }) },
  /** The live game configuration document of a key (null: none pushed yet). */
  gameConfig: { query: z.object({ key: z.enum(GAME_CONFIG_KEYS) }), result: z.object({ config: liveGameConfig.nullable() }) },
  /** The commands the game received, newest first, by keyset: `next` is the `before` of the next page. */
  listCommands: {
    query: commandJournalRead,
    result: z.object({ results: z.array(commandJournalEntry), next: journalPosition.nullable(), total: z.number(), totalCapped: z.boolean() }),
  },
} as const;

export type GameReadName = keyof typeof GAME_READS;
export const GAME_READ_NAMES = Object.keys(GAME_READS) as GameReadName[];
/** What a caller passes. */
export type GameReadQueryInput<K extends GameReadName> = z.input<(typeof GAME_READS)[K]['query']>;
/** The query after validation (defaults filled in). */
export type GameReadQuery<K extends GameReadName> = z.output<(typeof GAME_READS)[K]['query']>;
export type GameReadResult<K extends GameReadName> = z.output<(typeof GAME_READS)[K]['result']>;
