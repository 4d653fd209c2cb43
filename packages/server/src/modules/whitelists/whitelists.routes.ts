import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchResult, deleteBody, switchBody } from '@gm/contract/basic-management.contract.ts';
import { envelope, idParams, pageOf } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  domainCheckQuery,
  domainCheckResult,
  domainWhitelistBody,
  domainWhitelistEntry,
  domainWhitelistQuery,
  functionWhitelistBody,
  functionWhitelistEntry,
  functionWhitelistQuery,
  idWhitelistBody,
  idWhitelistEntry,
  idWhitelistQuery,
  ipCheckQuery,
  ipCheckResult,
  ipWhitelistBody,
  ipWhitelistEntry,
  ipWhitelistQuery,
  logSwitchBody,
} from '@gm/contract/whitelists.contract.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as whitelistsService from './whitelists.service.ts';

/**
 * The IP, ID and function (third id) whitelists of /server/white and the domain whitelist of
 * /server/domain_white. Reading needs the page's code; every change needs 21005.
 */
export function whitelistsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['whitelists'];
    const batch = { 200: envelope(batchResult) };

    // IP whitelist
    app.get('/whitelists/ip', {
      config: { permission: P.WHITELIST },
      schema: { tags, querystring: ipWhitelistQuery, response: { 200: envelope(pageOf(ipWhitelistEntry)) } },
    }, async (request) => ok(await whitelistsService.listIps(ctx, request.query)));

    app.get('/whitelists/ip/check', {
      config: { permission: P.WHITELIST },
      schema: { tags, querystring: ipCheckQuery, response: { 200: envelope(ipCheckResult) } },
    }, async (request) => ok(await whitelistsService.checkIp(ctx, request.query.address, request.query.sdkPlatformId)));

    app.post('/whitelists/ip', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.ip.create' },
      schema: { tags, body: ipWhitelistBody, response: { 200: envelope(ipWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.createIp(ctx, actorOf(request), request.body)));

    app.put('/whitelists/ip/:id', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.ip.update' },
      schema: { tags, params: idParams, body: ipWhitelistBody, response: { 200: envelope(ipWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.updateIp(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/whitelists/ip/actions/status', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.ip.status' },
      schema: { tags, body: switchBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.setIpStatus(ctx, actorOf(request), request.body) }));

    app.post('/whitelists/ip/actions/delete', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.ip.delete' },
      schema: { tags, body: deleteBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.deleteIps(ctx, actorOf(request), request.body) }));

    // ID whitelist
    app.get('/whitelists/id', {
      config: { permission: P.WHITELIST },
      schema: { tags, querystring: idWhitelistQuery, response: { 200: envelope(pageOf(idWhitelistEntry)) } },
    }, async (request) => ok(await whitelistsService.listIds(ctx, request.query)));

    app.post('/whitelists/id', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.id.create' },
      schema: { tags, body: idWhitelistBody, response: { 200: envelope(idWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.createId(ctx, actorOf(request), request.body)));

    app.put('/whitelists/id/:id', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.id.update' },
      schema: { tags, params: idParams, body: idWhitelistBody, response: { 200: envelope(idWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.updateId(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/whitelists/id/actions/status', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.id.status' },
      schema: { tags, body: switchBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.setIdStatus(ctx, actorOf(request), request.body) }));

    app.post('/whitelists/id/actions/delete', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.id.delete' },
      schema: { tags, body: deleteBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.deleteIds(ctx, actorOf(request), request.body) }));

    // Function whitelist by third id
    app.get('/whitelists/function', {
      config: { permission: P.WHITELIST },
      schema: { tags, querystring: functionWhitelistQuery, response: { 200: envelope(pageOf(functionWhitelistEntry)) } },
    }, async (request) => ok(await whitelistsService.listFunctions(ctx, request.query)));

    app.post('/whitelists/function', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.function.create' },
      schema: { tags, body: functionWhitelistBody, response: { 200: envelope(functionWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.createFunction(ctx, actorOf(request), request.body)));

    app.put('/whitelists/function/:id', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.function.update' },
      schema: { tags, params: idParams, body: functionWhitelistBody, response: { 200: envelope(functionWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.updateFunction(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/whitelists/function/actions/log-switch', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.function.logSwitch' },
      schema: { tags, body: logSwitchBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.setFunctionLogSwitch(ctx, actorOf(request), request.body) }));

    app.post('/whitelists/function/actions/delete', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.function.delete' },
      schema: { tags, body: deleteBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.deleteFunctions(ctx, actorOf(request), request.body) }));

    // Domain whitelist
    app.get('/whitelists/domain', {
      config: { permission: P.DOMAIN_WHITELIST },
      schema: { tags, querystring: domainWhitelistQuery, response: { 200: envelope(pageOf(domainWhitelistEntry)) } },
    }, async (request) => ok(await whitelistsService.listDomains(ctx, request.query)));

    app.get('/whitelists/domain/check', {
      config: { permission: P.DOMAIN_WHITELIST },
      schema: { tags, querystring: domainCheckQuery, response: { 200: envelope(domainCheckResult) } },
    }, async (request) => ok(await whitelistsService.checkDomain(ctx, request.query.url, request.query.purpose)));

    app.get('/whitelists/domain/:id', {
      config: { permission: P.DOMAIN_WHITELIST },
      schema: { tags, params: idParams, response: { 200: envelope(domainWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.getDomain(ctx, request.params.id)));

    app.post('/whitelists/domain', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.domain.create' },
      schema: { tags, body: domainWhitelistBody, response: { 200: envelope(domainWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.createDomain(ctx, actorOf(request), request.body)));

    app.put('/whitelists/domain/:id', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.domain.update' },
      schema: { tags, params: idParams, body: domainWhitelistBody, response: { 200: envelope(domainWhitelistEntry) } },
    }, async (request) => ok(await whitelistsService.updateDomain(ctx, actorOf(request), request.params.id, request.body)));

    app.post('/whitelists/domain/actions/status', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.domain.status' },
      schema: { tags, body: switchBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.setDomainStatus(ctx, actorOf(request), request.body) }));

    app.post('/whitelists/domain/actions/delete', {
      config: { permission: P.WHITELIST_EDIT, action: 'whitelists.domain.delete' },
      schema: { tags, body: deleteBody, response: batch },
    }, async (request) => ok({ changed: await whitelistsService.deleteDomains(ctx, actorOf(request), request.body) }));
  };
}
