import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { boardParams, rankChangeResult, rankingPage, rankingQuery, rankRemovalPage, rankRemovalQuery, removeRankBody, restoreRankBody } from '@gm/contract/rankings.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as service from './rankings.service.ts';

/** Rankings (`/develop/redis_rank`): paths the spec leaves open, in the house style. */
export function rankingsRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['rankings'];

    app.get('/rankings', {
      config: { permission: P.REDIS_RANK },
      schema: { tags, summary: 'A leaderboard of the game, best first (every region, or one)', querystring: rankingQuery, response: { 200: envelope(rankingPage) } },
    }, async (request) => ok(await service.listRanking(request.ctx, request.query)));

    app.get('/rankings/removed', {
      config: { permission: P.REDIS_RANK },
      schema: { tags, summary: 'Entries taken off the leaderboards, newest first', querystring: rankRemovalQuery, response: { 200: envelope(rankRemovalPage) } },
    }, async (request) => ok(await service.listRemovals(request.ctx, request.query)));

    app.post('/rankings/:board/remove', {
      config: { permission: P.INFO_CONFIG_EDIT, action: 'rankings.remove' },
      schema: { tags, summary: "Take roles off a leaderboard (a cheater's entry) with a reason (Idempotency-Key: applied once)", params: boardParams, body: removeRankBody, response: { 200: envelope(rankChangeResult) } },
    }, async (request) => ok(await service.removeEntries(request.ctx, actorOf(request), commandIdOf(request, 'rankings.remove'), request.params.board, request.body)));

    app.post('/rankings/:board/restore', {
      config: { permission: P.INFO_CONFIG_EDIT, action: 'rankings.restore' },
      schema: { tags, summary: 'Put roles back on a leaderboard (Idempotency-Key: applied once)', params: boardParams, body: restoreRankBody, response: { 200: envelope(rankChangeResult) } },
    }, async (request) => ok(await service.restoreEntries(request.ctx, actorOf(request), commandIdOf(request, 'rankings.restore'), request.params.board, request.body)));
  };
}
