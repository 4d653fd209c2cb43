import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchResult, deleteBody } from '@gm/contract/basic-management.contract.ts';
import { envelope, idParams, pageOf } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { sequence, sequenceAllocation, sequenceCreateBody, sequenceNextBody, sequenceQuery, sequenceUpdateBody } from '@gm/contract/sequences.contract.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as sequencesService from './sequences.service.ts';

/** /sequence/list and /sequence/add: reading needs 11004; changes and `next` need 21006. */
export function sequencesRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['sequences'];

    app.get('/sequences', {
      config: { permission: P.SEQUENCE_LIST },
      schema: { tags, querystring: sequenceQuery, response: { 200: envelope(pageOf(sequence)) } },
    }, async (request) => ok(await sequencesService.list(ctx, request.query)));

    app.get('/sequences/:id', {
      config: { permission: P.SEQUENCE_LIST },
      schema: { tags, params: idParams, response: { 200: envelope(sequence) } },
    }, async (request) => ok(await sequencesService.get(ctx, request.params.id)));

    app.post('/sequences', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'sequences.create' },
      schema: { tags, body: sequenceCreateBody, response: { 200: envelope(sequence) } },
    }, async (request) => ok(await sequencesService.create(ctx, actorOf(request), request.body)));

    app.put('/sequences/:id', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'sequences.update' },
      schema: { tags, params: idParams, body: sequenceUpdateBody, response: { 200: envelope(sequence) } },
    }, async (request) => ok(await sequencesService.update(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/sequences/:id/next', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'sequences.next' },
      schema: { tags, params: idParams, body: sequenceNextBody, response: { 200: envelope(sequenceAllocation) } },
    }, async (request) => ok(await sequencesService.next(ctx, actorOf(request), request.params.id, request.body.count)));

    app.post('/sequences/actions/delete', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'sequences.delete' },
      schema: { tags, body: deleteBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok({ changed: await sequencesService.remove(ctx, actorOf(request), request.body) }));
  };
}
