import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authPolicy,
  changePasswordBody,
  contextResult,
  sessionInfo,
  signInBody,
  signUpBody,
  totpDisableBody,
  totpEnableBody,
  totpEnableResult,
  totpSetupResult,
} from '@gm/contract/auth.contract.ts';
import { envelope, okResult } from '@gm/contract/common.contract.ts';
import { P, isGranted } from '@gm/contract/permissions.ts';
import { actorOf, principalOf, type ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import * as sessionsService from './sessions.service.ts';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
const tags = ['sessions'];

export function sessionsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/sessions/policy.json', {
      config: { permission: 'public' },
      schema: { tags, response: { 200: envelope(authPolicy) } },
    }, async () =>
      ok({
        passwordMinLength: ctx.config.passwordMinLength,
        idleMinutes: Math.round(ctx.config.sessionIdleMs / 60_000),
        maxHours: Math.round(ctx.config.sessionMaxMs / 3_600_000),
        signUp: ctx.config.signUp,
      }),
    );

    app.post('/sessions/new.json', {
      config: { permission: 'public' },
      schema: { tags, summary: 'Sign in (form-encoded)', body: signInBody, response: { 200: envelope(z.string()) } },
    }, async (request) => ok(await sessionsService.signIn(ctx, request.body, client(request))));

    app.post('/registrations.json', {
      config: { permission: 'public' },
      schema: { tags, summary: 'Sign up', body: signUpBody(ctx.config.passwordMinLength), response: { 200: envelope(z.object({ account: z.string() })) } },
    }, async (request) => ok(await sessionsService.signUp(ctx, request.body, client(request))));

    app.put('/sessions/context.json', {
      config: { permission: 'session', selfService: true },
      schema: { tags, summary: 'The signed-in user context', response: { 200: envelope(contextResult) } },
    }, async (request) => ok({ userContext: sessionsService.contextOf(principalOf(request)) }));

    app.delete('/sessions/current.json', {
      config: { permission: 'session', selfService: true, action: 'session.signOut' },
      schema: { tags, summary: 'Sign out', response: { 200: envelope(okResult) } },
    }, async (request) => {
      await sessionsService.signOut(ctx, principalOf(request), actorOf(request));
      return ok({ ok: true as const });
    });

    app.get('/sessions/active', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Operators signed in now', response: { 200: envelope(z.array(sessionInfo)) } },
    }, async (request) => {
      const principal = principalOf(request);
      return ok(await sessionsService.activeSessions(ctx, principal, isGranted(principal, P.PERMISSION_SETTINGS)));
    });

    app.get('/me/sessions', {
      config: { permission: 'session', selfService: true },
      schema: { tags, summary: 'My sessions', response: { 200: envelope(z.array(sessionInfo)) } },
    }, async (request) => ok(await sessionsService.activeSessions(ctx, principalOf(request), true, true)));

    app.delete('/me/sessions/:id', {
      config: { permission: 'session', selfService: true, action: 'profile.endSession' },
      schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: envelope(okResult) } },
    }, async (request) => {
      await sessionsService.endOwnSession(ctx, principalOf(request), actorOf(request), request.params.id);
      return ok({ ok: true as const });
    });

    app.post('/me/password', {
      config: { permission: 'session', selfService: true, action: 'profile.changePassword' },
      schema: { tags, body: changePasswordBody(ctx.config.passwordMinLength), response: { 200: envelope(okResult) } },
    }, async (request) => {
      await sessionsService.changePassword(ctx, principalOf(request), actorOf(request), request.body.current, request.body.password);
      return ok({ ok: true as const });
    });

    app.post('/me/totp/setup', {
      config: { permission: 'session', selfService: true, action: 'profile.totpEnable' },
      schema: { tags, response: { 200: envelope(totpSetupResult) } },
    }, async (request) => ok(await sessionsService.setupTotp(ctx, principalOf(request))));

    app.post('/me/totp/enable', {
      config: { permission: 'session', selfService: true, action: 'profile.totpEnable' },
      schema: { tags, body: totpEnableBody, response: { 200: envelope(totpEnableResult) } },
    }, async (request) => ok(await sessionsService.enableTotp(ctx, principalOf(request), actorOf(request), request.body.code)));

    app.post('/me/totp/disable', {
      config: { permission: 'session', selfService: true, action: 'profile.totpDisable' },
      schema: { tags, body: totpDisableBody, response: { 200: envelope(okResult) } },
    }, async (request) => {
      const principal = principalOf(request);
      await sessionsService.disableTotp(ctx, principal, actorOf(request), request.body.password, await sessionsService.roleRequiresTotp(ctx, principal));
      return ok({ ok: true as const });
    });
  };
}
