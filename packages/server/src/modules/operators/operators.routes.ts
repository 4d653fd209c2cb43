import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, okResult, pageOf } from '@gm/contract/common.contract.ts';
import { operator, operatorCreateBody, operatorQuery, operatorUpdateBody, resetPasswordBody, role, roleBody } from '@gm/contract/operators.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf, principalOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as operatorsService from './operators.service.ts';

export function operatorsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['operators and roles'];

    app.get('/operators', {
      config: { permission: P.PERMISSION_SETTINGS },
      schema: { tags, querystring: operatorQuery, response: { 200: envelope(pageOf(operator)) } },
    }, async (request) => ok(await operatorsService.listOperators(ctx, request.query)));

    app.post('/operators', {
      config: { permission: P.OPERATOR_EDIT, action: 'operators.create' },
      schema: { tags, body: operatorCreateBody(ctx.config.passwordMinLength), response: { 200: envelope(operator) } },
    }, async (request) => ok(await operatorsService.createOperator(ctx, principalOf(request), actorOf(request), request.body)));

    app.put('/operators/:id', {
      config: { permission: P.OPERATOR_EDIT, action: 'operators.update' },
      schema: { tags, params: idParams, body: operatorUpdateBody, response: { 200: envelope(operator) } },
    }, async (request) => ok(await operatorsService.updateOperator(ctx, principalOf(request), actorOf(request), request.params.id, request.body)));

    app.post('/operators/:id/reset-password', {
      config: { permission: P.OPERATOR_EDIT, action: 'operators.resetPassword' },
      schema: { tags, params: idParams, body: resetPasswordBody(ctx.config.passwordMinLength), response: { 200: envelope(okResult) } },
    }, async (request) => {
      await operatorsService.resetPassword(ctx, principalOf(request), actorOf(request), request.params.id, request.body.password);
      return ok({ ok: true as const });
    });

    app.post('/operators/:id/reset-totp', {
      config: { permission: P.OPERATOR_EDIT, action: 'operators.resetTotp' },
      schema: { tags, params: idParams, response: { 200: envelope(okResult) } },
    }, async (request) => {
      await operatorsService.resetTotp(ctx, principalOf(request), actorOf(request), request.params.id);
      return ok({ ok: true as const });
    });

    app.delete('/operators/:id/sessions', {
      config: { permission: P.OPERATOR_END_SESSIONS, action: 'operators.endSessions' },
      schema: { tags, params: idParams, response: { 200: envelope(z.object({ ended: z.number() })) } },
    }, async (request) => ok({ ended: await operatorsService.endSessions(ctx, principalOf(request), actorOf(request), request.params.id) }));

    app.get('/roles', {
      config: { permission: P.PERMISSION_SETTINGS },
      schema: { tags, response: { 200: envelope(z.array(role)) } },
    }, async () => ok(await operatorsService.listRoles(ctx)));

    app.post('/roles', {
      config: { permission: P.ROLE_EDIT, action: 'roles.create' },
      schema: { tags, body: roleBody, response: { 200: envelope(role) } },
    }, async (request) => ok(await operatorsService.createRole(ctx, principalOf(request), actorOf(request), request.body)));

    app.put('/roles/:id', {
      config: { permission: P.ROLE_EDIT, action: 'roles.update' },
      schema: { tags, params: idParams, body: roleBody, response: { 200: envelope(role) } },
    }, async (request) => ok(await operatorsService.updateRole(ctx, principalOf(request), actorOf(request), request.params.id, request.body)));

    app.delete('/roles/:id', {
      config: { permission: P.ROLE_EDIT, action: 'roles.delete' },
      schema: { tags, params: idParams, response: { 200: envelope(okResult) } },
    }, async (request) => {
      await operatorsService.deleteRole(ctx, principalOf(request), actorOf(request), request.params.id);
      return ok({ ok: true as const });
    });
  };
}
