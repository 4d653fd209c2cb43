import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANNOUNCEMENT_IMPORT_MAX_BYTES,
  ANNOUNCEMENT_KINDS,
  announcement,
  announcementBackup,
  announcementBackupBody,
  announcementBackupDetail,
  announcementBackupList,
  announcementBody,
  announcementChangeResult,
  announcementFromTemplateBody,
  announcementIdParams,
  announcementImportResult,
  announcementPage,
  announcementQuery,
  announcementRedirects,
  announcementResetBody,
  announcementRestoreResult,
  announcementSortBody,
  announcementSortResult,
  announcementTemplate,
  announcementTemplateBody,
  announcementTemplateList,
} from '@gm/contract/announcements.contract.ts';
import { envelope, okResult } from '@gm/contract/common.contract.ts';
import { XLSX_CONTENT_TYPE } from '@gm/contract/exports.contract.ts';
import { gameAnnouncement, gameId } from '@gm/contract/game-commands.contract.ts';
import { translate } from '@gm/contract/messages.ts';
import { P } from '@gm/contract/permissions.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { attachment, ok } from '../../platform/reply.ts';
import { workbookBuffer } from '../../platform/spreadsheet/workbook-buffer.ts';
import { readOneFile, registerMultipart } from '../uploads/one-file.ts';
import * as announcements from './announcements.service.ts';

const actionOf = (request: FastifyRequest, name: string): announcements.Action => ({ actor: actorOf(request), commandId: commandIdOf(request, name) });

const typeQuery = z.object({ type: z.enum(ANNOUNCEMENT_KINDS).optional() });
const boardQuery = typeQuery.extend({ areaId: gameId.optional() });

/**
 * Announcements (issue 13; spec `/announcement/notice`, `/announcement/list`, `/announcement/add`):
 * reads need ANNOUNCEMENTS (11022), every change ANNOUNCEMENT_EDIT (21017).
 */
export function announcementsRoutes() {
  return async (fastify: FastifyInstance) => {
    await registerMultipart(fastify, ANNOUNCEMENT_IMPORT_MAX_BYTES);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['announcements'];
    const read = { permission: P.ANNOUNCEMENTS };
    const edit = (action: string) => ({ permission: P.ANNOUNCEMENT_EDIT, action });

    app.get('/announcements', {
      config: read,
      schema: { tags, summary: 'The board, in its order (filter by type, status, title, area)', querystring: announcementQuery, response: { 200: envelope(announcementPage) } },
    }, async (request) => ok(await announcements.listAnnouncements(request.ctx, request.query)));

    app.post('/announcements', {
      config: edit('announcements.create'),
      schema: { tags, body: announcementBody, response: { 200: envelope(announcement) } },
    }, async (request) => ok(await announcements.createAnnouncement(request.ctx, actionOf(request, 'announcements.create'), request.body)));

    app.get('/announcements/export', {
      config: read,
      schema: { tags, summary: 'The board as .xlsx, in the import\'s columns', querystring: typeQuery },
    }, async (request, reply) => {
      const sheet = await announcements.exportRows(request.ctx, actorOf(request), request.query.type);
      const file = await workbookBuffer(sheet.columns.map((header) => ({ header, width: header === 'content' ? 60 : 18 })), sheet.rows, 'announcements');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`announcements_${request.query.type ?? 'all'}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(file);
    });

    app.post('/announcements/import', {
      config: edit('announcements.import'),
      schema: { tags, summary: 'Import announcements from one .xlsx/.xls (multipart `file`): a header row of field names, one announcement a row', consumes: ['multipart/form-data'], response: { 200: envelope(announcementImportResult) } },
    }, async (request) => {
      const file = await readOneFile(request, ANNOUNCEMENT_IMPORT_MAX_BYTES, { none: 'validation.excelReadFail', oneFile: 'validation.excelOneFile', tooLarge: 'validation.excelTooLarge' });
      return ok(await announcements.importAnnouncements(request.ctx, actionOf(request, 'announcements.import'), file));
    });

    app.post('/announcements/sort', {
      config: edit('announcements.sort'),
      schema: { tags, summary: 'Drag to sort: the ids in their new order', body: announcementSortBody, response: { 200: envelope(announcementSortResult) } },
    }, async (request) => ok({ results: await announcements.sortAnnouncements(request.ctx, actionOf(request, 'announcements.sort'), request.body.ids) }));

    app.get('/announcements/game-board', {
      config: read,
      schema: { tags, summary: 'The game\'s live board, as players see it', querystring: boardQuery, response: { 200: envelope(z.array(gameAnnouncement)) } },
    }, async (request) => ok(await announcements.gameBoard(request.ctx, request.query)));

    app.get('/announcements/redirects', {
      config: read,
      schema: { tags, summary: 'The redirect choices: the game\'s jump targets and the open redirect domains', response: { 200: envelope(announcementRedirects) } },
    }, async (request) => ok(await announcements.redirects(request.ctx)));

    // Templates ------------------------------------------------------------------------------

    app.get('/announcements/templates', {
      config: read,
      schema: { tags, response: { 200: envelope(announcementTemplateList) } },
    }, async (request) => ok({ results: await announcements.listTemplates(request.ctx) }));

    app.post('/announcements/templates', {
      config: edit('announcements.templateCreate'),
      schema: { tags, summary: 'Save as template: `{ name, body }` or `{ name, fromId }`', body: announcementTemplateBody, response: { 200: envelope(announcementTemplate) } },
    }, async (request) => ok(await announcements.createTemplate(request.ctx, actionOf(request, 'announcements.templateCreate'), request.body)));

    app.delete('/announcements/templates/:id', {
      config: edit('announcements.templateDelete'),
      schema: { tags, params: announcementIdParams, response: { 200: envelope(okResult) } },
    }, async (request) => ok(await announcements.deleteTemplate(request.ctx, actionOf(request, 'announcements.templateDelete'), request.params.id)));

    app.post('/announcements/templates/:id/create', {
      config: edit('announcements.create'),
      schema: { tags, summary: 'Create from template (fields given here override the template\'s)', params: announcementIdParams, body: announcementFromTemplateBody, response: { 200: envelope(announcement) } },
    }, async (request) => ok(await announcements.createFromTemplate(request.ctx, actionOf(request, 'announcements.create'), request.params.id, request.body)));

    // Backups --------------------------------------------------------------------------------

    app.get('/announcements/backups', {
      config: read,
      schema: { tags, response: { 200: envelope(announcementBackupList) } },
    }, async (request) => ok({ results: await announcements.listBackups(request.ctx) }));

    app.post('/announcements/backups', {
      config: edit('announcements.backupCreate'),
      schema: { tags, summary: 'A snapshot of the whole board', body: announcementBackupBody, response: { 200: envelope(announcementBackup) } },
    }, async (request) => ok(await announcements.createBackup(request.ctx, actionOf(request, 'announcements.backupCreate'), request.body.note)));

    app.get('/announcements/backups/:id', {
      config: read,
      schema: { tags, summary: 'A backup beside the current board', params: announcementIdParams, response: { 200: envelope(announcementBackupDetail) } },
    }, async (request) => ok(await announcements.backupDetail(request.ctx, request.params.id)));

    app.post('/announcements/backups/:id/restore', {
      config: edit('announcements.backupRestore'),
      schema: { tags, params: announcementIdParams, response: { 200: envelope(announcementRestoreResult) } },
    }, async (request) => ok(await announcements.restoreBackup(request.ctx, actionOf(request, 'announcements.backupRestore'), request.params.id)));

    // One announcement -----------------------------------------------------------------------

    app.get('/announcements/:id', {
      config: read,
      schema: { tags, params: announcementIdParams, response: { 200: envelope(announcement) } },
    }, async (request) => ok(await announcements.getAnnouncement(request.ctx, request.params.id)));

    app.put('/announcements/:id', {
      config: edit('announcements.update'),
      schema: { tags, summary: 'Edit (the whole announcement); a sent one is pushed to the game again', params: announcementIdParams, body: announcementBody, response: { 200: envelope(announcement) } },
    }, async (request) => ok(await announcements.updateAnnouncement(request.ctx, actionOf(request, 'announcements.update'), request.params.id, request.body)));

    app.delete('/announcements/:id', {
      config: edit('announcements.delete'),
      schema: { tags, summary: 'Delete (soft); a sent one is withdrawn from the game', params: announcementIdParams, response: { 200: envelope(announcementChangeResult) } },
    }, async (request) => ok(await announcements.deleteAnnouncement(request.ctx, actionOf(request, 'announcements.delete'), request.params.id)));

    app.post('/announcements/:id/publish', {
      config: edit('announcements.publish'),
      schema: { tags, summary: 'Refresh: push to the game now', params: announcementIdParams, response: { 200: envelope(announcementChangeResult) } },
    }, async (request) => {
      const result = await announcements.publishAnnouncement(request.ctx, actionOf(request, 'announcements.publish'), request.params.id);
      return { ...ok(result), message: translate(requestLanguage(request), 'errors.announcementRefreshSuccess') };
    });

    app.post('/announcements/:id/reset', {
      config: edit('announcements.reset'),
      schema: { tags, summary: 'Reset an expired scrolling announcement: new times, live again', params: announcementIdParams, body: announcementResetBody, response: { 200: envelope(announcementChangeResult) } },
    }, async (request) => ok(await announcements.resetAnnouncement(request.ctx, actionOf(request, 'announcements.reset'), request.params.id, request.body)));
  };
}

export const announcementJobHandlers = { [announcements.PUBLISH_JOB]: announcements.firePublish } as const;
