/**
 * The console pointed at the reference game server over the signed protocol, as the
 * `*.over-http.test.ts` files need it: the game runs as a separate process with its own SQLite
 * file; the console runs on a test database with the http gateway and an administrator signed
 * in. The game's file is also opened here (SQLite in WAL mode allows it), with the embedded
 * adapter on it, whose reads are the ones the game server answers with: what the game has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createHttpGateway } from '../game/gateway/http-gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../game/world/embedded-gateway.ts';
import { GAME_SERVER_START_TIMEOUT_MS, gameServerProcesses, type GameServerProcess } from './game-server-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** For `beforeAll`: starting the game process and the console on a busy machine. */
export const OVER_HTTP_START_TIMEOUT_MS = GAME_SERVER_START_TIMEOUT_MS + 30_000;

export interface ConsoleOverHttp {
  t: TestApp;
  /** The signed-in administrator's token. */
  admin: string;
  game: GameServerProcess;
  gameDatabase: Database;
  /** The game's world, as the game answers reads from it. */
  inGame: EmbeddedGateway;
  close(): Promise<void>;
}

export interface ConsoleOverHttpOptions {
  /** Demo players the game server seeds. */
  players: number;
  /** The http gateway's time-out per call (default 3 s). */
  timeoutMs?: number;
  /** More settings of the console. */
  app?: Partial<BuildOptions>;
  /** Runs on the game's world before the console starts (orders, callbacks ...). */
  prepare?: (inGame: EmbeddedGateway, gameDatabase: Database) => Promise<void>;
}

export async function startConsoleOverHttp(name: string, options: ConsoleOverHttpOptions): Promise<ConsoleOverHttp> {
  const key = `${name}-over-http-key-0123456789abcdef`;
  const dir = mkdtempSync(join(tmpdir(), `gm-${name}-over-http-`));
  const servers = gameServerProcesses({ dir, key, players: options.players });
  let gameDatabase: Database | undefined;
  let t: TestApp | undefined;
  const close = async () => {
    await t?.close();
    await gameDatabase?.close();
    await servers.stopAll();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const game = await servers.start(name);
    gameDatabase = openDatabase(game.databaseUrl);
    const inGame = createEmbeddedGateway(gameDatabase.db);
    await options.prepare?.(inGame, gameDatabase);
    const gateway = createHttpGateway({ url: game.url, gameId: 'demo', key, timeoutMs: options.timeoutMs ?? 3000, attempts: 2, backoffMs: 20 });
    t = await createTestApp({ ...options.app, gateway });
    const admin = await t.signIn('admin');
    return { t, admin, game, gameDatabase, inGame, close };
  } catch (error) {
    await close();
    throw error;
  }
}
