/**
 * The reference game server: a separate program that speaks the game protocol
 * (docs/game-protocol.md) the way a studio's server should. It keeps its own database, holds the
 * embedded game world (seeded on first start with the demo regions, store, players, reports and
 * redeem claims), applies each signed command to it and answers the player screens' reads from
 * it, so the console's `http` adapter can be run and tested against a real process. Faults can
 * be switched on at start for tests and demos.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { GAME_COMMANDS, type GameCommandKind } from '@gm/contract/game-commands.contract.ts';
import { GAME_READS, type GameReadName } from '@gm/contract/game-reads.contract.ts';
import { GAME_ID_PATTERN } from '@gm/contract/ingest.contract.ts';
import { migrateToLatest, openDatabase, type Database } from '../../db/database.ts';
import {
  checkClaim,
  checkSignature,
  GAME_PROTOCOL_MAX_BYTES,
  GAME_PROTOCOL_PREFIX,
  GAME_PROTOCOL_WINDOW_SECONDS,
  HEALTH_PATH,
  REGIONS_PATH,
  type ProtocolError,
  type ProtocolErrorCode,
} from '../gateway/game-protocol.ts';
import { GatewayError } from '../gateway/gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../world/embedded-gateway.ts';
import { seedRedeemClaims, seedReports } from '../world/reports.seed.ts';
import { seedGameWorld } from '../world/world.seed.ts';
import * as worldRepository from '../world/world.repository.ts';

export const DEFAULT_GAME_SERVER_DATABASE_URL = 'sqlite:./data/game-server.db';
/** The demo world's seed: the same players at every first start. */
export const GAME_SERVER_SEED = 20_261_122;

export interface GameServerOptions {
  /** Its own database (never the console's): `sqlite:<file>` or `postgres://...`. */
  databaseUrl?: string;
  /** PostgreSQL schema (tests give each run its own). */
  pgSchema?: string;
  /** The game id the console signs with (X-Game-Id). */
  gameId: string;
  /** The shared gateway key, at least 16 characters. */
  key: string;
  /** Demo players created on first start (an empty world). Default 2000. */
  players?: number;
  seed?: number;
  /** Fault: answer every command this many milliseconds late (after applying it). */
  delayMs?: number;
  /** Fault: answer the first N command calls 503 without applying them. */
  failFirst?: number;
  /** Fault: answer every command 500, never applying it. */
  failAll?: boolean;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
}

export interface GameServerState {
  gameId: string;
  database: Database;
  /** The game world the commands are applied to. */
  gateway: EmbeddedGateway;
  /** Players created at this start (0 when the world already existed). */
  seededPlayers: number;
  /** Signed command calls received so far (the count `failFirst` uses). */
  commandCalls: number;
}

export type GameServer = FastifyInstance & { game: GameServerState };

const isCommandKind = (kind: string): kind is GameCommandKind => Object.hasOwn(GAME_COMMANDS, kind);

const isReadName = (name: string): name is GameReadName => Object.hasOwn(GAME_READS, name);

const failure = (code: ProtocolErrorCode, message: string): ProtocolError => ({ ok: false, error: { code, message } });

/**
 * The signatures accepted inside the window, so a captured request cannot be sent again. Kept in
 * memory: one process. A game with several gateway instances keeps them in a shared store (or
 * relies on idempotency alone; see docs/game-protocol.md).
 */
function createReplayGuard(now: () => number) {
  const seen = new Map<string, number>();
  let prunedAt = 0;
  return {
    /** False when this signature was accepted before. */
    accept(signature: string, signedAtMs: number): boolean {
      const at = now();
      if (at - prunedAt >= 60_000) {
        prunedAt = at;
        const oldest = at - GAME_PROTOCOL_WINDOW_SECONDS * 1000;
        for (const [s, t] of seen) if (t < oldest) seen.delete(s);
      }
      if (seen.has(signature)) return false;
      seen.set(signature, signedAtMs);
      return true;
    },
  };
}

export async function buildGameServer(options: GameServerOptions): Promise<GameServer> {
  if (!GAME_ID_PATTERN.test(options.gameId)) throw new Error(`game id must match ${String(GAME_ID_PATTERN)}`);
  if (options.key.length < 16) throw new Error('the gateway key must be at least 16 characters');
  const now = options.now ?? Date.now;
  const delayMs = Math.max(0, options.delayMs ?? 0);
  const failFirst = Math.max(0, options.failFirst ?? 0);
  const failAll = options.failAll ?? false;

  const database = openDatabase(options.databaseUrl ?? DEFAULT_GAME_SERVER_DATABASE_URL, options.pgSchema ? { schema: options.pgSchema } : {});
  let seededPlayers = 0;
  try {
    await migrateToLatest(database.db);
    if ((await worldRepository.listRegions(database.db)).length === 0) {
      const seed = options.seed ?? GAME_SERVER_SEED;
      seededPlayers = (await seedGameWorld(database.db, { players: options.players ?? 2000, seed, now: now() })).length;
      // What the player screens read besides the world state: a report or claim per ten players.
      const filed = Math.max(1, Math.ceil(seededPlayers / 10));
      await seedReports(database.db, { count: filed, seed, now: now() });
      await seedRedeemClaims(database.db, { count: filed, seed, now: now() });
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const gateway = createEmbeddedGateway(database.db, { now });
  const replays = createReplayGuard(now);
  const state: GameServerState = { gameId: options.gameId, database, gateway, seededPlayers, commandCalls: 0 };

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: GAME_PROTOCOL_MAX_BYTES });
  app.decorate('game', state);
  app.addHook('onClose', async () => database.close());

  // The signature covers the body exactly as sent: keep the raw bytes, parse after checking.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => {
    done(null, body);
  });

  // Headers, game id and clock are checked before the body is read.
  app.addHook('onRequest', async (request, reply) => {
    const claim = checkClaim({ gameId: options.gameId, headers: request.headers, nowMs: now() });
    if (!claim.ok) return reply.code(401).send(failure(claim.code, claim.message));
  });

  /** The full check over the raw body; answers 401 and returns false when it fails. */
  function authenticated(request: FastifyRequest, reply: FastifyReply, refuseReplays: boolean): boolean {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const check = checkSignature({ gameId: options.gameId, key: options.key, headers: request.headers, body, nowMs: now() });
    if (!check.ok) {
      void reply.code(401).send(failure(check.code, check.message));
      return false;
    }
    if (refuseReplays && !replays.accept(check.signature, check.signedAtMs)) {
      void reply.code(401).send(failure('replayed', 'this signature was accepted before; sign every request anew'));
      return false;
    }
    return true;
  }

  // Reads change nothing, so they are not refused as replays: the console (or several of its
  // instances) may read in the same second with the same empty body, hence the same signature.
  app.get(HEALTH_PATH, async (request, reply) => {
    if (!authenticated(request, reply, false)) return reply;
    const health = await gateway.health();
    return { ok: health.ok, gameId: options.gameId, time: now() };
  });

  app.get(REGIONS_PATH, async (request, reply) => {
    if (!authenticated(request, reply, false)) return reply;
    return { ok: true, regions: await gateway.listRegions() };
  });

  // The player screens' reads, answered from this game's world exactly as the embedded adapter
  // answers them (world-reads.ts). The faults are for commands and leave reads alone.
  app.post<{ Params: { name: string } }>(`${GAME_PROTOCOL_PREFIX}/reads/:name`, async (request, reply) => {
    if (!authenticated(request, reply, false)) return reply;
    const { name } = request.params;
    if (!isReadName(name)) return reply.code(404).send(failure('unknownRead', `no read ${name}`));
    let query: unknown;
    try {
      query = JSON.parse((request.body as Buffer | undefined)?.toString('utf8') ?? '') as unknown;
    } catch {
      return reply.code(422).send({ ok: false, failure: { kind: 'invalid', reason: 'invalidParams', details: { issues: [{ path: '', message: 'validation.invalidJson' }] } } });
    }
    try {
      const run = gateway[name] as (query: unknown) => Promise<unknown>;
      return { ok: true, result: await run(query) };
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'invalid') return reply.code(422).send({ ok: false, failure: error.toFailure() });
      throw error;
    }
  });

  app.post<{ Params: { kind: string } }>(`${GAME_PROTOCOL_PREFIX}/commands/:kind`, async (request, reply) => {
    if (!authenticated(request, reply, true)) return reply;
    const { kind } = request.params;
    if (!isCommandKind(kind)) return reply.code(404).send(failure('unknownCommand', `no command ${kind}`));
    state.commandCalls += 1;
    const call = state.commandCalls;

    const answer = async (status: number, body: unknown) => {
      if (delayMs > 0) await sleep(delayMs);
      return reply.code(status).send(body);
    };
    if (failAll) return answer(500, failure('internal', 'fault injected: every command fails (failAll); nothing was applied'));
    if (call <= failFirst) return answer(503, failure('unavailable', `fault injected: call ${call} of the first ${failFirst} fails (failFirst); nothing was applied`));

    let command: unknown;
    try {
      command = JSON.parse((request.body as Buffer | undefined)?.toString('utf8') ?? '') as unknown;
    } catch {
      return answer(422, { ok: false, failure: { kind: 'invalid', reason: 'invalidParams', details: { issues: [{ path: '', message: 'validation.invalidJson' }] } } });
    }
    try {
      const run = gateway[kind] as (command: unknown) => Promise<unknown>;
      return await answer(200, { ok: true, result: await run(command) });
    } catch (error) {
      if (error instanceof GatewayError && (error.kind === 'rejected' || error.kind === 'invalid')) return answer(422, { ok: false, failure: error.toFailure() });
      throw error;
    }
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send(failure('notFound', 'no such path')));

  app.setErrorHandler(async (error: { code?: string; statusCode?: number; message?: string }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(failure('bodyTooLarge', `at most ${GAME_PROTOCOL_MAX_BYTES} bytes`));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure('badRequest', error.message ?? 'bad request'));
    }
    // A transaction that threw rolled back: nothing was applied, which is what 500 promises.
    request.log.error(error);
    return reply.code(500).send(failure('internal', 'internal error; nothing was applied'));
  });

  return app as unknown as GameServer;
}
