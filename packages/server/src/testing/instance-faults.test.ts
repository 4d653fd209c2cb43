import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { createSqlLogStore } from '../platform/log-store/sql-log-store.ts';
import { consoleProcesses, signInOverHttp, type ConsoleProcess } from './console-process.ts';
import { onPostgres } from './test-database.ts';
import { currencyEvent } from './currency-events.ts';
import { gameServerProcesses } from './game-server-process.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './test-app.ts';

/**
 * Issue 15, faults: real console processes (`main.ts`) on one database (a PostgreSQL database of
 * this test's own with TEST_DB=postgres, else one SQLite file) and the reference game server as a
 * third process. One console is killed (SIGKILL) in the middle of a batch ban and another in the
 * middle of an export: the others carry on, nothing is applied twice, the export is taken over
 * and finishes.
 */

const GAME_KEY = 'fault-test-gateway-key-0123456789';
const EVENTS = 60_000;
const HOUR = 3_600_000;

const env = readEnv();
let dir: string;
let databaseUrl: string;
let dropDatabase = async () => {};
let database: Database;
let gameDatabase: Database;
const consoles = consoleProcesses();
let games: ReturnType<typeof gameServerProcesses>;
let settings: Record<string, string>;
let end: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gm-faults-'));
  if (env.TEST_DB === 'postgres') {
    if (!env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = env.TEST_DATABASE_URL;
    const name = `gm_faults_${randomBytes(4).toString('hex')}`;
    await onPostgres(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => onPostgres(admin, `drop database if exists ${name} with (force)`);
  } else {
    databaseUrl = `sqlite:${join(dir, 'console.db')}`;
  }
  games = gameServerProcesses({ dir, key: GAME_KEY, players: 40 });
  // The game answers every command 1.5 s after applying it: a window to kill the console in.
  const game = await games.start('game', { GAME_SERVER_DELAY_MS: '1500' });
  gameDatabase = openDatabase(game.databaseUrl);
  settings = {
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    EXPORT_DIR: join(dir, 'exports'),
    EXPORT_LEASE_SECONDS: '3',
    GAME_GATEWAY_URL: game.url,
    GAME_GATEWAY_KEY: GAME_KEY,
    GAME_GATEWAY_TIMEOUT_MS: '8000',
  };
}, 120_000);

afterAll(async () => {
  await consoles.stopAll();
  await games.stopAll();
  await database?.close();
  await gameDatabase?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const signIn = (instance: ConsoleProcess) => signInOverHttp(instance, ADMIN_PASSWORD);

async function post<T>(instance: ConsoleProcess, token: string, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${instance.url}${url}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
  return (await res.json()) as { code: number; message: string; result: T };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('killing an instance', () => {
  it('mid batch ban: the game applied it once, a retry on the other instance with the same key is answered and audited once', async () => {
    const a = await consoles.start('a', settings);
    const b = await consoles.start('b', settings);
    database = openDatabase(databaseUrl);
    const token = await signIn(a);
    const roleIds = (await gameDatabase.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(20).execute()).map((r) => r.role_id);
    expect(roleIds).toHaveLength(20);
    const body = { roleIds, duration: 3600, reason: 'fault test' };
    const key = { 'idempotency-key': 'fault-ban-0001' };

    const first = post(a, token, '/api/gm/admin/report/banned', body, key).then(
      () => 'answered',
      () => 'connection lost',
    );
    // The game has applied the ban; its answer is on the way (1.5 s): the console dies now.
    await until('the game to apply the ban', async () => {
      const row = await gameDatabase.db.selectFrom('game_commands').select('command_id').where('kind', '=', 'banPlayers').executeTakeFirst();
      return row ?? undefined;
    }, 30_000);
    await a.stop('SIGKILL');
    expect(await first).toBe('connection lost');
    expect(await database.db.selectFrom('audit_log').select('id').where('action', '=', 'players.ban').execute()).toHaveLength(0);

    // The operator retries (the web sends the same key again); the balancer sends it to B.
    const retry = await post<{ count: number }>(b, token, '/api/gm/admin/report/banned', body, key);
    expect(retry.code).toBe(0);
    expect(retry.result.count).toBe(20);
    const commands = await gameDatabase.db.selectFrom('game_commands').select(['command_id', 'status']).where('kind', '=', 'banPlayers').execute();
    expect(commands).toHaveLength(1);
    const banned = await gameDatabase.db.selectFrom('game_players').select('role_id').where('role_id', 'in', roleIds).where('ban_until', '>', Date.now()).execute();
    expect(banned).toHaveLength(20);
    const audited = await database.db.selectFrom('audit_log').select(['command_id', 'outcome']).where('action', '=', 'players.ban').execute();
    expect(audited).toEqual([{ command_id: commands[0]?.command_id, outcome: 'ok' }]);
    await b.stop();
  }, 240_000);

  it('mid export: the survivor takes the task over once its claim goes stale, finishes it, and serves the file', async () => {
    end = Date.now() - HOUR;
    await createSqlLogStore(database).insertEvents('currency', Array.from({ length: EVENTS }, (_, i) => currencyEvent(i, end, { b_log_id: `fault-${i}` })));
    const b = await consoles.start('b2', settings);
    const c = await consoles.start('c', settings);
    const token = await signIn(b);
    const created = await post<{ id: string }>(c, token, '/api/gm/admin/exports', { list: 'gold_list', start: end - 24 * HOUR, end, conditions: [] });
    expect(created.code).toBe(0);
    const id = created.result.id;

    const claimed = await until('an instance to claim the export', async () => {
      const row = await database.db.selectFrom('export_tasks').select(['status', 'claimed_by', 'rows']).where('id', '=', id).executeTakeFirst();
      return row?.status === 'running' && row.claimed_by ? row : undefined;
    }, 60_000, 10);
    const victim = [b, c].find((p) => claimed.claimed_by?.includes(`:${p.pid}:`));
    const survivor = victim === b ? c : b;
    expect(victim).toBeDefined();
    await victim?.stop('SIGKILL');
    const orphan = await database.db.selectFrom('export_tasks').select(['status', 'rows', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    // Killed before it finished: still running, claimed by a dead instance.
    expect(orphan.status).toBe('running');
    expect(orphan.rows).toBeLessThan(EVENTS);

    const finished = await until('the survivor to finish the export', async () => {
      const row = await database.db.selectFrom('export_tasks').select(['status', 'rows', 'attempts', 'claimed_by']).where('id', '=', id).executeTakeFirst();
      return row && row.status !== 'running' && row.status !== 'queued' ? row : undefined;
    }, 150_000, 200);
    expect(finished).toMatchObject({ status: 'done', rows: EVENTS, attempts: 2 });
    const file = await fetch(`${survivor.url}/api/gm/admin/exports/${id}/file`, { headers: { authorization: token } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    // One audit entry for the request, one for the download: nothing was recorded twice.
    const entries = await database.db.selectFrom('audit_log').select('action').where('targets', 'like', `%${id}%`).execute();
    expect(entries.map((e) => e.action).sort()).toEqual(['exports.create', 'exports.download']);
  }, 300_000);
});
