import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { cappedPageOf, playerReport, reportListQuery } from '@gm/contract/players.contract.ts';
import { ok } from '../../platform/reply.ts';
import * as reportsService from './reports.service.ts';

export function reportsRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/report/list', {
      config: { permission: P.REPORT_LIST },
      schema: { tags: ['players'], summary: 'Player reports, newest first, with the reported role’s mute and ban marks', querystring: reportListQuery, response: { 200: envelope(cappedPageOf(playerReport)) } },
    }, async (request) => ok(await reportsService.listReports(request.ctx, request.query)));
  };
}
