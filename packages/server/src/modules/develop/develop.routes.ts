import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  commandJournalPage,
  commandJournalQuery,
  developState,
  developUnlockBody,
  developValueBody,
  gachaPublicity,
  gachaPublicityQuery,
  playerValueResult,
  roleIdQuery,
  unlockMapsResult,
} from '@gm/contract/players.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as developService from './develop.service.ts';

/** /develop/...: internal debugging tools (read with 11021, change with 21024). */
export function developRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['internal debugging'];

    app.get('/develop/player-state', {
      config: { permission: P.DEVELOP_TOOLS },
      schema: { tags, summary: 'A role as the game holds it: every value and every map', querystring: roleIdQuery, response: { 200: envelope(developState) } },
    }, async (request) => ok(await developService.playerState(request.ctx, request.query.roleId)));

    app.post('/develop/player-value', {
      config: { permission: P.DEVELOP_EDIT, action: 'develop.setValue' },
      schema: { tags, summary: 'Set one player value', body: developValueBody, response: { 200: envelope(playerValueResult) } },
    }, async (request) => ok(await developService.setValue(request.ctx, actorOf(request), commandIdOf(request, 'develop.setValue'), request.body)));

    app.post('/develop/unlock-maps', {
      config: { permission: P.DEVELOP_EDIT, action: 'develop.unlockMaps' },
      schema: { tags, summary: 'Unlock every map of a kind up to one', body: developUnlockBody, response: { 200: envelope(unlockMapsResult) } },
    }, async (request) => ok(await developService.unlockThrough(request.ctx, actorOf(request), commandIdOf(request, 'develop.unlockMaps'), request.body)));

    app.get('/develop/commands', {
      config: { permission: P.DEVELOP_TOOLS },
      schema: { tags, summary: 'The commands the game received and what it answered, newest first (a page by cursor)', querystring: commandJournalQuery, response: { 200: envelope(commandJournalPage) } },
    }, async (request) => ok(await developService.commandJournal(request.ctx, request.query)));

    app.get('/develop/gacha-publicity', {
      config: { permission: P.DEVELOP_TOOLS },
      schema: { tags, summary: 'Gacha outcomes per pool in a period, from the gacha log', querystring: gachaPublicityQuery, response: { 200: envelope(gachaPublicity) } },
    }, async (request) => ok(await developService.gachaPublicity(request.ctx, request.query)));
  };
}
