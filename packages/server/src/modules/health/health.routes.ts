import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { health } from '@gm/contract/audit.contract.ts';
import { envelope } from '@gm/contract/common.contract.ts';
import { ping } from '../../db/database.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';

export const VERSION = '0.1.0';

/**
 * System state without a token. The log store is the main database unless a column store is
 * configured (LOG_STORE_URL). The gateway's health never throws; a game that does not answer is `ok: false`.
 */
async function gatewayState(ctx: ServiceContext) {
  const state = await ctx.gateway.health();
  return { ok: state.ok, kind: state.adapter, latencyMs: state.latencyMs, ...(state.message ? { message: state.message } : {}) };
}

/** The log store: the main database's state, or for a store of its own (ClickHouse) its own ping. */
async function logStoreState(ctx: ServiceContext, dbOk: boolean) {
  const ping = ctx.logStore.ping?.bind(ctx.logStore);
  return { ok: ping ? await ping().catch(() => false) : dbOk, kind: ctx.logStore.kind };
}

/** The shared request counters' store (REDIS_URL): `ping` answers its round trip, or undefined when it does not answer. */
export interface CountersProbe {
  kind: 'database' | 'redis';
  ping?: () => Promise<number | undefined>;
}

async function countersState(probe: CountersProbe, dbOk: boolean) {
  if (!probe.ping) return { ok: dbOk, kind: probe.kind };
  const latencyMs = await probe.ping();
  return latencyMs === undefined ? { ok: false, kind: probe.kind } : { ok: true, kind: probe.kind, latencyMs };
}

export function healthRoutes(ctx: ServiceContext, startedAt: number, counters: CountersProbe) {
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
        logStore: await logStoreState(ctx, db.ok),
        gateway: await gatewayState(ctx),
        counters: await countersState(counters, db.ok),
        version: VERSION,
        uptimeSeconds: Math.round((ctx.now() - startedAt) / 1000),
      });
    });
  };
}
