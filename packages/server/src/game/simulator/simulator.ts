/**
 * The driver: plays a population of players over the last `days` days up to `now`, writes the
 * world they leave behind (accounts, roles, bags, maps, mailboxes, orders, players' reports,
 * redeem-code claims) into the world tables, and reports what happened through the ingest API
 * (event logs, online counts, snapshots). Players are simulated and sent in chunks,
 * so memory stays flat however many there are. The same seed and options on the same world give
 * the same rows and events.
 */
import { LOG_CATALOGUE, type LogKey } from '@gm/contract/log-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { parseGrants } from '../world/game-world.ts';
import * as worldRepository from '../world/world.repository.ts';
import { DEMO_REGIONS, roleIdOf, seedRegionsAndCatalogue, userIdOf } from '../world/world.seed.ts';
import type { NewGameAccount } from '../world/world.table.ts';
import { createDisplayClock, DAY_MS, HOUR_MS, MINUTE_MS } from './display-time.ts';
import type { IngestClient, IngestTotals } from './ingest-client.ts';
import { createOnlineCounter } from './online-counts.ts';
import { simulatePlayer, type PlayerOutcome } from './player-life.ts';
import { createPopulation, type SimRegion } from './population.ts';
import { redeemCampaignsOf } from './redeem-codes.ts';
import { ChunkEvents, productKind, publicMailsOf, type RunContext, type SimProduct } from './run-context.ts';
import { accountRow, type AccountActivity } from './world-rows.ts';
import { productsOnSale } from '../world/world-config-tables.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_GAME_ID = 'demo';
/** Online counts every fifteen minutes: 96 points a day per region, enough for the day curve. */
export const DEFAULT_ONLINE_INTERVAL_MINUTES = 15;
const DEFAULT_CHUNK = 250;
/** A region under maintenance (or with login closed) has been so for this long. */
export const CLOSED_FOR_MS = 2 * HOUR_MS;

export interface SimulationOptions {
  /** The world's database (the console's). */
  db: Db;
  client: IngestClient;
  players: number;
  days: number;
  seed: number;
  /** The end of the history. */
  now: number;
  gameId?: string;
  /** The game's display time zone: days and the evening peak are local there. */
  timeZone?: string;
  onlineIntervalMinutes?: number;
  /** Players simulated and sent together. */
  chunkSize?: number;
  onProgress?: (progress: SimulationProgress) => void;
}

export interface SimulationProgress {
  playersDone: number;
  players: number;
  events: number;
  elapsedMs: number;
}

export interface SimulationSummary {
  players: number;
  accounts: number;
  sessions: number;
  events: number;
  perLog: Record<LogKey, number>;
  orders: { completed: number; incomplete: number; cancelled: number };
  payers: number;
  onlineSamples: number;
  snapshots: number;
  /** Players' reports of each other and redeem-code claims, written to the world's tables. */
  reports: number;
  redeemClaims: number;
  firstRoleId: string | null;
  lastRoleId: string | null;
  windowStart: number;
  now: number;
  elapsedMs: number;
  eventsPerSecond: number;
  ingest: IngestTotals;
}

/** Regions players may live in: not merged away, with a numeric id (it is the logs' zone id). */
async function loadRegions(db: Db, now: number): Promise<SimRegion[]> {
  const rows = await worldRepository.listRegions(db);
  return rows
    .filter((r) => r.merged_into === null && /^\d{1,9}$/.test(r.id))
    .map((r) => {
      const insidersOnly = r.status === 'hide' && r.login_status === 'gm';
      const closed = r.status === 'close' || r.under_maintenance === 1 || r.login_status !== 'open';
      const demo = DEMO_REGIONS.find((d) => d.id === r.id);
      return {
        id: r.id,
        zoneId: Number(r.id),
        weight: (demo?.weight ?? 10) * (r.status === 'hide' ? 0.2 : 1),
        insidersOnly,
        closedSince: closed && !insidersOnly ? now - CLOSED_FOR_MS : null,
        heat: r.heat,
        global: /global/i.test(r.group_name),
      };
    });
}

async function loadProducts(db: Db): Promise<SimProduct[]> {
  const [rows, onSale] = await Promise.all([worldRepository.listStore(db), productsOnSale(db)]);
  return rows.filter((r) => onSale?.has(r.product_id) ?? true).map((r) => {
    const grants = parseGrants(r.items);
    return {
      productId: r.product_id,
      name: r.name,
      price: r.price,
      currency: r.currency,
      goodsId: r.goods_id,
      itemGroupId: r.item_group_id,
      itemGroupName: r.item_group_name,
      grants,
      kind: productKind(grants, r.price),
      crystals: grants.reduce((sum, g) => sum + (g.kind === 'currency' && g.currency === 'recharge' ? g.quantity : 0), 0),
    };
  });
}

function emptyPerLog(): Record<LogKey, number> {
  return Object.fromEntries(LOG_CATALOGUE.map((l) => [l.key, 0])) as Record<LogKey, number>;
}

/**
 * Where this run's numbering starts (`roleIdOf` / `userIdOf`): after every role and account of
 * the world, including ids of that form made by other means, so a run never reuses an id.
 */
async function firstFreeIndex(db: Db): Promise<number> {
  const count = await worldRepository.countPlayers(db);
  const top = await worldRepository.highestIds(db, [roleIdOf(0), roleIdOf(100_000_000)], [userIdOf(0), userIdOf(100_000_000)]);
  const afterRole = top.role === null ? 0 : Number(top.role) - Number(roleIdOf(0)) + 1;
  const afterUser = top.user === null ? 0 : Number(top.user) - Number(userIdOf(0)) + 1;
  return Math.max(count, afterRole, afterUser);
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const started = performance.now();
  const { db, client, players, days, seed, now } = options;
  if (!Number.isInteger(players) || players < 0) throw new Error('players must be a whole number');
  if (!Number.isInteger(days) || days < 1) throw new Error('days must be at least 1');
  const gameId = options.gameId ?? DEFAULT_GAME_ID;
  const clock = createDisplayClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);

  // The demo regions and store, unless the world already has its own.
  if ((await worldRepository.listRegions(db)).length === 0 || (await worldRepository.listStore(db)).length === 0) {
    await seedRegionsAndCatalogue(db, now - days * DAY_MS);
  }
  const regions = await loadRegions(db, now);
  const products = await loadProducts(db);
  if (products.length === 0) throw new Error('the world has no products to sell');

  let windowStart = clock.dayStart(now);
  for (let d = 1; d < days; d += 1) windowStart = clock.dayStart(windowStart - 12 * HOUR_MS);
  const firstIndex = await firstFreeIndex(db);
  // Another run on the same world plays other people: its seed includes where it starts.
  const runSeed = firstIndex === 0 ? seed >>> 0 : (Math.imul(seed ^ firstIndex, 0x9e3779b1) ^ firstIndex) >>> 0;
  const population = createPopulation({ seed: runSeed, players, clock, now, windowStart, days, regions });
  const intervalMs = Math.max(1, options.onlineIntervalMinutes ?? DEFAULT_ONLINE_INTERVAL_MINUTES) * MINUTE_MS;
  const online = createOnlineCounter(regions, windowStart, now, intervalMs);
  const events = new ChunkEvents();
  const run: RunContext = {
    gameId,
    now,
    days,
    clock,
    windowStart,
    firstIndex,
    population,
    regions,
    products,
    publicMails: publicMailsOf(clock, windowStart, now),
    redeemCampaigns: redeemCampaignsOf(clock, windowStart, now, days),
    online,
    events,
    privateMails: [],
    orders: [],
    reports: [],
    redeemClaims: [],
  };

  const accounts = new Map<number, AccountActivity>();
  const orders = { completed: 0, incomplete: 0, cancelled: 0 };
  let sessions = 0;
  let payers = 0;
  let sent = 0;
  let reports = 0;
  let redeemClaims = 0;
  for (let from = 0; from < players; from += chunkSize) {
    const to = Math.min(players, from + chunkSize);
    const outcomes: PlayerOutcome[] = [];
    for (let index = from; index < to; index += 1) outcomes.push(simulatePlayer(run, index));
    const chunkOrders = run.orders.splice(0);
    const privateMails = run.privateMails.splice(0);
    const chunkReports = run.reports.splice(0);
    const chunkClaims = run.redeemClaims.splice(0);
    await db.transaction().execute(async (trx) => {
      await worldRepository.insertPlayers(trx, outcomes.map((o) => o.player));
      await worldRepository.insertBagItems(trx, outcomes.flatMap((o) => o.bag));
      await worldRepository.insertMapProgress(trx, outcomes.flatMap((o) => o.maps));
      // Private mail goes to earlier players, whose rows are already written (or just were).
      await worldRepository.insertMailboxes(trx, [...outcomes.flatMap((o) => o.mailboxes), ...privateMails]);
      await worldRepository.insertOrders(trx, chunkOrders);
      // Players file reports and redeem codes in the game; the game keeps them with its world.
      await worldRepository.insertReports(trx, chunkReports);
      await worldRepository.insertRedeemClaims(trx, chunkClaims);
    });
    for (const o of outcomes) {
      sessions += o.sessions;
      if (o.player.is_recharge === 1) payers += 1;
      const seen = accounts.get(o.account.ownerIndex);
      if (!seen) accounts.set(o.account.ownerIndex, { ...o.account });
      else if ((o.account.lastLoginAt ?? 0) > (seen.lastLoginAt ?? 0)) {
        seen.lastLoginAt = o.account.lastLoginAt;
        seen.lastIp = o.account.lastIp;
      }
    }
    for (const order of chunkOrders) orders[order.status as keyof typeof orders] += 1;
    const batch = events.take();
    sent += batch.length;
    await client.sendEvents(batch);
    await client.sendPlayers(outcomes.map((o) => o.snapshot));
    reports += chunkReports.length;
    redeemClaims += chunkClaims.length;
    options.onProgress?.({ playersDone: to, players, events: sent, elapsedMs: performance.now() - started });
  }

  const accountRows: NewGameAccount[] = [...accounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([owner, activity]) => accountRow(population.profile(owner).account, userIdOf(firstIndex + owner), activity));
  await db.transaction().execute((trx) => worldRepository.insertAccounts(trx, accountRows));

  // A run on a world that already reported counts at these instants adds its players to them.
  const stored = await db
    .selectFrom('online_samples')
    .select(['area_id', 'at', 'online', 'queue'])
    .where('game_id', '=', gameId)
    .where('at', '>=', windowStart)
    .where('at', '<=', now)
    .execute();
  const before = new Map(stored.map((s) => [`${s.area_id}@${s.at}`, s]));
  const samples = online.samples();
  for (const sample of samples) {
    let changed = false;
    for (const region of sample.regions) {
      const earlier = before.get(`${region.areaId}@${sample.at}`);
      if (!earlier || region.online > 0 || region.queue > 0) changed = true;
      if (earlier) {
        region.online += earlier.online;
        region.queue += earlier.queue;
      }
    }
    // An instant this run adds nobody to is already reported as it stands.
    if (changed) await client.sendOnline(sample);
  }
  await db.transaction().execute((trx) => worldRepository.recountOnline(trx, regions.map((r) => r.id), now));

  const perLog = emptyPerLog();
  for (const [key, n] of events.perLog) perLog[key] = n;
  const elapsedMs = performance.now() - started;
  return {
    players,
    accounts: accountRows.length,
    sessions,
    events: sent,
    perLog,
    orders,
    payers,
    onlineSamples: samples.length * regions.length,
    snapshots: players,
    reports,
    redeemClaims,
    firstRoleId: players > 0 ? roleIdOf(firstIndex) : null,
    lastRoleId: players > 0 ? roleIdOf(firstIndex + players - 1) : null,
    windowStart,
    now,
    elapsedMs,
    eventsPerSecond: sent / (elapsedMs / 1000),
    ingest: client.totals,
  };
}
