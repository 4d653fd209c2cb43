import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { health } from '@gm/contract/audit.contract.ts';
import { envelope } from '@gm/contract/common.contract.ts';
import { ping } from '../../db/database.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';

export const VERSION = '0.1.0';

/**
 * System state without a token. The log store is the main database until a column store is
 * configured. The gateway's health never throws; a game that does not answer is `ok: false`.
 */
async function gatewayState(ctx: ServiceContext) {
  const state = await ctx.gateway.health();
  return { ok: state.ok, kind: state.adapter, latencyMs: state.latencyMs, ...(state.message ? { message: state.message } : {}) };
}

export function healthRoutes(ctx: ServiceContext, startedAt: number) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/health', {
      config: { permission: 'public' },
      schema: { tags: ['system'], response: { 200: envelope(health) } },
    }, async () => {
      let db = { ok: true, dialect: ctx.dialect as string, latencyMs: 0 };
      try {
        db.latencyMs = await ping(ctx.db);
      } catch {
        db = { ...db, ok: false };
      }
      return ok({
        db,
        logStore: { ok: db.ok, kind: `sql (${ctx.dialect})` },
        gateway: await gatewayState(ctx),
        version: VERSION,
        uptimeSeconds: Math.round((ctx.now() - startedAt) / 1000),
      });
    });
  };
}
