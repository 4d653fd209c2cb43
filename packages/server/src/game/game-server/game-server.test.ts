import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTarget, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { signedHeaders } from '../gateway/game-protocol.ts';
import { roleIdOf } from '../world/world.seed.ts';
import * as worldRepository from '../world/world.repository.ts';
import { buildGameServer, type GameServer } from './game-server.ts';

const KEY = 'unit-test-gateway-key-0123';
const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

let target: TestDatabaseTarget;
let server: GameServer;
let roleId: string;

beforeAll(async () => {
  target = await testDatabaseTarget();
  server = await buildGameServer({
    databaseUrl: target.databaseUrl,
    ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
    gameId: 'demo',
    key: KEY,
    players: 20,
    now: () => NOW,
  });
  // A role that is not banned, so a ban shows.
  const players = await worldRepository.findPlayers(server.game.database.db, Array.from({ length: 20 }, (_, i) => roleIdOf(i)));
  const free = players.find((p) => p.ban_until === null);
  if (!free) throw new Error('the seed has no unbanned role');
  roleId = free.role_id;
});
afterAll(async () => {
  await server.close();
  await target.drop();
});

const banBody = (commandId: string) => JSON.stringify({ commandId, roleIds: [roleId], until: NOW + 86_400_000, reason: 'unit test' });

function post(body: string, headers: Record<string, string>, kind = 'banPlayers') {
  return server.inject({ method: 'POST', url: `/gm/v1/commands/${kind}`, headers: { 'content-type': 'application/json', ...headers }, payload: body });
}

/** Nothing of this command reached the world: no claimed id, the role still unbanned. */
async function nothingApplied(commandId: string): Promise<void> {
  expect(await worldRepository.findCommand(server.game.database.db, commandId)).toBeUndefined();
  expect((await worldRepository.findPlayer(server.game.database.db, roleId))?.ban_until).toBeNull();
}

describe('the reference game server checks every signature', () => {
  it('answers 401 to an unsigned request, a bad signature, a stale one and another game id, and applies nothing', async () => {
    const body = banBody('unit-refused');
    const good = signedHeaders('demo', KEY, body, seconds(NOW));
    const cases: [string, Record<string, string>][] = [
      ['unsigned', {}],
      ['unsigned', { 'x-game-id': 'demo', 'x-timestamp': String(seconds(NOW)) }],
      ['badSignature', signedHeaders('demo', 'another-key-0123456789', body, seconds(NOW))],
      ['badSignature', { ...good, 'x-signature': good['x-signature']?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) ?? '' }],
      ['stale', signedHeaders('demo', KEY, body, seconds(NOW) - 301)],
      ['stale', signedHeaders('demo', KEY, body, seconds(NOW) + 301)],
      ['wrongGame', signedHeaders('other', KEY, body, seconds(NOW))],
    ];
    for (const [code, headers] of cases) {
      const response = await post(body, headers);
      expect(response.statusCode, code).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, error: { code } });
    }
    // The body is signed too: a good signature over another body does not pass.
    const tampered = await post(banBody('unit-tampered'), good);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ error: { code: 'badSignature' } });
    await nothingApplied('unit-refused');
    await nothingApplied('unit-tampered');
    expect(server.game.commandCalls).toBe(0);
  });

  it('applies a signed command once, refuses its replay, and answers a re-signed repeat with the first result', async () => {
    const body = banBody('unit-ban-1');
    const headers = signedHeaders('demo', KEY, body, seconds(NOW));
    const first = await post(body, headers);
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ ok: true; result: { commandId: string; players: { roleId: string; after: { banUntil: number } }[] } }>();
    expect(answer.ok).toBe(true);
    expect(answer.result.commandId).toBe('unit-ban-1');
    expect(answer.result.players[0]).toMatchObject({ roleId, after: { banUntil: NOW + 86_400_000 } });

    const replay = await post(body, headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ ok: false, error: { code: 'replayed' } });

    const again = await post(body, signedHeaders('demo', KEY, body, seconds(NOW) + 1));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answer);
  });

  it('answers refusals and malformed commands 422 with the failure, and unknown kinds 404', async () => {
    const missing = JSON.stringify({ commandId: 'unit-missing', roleIds: ['no-such-role'] });
    const refused = await post(missing, signedHeaders('demo', KEY, missing, seconds(NOW)), 'kickPlayers');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ ok: false, failure: { kind: 'rejected', reason: 'playerNotFound', details: { roleIds: ['no-such-role'] } } });

    const malformed = '{"commandId":';
    const invalid = await post(malformed, signedHeaders('demo', KEY, malformed, seconds(NOW)), 'kickPlayers');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ ok: false, failure: { kind: 'invalid', reason: 'invalidParams' } });

    const past = JSON.stringify({ commandId: 'unit-past', roleIds: [roleId], until: NOW - 1, reason: '' });
    const untilPast = await post(past, signedHeaders('demo', KEY, past, seconds(NOW)));
    expect(untilPast.json()).toMatchObject({ ok: false, failure: { kind: 'invalid', reason: 'untilNotInFuture' } });

    const unknown = await post('{}', signedHeaders('demo', KEY, '{}', seconds(NOW)), 'launchRocket');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, error: { code: 'unknownCommand' } });
  });

  it('answers signed reads (health, regions), also twice with the same signature, and refuses unsigned ones', async () => {
    const headers = signedHeaders('demo', KEY, '', seconds(NOW));
    for (let i = 0; i < 2; i += 1) {
      const health = await server.inject({ method: 'GET', url: '/gm/v1/health', headers });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ ok: true, gameId: 'demo', time: NOW });
    }
    for (let i = 0; i < 2; i += 1) {
      const regions = await server.inject({ method: 'GET', url: '/gm/v1/regions', headers });
      expect(regions.statusCode).toBe(200);
      expect(regions.json<{ regions: { id: string }[] }>().regions.map((r) => r.id)).toEqual(expect.arrayContaining(['1001', '1006']));
    }
    expect((await server.inject({ method: 'GET', url: '/gm/v1/regions' })).statusCode).toBe(401);
    const unsigned = await server.inject({ method: 'GET', url: '/gm/v1/health' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ error: { code: 'unsigned' } });
  });
});

describe('the reference game server answers the player screens’ reads', () => {
  const read = (name: string, body: string, headers = signedHeaders('demo', KEY, body, seconds(NOW))) =>
    server.inject({ method: 'POST', url: `/gm/v1/reads/${name}`, headers: { 'content-type': 'application/json', ...headers }, payload: body });

  it('answers a signed read from its world, the same signature twice, and refuses unsigned, unknown and malformed ones', async () => {
    const body = JSON.stringify({ roleId });
    const first = await read('playerDetail', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, result: { player: { roleId } } });
    // A read changes nothing, so the very same signed request is answered again.
    expect((await read('playerDetail', body)).statusCode).toBe(200);
    expect((await read('playerDetail', JSON.stringify({ roleId: 'nobody' }))).json()).toEqual({ ok: true, result: { player: null } });

    expect((await read('playerDetail', body, signedHeaders('demo', 'another-key-0123456789', body, seconds(NOW)))).json()).toMatchObject({ error: { code: 'badSignature' } });
    const unknown = await read('everything', body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'unknownRead' } });
    const malformed = await read('listPlayers', JSON.stringify({ size: 100_000 }));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ ok: false, failure: { kind: 'invalid', reason: 'invalidParams' } });
  });
});

describe('the reference game server answers the journal read', () => {
  const read = (body: unknown) => {
    const text = JSON.stringify(body);
    return server.inject({ method: 'POST', url: '/gm/v1/reads/listCommands', headers: { 'content-type': 'application/json', ...signedHeaders('demo', KEY, text, seconds(NOW)) }, payload: text });
  };

  it('pages the commands it received newest first by keyset, as the embedded world does', async () => {
    // A role no other test sends commands to, so the journal filtered by it holds these three only.
    const other = [roleIdOf(3), roleIdOf(4)].find((r) => r !== roleId) ?? '';
    for (const id of ['journal-a', 'journal-b', 'journal-c']) {
      const body = JSON.stringify({ commandId: id, roleIds: [other] });
      expect((await post(body, signedHeaders('demo', KEY, body, seconds(NOW)), 'kickPlayers')).statusCode).toBe(200);
    }
    const first = (await read({ kind: 'kickPlayers', target: other, size: 2 })).json<{ ok: true; result: { results: { commandId: string }[]; next: { appliedAt: number; commandId: string } | null; total: number } }>();
    expect(first.result.results.map((c) => c.commandId)).toEqual(['journal-c', 'journal-b']);
    expect(first.result).toMatchObject({ total: 3, next: { appliedAt: NOW, commandId: 'journal-b' } });
    const second = (await read({ kind: 'kickPlayers', target: other, size: 2, before: first.result.next })).json<typeof first>();
    expect(second.result.results.map((c) => c.commandId)).toEqual(['journal-a']);
    expect(second.result.next).toBeNull();
    expect((await read({ size: 2, before: { appliedAt: 'soon' } })).statusCode).toBe(422);
  });
});
