/**
 * The `http` adapter against the reference game server running as a separate process (as a
 * studio's server would), on 127.0.0.1 with temporary SQLite files. Each server is started with
 * `node --import tsx .../main.ts` and GAME_SERVER_PORT=0, and always stopped in afterAll.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameCommandInput } from '@gm/contract/game-commands.contract.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { GAME_SERVER_START_TIMEOUT_MS as START_TIMEOUT_MS, gameServerProcesses, type GameServerProcess, type GameServerProcesses } from '../../testing/game-server-process.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { GAME_SERVER_SEED } from '../game-server/game-server.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from '../world/embedded-gateway.ts';
import { roleIdOf, seedGameWorld } from '../world/world.seed.ts';
import * as worldRepository from '../world/world.repository.ts';
import { GatewayError, type GameGateway } from './gateway.ts';
import { createHttpGateway, type HttpGatewayOptions } from './http-gateway.ts';

const KEY = 'http-gateway-test-key-0123456789';
const PLAYERS = 40;
const DAY = 86_400_000;

let dir: string;
let servers: GameServerProcesses;
const startGameServer = (name: string, settings: Record<string, string> = {}) => servers.start(name, settings);

/** A port on 127.0.0.1 that nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

const httpGateway = (server: { url: string }, options: Partial<HttpGatewayOptions> = {}) =>
  createHttpGateway({ url: server.url, gameId: 'demo', key: KEY, timeoutMs: 3000, attempts: 3, backoffMs: 20, ...options });

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('the command succeeded');
}

/** A game server's database, read from the test process (SQLite in WAL mode allows it). */
const opened: Database[] = [];
function peek(server: GameServerProcess): Database {
  const database = openDatabase(server.databaseUrl);
  opened.push(database);
  return database;
}

const bagCurrent = async (database: Database, roleId: string, sourceId: string) => (await worldRepository.findBagItem(database.db, roleId, sourceId))?.current_number;
const commandRow = (database: Database, commandId: string) => worldRepository.findCommand(database.db, commandId);

/** The same result but for when it was applied. */
const withoutTime = (result: { appliedAt: number }) => ({ ...result, appliedAt: 0 });

let fast: GameServerProcess;
let slow: GameServerProcess;
let flaky: GameServerProcess;
let broken: GameServerProcess;
let reference: Database;
let embedded: EmbeddedGateway;
/** Roles of the seeded world that are neither banned nor muted, and bag items with some left. */
let roles: string[];
let items: { roleId: string; sourceId: string; current: number }[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gm-game-server-'));
  servers = gameServerProcesses({ dir, key: KEY, players: PLAYERS });
  [fast, slow, flaky, broken] = await Promise.all([
    startGameServer('fast'),
    startGameServer('slow', { GAME_SERVER_DELAY_MS: '1500' }),
    startGameServer('flaky', { GAME_SERVER_FAIL_FIRST: '2' }),
    startGameServer('broken', { GAME_SERVER_FAIL_ALL: 'true' }),
  ]);
  // The same demo world in-process, behind the embedded adapter, to compare results with.
  reference = await openTestDatabase();
  await seedGameWorld(reference.db, { players: PLAYERS, seed: GAME_SERVER_SEED, now: Date.now() });
  embedded = createEmbeddedGateway(reference.db);
  const players = await worldRepository.findPlayers(reference.db, Array.from({ length: PLAYERS }, (_, i) => roleIdOf(i)));
  roles = players.filter((p) => p.ban_until === null && p.mute_until === null).map((p) => p.role_id);
  items = [];
  for (const roleId of roles) {
    for (const item of await worldRepository.listBag(reference.db, roleId)) {
      if (item.current_number >= 3) items.push({ roleId, sourceId: item.source_id, current: item.current_number });
    }
  }
  if (roles.length < 4 || items.length < 6) throw new Error('the seeded world is too small for these tests');
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await servers?.stopAll();
  await reference?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const item = (i: number) => {
  const found = items[i];
  if (!found) throw new Error(`no item ${i}`);
  return found;
};
const deduct = (i: number, commandId: string): GameCommandInput<'deductAssets'> & { expectedCurrent: number } => ({
  commandId,
  roleId: item(i).roleId,
  sourceId: item(i).sourceId,
  quantity: 1,
  expectedCurrent: item(i).current,
});

describe('http gateway against the reference game server', () => {
  it('round-trips commands with the same results as the embedded adapter', async () => {
    const gw = httpGateway(fast);
    const same = async <T extends { appliedAt: number }>(run: (gateway: GameGateway) => Promise<T>) => {
      const overHttp = await run(gw);
      expect(withoutTime(overHttp)).toEqual(withoutTime(await run(embedded)));
      return overHttp;
    };
    const until = Date.now() + DAY;

    const ban = await same((g) => g.banPlayers({ commandId: 'rt-ban', roleIds: [roles[0] ?? '', roles[1] ?? ''], until, reason: 'cheating' }));
    expect(ban.players.map((p) => p.after.banUntil)).toEqual([until, until]);

    const deducted = await same((g) => g.deductAssets(deduct(0, 'rt-deduct')));
    expect(deducted.after.currentNumber).toBe(item(0).current - 1);

    const mail = await same((g) =>
      g.deliverMail({
        commandId: 'rt-mail',
        targets: { kind: 'public', areaIds: ['1001', '1002'] },
        mail: { mailId: 'rt-mail-1', title: 'Maintenance gift', content: '维护补偿', sender: 'GM', items: [{ kind: 'currency', currency: 'nonRecharge', quantity: 100 }], expiresAt: null },
      }),
    );
    expect(mail.delivered).toBeGreaterThan(0);

    // A merge needs the source region under maintenance: refused, then closed, then allowed.
    for (const g of [gw, embedded]) {
      const refused = await failureOf(g.mergeRegions({ commandId: `rt-merge-early-${g.adapter}`, fromId: '1003', intoId: '1002' }));
      expect(refused.toFailure()).toEqual({ kind: 'rejected', reason: 'notUnderMaintenance', details: { areaId: '1003' } });
    }
    const closed = await same((g) => g.setRegionStatus({ commandId: 'rt-close', areaIds: ['1003'], status: 'close' }));
    expect(closed.regions[0]?.after).toMatchObject({ status: 'close', underMaintenance: true, onlineNumber: 0 });
    const merged = await same((g) => g.mergeRegions({ commandId: 'rt-merge', fromId: '1003', intoId: '1002' }));
    expect(merged.after.from.mergedInto).toBe('1002');
    // The read of the server list shows the same world.
    const regions = await gw.listRegions();
    expect(regions).toEqual(await embedded.listRegions());
    expect(regions.find((r) => r.id === '1003')).toMatchObject({ status: 'close', mergedInto: '1002' });

    // Refusals come back as the game's failure, with its details.
    const missing = await failureOf(gw.kickPlayers({ commandId: 'rt-missing', roleIds: ['no-such-role'] }));
    expect(missing.toFailure()).toEqual({ kind: 'rejected', reason: 'playerNotFound', details: { roleIds: ['no-such-role'] } });
    const past = await failureOf(gw.mutePlayers({ commandId: 'rt-past', roleIds: [roles[2] ?? ''], until: 1, reason: '' }));
    expect(past.toFailure()).toMatchObject({ kind: 'invalid', reason: 'untilNotInFuture' });
  });

  it('applies a command id once and answers a repeat with the first result; another command under that id is invalid', async () => {
    const gw = httpGateway(fast);
    const game = peek(fast);
    const first = await gw.deductAssets(deduct(1, 'once-deduct'));
    const second = await gw.deductAssets(deduct(1, 'once-deduct'));
    expect(second).toEqual(first);
    expect(await bagCurrent(game, item(1).roleId, item(1).sourceId)).toBe(item(1).current - 1);

    const reused = await failureOf(gw.deductAssets({ ...deduct(1, 'once-deduct'), quantity: 2 }));
    expect(reused.toFailure()).toMatchObject({ kind: 'invalid', reason: 'commandIdReused' });
    expect(await bagCurrent(game, item(1).roleId, item(1).sourceId)).toBe(item(1).current - 1);
  });

  it('checks a command before sending it, and sends nothing when it is malformed', async () => {
    let sent = 0;
    const gw = httpGateway(fast, {
      fetch: (input, init) => {
        sent += 1;
        return fetch(input, init);
      },
    });
    const invalid = await failureOf(gw.banPlayers({ commandId: 'bad', roleIds: [], until: 1, reason: '' }));
    expect(invalid.kind).toBe('invalid');
    expect(invalid.reason).toBe('invalidParams');
    expect(invalid.details?.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'roleIds' })]));
    expect(sent).toBe(0);
  });

  it('reports health: ok with a live game, not ok with a wrong key or nobody listening', async () => {
    const ok = await httpGateway(fast).health();
    expect(ok).toMatchObject({ ok: true, adapter: 'http' });
    expect(ok.latencyMs).toBeGreaterThanOrEqual(0);

    const wrongKey = await httpGateway(fast, { key: 'not-the-game-key-0123456789' }).health();
    expect(wrongKey).toMatchObject({ ok: false, adapter: 'http' });
    expect(wrongKey.message).toContain('unauthorized');

    const down = await httpGateway({ url: `http://127.0.0.1:${await freePort()}` }).health();
    expect(down).toMatchObject({ ok: false, adapter: 'http' });
    expect(down.message).toContain('ECONNREFUSED');
  });

  it('a wrong key is unavailable/unauthorized at once, and nothing is applied', async () => {
    const gw = httpGateway(fast, { key: 'not-the-game-key-0123456789', attempts: 3, backoffMs: 2000 });
    const started = Date.now();
    const failure = await failureOf(gw.deductAssets(deduct(2, 'wrong-key')));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toBe('unauthorized');
    expect(failure.details).toMatchObject({ status: 401, code: 'badSignature' });
    // Not retried: no back-off wait.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await commandRow(peek(fast), 'wrong-key')).toBeUndefined();
  });

  it('nothing listening is unavailable/unreachable', async () => {
    const gw = httpGateway({ url: `http://127.0.0.1:${await freePort()}` }, { attempts: 2 });
    const failure = await failureOf(gw.kickPlayers({ commandId: randomUUID(), roleIds: ['1'] }));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toBe('unreachable');
    expect(failure.details).toMatchObject({ attempts: 2 });
  });

  it('a slow game is a timeout; after a restart the same command id answers the first outcome, applied once', { timeout: START_TIMEOUT_MS + 15_000 }, async () => {
    const gw = httpGateway(slow, { timeoutMs: 400, attempts: 2 });
    const command = deduct(3, 'slow-deduct');
    const timedOut = await failureOf(gw.deductAssets(command));
    expect(timedOut.kind).toBe('timeout');
    expect(timedOut.reason).toBe('noAnswer');

    // The game is killed: nothing answers any more.
    await slow.stop('SIGKILL');
    const gone = await failureOf(gw.deductAssets(command));
    expect(gone.kind).toBe('unavailable');
    expect(gone.reason).toBe('unreachable');
    expect((await gw.health()).ok).toBe(false);

    // Back without the delay, on the same database: the retry learns what happened.
    const restarted = await startGameServer('slow');
    const restartedAt = Date.now();
    const result = await httpGateway(restarted).deductAssets(command);
    expect(result.after.currentNumber).toBe(command.expectedCurrent - 1);
    expect(result.appliedAt).toBeLessThan(restartedAt);
    expect(await bagCurrent(peek(restarted), command.roleId, command.sourceId)).toBe(command.expectedCurrent - 1);
  });

  it('a game that fails the first two calls succeeds on the third attempt, applied once', async () => {
    const gw = httpGateway(flaky, { attempts: 3 });
    const command = deduct(4, 'flaky-deduct');
    const result = await gw.deductAssets(command);
    expect(result.after.currentNumber).toBe(command.expectedCurrent - 1);
    expect(await bagCurrent(peek(flaky), command.roleId, command.sourceId)).toBe(command.expectedCurrent - 1);
  });

  it('a game that fails every call is unavailable, and nothing is applied', async () => {
    const gw = httpGateway(broken, { attempts: 3 });
    const command = deduct(5, 'broken-deduct');
    const failure = await failureOf(gw.deductAssets(command));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toBe('gameUnavailable');
    expect(failure.details).toMatchObject({ attempts: 3, last: 'HTTP 500 internal' });
    const game = peek(broken);
    expect(await bagCurrent(game, command.roleId, command.sourceId)).toBe(command.expectedCurrent);
    expect(await commandRow(game, 'broken-deduct')).toBeUndefined();
  });
});

describe('http gateway answers, with a scripted game (no network)', () => {
  /** A fetch that answers from a script, one answer per call, and records what was sent. */
  function scripted(answers: { status: number; body: unknown }[]) {
    const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
    const fake: typeof fetch = async (input, init) => {
      // The adapter sends a URL string and a string body (or none).
      sent.push({ url: input as string, headers: init?.headers as Record<string, string>, body: (init?.body as string | undefined) ?? '' });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)];
      if (!answer) throw new Error('no scripted answer');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    };
    return { sent, gateway: createHttpGateway({ url: 'http://127.0.0.1:9/', gameId: 'demo', key: KEY, attempts: 3, backoffMs: 1, fetch: fake, now: () => 1_795_341_600_000 }) };
  }
  const kick = { commandId: 'scripted-kick', roleIds: ['100000001'] };
  const kicked = { commandId: 'scripted-kick', appliedAt: 1_795_341_600_000, players: [{ roleId: '100000001', before: { isOnline: true }, after: { isOnline: false } }] };

  it('signs every attempt anew, a retry in the same second with the next second, and retries a replay refusal', async () => {
    const { sent, gateway } = scripted([
      { status: 401, body: { ok: false, error: { code: 'replayed', message: '' } } },
      { status: 429, body: {} },
      { status: 200, body: { ok: true, result: kicked } },
    ]);
    expect(await gateway.kickPlayers(kick)).toEqual(kicked);
    expect(sent.map((s) => s.url)).toEqual(Array(3).fill('http://127.0.0.1:9/gm/v1/commands/kickPlayers'));
    expect(sent.map((s) => s.headers['x-timestamp'])).toEqual(['1795341600', '1795341601', '1795341602']);
    expect(new Set(sent.map((s) => s.headers['x-signature'])).size).toBe(3);
    expect(sent.every((s) => s.body === JSON.stringify(kick) && s.headers['x-game-id'] === 'demo')).toBe(true);
  });

  it('counts a proxy 502/504 as maybe applied: timeout, not unavailable', async () => {
    const { sent, gateway } = scripted([{ status: 502, body: {} }, { status: 503, body: {} }, { status: 504, body: {} }]);
    const failure = await failureOf(gateway.kickPlayers(kick));
    expect(failure.toFailure()).toEqual({ kind: 'timeout', reason: 'noAnswer', details: { attempts: 3, last: 'HTTP 504' } });
    expect(sent).toHaveLength(3);
  });

  it('does not retry a malformed answer, an unknown failure reason or another 4xx', async () => {
    for (const [answer, reason] of [
      [{ status: 200, body: { ok: true, result: { ...kicked, players: 'all' } } }, 'malformedResponse'],
      [{ status: 200, body: { ok: true, result: { ...kicked, commandId: 'another' } } }, 'malformedResponse'],
      [{ status: 422, body: { ok: false, failure: { kind: 'rejected', reason: 'tooEarly' } } }, 'malformedResponse'],
      [{ status: 422, body: { ok: false, failure: { kind: 'timeout', reason: 'x' } } }, 'malformedResponse'],
      [{ status: 404, body: { ok: false, error: { code: 'unknownCommand', message: '' } } }, 'unexpectedStatus'],
      [{ status: 413, body: 'too large' }, 'unexpectedStatus'],
    ] as const) {
      const { sent, gateway } = scripted([answer]);
      const failure = await failureOf(gateway.kickPlayers(kick));
      expect(failure.kind, JSON.stringify(answer)).toBe('unavailable');
      expect(failure.reason, JSON.stringify(answer)).toBe(reason);
      expect(sent).toHaveLength(1);
    }
  });

  it('reads the server list and checks it', async () => {
    const region = { id: '1001', name: 'Dawn', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 1, group: 'CN', onlineNumber: 3, queueSize: 0, queueSequence: 0, autoCloseAt: null, mergedInto: null, underMaintenance: false };
    const ok = scripted([{ status: 503, body: {} }, { status: 200, body: { ok: true, regions: [region] } }]);
    expect(await ok.gateway.listRegions()).toEqual([region]);
    expect(ok.sent.map((s) => s.url)).toEqual(Array(2).fill('http://127.0.0.1:9/gm/v1/regions'));
    expect(ok.sent[0]?.body).toBe('');
    const bad = scripted([{ status: 200, body: { ok: true, regions: [{ id: '1001' }] } }]);
    expect((await failureOf(bad.gateway.listRegions())).reason).toBe('malformedResponse');
  });
});
