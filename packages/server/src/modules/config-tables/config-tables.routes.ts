import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import {
  CONFIG_UPLOAD_MAX_BYTES,
  configDiff,
  configPublishResult,
  configRowsPage,
  configRowsQuery,
  configTableList,
  configTableParams,
  configUpdateRecordPage,
  configUpdateRecordQuery,
  configUploadResult,
  configVersionList,
  configVersionParams,
} from '@gm/contract/config-tables.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf } from '../../platform/context.ts';
import { attachment, ok } from '../../platform/reply.ts';
import { readOneFile, registerMultipart } from '../uploads/one-file.ts';
import * as service from './config-tables.service.ts';

/**
 * Database management (issue 14; spec `/generate/table-list`, `data-show`, `data-json`,
 * `update-record`): the table list and data show need DB_TABLES (11009), data files
 * DB_DATA_FILES (11010), the update records DB_UPDATE_RECORDS (11012); uploads and publishes
 * DB_EDIT (21023).
 */
export function configTablesRoutes() {
  return async (fastify: FastifyInstance) => {
    await registerMultipart(fastify, CONFIG_UPLOAD_MAX_BYTES);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['config-tables'];

    app.get('/config-tables', {
      config: { permission: P.DB_TABLES },
      schema: { tags, summary: 'The config tables: columns, published version, row count, versions', response: { 200: envelope(configTableList) } },
    }, async (request) => ok(await service.listTables(request.ctx)));

    app.get('/config-tables/update-records', {
      config: { permission: P.DB_UPDATE_RECORDS },
      schema: { tags, summary: 'Who published which version of which table, when, with the diff (newest first)', querystring: configUpdateRecordQuery, response: { 200: envelope(configUpdateRecordPage) } },
    }, async (request) => ok(await service.listRecords(request.ctx, request.query)));

    app.get('/config-tables/:table/rows', {
      config: { permission: P.DB_TABLES },
      schema: { tags, summary: 'A version\'s rows (the published one by default), searched by any cell, paged', params: configTableParams, querystring: configRowsQuery, response: { 200: envelope(configRowsPage) } },
    }, async (request) => ok(await service.listRows(request.ctx, request.params.table, request.query)));

    app.get('/config-tables/:table/versions', {
      config: { permission: P.DB_DATA_FILES },
      schema: { tags, summary: 'Every stored version of a table, newest first', params: configTableParams, response: { 200: envelope(configVersionList) } },
    }, async (request) => ok(await service.listVersions(request.ctx, request.params.table)));

    app.get('/config-tables/:table/versions/:version/diff', {
      config: { permission: P.DB_DATA_FILES },
      schema: { tags, summary: 'What publishing this version would change against the published one', params: configVersionParams, response: { 200: envelope(configDiff) } },
    }, async (request) => ok(await service.diffVersion(request.ctx, request.params.table, request.params.version)));

    app.get('/config-tables/:table/versions/:version/file', {
      config: { permission: P.DB_DATA_FILES },
      schema: { tags, summary: "A version's rows as a JSON file in the upload's own shape (`{ rows: [...] }`): edit it and upload it as the next version", params: configVersionParams },
    }, async (request, reply) => {
      const file = await service.versionFile(request.ctx, request.params.table, request.params.version);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    });

    app.post('/config-tables/:table/versions', {
      config: { permission: P.DB_EDIT, action: service.ACTIONS.upload },
      schema: {
        tags,
        summary: 'Upload a new version (multipart `file`: JSON rows or .xlsx with a header row); every problem listed by row and column, nothing stored on any problem',
        consumes: ['multipart/form-data'],
        params: configTableParams,
        response: { 200: envelope(configUploadResult) },
      },
    }, async (request) => {
      const file = await readOneFile(request, CONFIG_UPLOAD_MAX_BYTES, { none: 'validation.configNoFile', oneFile: 'validation.excelOneFile', tooLarge: 'validation.configTooLarge' });
      return ok(await service.upload(request.ctx, actorOf(request), request.params.table, file));
    });

    app.post('/config-tables/:table/versions/:version/publish', {
      config: { permission: P.DB_EDIT, action: service.ACTIONS.publish },
      schema: { tags, summary: 'Publish this version to the game (an earlier one than the live: roll back)', params: configVersionParams, response: { 200: envelope(configPublishResult) } },
    }, async (request) => ok(await service.publish(request.ctx, actorOf(request), request.params.table, request.params.version)));
  };
}
