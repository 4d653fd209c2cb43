/**
 * The demo game's history, played by the simulator inside the console's own process: the world
 * rows go straight into its database and the events through its real ingest route (`app.inject`
 * with real signed headers: the same route, signature check and validation as over HTTP).
 * `npm start` calls `seedDemoDataOnFirstStart`; tests call `seedDemoHistory` when they need data.
 */
import type { FastifyInstance } from 'fastify';
import * as worldRepository from '../world/world.repository.ts';
import { cacheCallbacksOfIncompleteOrders } from '../world/world-callbacks.ts';
import { channelOfPlatformOrderId } from './purchases.ts';
import { ensureDemoGame, DEMO_GAME_ID } from '../ingest/ingest.service.ts';
import { createIngestClient, injectTransport } from './ingest-client.ts';
import { runSimulation, type SimulationProgress, type SimulationSummary } from './simulator.ts';

/** Every fresh install gets the same demo population (relative to its first start). */
export const DEMO_SEED = 20_261_122;
export const DEMO_PLAYERS = 3000;
export const DEMO_DAYS = 35;

export interface DemoHistoryOptions {
  players?: number;
  days?: number;
  seed?: number;
  /** The end of the history; the app's clock by default. */
  now?: number;
  onlineIntervalMinutes?: number;
  chunkSize?: number;
  onProgress?: (progress: SimulationProgress) => void;
}

/** Plays `players` demo players over `days` days into the app's world and logs. */
export async function seedDemoHistory(app: FastifyInstance, options: DemoHistoryOptions = {}): Promise<SimulationSummary> {
  const game = await ensureDemoGame(app.ctx);
  const client = createIngestClient({ transport: injectTransport(app), gameId: DEMO_GAME_ID, key: game.key, now: app.ctx.now });
  return runSimulation({
    db: app.ctx.db,
    client,
    players: options.players ?? DEMO_PLAYERS,
    days: options.days ?? DEMO_DAYS,
    seed: options.seed ?? DEMO_SEED,
    now: options.now ?? app.ctx.now(),
    ...(options.onlineIntervalMinutes !== undefined ? { onlineIntervalMinutes: options.onlineIntervalMinutes } : {}),
    ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
/** Incomplete orders of the demo whose payment callback waits in the order cache. */
const DEMO_CACHED_CALLBACKS = 5;

/**
 * At the first start (the world has no players yet), seeds the demo history and prints where it
 * is; null when the world already has players or `players` is 0.
 */
export async function seedDemoDataOnFirstStart(
  app: FastifyInstance,
  options: { players: number; days: number; print: (line: string) => void },
): Promise<SimulationSummary | null> {
  if (options.players === 0 || (await worldRepository.countPlayers(app.ctx.db)) > 0) return null;
  const { print } = options;
  print(`Seeding demo data: ${count(options.players)} players with ${options.days} days of history (first start only; DEMO_DATA=off skips it) ...`);
  let reported = 0;
  const summary = await seedDemoHistory(app, {
    players: options.players,
    days: options.days,
    onProgress(p) {
      const share = Math.floor((p.playersDone / p.players) * 4);
      if (share > reported && p.playersDone < p.players) {
        reported = share;
        print(`  ${share * 25}%: ${count(p.playersDone)} players, ${count(p.events)} events, ${(p.elapsedMs / 1000).toFixed(1)} s`);
      }
    },
  });
  // A few unconfirmed payments did go through while the game was down: the order cache shows them.
  await cacheCallbacksOfIncompleteOrders(app.ctx.db, { count: DEMO_CACHED_CALLBACKS, at: app.ctx.now(), channelOf: channelOfPlatformOrderId });
  const orders = summary.orders.completed + summary.orders.incomplete + summary.orders.cancelled;
  print(`Demo data ready: ${count(summary.players)} players, ${count(summary.events)} events, ${count(orders)} orders, ${count(summary.onlineSamples)} online samples in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  return summary;
}
