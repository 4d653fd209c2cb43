import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntry, auditQuery } from '@gm/contract/audit.contract.ts';
import { envelope, pageOf } from '@gm/contract/common.contract.ts';
import { P, isGranted } from '@gm/contract/permissions.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import { principalOf, type ServiceContext } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { ok } from '../../platform/reply.ts';

/**
 * The GM operation log: the drawer (page 0, size 30) and /sysinfo/show_gm_log read it.
 * Operators without the GM-log page code see only their own entries.
 */
export function auditLogRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/get-log', {
      config: { permission: 'session' },
      schema: { tags: ['audit'], summary: 'GM operation log, newest first', querystring: auditQuery, response: { 200: envelope(pageOf(auditEntry)) } },
    }, async (request) => {
      const principal = principalOf(request);
      const query = isGranted(principal, P.SYS_GM_LOG) ? request.query : { ...request.query, operator: principal.account };
      return ok(await audit.list(ctx.db, query, requestLanguage(request)));
    });
  };
}
