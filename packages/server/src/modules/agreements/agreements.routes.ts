import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreement, agreementBody, agreementQuery, agreementSummary } from '@gm/contract/agreements.contract.ts';
import { batchResult, deleteBody } from '@gm/contract/basic-management.contract.ts';
import { envelope, idParams, pageOf } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as agreementsService from './agreements.service.ts';

/** /agreement/list: reading needs 11008; drafts, publishing and withdrawing need 21006. */
export function agreementsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['channel protocols'];

    app.get('/agreements', {
      config: { permission: P.AGREEMENT_LIST },
      schema: { tags, querystring: agreementQuery, response: { 200: envelope(pageOf(agreementSummary)) } },
    }, async (request) => ok(await agreementsService.list(ctx, request.query)));

    app.get('/agreements/:id', {
      config: { permission: P.AGREEMENT_LIST },
      schema: { tags, params: idParams, response: { 200: envelope(agreement) } },
    }, async (request) => ok(await agreementsService.get(ctx, request.params.id)));

    app.post('/agreements', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'agreements.create' },
      schema: { tags, body: agreementBody, response: { 200: envelope(agreement) } },
    }, async (request) => ok(await agreementsService.create(ctx, actorOf(request), request.body)));

    app.put('/agreements/:id', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'agreements.update' },
      schema: { tags, params: idParams, body: agreementBody, response: { 200: envelope(agreement) } },
    }, async (request) => ok(await agreementsService.update(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/agreements/:id/publish', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'agreements.publish' },
      schema: { tags, params: idParams, response: { 200: envelope(agreement) } },
    }, async (request) => ok(await agreementsService.publish(ctx, actorOf(request), request.params.id)));

    app.post('/agreements/:id/unpublish', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'agreements.unpublish' },
      schema: { tags, params: idParams, response: { 200: envelope(agreement) } },
    }, async (request) => ok(await agreementsService.unpublish(ctx, actorOf(request), request.params.id)));

    app.post('/agreements/actions/delete', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'agreements.delete' },
      schema: { tags, body: deleteBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok({ changed: await agreementsService.remove(ctx, actorOf(request), request.body) }));
  };
}
