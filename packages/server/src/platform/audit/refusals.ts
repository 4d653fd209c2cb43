import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { FailureInfo } from '../errors/error-handler.ts';
import { lockedFor, recordFailure, type ThrottleRule } from '../auth/throttle.ts';
import * as audit from './audit.service.ts';
import { redactBySchema } from './secret-fields.ts';

/** What the trail keeps of a refused body: enough to see what was tried, never a megabyte of it. */
export const REFUSED_BODY_MAX_BYTES = 4096;

/**
 * A body as stored with a refused change: itself when its JSON is small, else the first
 * `maxBytes` of its JSON and a note of how much was cut.
 */
export function boundedSummary(value: unknown, maxBytes = REFUSED_BODY_MAX_BYTES): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return value;
  // Cut on a character boundary: the stored text stays valid UTF-8.
  const head = Buffer.from(text).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD+$/, '');
  return { truncated: true, bytes, keptBytes: Buffer.byteLength(head), head };
}

/** The ids a failed change named (the game's batch bodies: `roleIds`, `ids`, `userIds`; one `roleId` ...). */
function failureTargets(...sources: unknown[]): string[] {
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    const values = source as Record<string, unknown>;
    for (const key of ['roleIds', 'ids', 'userIds', 'areaIds']) {
      const list = values[key];
      if (Array.isArray(list)) return list.filter((v): v is string => typeof v === 'string').slice(0, 100);
    }
    for (const key of ['roleId', 'userId', 'areaId']) {
      const one = values[key];
      if (typeof one === 'string') return [one.slice(0, 100)];
    }
  }
  return [];
}

const refusedKey = (operatorId: string) => `refused:operator:${operatorId}`;

function refusedRule(ctx: ServiceContext): ThrottleRule {
  return { maxFailures: ctx.config.refusedChangesPerMinute, windowMs: 60_000, lockMs: 60_000 };
}

/** Whether a request asks for a change: not a read, nor a POST that only queries. */
const changes = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && request.routeOptions.config.readOnly !== true;

/**
 * An operator whose changes keep being refused (a script gone wrong, someone probing) is told to
 * wait before the next change is even looked at, so the trail cannot be flooded with refusals.
 */
export function refuseFloodingOperator(ctx: ServiceContext) {
  // A callback hook: a read (most requests) answers at once, without a promise of its own.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const principal = request.principal;
    if (!principal || !changes(request)) return done();
    lockedFor(ctx.db, refusedKey(principal.operatorId), ctx.now()).then(
      (seconds) => done(seconds > 0 ? (new DomainError(ErrorCode.TOO_MANY_REQUESTS, { retryAfter: seconds }) as unknown as FastifyError) : undefined),
      (error: unknown) => done(error as FastifyError),
    );
  };
}

/**
 * Refusals and failed changes of an identified operator go to the trail too, their body
 * redacted by the route's schema (secret fields never stored) and bounded.
 */
export async function auditRefusal(ctx: ServiceContext, request: FastifyRequest, failure: FailureInfo): Promise<void> {
  const principal = request.principal;
  // Refusals of a flooding operator are what the throttle keeps out of the trail.
  if (!principal || failure.code === ErrorCode.TOO_MANY_REQUESTS) return;
  const config = request.routeOptions.config;
  const denied = failure.code === ErrorCode.NO_PERMISSION || failure.code === ErrorCode.OTP_ENROLLMENT_REQUIRED;
  // A read changes nothing, except the spec's player-detail-update (a GET), which declares an action.
  if (!denied && !changes(request) && config.action === undefined) return;
  const schema = request.routeOptions.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
  const params = request.params as Record<string, unknown> | undefined;
  const body = Buffer.isBuffer(request.body) ? null : redactBySchema(request.body ?? null, schema?.body);
  const now = ctx.now();
  await audit.record(ctx.db, { operatorId: principal.operatorId, accountName: principal.account, ip: request.ip }, {
    action: denied ? 'session.denied' : (config.action ?? 'session.denied'),
    code: typeof config.permission === 'number' ? config.permission : null,
    targets: typeof params?.id === 'string' ? [params.id.slice(0, 100)] : failureTargets(request.body, request.query),
    params: {
      method: request.method,
      url: request.url.split('?')[0]?.slice(0, 512),
      body: boundedSummary(body),
      ...(request.method === 'GET' ? { query: boundedSummary(redactBySchema(request.query, schema?.querystring)) } : {}),
      failure: { message: failure.body.message, details: boundedSummary(failure.body.details ?? null) },
    },
    outcome: denied ? 'denied' : 'failed',
    errorCode: failure.code,
  }, now);
  if (changes(request)) await recordFailure(ctx.db, refusedKey(principal.operatorId), refusedRule(ctx), now);
}
