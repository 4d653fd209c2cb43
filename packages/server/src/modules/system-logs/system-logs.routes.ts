import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParams } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { exceptionDetail, exceptionPage, exceptionQuery, gameCallPage, gameCallQuery } from '@gm/contract/system-logs.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import * as systemLogsService from './system-logs.service.ts';

/**
 * System logs (`/sysinfo/show_exception`, `/sysinfo/show_game_log`): read-only, so no audit
 * entry; both screens sit under one page code (11038, "Game and exception logs").
 */
export function systemLogsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['system-logs'];

    app.get('/system/exceptions', {
      config: { permission: P.SYS_GAME_LOG },
      schema: { tags, summary: 'Unexpected failures the console met, newest first', querystring: exceptionQuery, response: { 200: envelope(exceptionPage) } },
    }, async (request) => ok(await systemLogsService.listExceptions(ctx, request.query)));

    app.get('/system/exceptions/:id', {
      config: { permission: P.SYS_GAME_LOG },
      schema: { tags, summary: 'One exception with its stack trace', params: idParams, response: { 200: envelope(exceptionDetail) } },
    }, async (request) => ok(await systemLogsService.exceptionDetail(ctx, request.params.id)));

    app.get('/system/game-calls', {
      config: { permission: P.SYS_GAME_LOG },
      schema: { tags, summary: "The console's commands to the game and its failed or slow reads, newest first", querystring: gameCallQuery, response: { 200: envelope(gameCallPage) } },
    }, async (request) => ok(await systemLogsService.listGameCalls(ctx, request.query, requestLanguage(request))));
  };
}
