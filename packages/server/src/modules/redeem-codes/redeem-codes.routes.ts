import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParams } from '@gm/contract/common.contract.ts';
import { XLSX_CONTENT_TYPE } from '@gm/contract/exports.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  redeemBatch,
  redeemBatchBody,
  redeemBatchPage,
  redeemBatchQuery,
  redeemBatchUpdate,
  redeemCodePage,
  redeemCodeQuery,
} from '@gm/contract/redeem-codes.contract.ts';
import { actorOf } from '../../platform/context.ts';
import { attachment, ok } from '../../platform/reply.ts';
import * as service from './redeem-codes.service.ts';

/**
 * Redeem code config (issue 13, `/exchange/index`): reads need EXCHANGE_CONFIG (11029), every
 * change EXCHANGE_CONFIG_EDIT (21021). Claims are listed by `/exchange/claims`.
 */
export function redeemCodesRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['redeem codes'];
    const read = { permission: P.EXCHANGE_CONFIG };
    const edit = (action: string) => ({ permission: P.EXCHANGE_CONFIG_EDIT, action });

    app.get('/redeem-batches', {
      config: read,
      schema: { tags, summary: 'Redeem code batches, newest first (filter by name, kind, status)', querystring: redeemBatchQuery, response: { 200: envelope(redeemBatchPage) } },
    }, async (request) => ok(await service.listBatches(request.ctx, request.query)));

    app.post('/redeem-batches', {
      config: edit('redeemBatches.create'),
      schema: { tags, summary: 'Create a batch (a shared code, or up to 1,000,000 unique codes) and publish it to the game', body: redeemBatchBody, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.createBatch(request.ctx, actorOf(request), request.body)));

    app.get('/redeem-batches/:id', {
      config: read,
      schema: { tags, params: idParams, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.getBatch(request.ctx, request.params.id)));

    app.put('/redeem-batches/:id', {
      config: edit('redeemBatches.update'),
      schema: { tags, summary: 'Change name, rewards, limits, validity and regions (not the kind or the codes); republished to the game', params: idParams, body: redeemBatchUpdate, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.updateBatch(request.ctx, actorOf(request), request.params.id, request.body)));

    app.post('/redeem-batches/:id/enable', {
      config: edit('redeemBatches.enable'),
      schema: { tags, summary: 'Players may redeem the batch again', params: idParams, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.setStatus(request.ctx, actorOf(request), request.params.id, 'active')));

    app.post('/redeem-batches/:id/disable', {
      config: edit('redeemBatches.disable'),
      schema: { tags, summary: 'Players can no longer redeem the batch (claims made stay)', params: idParams, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.setStatus(request.ctx, actorOf(request), request.params.id, 'disabled')));

    app.post('/redeem-batches/:id/publish', {
      config: edit('redeemBatches.publish'),
      schema: { tags, summary: 'Send the current version to the game again (after it could not be reached)', params: idParams, response: { 200: envelope(redeemBatch) } },
    }, async (request) => ok(await service.publish(request.ctx, actorOf(request), request.params.id)));

    app.get('/redeem-batches/:id/codes', {
      config: read,
      schema: { tags, summary: 'A page of the batch\'s codes (computed), or one code looked up', params: idParams, querystring: redeemCodeQuery, response: { 200: envelope(redeemCodePage) } },
    }, async (request) => ok(await service.listCodes(request.ctx, request.params.id, request.query)));

    app.get('/redeem-batches/:id/export', {
      config: read,
      schema: { tags, summary: 'Every code of the batch as .xlsx, streamed', params: idParams },
    }, async (request, reply) => {
      const file = await service.exportCodes(request.ctx, actorOf(request), request.params.id);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });
  };
}
