import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { gameCallerCheck } from './call-scope.ts';
import { recordGameCalls } from './game-call-log.ts';
import type { GameCallInput, SystemLogRecorder } from './system-log-recorder.ts';

/** A recorder that keeps what it is given. */
function keepingRecorder() {
  const calls: GameCallInput[] = [];
  const recorder = {
    exception: () => undefined,
    gameCall: (input: GameCallInput) => void calls.push(input),
    seen: () => false,
    settled: async () => undefined,
    onWriteError: () => undefined,
  } satisfies SystemLogRecorder;
  return { recorder, calls };
}

/** A game whose kick is refused (so every call is logged) and whose region list answers at once. */
const game = {
  adapter: 'fake',
  kickPlayers: async () => {
    throw GatewayError.rejected('playerNotFound');
  },
  listRegions: async () => [],
  health: async () => ({ ok: true, adapter: 'fake', latencyMs: 0 }),
} as unknown as GameGateway;

describe('game calls are told by the request they are made for (explicit, no request scope)', () => {
  it("a request's view logs its operator and request id; the app's gateway logs neither; both share replaced methods", async () => {
    const { recorder, calls } = keepingRecorder();
    const recorded = recordGameCalls(game, recorder);
    const request = { id: 'req-7', principal: { account: 'alice' } } as never;
    await expect(recorded.forRequest(request).kickPlayers({ commandId: 'c1', roleIds: ['1'] })).rejects.toThrow(GatewayError);
    await expect(recorded.gateway.kickPlayers({ commandId: 'c2', roleIds: ['2'] })).rejects.toThrow(GatewayError);
    expect(calls.map((c) => [c.commandId, c.operator, c.requestId, c.outcome])).toEqual([
      ['c1', 'alice', 'req-7', 'refused'],
      ['c2', null, null, 'refused'],
    ]);
    // Tests replace a method on the app's gateway; every request's view sees the replacement.
    const view = recorded.forRequest(request);
    recorded.gateway.listRegions = async () => [{ id: 'replaced' }] as never;
    expect(await view.listRegions()).toEqual([{ id: 'replaced' }]);
    expect(view.adapter).toBe('fake');
  });

  it("the tests' check fails a call made while answering a request through a context that is not that request's", async () => {
    const { recorder } = keepingRecorder();
    const callers = gameCallerCheck();
    const recorded = recordGameCalls(game, recorder, { check: callers.check });
    const app = Fastify();
    callers.install(app);
    app.get('/own', async (request) => recorded.forRequest(request).listRegions());
    app.get('/app', async () => recorded.gateway.listRegions());
    app.get('/health', async () => recorded.gateway.health());
    try {
      expect((await app.inject({ method: 'GET', url: '/own' })).statusCode).toBe(200);
      const wrong = await app.inject({ method: 'GET', url: '/app' });
      expect(wrong.statusCode).toBe(500);
      expect(wrong.json<{ message: string }>().message).toMatch(/game call listRegions made while answering GET \/app/);
      // The polled health is no logged call.
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      // Outside any request (a job, a worker) the app's gateway is the right one.
      expect(await recorded.gateway.listRegions()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
