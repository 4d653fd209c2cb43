import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GameCaller } from './game-call-log.ts';

/**
 * The tests' check that every game call made while answering a request is made for that request
 * (so the game log names its operator and request id). The product tells a call's request
 * explicitly (`request.ctx`, platform/context.ts; game-call-log.ts); this check follows each
 * request's asynchronous work with an AsyncLocalStorage, which on Node 20 costs every promise of
 * every request a few calls (docs/performance.md, "API overhead", session 10): the apps the tests
 * build install it (`checkGameCallers` in buildApp), a production server never does. A call
 * made during a request through a context that is not that request's fails the request, so any
 * test that reaches such a call fails (the hostile-input suite walks every route).
 */
export function gameCallerCheck(): { check: (caller: GameCaller, name: string) => void; install: (app: FastifyInstance) => void } {
  const scope = new AsyncLocalStorage<FastifyRequest>();
  return {
    check: (caller, name) => {
      const request = scope.getStore();
      if (request !== undefined && caller !== request) {
        throw new Error(`game call ${name} made while answering ${request.method} ${request.url} through a context that is not that request's (pass request.ctx to the service)`);
      }
    },
    install: (app) => {
      // Entered in preHandler (after the body is read: the body's stream would otherwise carry the socket's context).
      app.addHook('preHandler', (request, _reply, done) => {
        scope.run(request, done);
      });
    },
  };
}
