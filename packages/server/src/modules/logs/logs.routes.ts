import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { customQueryBody, customQueryResult, logCatalogueView, logListParams, logQueryBody, logQueryResult } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { principalOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as logsService from './logs.service.ts';

/**
 * /logs: the event-log lists of /flow and the custom table query (issue 11). Queries are POSTs
 * because their filters are structured, but they change nothing and are not audited.
 */
export function logsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['event logs'];

    // Whoever holds a code under "Transaction overview" (12000 lists, 12001 custom query) holds 10009.
    app.get('/logs', {
      config: { permission: P.GROUP_FLOW },
      schema: { tags, summary: 'The log catalogue: lists, columns, labels, enumerations, filterable fields and their operators', response: { 200: envelope(logCatalogueView) } },
    }, async () => ok(logsService.catalogue()));

    // Declared before the lists' route; the router prefers the static segment anyway.
    app.post('/logs/custom/query', {
      config: { permission: P.CUSTOM_QUERY, readOnly: true },
      schema: { tags, summary: 'Rows of one catalogue table by offset and limit (limit capped at 1000)', body: customQueryBody, response: { 200: envelope(customQueryResult) } },
    }, async (request) => ok(await logsService.customQuery(ctx, principalOf(request), request.body)));

    // 12000 opens every list, a flow group's code (10016-10019) its own lists: checked per list.
    app.post('/logs/:list/query', {
      config: { permission: P.GROUP_FLOW, readOnly: true },
      schema: {
        tags,
        summary: 'One page of a log list (newest first, by keyset), filtered by a time range and conditions',
        params: logListParams,
        body: logQueryBody,
        response: { 200: envelope(logQueryResult) },
      },
    }, async (request) => ok(await logsService.queryList(ctx, principalOf(request), request.params.list, request.body)));
  };
}
