import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  exploreKickBody,
  exploreKickResult,
  explorePositionBody,
  explorePositionResult,
  explorePositions,
  roleIdQuery,
} from '@gm/contract/players.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as exploreService from './explore.service.ts';

/** /explore/pos_setting: the explore-map coordinate editor. */
export function exploreRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['explore map'];

    app.get('/explore/positions', {
      config: { permission: P.EXPLORE_POS },
      schema: { tags, summary: "A role's explore maps and positions", querystring: roleIdQuery, response: { 200: envelope(explorePositions) } },
    }, async (request) => ok(await exploreService.positions(request.ctx, request.query.roleId)));

    app.post('/explore/kick', {
      config: { permission: P.EXPLORE_POS_EDIT, action: 'explore.kick' },
      schema: { tags, summary: 'Kick the role before editing its position', body: exploreKickBody, response: { 200: envelope(exploreKickResult) } },
    }, async (request) => ok(await exploreService.kick(request.ctx, actorOf(request), commandIdOf(request, 'explore.kick'), request.body.roleId)));

    app.put('/explore/positions', {
      config: { permission: P.EXPLORE_POS_EDIT, action: 'explore.setPosition' },
      schema: { tags, summary: "Move an offline role on one of its unlocked explore maps", body: explorePositionBody, response: { 200: envelope(explorePositionResult) } },
    }, async (request) => ok(await exploreService.setPosition(request.ctx, actorOf(request), commandIdOf(request, 'explore.setPosition'), request.body)));
  };
}
