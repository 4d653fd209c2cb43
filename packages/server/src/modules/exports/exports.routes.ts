import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { exportIdParams, exportListQuery, exportPageBody, exportRequest, exportTask, exportTaskPage, XLSX_CONTENT_TYPE } from '@gm/contract/exports.contract.ts';
import { logListParams } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf, principalOf, type ServiceContext } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { attachment, ok } from '../../platform/reply.ts';
import * as exportsService from './exports.service.ts';

/**
 * /exports: the export centre (issue 11 section 4) and "export this page". Creating needs 12002
 * (and the list's or the custom query's own code); the centre's reads and removals need 12002
 * or the download-task page 11011, checked in the service (`mayUseCentre`), which also decides
 * whose tasks the operator sees (11039: everyone's).
 */
export function exportsRoutes(ctx: ServiceContext, worker: exportsService.ExportWorker) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['exports'];

    app.post('/exports', {
      config: { permission: P.EXPORT, action: 'exports.create' },
      schema: {
        tags,
        summary: 'Export a log list\'s filtered result, or a table over a time range, to .xlsx in the background (a download task)',
        body: exportRequest,
        response: { 200: envelope(exportTask) },
      },
    }, async (request) => {
      const task = await exportsService.createExport(ctx, principalOf(request), actorOf(request), request.body, requestLanguage(request));
      worker.wake();
      return ok(task);
    });

    app.get('/exports', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Download tasks, newest first: the operator\'s own, or everyone\'s with 11039', querystring: exportListQuery, response: { 200: envelope(exportTaskPage) } },
    }, async (request) => ok(await exportsService.listExports(ctx, principalOf(request), request.query, requestLanguage(request))));

    app.get('/exports/:id', {
      config: { permission: 'session' },
      schema: { tags, summary: 'One download task: status, progress, file', params: exportIdParams, response: { 200: envelope(exportTask) } },
    }, async (request) => ok(await exportsService.getExport(ctx, principalOf(request), request.params.id, requestLanguage(request))));

    app.get('/exports/:id/file', {
      config: { permission: 'session' },
      schema: { tags, summary: 'The finished .xlsx file of a download task (audited)', params: exportIdParams },
    }, async (request, reply) => {
      const file = await exportsService.openDownload(ctx, principalOf(request), actorOf(request), request.params.id);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });

    app.delete('/exports/:id', {
      config: { permission: 'session', action: 'exports.delete' },
      schema: {
        tags,
        summary: 'Cancel a queued or running export (it stays listed as cancelled), or remove an ended one with its file',
        params: exportIdParams,
        response: { 200: envelope(exportTask.nullable()) },
      },
    }, async (request) => ok(await exportsService.removeExport(ctx, principalOf(request), actorOf(request), request.params.id, requestLanguage(request))));

    app.post('/logs/:list/export-page', {
      config: { permission: P.EXPORT, action: 'exports.page' },
      schema: {
        tags,
        summary: 'One page of a log list as .xlsx, straight back (no task); the body is the list query\'s, with its cursor for a later page',
        params: logListParams,
        body: exportPageBody,
      },
    }, async (request, reply) => {
      const { fileName, file } = await exportsService.exportPage(ctx, principalOf(request), actorOf(request), request.params.list, request.body, requestLanguage(request));
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', attachment(fileName)).header('cache-control', 'private, no-store').send(file);
    });
  };
}
