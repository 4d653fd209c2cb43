import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import {
  GAME_CONFIG_KEYS,
  GAME_CONFIG_LABELS,
  GAME_CONFIG_PAGE_CODES,
  gameConfigAction,
  gameConfigHistory,
  gameConfigOptions,
  gameConfigSaveBody,
  gameConfigSaveResult,
  gameConfigState,
} from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as service from './game-config.service.ts';

/**
 * The game configuration screens (issue 13): `GET|PUT /game-config/{key}` and
 * `GET /game-config/{key}/history`, one set per key so each validates its own document and
 * answers to its own page code.
 */
export function gameConfigRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['game-config'];
    app.get('/game-config/options', {
      config: { permission: P.GROUP_INFO },
      schema: { tags, summary: "What the editors choose from: the game's item catalogue and server regions, through the gateway", response: { 200: envelope(gameConfigOptions) } },
    }, async (request) => ok(await service.options(request.ctx)));

    for (const key of GAME_CONFIG_KEYS) {
      const label = GAME_CONFIG_LABELS[key].en;
      const page = GAME_CONFIG_PAGE_CODES[key];

      app.get(`/game-config/${key}`, {
        config: { permission: page },
        schema: { tags, summary: `The saved ${label} and what the game runs`, response: { 200: envelope(gameConfigState) } },
      }, async (request) => ok(await service.getState(request.ctx, key)));

      app.get(`/game-config/${key}/history`, {
        config: { permission: page },
        schema: { tags, summary: `Saved versions of the ${label}, newest first (who and when)`, response: { 200: envelope(gameConfigHistory) } },
      }, async (request) => ok(await service.history(request.ctx, key)));

      app.put(`/game-config/${key}`, {
        config: { permission: P.INFO_CONFIG_EDIT, action: gameConfigAction(key) },
        schema: {
          tags,
          summary: `Save the ${label} as a new version and push it to the game (the latest version's value again: push it again)`,
          body: gameConfigSaveBody(key),
          response: { 200: envelope(gameConfigSaveResult) },
        },
      }, async (request) => {
        const body = request.body as { value: unknown; baseVersion?: number | null };
        return ok(await service.save(request.ctx, actorOf(request), key, body.value, body.baseVersion));
      });
    }
  };
}
