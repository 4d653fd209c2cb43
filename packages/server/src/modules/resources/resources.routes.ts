import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchResult, deleteBody } from '@gm/contract/basic-management.contract.ts';
import { envelope, idParams, pageOf } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { resource, resourceBody, resourceQuery, resourceStatusBody } from '@gm/contract/resources.contract.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as resourcesService from './resources.service.ts';

/** /resource/list and /resource/add: reading needs 11003, every change 21006. */
export function resourcesRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['resources'];

    app.get('/resources', {
      config: { permission: P.RESOURCE_LIST },
      schema: { tags, querystring: resourceQuery, response: { 200: envelope(pageOf(resource)) } },
    }, async (request) => ok(await resourcesService.list(ctx, request.query)));

    app.get('/resources/:id', {
      config: { permission: P.RESOURCE_LIST },
      schema: { tags, params: idParams, response: { 200: envelope(resource) } },
    }, async (request) => ok(await resourcesService.get(ctx, request.params.id)));

    app.post('/resources', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'resources.create' },
      schema: { tags, body: resourceBody, response: { 200: envelope(resource) } },
    }, async (request) => ok(await resourcesService.create(ctx, actorOf(request), request.body)));

    app.put('/resources/:id', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'resources.update' },
      schema: { tags, params: idParams, body: resourceBody, response: { 200: envelope(resource) } },
    }, async (request) => ok(await resourcesService.update(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/resources/actions/status', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'resources.status' },
      schema: { tags, body: resourceStatusBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok({ changed: await resourcesService.setStatus(ctx, actorOf(request), request.body) }));

    app.post('/resources/actions/delete', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'resources.delete' },
      schema: { tags, body: deleteBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok({ changed: await resourcesService.remove(ctx, actorOf(request), request.body) }));
  };
}
