import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, HTTP_STATUS, type ApiEnvelope, type FieldIssue } from '@gm/contract/errors.ts';
import { translate, type Language } from '@gm/contract/messages.ts';
import { issueMessageKey } from '@gm/contract/validation-issues.ts';
import { DomainError } from './domain-error.ts';
import { isUniqueViolation } from './unique-violation.ts';
import { requestLanguage } from '../i18n.ts';

/** Turns a zod issue (as fastify-type-provider-zod reports it) into a message key and values. */
function issueKey(keyword: string, message: string, params: Record<string, unknown>, missing: boolean): { key: string; values: Record<string, unknown> } {
  const nested = (params.params ?? {}) as Record<string, unknown>;
  const values = { ...params, ...nested };
  return { key: issueMessageKey({ code: keyword, message, origin: params.origin, minimum: params.minimum, expected: params.expected, missing }), values };
}

/**
 * Whether the request gave no value at all where a check failed: "required" then, not "invalid"
 * (zod's issues do not carry the value they refused, so it is looked up in what was sent).
 */
function sentNothingAt(request: FastifyRequest, context: unknown, path: string[]): boolean {
  const sources: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
  let value: unknown = typeof context === 'string' ? sources[context] : undefined;
  for (const part of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return true;
    value = (value as Record<string, unknown>)[part];
  }
  return value === undefined;
}

export interface FailureInfo {
  code: number;
  status: number;
  body: ApiEnvelope<never>;
}

/**
 * Values named `<name>Key` are message keys themselves (a game's refusal reason inside
 * errors.10015): they are translated first and filled in as `<name>`.
 */
function localizedValues(lang: Language, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith('Key') && typeof value === 'string') out[name.slice(0, -3)] = translate(lang, value, values);
  }
  return out;
}

/** Fastify's own refusals of a request, by error code, in words an operator understands. */
const FRAMEWORK_MESSAGES: Partial<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.badJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'errors.unsupportedMediaType',
  FST_ERR_BAD_URL: 'errors.badUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'errors.paramTooLong',
};

/**
 * The router's refusals (a malformed or over-long path) happen before any route is found, so
 * they bypass the error handler: Fastify hands them to `frameworkErrors`, which sends this.
 */
export function frameworkRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const failure = describeFailure(error, request);
  void reply.status(failure.status).send(failure.body);
}

/** Maps any thrown value to the envelope, localized. 5xx never carries internals. */
export function describeFailure(error: unknown, request: FastifyRequest): FailureInfo {
  const lang = requestLanguage(request);
  if (error instanceof DomainError) {
    const values = localizedValues(lang, error.values);
    const details = error.details?.map((d) => ({ path: d.path, message: translate(lang, d.message, d.values ? localizedValues(lang, { ...values, ...d.values }) : values) }));
    return {
      code: error.code,
      status: HTTP_STATUS[error.code],
      body: {
        code: error.code,
        message: translate(lang, error.messageKey, { ...values, seconds: error.retryAfter }),
        ...(details ? { details } : {}),
        ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // One message per field, the first (a field that is empty fails its format too: "required" says it).
    const details: FieldIssue[] = [];
    const described = new Set<string>();
    for (const v of error.validation) {
      const parts = v.instancePath.split('/').slice(1);
      const path = parts.join('.');
      if (described.has(path)) continue;
      described.add(path);
      const { key, values } = issueKey(v.keyword, v.message ?? '', v.params, sentNothingAt(request, error.validationContext, parts));
      details.push({ path, message: translate(lang, key, values) });
    }
    return {
      code: ErrorCode.INVALID_PARAMS,
      status: 400,
      body: { code: ErrorCode.INVALID_PARAMS, message: details[0]?.message ?? translate(lang, 'errors.10001'), details },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Malformed JSON, unsupported media type, body too large ...: the client's fault, say so plainly.
    const code = fastifyError.statusCode === 429 ? ErrorCode.TOO_MANY_REQUESTS : ErrorCode.INVALID_PARAMS;
    const key = (fastifyError.code && FRAMEWORK_MESSAGES[fastifyError.code]) ?? `errors.${code}`;
    return { code, status: fastifyError.statusCode, body: { code, message: translate(lang, key, { seconds: 1 }) } };
  }
  // A duplicate no service guarded against (two identical saves at once): what a check would have said.
  if (isUniqueViolation(error)) return { code: ErrorCode.CONFLICT, status: HTTP_STATUS[ErrorCode.CONFLICT], body: { code: ErrorCode.CONFLICT, message: translate(lang, 'errors.10016') } };
  return { code: ErrorCode.SYSTEM_ERROR, status: 500, body: { code: ErrorCode.SYSTEM_ERROR, message: translate(lang, 'errors.10008') } };
}

/**
 * `toDomain` lets the app turn failures of other parts (the game gateway's) into domain errors
 * without this module knowing them.
 */
export function installErrorHandler(
  app: FastifyInstance,
  onFailure: (request: FastifyRequest, failure: FailureInfo, error: unknown) => Promise<void>,
  toDomain: (error: unknown) => unknown = (error) => error,
): void {
  app.setErrorHandler(async (thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const error = toDomain(thrown);
    const failure = describeFailure(error, request);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: failure.code }, 'request refused');
    try {
      await onFailure(request, failure, error);
    } catch (auditError) {
      request.log.error({ err: auditError }, 'could not audit a failed request');
    }
    if (failure.body.retryAfter !== undefined) void reply.header('retry-after', String(failure.body.retryAfter));
    return reply.status(failure.status).send(failure.body);
  });
}
