import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, okResult } from '@gm/contract/common.contract.ts';
import {
  MAIL_BODY_MAX_BYTES,
  itemCatalogue,
  mailBody,
  mailDetail,
  mailDetailResult,
  mailIdParams,
  mailListQuery,
  mailPage,
  mailRecipientsPage,
  mailRecipientsQuery,
  mailSendBody,
  mailSendPreview,
  mailSendResult,
  mailWithdrawResult,
} from '@gm/contract/mails.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as mails from './mails.service.ts';

/**
 * Answers the service's result; a failure that is neither the service's own refusal nor the
 * game's is the spec's "system exception" (logged with its cause; never shown).
 */
async function guarded<T>(request: FastifyRequest, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof DomainError || isGatewayError(error)) throw error;
    request.log.error({ err: error }, 'mail request failed');
    throw new DomainError(ErrorCode.SYSTEM_ERROR, { messageKey: 'errors.mailSystemException' });
  }
}

/** In-game mail (`/mail/list`, `/mail/add`, `/mail/detail`; issue 13 "API"). */
export function mailsRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['mail'];

    app.get('/items', {
      config: { permission: P.MAIL_LIST },
      schema: { tags, summary: "The game's item catalogue (what a mail may carry), read through the gateway", response: { 200: envelope(itemCatalogue) } },
    }, async (request) => guarded(request, async () => ({ items: await mails.listItems(request.ctx) })));

    app.get('/mails', {
      config: { permission: P.MAIL_LIST },
      schema: { tags, summary: 'Mails, newest first', querystring: mailListQuery, response: { 200: envelope(mailPage) } },
    }, async (request) => guarded(request, () => mails.listMails(request.ctx, request.query)));

    app.post('/mails', {
      bodyLimit: MAIL_BODY_MAX_BYTES,
      config: { permission: P.MAIL_EDIT, action: 'mails.create' },
      schema: { tags, summary: 'A new draft (a private mail names up to 100,000 role ids)', body: mailBody, response: { 200: envelope(mailDetail) } },
    }, async (request) => guarded(request, () => mails.createMail(request.ctx, actorOf(request), request.body)));

    app.get('/mails/:id', {
      config: { permission: P.MAIL_LIST },
      schema: { tags, summary: 'One mail with every field, and (once it reached the game) the first page of its recipients with collected', params: mailIdParams, response: { 200: envelope(mailDetailResult) } },
    }, async (request) => guarded(request, () => mails.getMail(request.ctx, request.params.id, requestLanguage(request))));

    app.put('/mails/:id', {
      bodyLimit: MAIL_BODY_MAX_BYTES,
      config: { permission: P.MAIL_EDIT, action: 'mails.update' },
      schema: { tags, summary: 'Edit a draft or a scheduled mail (it goes back to draft)', params: mailIdParams, body: mailBody, response: { 200: envelope(mailDetail) } },
    }, async (request) => guarded(request, () => mails.updateMail(request.ctx, actorOf(request), request.params.id, request.body)));

    app.delete('/mails/:id', {
      config: { permission: P.MAIL_EDIT, action: 'mails.delete' },
      schema: { tags, summary: 'Delete a draft or a scheduled mail', params: mailIdParams, response: { 200: envelope(okResult) } },
    }, async (request) => guarded(request, () => mails.deleteMail(request.ctx, actorOf(request), request.params.id)));

    app.post('/mails/:id/copy', {
      config: { permission: P.MAIL_EDIT, action: 'mails.copy' },
      schema: { tags, summary: 'A new draft with the same body', params: mailIdParams, response: { 200: envelope(mailDetail) } },
    }, async (request) => guarded(request, () => mails.copyMail(request.ctx, actorOf(request), request.params.id)));

    app.get('/mails/:id/preview', {
      config: { permission: P.MAIL_LIST },
      schema: { tags, summary: 'What sending would give out: each item x recipients', params: mailIdParams, response: { 200: envelope(mailSendPreview) } },
    }, async (request) => guarded(request, () => mails.preview(request.ctx, request.params.id)));

    app.post('/mails/:id/send', {
      config: { permission: P.MAIL_EDIT, action: 'mails.send' },
      schema: { tags, summary: 'Send after the items were checked (`confirmed: true`): scheduled at its start time, or now', params: mailIdParams, body: mailSendBody, response: { 200: envelope(mailSendResult) } },
    }, async (request) => guarded(request, () => mails.sendMail(request.ctx, actorOf(request), request.params.id)));

    app.post('/mails/:id/withdraw', {
      config: { permission: P.MAIL_EDIT, action: 'mails.withdraw' },
      schema: { tags, summary: 'Take a mail back from every mailbox that did not collect it (a scheduled one is cancelled)', params: mailIdParams, response: { 200: envelope(mailWithdrawResult) } },
    }, async (request) => guarded(request, () => mails.withdrawMail(request.ctx, actorOf(request), request.params.id)));

    app.get('/mails/:id/recipients', {
      config: { permission: P.MAIL_LIST },
      schema: { tags, summary: "The mailboxes holding the mail, from the game, by role id (keyset `after`), with collected", params: mailIdParams, querystring: mailRecipientsQuery, response: { 200: envelope(mailRecipientsPage) } },
    }, async (request) => guarded(request, () => mails.recipients(request.ctx, request.params.id, request.query)));
  };
}

export const mailJobHandlers = { [mails.SEND_JOB]: mails.fireSend } as const;
