import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { callbackIdParams, callbackListQuery, paymentCallbackPage, retryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  sdkAccountListQuery,
  sdkAccountPage,
  sdkOrderListQuery,
  sdkOrderPage,
  sdkProject,
  sdkProjectBody,
  sdkProjectListQuery,
  sdkProjectPage,
  sdkProjectParams,
  sdkProjectUpdate,
  sdkProjectWithKey,
} from '@gm/contract/sdk.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf, principalOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as service from './sdk.service.ts';

/**
 * SDK management (issue 14, `/sdk/...`): reads need SDK_RECORDS (11040), every change SDK_EDIT
 * (21026). Accounts, orders and callbacks are the game's, through the gateway.
 */
export function sdkRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['sdk'];
    const read = { permission: P.SDK_RECORDS };
    const edit = (action: string) => ({ permission: P.SDK_EDIT, action });

    app.get('/sdk/projects', {
      config: read,
      schema: { tags, summary: 'SDK projects, newest first (filter by app id, name, platform); keys never answered', querystring: sdkProjectListQuery, response: { 200: envelope(sdkProjectPage) } },
    }, async (request) => ok(await service.listProjects(request.ctx, request.query)));

    app.post('/sdk/projects', {
      config: edit('sdkProjects.create'),
      schema: { tags, summary: 'Create a project; the answer holds its signing key, this once', body: sdkProjectBody, response: { 200: envelope(sdkProjectWithKey) } },
    }, async (request) => ok(await service.createProject(request.ctx, actorOf(request), request.body)));

    app.get('/sdk/projects/:id', {
      config: read,
      schema: { tags, params: sdkProjectParams, response: { 200: envelope(sdkProject) } },
    }, async (request) => ok(await service.getProject(request.ctx, request.params.id)));

    app.put('/sdk/projects/:id', {
      config: edit('sdkProjects.update'),
      schema: { tags, summary: 'Change name, platform, SDK platform id and callback URL (not the app id)', params: sdkProjectParams, body: sdkProjectUpdate, response: { 200: envelope(sdkProject) } },
    }, async (request) => ok(await service.updateProject(request.ctx, actorOf(request), request.params.id, request.body)));

    app.post('/sdk/projects/:id/rotate-key', {
      config: edit('sdkProjects.rotateKey'),
      schema: { tags, summary: 'A new signing key replaces the old one at once; the answer holds it, this once', params: sdkProjectParams, response: { 200: envelope(sdkProjectWithKey) } },
    }, async (request) => ok(await service.rotateKey(request.ctx, actorOf(request), request.params.id)));

    app.get('/sdk/accounts', {
      config: read,
      schema: { tags, summary: "The game's accounts as the SDK's channel accounts (devices only with 12003)", querystring: sdkAccountListQuery, response: { 200: envelope(sdkAccountPage) } },
    }, async (request) => ok(await service.listAccounts(request.ctx, principalOf(request), request.query)));

    app.get('/sdk/orders', {
      config: read,
      schema: { tags, summary: "The game's orders as the SDK's, with their cached callbacks' attempts", querystring: sdkOrderListQuery, response: { 200: envelope(sdkOrderPage) } },
    }, async (request) => ok(await service.listOrders(request.ctx, request.query)));

    app.get('/sdk/callbacks', {
      config: read,
      schema: { tags, summary: 'Callbacks waiting for the game (the order cache, seen from the SDK)', querystring: callbackListQuery, response: { 200: envelope(paymentCallbackPage) } },
    }, async (request) => ok(await service.listCallbacks(request.ctx, request.query)));

    app.post('/sdk/callbacks/:id/retry', {
      config: edit('sdk.callbackRetry'),
      schema: { tags, summary: 'The game tries a waiting callback again (Idempotency-Key: applied once)', params: callbackIdParams, response: { 200: envelope(retryCallbackResult) } },
    }, async (request) => ok(await service.retryCallback(request.ctx, actorOf(request), commandIdOf(request, 'sdk.callbackRetry'), request.params.id)));
  };
}
