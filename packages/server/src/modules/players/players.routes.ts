import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  IMPORT_MAX_BYTES,
  accountForbidQuery,
  accountLiftBody,
  accountListQuery,
  accountSanctionBody,
  areaOption,
  bagResult,
  batchResult,
  liftResult,
  cappedPageOf,
  checkPlayerIdQuery,
  checkPlayerResult,
  createPlayerBody,
  createPlayerResult,
  deductBody,
  deductResult,
  forbidTimeResult,
  gameAccount,
  importIdsQuery,
  importIdsResult,
  kickAllBody,
  kickBody,
  liftBody,
  markBody,
  player,
  playerDetail,
  playerForbidQuery,
  playerListQuery,
  playerMaps,
  playerValueQuery,
  playerValueResult,
  roleIdParams,
  roleIdQuery,
  muteBody,
  sanctionBody,
  unlockMapsBody,
  unlockMapsResult,
} from '@gm/contract/players.contract.ts';
import { commandIdOf } from '../../game/gateway/gateway-failure.ts';
import { actorOf, principalOf } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as importService from './import-ids.service.ts';
import * as playersService from './players.service.ts';

/**
 * Player management. The spec's calls keep its own paths (section 7: `report/banned`,
 * `player-baggage-list` ...); the ones it leaves out follow the house plan's REST style.
 */
export function playersRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['players'];
    const accountTags = ['user accounts'];

    // Reads --------------------------------------------------------------------------------

    app.get('/players', {
      config: { permission: P.PLAYER_LIST },
      schema: { tags, summary: 'Players list (filters in the query)', querystring: playerListQuery, response: { 200: envelope(cappedPageOf(player)) } },
    }, async (request) => ok(await playersService.listPlayers(request.ctx, request.query)));

    app.get('/player-areas', {
      config: { permission: P.GROUP_PLAYERS },
      schema: { tags, summary: 'Server regions for the area filters and the player-add form', response: { 200: envelope(z.array(areaOption)) } },
    }, async (request) => ok(await playersService.areaOptions(request.ctx)));

    app.get('/check-player-id', {
      config: { permission: P.GROUP_PLAYERS },
      schema: { tags, summary: 'Whether a role exists', querystring: checkPlayerIdQuery, response: { 200: envelope(checkPlayerResult) } },
    }, async (request) => ok(await playersService.checkPlayer(request.ctx, request.query.roleId)));

    app.get('/player-forbid-list', {
      config: { permission: P.PLAYER_BAN_LIST },
      schema: { tags, summary: 'Players whose ban (kind=ban) or mute (kind=mute) is in force', querystring: playerForbidQuery, response: { 200: envelope(cappedPageOf(player)) } },
    }, async (request) => ok(await playersService.listSanctionedPlayers(request.ctx, request.query)));

    app.get('/player-baggage-list', {
      config: { permission: P.PLAYER_LIST },
      schema: { tags, summary: "A player's bag", querystring: roleIdQuery, response: { 200: envelope(bagResult) } },
    }, async (request) => ok(await playersService.bag(request.ctx, request.query.roleId)));

    app.get('/player/:id', {
      config: { permission: P.PLAYER_LIST },
      schema: { tags, summary: "A player's detail (every field, pvp ranks and score)", params: roleIdParams, response: { 200: envelope(playerDetail) } },
    }, async (request) => ok(await playersService.playerDetail(request.ctx, request.params.id)));

    app.get('/player-details', {
      config: { permission: P.PLAYER_LIST },
      schema: { tags, summary: "A player's maps: explore map, stage dungeon, quantum battle", querystring: roleIdQuery, response: { 200: envelope(playerMaps) } },
    }, async (request) => ok(await playersService.playerMaps(request.ctx, request.query.roleId)));

    app.get('/report/forbid-time', {
      config: { permission: P.GROUP_PLAYERS },
      schema: { tags, summary: 'The ban and mute durations to choose from (seconds; -1 is permanent)', response: { 200: envelope(forbidTimeResult) } },
    }, async () => ok(playersService.forbidTime()));

    // Changes through the game gateway -------------------------------------------------------

    app.post('/report/banned', {
      config: { permission: P.PLAYER_BAN, action: 'players.ban' },
      schema: { tags, summary: 'Ban players (online ones are kicked)', body: sanctionBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.sanctionPlayers(request.ctx, actorOf(request), commandIdOf(request, 'players.ban'), 'ban', request.body)));

    app.post('/report/cancel-banned', {
      config: { permission: P.PLAYER_BAN, action: 'players.unban' },
      schema: { tags, summary: 'Unban players (counts the bans lifted and the players that had none)', body: liftBody, response: { 200: envelope(liftResult) } },
    }, async (request) => ok(await playersService.liftSanction(request.ctx, actorOf(request), commandIdOf(request, 'players.unban'), 'ban', request.body)));

    app.post('/report/closure', {
      config: { permission: P.PLAYER_MUTE, action: 'players.mute' },
      schema: { tags, summary: 'Mute players', body: muteBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.sanctionPlayers(request.ctx, actorOf(request), commandIdOf(request, 'players.mute'), 'mute', request.body)));

    app.post('/report/cancel-closure', {
      config: { permission: P.PLAYER_MUTE, action: 'players.unmute' },
      schema: { tags, summary: 'Unmute players (counts the mutes lifted and the players that had none)', body: liftBody, response: { 200: envelope(liftResult) } },
    }, async (request) => ok(await playersService.liftSanction(request.ctx, actorOf(request), commandIdOf(request, 'players.unmute'), 'mute', request.body)));

    app.post('/report/kick', {
      config: { permission: P.PLAYER_KICK, action: 'players.kick' },
      schema: { tags, summary: 'Force players to log out', body: kickBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.kickPlayers(request.ctx, actorOf(request), commandIdOf(request, 'players.kick'), request.body)));

    app.post('/report/kick-all', {
      config: { permission: P.PLAYER_KICK_ALL, action: 'players.kickAll' },
      schema: { tags, summary: 'Force every player (of one area, or all) to log out', body: kickAllBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.kickAll(request.ctx, actorOf(request), commandIdOf(request, 'players.kickAll'), request.body)));

    app.post('/mark', {
      config: { permission: P.PLAYER_MARK, action: 'players.mark' },
      schema: { tags, summary: 'Set the identity mark (0 common, 1 insider, 2 external) with a remark', body: markBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.markPlayers(request.ctx, actorOf(request), commandIdOf(request, 'players.mark'), request.body)));

    app.patch('/player/deduction/assets', {
      config: { permission: P.PLAYER_DEDUCT, action: 'players.deduct' },
      schema: { tags, summary: 'Deduct one bag item (0 < quantity <= current; refused if the bag changed since it was shown)', body: deductBody, response: { 200: envelope(deductResult) } },
    }, async (request) => ok(await playersService.deduct(request.ctx, actorOf(request), commandIdOf(request, 'players.deduct'), request.body)));

    app.post('/player/unlock-maps', {
      config: { permission: P.PLAYER_UNLOCK_MAP, action: 'players.unlockMaps' },
      schema: { tags, summary: 'Unlock maps of one kind', body: unlockMapsBody, response: { 200: envelope(unlockMapsResult) } },
    }, async (request) => ok(await playersService.unlockMaps(request.ctx, actorOf(request), commandIdOf(request, 'players.unlockMaps'), request.body)));

    // The spec makes this change a GET with query parameters; it is audited like every change.
    app.get('/player-detail-update', {
      config: { permission: P.PLAYER_VALUE_EDIT, action: 'players.setValue' },
      schema: { tags, summary: 'Change one player value (level, score ...)', querystring: playerValueQuery, response: { 200: envelope(playerValueResult) } },
    }, async (request) => ok(await playersService.setPlayerValue(request.ctx, actorOf(request), commandIdOf(request, 'players.setValue'), request.query)));

    app.post('/players', {
      config: { permission: P.PLAYER_CREATE, action: 'players.create' },
      schema: { tags, summary: 'Add a player (a QA role on a chosen region)', body: createPlayerBody, response: { 200: envelope(createPlayerResult) } },
    }, async (request) => ok(await playersService.createPlayer(request.ctx, actorOf(request), commandIdOf(request, 'players.create'), request.body)));

    // User accounts ----------------------------------------------------------------------------

    app.get('/accounts', {
      config: { permission: P.USER_LIST },
      schema: { tags: accountTags, summary: 'User accounts (IP and devices only with 12003)', querystring: accountListQuery, response: { 200: envelope(cappedPageOf(gameAccount)) } },
    }, async (request) => ok(await playersService.listAccounts(request.ctx, principalOf(request), request.query)));

    app.get('/account-bans', {
      config: { permission: P.USER_BAN_LIST },
      schema: { tags: accountTags, summary: 'Accounts whose ban is in force', querystring: accountForbidQuery, response: { 200: envelope(cappedPageOf(gameAccount)) } },
    }, async (request) => ok(await playersService.listBannedAccounts(request.ctx, principalOf(request), request.query)));

    app.post('/accounts/actions/ban', {
      config: { permission: P.USER_BAN, action: 'accounts.ban' },
      schema: { tags: accountTags, summary: 'Ban accounts (none of their roles can sign in)', body: accountSanctionBody, response: { 200: envelope(batchResult) } },
    }, async (request) => ok(await playersService.banAccounts(request.ctx, actorOf(request), commandIdOf(request, 'accounts.ban'), request.body)));

    app.post('/accounts/actions/unban', {
      config: { permission: P.USER_BAN, action: 'accounts.unban' },
      schema: { tags: accountTags, summary: 'Unban accounts (counts the bans lifted and the accounts that had none)', body: accountLiftBody, response: { 200: envelope(liftResult) } },
    }, async (request) => ok(await playersService.unbanAccounts(request.ctx, actorOf(request), commandIdOf(request, 'accounts.unban'), request.body)));

    // Excel import of ids ----------------------------------------------------------------------

    // The worksheet travels as the raw body; only this plugin accepts spreadsheet bodies.
    app.addContentTypeParser(
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post('/players/import-ids', {
      config: { permission: P.GROUP_PLAYERS },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Read role ids or user ids from an .xlsx / .xls worksheet (the raw file as the body)',
        querystring: importIdsQuery,
        response: { 200: envelope(importIdsResult) },
      },
    }, async (request) => ok(await importService.importIds(request.ctx, request.query, request.body)));
  };
}
