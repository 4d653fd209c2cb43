import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AREA_STATUS_ACTIONS,
  area,
  areaAutoCloseBody,
  areaBatchResult,
  areaCreateBody,
  areaGroups,
  areaHeatBody,
  areaIdsBody,
  areaLoginStatusBody,
  areaMergeBody,
  areaMergeResult,
  areaQuery,
  areaUpdateBody,
} from '@gm/contract/areas.contract.ts';
import { envelope, idParams, pageOf } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as areas from './areas.service.ts';

const actionOf = (request: FastifyRequest, name: string): areas.Action => ({ actor: actorOf(request), commandId: commandIdOf(request, name) });

/** `/area/list` and `/area/add` (REST, house plan section 4). */
export function areasRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['server regions'];

    app.get('/areas', {
      config: { permission: P.AREA_LIST },
      schema: { tags, querystring: areaQuery, response: { 200: envelope(pageOf(area)) } },
    }, async (request) => ok(await areas.listAreas(request.ctx, request.query)));

    app.get('/areas/groups', {
      config: { permission: P.AREA_LIST },
      schema: { tags, response: { 200: envelope(areaGroups) } },
    }, async (request) => ok(await areas.listGroups(request.ctx)));

    app.get('/areas/:id', {
      config: { permission: P.AREA_LIST },
      schema: { tags, params: idParams, response: { 200: envelope(area) } },
    }, async (request) => ok(await areas.getArea(request.ctx, request.params.id)));

    app.post('/areas', {
      config: { permission: P.AREA_EDIT, action: 'areas.create' },
      schema: { tags, body: areaCreateBody, response: { 200: envelope(area) } },
    }, async (request) => ok(await areas.createArea(request.ctx, actionOf(request, 'areas.create'), request.body)));

    app.put('/areas/:id', {
      config: { permission: P.AREA_EDIT, action: 'areas.update' },
      schema: { tags, params: idParams, body: areaUpdateBody, response: { 200: envelope(area) } },
    }, async (request) => ok(await areas.updateArea(request.ctx, actionOf(request, 'areas.update'), request.params.id, request.body)));

    for (const status of AREA_STATUS_ACTIONS) {
      const name = `areas.${status}`;
      app.post(`/areas/actions/${status}`, {
        config: { permission: P.AREA_STATUS, action: name },
        schema: { tags, body: areaIdsBody, response: { 200: envelope(areaBatchResult) } },
      }, async (request) => ok(await areas.setStatus(request.ctx, actionOf(request, name), request.body.ids, status)));
    }

    app.post('/areas/actions/login-status', {
      config: { permission: P.AREA_LOGIN_CONTROL, action: 'areas.loginStatus' },
      schema: { tags, body: areaLoginStatusBody, response: { 200: envelope(areaBatchResult) } },
    }, async (request) => ok(await areas.setLoginStatus(request.ctx, actionOf(request, 'areas.loginStatus'), request.body.ids, request.body.loginStatus)));

    app.post('/areas/actions/heat', {
      config: { permission: P.AREA_EDIT, action: 'areas.heat' },
      schema: { tags, body: areaHeatBody, response: { 200: envelope(areaBatchResult) } },
    }, async (request) => ok(await areas.setHeat(request.ctx, actionOf(request, 'areas.heat'), request.body.ids, request.body.heat)));

    app.post('/areas/:id/merge', {
      config: { permission: P.AREA_MERGE, action: 'areas.merge' },
      schema: { tags, params: idParams, body: areaMergeBody, response: { 200: envelope(areaMergeResult) } },
    }, async (request) => ok(await areas.merge(request.ctx, actionOf(request, 'areas.merge'), request.params.id, request.body.intoId)));

    app.put('/areas/:id/auto-close', {
      config: { permission: P.AREA_AUTO_CLOSE, action: 'areas.autoCloseSet' },
      schema: { tags, params: idParams, body: areaAutoCloseBody, response: { 200: envelope(area) } },
    }, async (request) => ok(await areas.setAutoClose(request.ctx, actionOf(request, 'areas.autoCloseSet'), request.params.id, request.body.at)));

    app.delete('/areas/:id/auto-close', {
      config: { permission: P.AREA_AUTO_CLOSE, action: 'areas.autoCloseCancel' },
      schema: { tags, params: idParams, response: { 200: envelope(area) } },
    }, async (request) => ok(await areas.cancelAutoClose(request.ctx, actionOf(request, 'areas.autoCloseCancel'), request.params.id)));
  };
}

export const areaJobHandlers = { [areas.AUTO_CLOSE_JOB]: areas.fireAutoClose } as const;
