import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveRebateResult,
  proposeRebatesBody,
  proposeRebatesResult,
  rebate,
  rebateAccountPage,
  rebateAccountQuery,
  rebateListQuery,
  rebatePage,
  rebateSettings,
  rebateSettingsResult,
  rejectRebateBody,
} from '@gm/contract/cbt-rebate.contract.ts';
import { envelope, idParams } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as service from './cbt-rebate.service.ts';

/** Beta-test recharge rebate (`/cbt-rebate/order-list`, `/cbt-rebate/audit`): paths the spec leaves open. */
export function cbtRebateRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['cbt-rebate'];

    app.get('/cbt-rebate/settings', {
      config: { permission: P.CBT_REBATE },
      schema: { tags, summary: 'The beta window and the rebate rule (null until set)', response: { 200: envelope(rebateSettingsResult) } },
    }, async (request) => ok(await service.getSettings(request.ctx)));

    app.put('/cbt-rebate/settings', {
      config: { permission: P.CBT_REBATE_AUDIT, action: 'cbtRebate.settings' },
      schema: { tags, summary: 'Set the beta window and the rebate rule (later proposals use it)', body: rebateSettings, response: { 200: envelope(rebateSettingsResult) } },
    }, async (request) => ok(await service.saveSettings(request.ctx, actorOf(request), request.body)));

    app.get('/cbt-rebate/accounts', {
      config: { permission: P.CBT_REBATE },
      schema: { tags, summary: 'Accounts that paid in the beta (completed orders), most paid first, with the rebate due', querystring: rebateAccountQuery, response: { 200: envelope(rebateAccountPage) } },
    }, async (request) => ok(await service.listAccounts(request.ctx, request.query)));

    app.get('/cbt-rebate/rebates', {
      config: { permission: P.CBT_REBATE },
      schema: { tags, summary: 'Proposed, approved and rejected rebates, newest first', querystring: rebateListQuery, response: { 200: envelope(rebatePage) } },
    }, async (request) => ok(await service.listRebates(request.ctx, request.query)));

    app.post('/cbt-rebate/rebates', {
      config: { permission: P.CBT_REBATE_AUDIT, action: 'cbtRebate.propose' },
      schema: { tags, summary: 'Propose the rebates of some accounts under the current rule', body: proposeRebatesBody, response: { 200: envelope(proposeRebatesResult) } },
    }, async (request) => ok(await service.propose(request.ctx, actorOf(request), request.body)));

    app.post('/cbt-rebate/rebates/:id/approve', {
      config: { permission: P.CBT_REBATE_AUDIT, action: 'cbtRebate.approve' },
      schema: { tags, summary: 'Approve (another operator than the proposer): the game grants it to the account\'s role; again on an approved one retries', params: idParams, response: { 200: envelope(approveRebateResult) } },
    }, async (request) => ok(await service.approve(request.ctx, actorOf(request), request.params.id)));

    app.post('/cbt-rebate/rebates/:id/reject', {
      config: { permission: P.CBT_REBATE_AUDIT, action: 'cbtRebate.reject' },
      schema: { tags, summary: 'Reject a proposed rebate with a reason (another operator than the proposer)', params: idParams, body: rejectRebateBody, response: { 200: envelope(rebate) } },
    }, async (request) => ok(await service.reject(request.ctx, actorOf(request), request.params.id, request.body.reason)));
  };
}
