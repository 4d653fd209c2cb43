/**
 * The game gateway: the one port through which the console operates a game (house plan
 * section 1). Adapters: `embedded` (the game world in the console's database,
 * `game/world/embedded-gateway.ts`) and `http` (real game servers over the signed protocol).
 *
 * Every command carries a `commandId`. A game applies a command id once; the same id again
 * answers the first outcome (result or refusal) and changes nothing more, so a command that
 * timed out can be retried safely with the same id. A new operator action takes a new id.
 *
 * Do not call the gateway inside an open database transaction: the embedded adapter opens its
 * own (on SQLite it would wait for yours forever), and the http adapter would hold yours across
 * a network call. Call the gateway, then record the audit entry with its result or failure.
 */
import {
  gatewayFailure,
  type GameCommandInput,
  type GameCommandKind,
  type GameCommandResult,
  type GameInvalidReason,
  type GameRefusalReason,
  type GatewayErrorKind,
  type GatewayFailure,
  type GatewayHealth,
  type Region,
} from '@gm/contract/game-commands.contract.ts';
import type { GameReadName, GameReadQueryInput, GameReadResult } from '@gm/contract/game-reads.contract.ts';

export type { GatewayErrorKind, GatewayFailure, GatewayHealth };

type Command<K extends GameCommandKind> = (command: GameCommandInput<K>) => Promise<GameCommandResult<K>>;
type Read<K extends GameReadName> = (query: GameReadQueryInput<K>) => Promise<GameReadResult<K>>;

export interface GameGateway {
  /** `embedded` or `http`. */
  readonly adapter: string;
  /** Force logout: the players go offline. */
  kickPlayers: Command<'kickPlayers'>;
  /** Force logout of everyone in one area (`areaId`), or everywhere (`areaId: null`). */
  kickAll: Command<'kickAll'>;
  /** Banned players cannot sign in; those online are kicked. */
  banPlayers: Command<'banPlayers'>;
  unbanPlayers: Command<'unbanPlayers'>;
  /** Muted players cannot chat. */
  mutePlayers: Command<'mutePlayers'>;
  unmutePlayers: Command<'unmutePlayers'>;
  /** No role of a banned account can sign in; those online are kicked. */
  banAccounts: Command<'banAccounts'>;
  unbanAccounts: Command<'unbanAccounts'>;
  /** Takes 0 < quantity <= current of one bag item, only if current still equals `expectedCurrent`. */
  deductAssets: Command<'deductAssets'>;
  unlockMaps: Command<'unlockMaps'>;
  /** Moves an offline player on an explore map. */
  setMapPosition: Command<'setMapPosition'>;
  setPlayerValue: Command<'setPlayerValue'>;
  setIdentityMark: Command<'setIdentityMark'>;
  /** /player/add: a new account and role on a live region (QA). */
  createPlayer: Command<'createPlayer'>;
  deliverMail: Command<'deliverMail'>;
  /** Takes a mail out of every mailbox where it was not collected. */
  withdrawMail: Command<'withdrawMail'>;
  pushAnnouncement: Command<'pushAnnouncement'>;
  withdrawAnnouncement: Command<'withdrawAnnouncement'>;
  createRegion: Command<'createRegion'>;
  /** Rename, ui sort, group, auto-close time. */
  updateRegion: Command<'updateRegion'>;
  /** open, close (under maintenance; everyone is signed out) or hide. */
  setRegionStatus: Command<'setRegionStatus'>;
  setRegionLoginStatus: Command<'setRegionLoginStatus'>;
  setRegionHeat: Command<'setRegionHeat'>;
  /** Only while the source region is under maintenance. */
  mergeRegions: Command<'mergeRegions'>;
  /** Incomplete orders only: grants the goods and marks the order completed. */
  replenishOrder: Command<'replenishOrder'>;
  /** Completed orders only: takes the goods back and marks the order cancelled. */
  cancelOrder: Command<'cancelOrder'>;
  /** Beta-test rebate: held for the account until its first role from `notBefore` on exists. */
  grantAccountRebate: Command<'grantAccountRebate'>;
  /** The order cache: the game tries a cached payment callback again (a refusal is recorded in the answer). */
  retryPaymentCallback: Command<'retryPaymentCallback'>;
  /** Rankings: takes roles off a leaderboard until restored. */
  removeRankEntries: Command<'removeRankEntries'>;
  restoreRankEntries: Command<'restoreRankEntries'>;
  /** Redeem codes: the game learns (or relearns) a batch and accepts its codes. */
  publishRedeemBatch: Command<'publishRedeemBatch'>;
  /** Players can no longer redeem the batch's codes. */
  disableRedeemBatch: Command<'disableRedeemBatch'>;
  /** A game configuration document (function lock, check-in, share ...) replaces the live one of its key. */
  setGameConfig: Command<'setGameConfig'>;
  /** A config table's version (items, products, maps) replaces the one the game runs; an earlier one again is a rollback. */
  publishConfigTable: Command<'publishConfigTable'>;
  /**
   * A read, not a command (no command id, changes nothing): the game's server list with each
   * region's runtime state. Regions are few, so the console filters and pages them itself.
   */
  listRegions(): Promise<Region[]>;
  /*
   * Reads of the player screens (game-reads.contract.ts): no command id, change nothing, answer
   * from the game's own world. A role that does not exist is `null` in the answer, not a failure.
   */
  listPlayers: Read<'listPlayers'>;
  listSanctionedPlayers: Read<'listSanctionedPlayers'>;
  playerDetail: Read<'playerDetail'>;
  playerBag: Read<'playerBag'>;
  playerMaps: Read<'playerMaps'>;
  /** Which of the ids (roles or accounts) the game knows: the Excel import checks them before a batch action. */
  knownIds: Read<'knownIds'>;
  /** Accounts with every field: the console hides personal data from operators without 12003 itself. */
  listAccounts: Read<'listAccounts'>;
  listBannedAccounts: Read<'listBannedAccounts'>;
  listReports: Read<'listReports'>;
  listRedeemClaims: Read<'listRedeemClaims'>;
  /** Orders (the order screens), newest first. */
  listOrders: Read<'listOrders'>;
  /** One order with its receipt and goods; `order: null` when there is none. */
  orderDetail: Read<'orderDetail'>;
  /** The game's store (the replenish dialog's product list). */
  listProducts: Read<'listProducts'>;
  /** Completed orders per account in a window (the beta test's recharges). */
  betaRecharges: Read<'betaRecharges'>;
  /** Account grants (beta-test rebates): delivered to a role or still held. */
  accountGrants: Read<'accountGrants'>;
  /** The order cache: payment callbacks the game holds, with each attempt's answer. */
  listPaymentCallbacks: Read<'listPaymentCallbacks'>;
  /** A leaderboard, best first, without the entries taken off it. */
  listRankings: Read<'listRankings'>;
  listRankRemovals: Read<'listRankRemovals'>;
  /** The game's item catalogue (what a mail may carry). */
  listItems: Read<'listItems'>;
  /** The mailboxes holding one mail, with read and collected, by role id (keyset). */
  mailRecipients: Read<'mailRecipients'>;
  /** How many players a public mail's targets match now. */
  countMailTargets: Read<'countMailTargets'>;
  /** The commands the game received and what it answered (the debugging screen), newest first by keyset. */
  listCommands: Read<'listCommands'>;
  /** The game's live announcement board (what players see), smaller sort first. */
  listAnnouncements: Read<'listAnnouncements'>;
  /** The places in the game an announcement can jump to. */
  listJumpTargets: Read<'listJumpTargets'>;
  /** The live game configuration document of a key. */
  gameConfig: Read<'gameConfig'>;
  /** Whether the game answers; never throws. */
  health(): Promise<GatewayHealth>;
}

/** Every command of the contract is a method of the port. */
type Assert<T extends true> = T;
export type GatewayCoversContract = Assert<GameCommandKind extends keyof GameGateway ? true : false>;
/** And so is every read. */
export type GatewayCoversReads = Assert<GameReadName extends keyof GameGateway ? true : false>;

/** What an adapter answers besides commands and the contract's reads. */
export interface GatewayReads {
  listRegions: GameGateway['listRegions'];
  health: GameGateway['health'];
}

/** How an adapter runs any command: validate, send or apply, answer. */
export type CommandExecutor = <K extends GameCommandKind>(kind: K, command: GameCommandInput<K>) => Promise<GameCommandResult<K>>;

/** How an adapter answers any read of the contract: validate, send or query, answer. */
export type ReadExecutor = <K extends GameReadName>(name: K, query: GameReadQueryInput<K>) => Promise<GameReadResult<K>>;

/** Builds the port from an adapter's executors, so both adapters route commands and reads the same way. */
export function gatewayFrom(adapter: string, execute: CommandExecutor, read: ReadExecutor, reads: GatewayReads): GameGateway {
  return {
    adapter,
    kickPlayers: (c) => execute('kickPlayers', c),
    kickAll: (c) => execute('kickAll', c),
    banPlayers: (c) => execute('banPlayers', c),
    unbanPlayers: (c) => execute('unbanPlayers', c),
    mutePlayers: (c) => execute('mutePlayers', c),
    unmutePlayers: (c) => execute('unmutePlayers', c),
    banAccounts: (c) => execute('banAccounts', c),
    unbanAccounts: (c) => execute('unbanAccounts', c),
    deductAssets: (c) => execute('deductAssets', c),
    unlockMaps: (c) => execute('unlockMaps', c),
    setMapPosition: (c) => execute('setMapPosition', c),
    setPlayerValue: (c) => execute('setPlayerValue', c),
    setIdentityMark: (c) => execute('setIdentityMark', c),
    createPlayer: (c) => execute('createPlayer', c),
    deliverMail: (c) => execute('deliverMail', c),
    withdrawMail: (c) => execute('withdrawMail', c),
    pushAnnouncement: (c) => execute('pushAnnouncement', c),
    withdrawAnnouncement: (c) => execute('withdrawAnnouncement', c),
    createRegion: (c) => execute('createRegion', c),
    updateRegion: (c) => execute('updateRegion', c),
    setRegionStatus: (c) => execute('setRegionStatus', c),
    setRegionLoginStatus: (c) => execute('setRegionLoginStatus', c),
    setRegionHeat: (c) => execute('setRegionHeat', c),
    mergeRegions: (c) => execute('mergeRegions', c),
    replenishOrder: (c) => execute('replenishOrder', c),
    cancelOrder: (c) => execute('cancelOrder', c),
    grantAccountRebate: (c) => execute('grantAccountRebate', c),
    retryPaymentCallback: (c) => execute('retryPaymentCallback', c),
    removeRankEntries: (c) => execute('removeRankEntries', c),
    restoreRankEntries: (c) => execute('restoreRankEntries', c),
    publishRedeemBatch: (c) => execute('publishRedeemBatch', c),
    disableRedeemBatch: (c) => execute('disableRedeemBatch', c),
    setGameConfig: (c) => execute('setGameConfig', c),
    publishConfigTable: (c) => execute('publishConfigTable', c),
    listRegions: reads.listRegions,
    listPlayers: (q) => read('listPlayers', q),
    listSanctionedPlayers: (q) => read('listSanctionedPlayers', q),
    playerDetail: (q) => read('playerDetail', q),
    playerBag: (q) => read('playerBag', q),
    playerMaps: (q) => read('playerMaps', q),
    knownIds: (q) => read('knownIds', q),
    listAccounts: (q) => read('listAccounts', q),
    listBannedAccounts: (q) => read('listBannedAccounts', q),
    listReports: (q) => read('listReports', q),
    listRedeemClaims: (q) => read('listRedeemClaims', q),
    listOrders: (q) => read('listOrders', q),
    orderDetail: (q) => read('orderDetail', q),
    listProducts: (q) => read('listProducts', q),
    betaRecharges: (q) => read('betaRecharges', q),
    accountGrants: (q) => read('accountGrants', q),
    listPaymentCallbacks: (q) => read('listPaymentCallbacks', q),
    listRankings: (q) => read('listRankings', q),
    listRankRemovals: (q) => read('listRankRemovals', q),
    listCommands: (q) => read('listCommands', q),
    listItems: (q) => read('listItems', q),
    mailRecipients: (q) => read('mailRecipients', q),
    countMailTargets: (q) => read('countMailTargets', q),
    listAnnouncements: (q) => read('listAnnouncements', q),
    listJumpTargets: (q) => read('listJumpTargets', q),
    gameConfig: (q) => read('gameConfig', q),
    health: reads.health,
  };
}

/**
 * A command that failed. `unavailable`: the game could not be reached (nothing was applied).
 * `timeout`: no answer in time (it may or may not have been applied; retry with the same
 * command id to find out). `rejected`: the game refused it by its rules, with a reason key.
 * `invalid`: the command was malformed and never considered.
 */
export class GatewayError extends Error {
  readonly kind: GatewayErrorKind;
  readonly reason: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(failure: GatewayFailure) {
    super(`game gateway: ${failure.kind} (${failure.reason})`);
    this.name = 'GatewayError';
    this.kind = failure.kind;
    this.reason = failure.reason;
    this.details = failure.details;
  }

  static rejected(reason: GameRefusalReason, details?: Record<string, unknown>): GatewayError {
    return new GatewayError({ kind: 'rejected', reason, ...(details ? { details } : {}) });
  }

  static invalid(reason: GameInvalidReason, details?: Record<string, unknown>): GatewayError {
    return new GatewayError({ kind: 'invalid', reason, ...(details ? { details } : {}) });
  }

  static unavailable(reason: string, details?: Record<string, unknown>): GatewayError {
    return new GatewayError({ kind: 'unavailable', reason, ...(details ? { details } : {}) });
  }

  static timeout(reason: string, details?: Record<string, unknown>): GatewayError {
    return new GatewayError({ kind: 'timeout', reason, ...(details ? { details } : {}) });
  }

  /** Back from the wire (the http adapter, a stored refusal). */
  static fromFailure(value: unknown): GatewayError {
    const parsed = gatewayFailure.safeParse(value);
    return new GatewayError(parsed.success ? parsed.data : { kind: 'unavailable', reason: 'malformedFailure' });
  }

  toFailure(): GatewayFailure {
    return gatewayFailure.parse({ kind: this.kind, reason: this.reason, ...(this.details ? { details: this.details } : {}) });
  }
}

export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}

/**
 * A gateway method called as a promise, for the wrappers put around the port where it is built
 * (metrics, the game log): a method that throws instead of rejecting rejects with what it threw,
 * so the wrapper's one `then` sees every outcome.
 */
export function callAsPromise(call: (...args: unknown[]) => Promise<unknown>, gateway: GameGateway, args: unknown[]): Promise<unknown> {
  try {
    return call.apply(gateway, args);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what was thrown is passed on as it is
    return Promise.reject(error);
  }
}
