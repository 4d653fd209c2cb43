import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { claimListQuery, claimPage } from '@gm/contract/players.contract.ts';
import { ok } from '../../platform/reply.ts';
import * as claimsService from './exchange-claims.service.ts';

export function exchangeClaimsRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/exchange/claims', {
      config: { permission: P.EXCHANGE_CLAIMS },
      schema: { tags: ['redeem codes'], summary: 'Redeem-code claim details, newest first', querystring: claimListQuery, response: { 200: envelope(claimPage) } },
    }, async (request) => ok(await claimsService.listClaims(request.ctx, request.query)));
  };
}
