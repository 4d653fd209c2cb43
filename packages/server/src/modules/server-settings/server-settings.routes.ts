import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntry } from '@gm/contract/audit.contract.ts';
import { batchResult, deleteBody } from '@gm/contract/basic-management.contract.ts';
import { envelope, idParams, pageOf, pageQuery } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { serverSetting, settingCreateBody, settingQuery, settingUpdateBody } from '@gm/contract/server-settings.contract.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { ok } from '../../platform/reply.ts';
import * as settingsService from './server-settings.service.ts';

/** /server/setting: reading and the history need 11005; changes need 21006. */
export function serverSettingsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['server settings'];

    app.get('/server-settings', {
      config: { permission: P.SERVER_SETTING },
      schema: { tags, querystring: settingQuery, response: { 200: envelope(pageOf(serverSetting)) } },
    }, async (request) => ok(await settingsService.list(ctx, request.query)));

    app.get('/server-settings/:id/history', {
      config: { permission: P.SERVER_SETTING },
      schema: { tags, params: idParams, querystring: pageQuery, response: { 200: envelope(pageOf(auditEntry)) } },
    }, async (request) => ok(await settingsService.history(ctx, request.params.id, request.query, requestLanguage(request))));

    app.post('/server-settings', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'serverSettings.create' },
      schema: { tags, body: settingCreateBody, response: { 200: envelope(serverSetting) } },
    }, async (request) => ok(await settingsService.create(ctx, actorOf(request), request.body)));

    app.put('/server-settings/:id', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'serverSettings.update' },
      schema: { tags, params: idParams, body: settingUpdateBody, response: { 200: envelope(serverSetting) } },
    }, async (request) => ok(await settingsService.update(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/server-settings/actions/delete', {
      config: { permission: P.BASIC_CONFIG_EDIT, action: 'serverSettings.delete' },
      schema: { tags, body: deleteBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok({ changed: await settingsService.remove(ctx, actorOf(request), request.body) }));
  };
}
