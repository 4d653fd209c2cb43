import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { FailureInfo } from '../errors/error-handler.ts';
import type { SystemLogRecorder } from './system-log-recorder.ts';

/**
 * A request the console answered with a 5xx is an exception, named by its route pattern (never
 * the raw url: ids and query text stay out) and method. A game that could not be reached was
 * already logged by the gateway, with the call's name; the request's 10007 would only repeat it.
 */
export function recordRequestFailure(recorder: SystemLogRecorder, request: FastifyRequest, failure: FailureInfo, error: unknown): void {
  if (failure.status < 500 || failure.code === ErrorCode.GATEWAY_UNAVAILABLE || recorder.seen(error)) return;
  recorder.exception({
    source: 'request',
    what: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
    error,
    operator: request.principal?.account ?? null,
    requestId: request.id,
    errorCode: failure.code,
  });
}
