import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import {
  INGEST_MAX_BYTES,
  ingestEventsBody,
  ingestEventsResult,
  ingestOnlineBody,
  ingestOnlineResult,
  ingestPlayersBody,
  ingestPlayersResult,
} from '@gm/contract/ingest.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import type { LogStore } from '../../platform/log-store/log-store.ts';
import { ok } from '../../platform/reply.ts';
import * as ingestService from './ingest.service.ts';

const tags = ['ingest'];
const SIGNED = 'Signed by the game: headers X-Game-Id, X-Timestamp (unix seconds) and X-Signature (docs/ingest.md). No operator token.';
const MEGABYTES = INGEST_MAX_BYTES / 1024 / 1024;

const invalid = (messageKey: string, values: Record<string, unknown> = {}, path = '') =>
  new DomainError(ErrorCode.INVALID_PARAMS, { messageKey, values, details: [{ path, message: messageKey }] });

/**
 * Game servers push event logs, online counts and player snapshots here. These routes are
 * `public` to the operator gate because a game signs each request with its ingest key instead:
 * the headers are checked before the body is read, the signature over the raw body before it is
 * parsed, and a signature is accepted once.
 */
export function ingestRoutes(ctx: ServiceContext, logStore: LogStore) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const claims = new WeakMap<FastifyRequest, ingestService.IngestClaim>();
    const verified = new WeakSet<FastifyRequest>();

    const claimOf = (request: FastifyRequest) => {
      const claim = claims.get(request);
      if (!claim) throw new DomainError(ErrorCode.INGEST_UNAUTHORIZED);
      return claim;
    };

    app.addHook('onRequest', async (request) => {
      claims.set(request, await ingestService.checkClaim(ctx, request.headers));
    });

    // The signature covers the body exactly as sent, so this scope keeps the raw bytes: it
    // replaces the JSON parser here only, and parses after the signature holds.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: INGEST_MAX_BYTES }, async (request: FastifyRequest, raw: Buffer) => {
      await ingestService.verifyClaim(ctx, claimOf(request), raw);
      verified.add(request);
      try {
        return JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        throw invalid('validation.invalidJson');
      }
    });

    // A request without a JSON body is still signed (over the empty body) before it is refused.
    app.addHook('preValidation', async (request) => {
      if (!verified.has(request)) await ingestService.verifyClaim(ctx, claimOf(request), Buffer.alloc(0));
    });

    app.setErrorHandler(async (error: FastifyError) => {
      // Rethrown errors go on to the app's one error handler, which builds the envelope.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw invalid('validation.bodyTooLarge', { megabytes: MEGABYTES });
      throw error;
    });

    app.post('/events', {
      config: { permission: 'public' },
      bodyLimit: INGEST_MAX_BYTES,
      schema: {
        tags,
        summary: 'Push a batch of event-log records',
        description: `${SIGNED} All or nothing: one invalid event refuses the batch (10001, details per event). Idempotent by b_log_id.`,
        body: ingestEventsBody,
        response: { 200: envelope(ingestEventsResult) },
      },
    }, async (request) => ok(await ingestService.ingestEvents(logStore, claimOf(request).game.id, request.body)));

    app.post('/online', {
      config: { permission: 'public' },
      bodyLimit: INGEST_MAX_BYTES,
      schema: {
        tags,
        summary: 'Push online and queue counts per region',
        description: SIGNED,
        body: ingestOnlineBody,
        response: { 200: envelope(ingestOnlineResult) },
      },
    }, async (request) => ok(await ingestService.ingestOnline(ctx, claimOf(request).game.id, request.body)));

    app.post('/players', {
      config: { permission: 'public' },
      bodyLimit: INGEST_MAX_BYTES,
      schema: {
        tags,
        summary: 'Push player (role) snapshots; the latest snapshot of a role wins',
        description: SIGNED,
        body: ingestPlayersBody,
        response: { 200: envelope(ingestPlayersResult) },
      },
    }, async (request) => ok(await ingestService.ingestPlayers(ctx, claimOf(request).game.id, request.body)));
  };
}
