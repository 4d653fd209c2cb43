import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a piece of work runs for, so a game call made deep in a service is logged with
 * its operator and request id without every service passing them down. Entered in preHandler
 * (after the body is read: the body's stream would otherwise carry the socket's context).
 */
const scope = new AsyncLocalStorage<FastifyRequest>();

export function installCallScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run(request, done);
  });
}

export function currentRequest(): FastifyRequest | undefined {
  return scope.getStore();
}
