import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gm/contract/errors.ts';
import { ID_MAX_LENGTH } from '@gm/contract/constants.ts';
import { DomainError, type DetailIssue } from '../../platform/errors/domain-error.ts';
import { GatewayError } from './gateway.ts';

/**
 * How a failed game command reaches the operator: a refusal is 10015 with the game's reason in
 * their language; a command the game found malformed is 10001; a game that could not be
 * reached, or did not answer in time, is 10007. Ids the game did not find are listed as
 * details. `reasonKey` is translated by the error handler.
 */
export function gatewayDomainError(error: GatewayError): DomainError {
  const details = idDetails(error.details);
  switch (error.kind) {
    case 'rejected':
      return new DomainError(ErrorCode.GAME_ERROR, { values: { reasonKey: `game.${error.reason}` }, ...(details ? { details } : {}) });
    case 'invalid':
      return new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: `game.${error.reason}` });
    case 'timeout':
      return new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'game.timeout', values: { reason: error.reason } });
    case 'unavailable':
      return new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'game.unavailable', values: { reason: error.reason } });
  }
}

/** For the error handler: game failures become domain errors, anything else passes through. */
export function gatewayFailureToDomain(error: unknown): unknown {
  return error instanceof GatewayError ? gatewayDomainError(error) : error;
}

/**
 * `{ roleIds: ['1', '2'] }` from the game: one detail per list, naming the ids its reason is
 * about (not found, merged, not incomplete ...: the reason says which), under the game's name.
 */
function idDetails(details: Record<string, unknown> | undefined): DetailIssue[] | undefined {
  if (!details) return undefined;
  const issues: DetailIssue[] = [];
  for (const [path, value] of Object.entries(details)) {
    if (Array.isArray(value) && value.length > 0) {
      issues.push({ path, message: 'game.idsConcerned', values: { ids: [...value.slice(0, 50).map(String), ...(value.length > 50 ? ['…'] : [])] } });
    }
  }
  return issues.length > 0 ? issues : undefined;
}

const IDEMPOTENCY = /^[A-Za-z0-9_.:-]{8,64}$/;

/**
 * The command id of an operator's action. The web sends an `Idempotency-Key` per form
 * submission and sends the same key again when the operator retries after a timeout, so the
 * game applies the action once. Without the header every call is a new action. The key is
 * scoped to the operator and the action so two operators can never collide.
 */
export function commandIdOf(request: FastifyRequest, action: string): string {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && IDEMPOTENCY.test(header) ? header : randomUUID();
  const operator = request.principal?.operatorId ?? '';
  // Hashed so any action name, operator id and key fit the game's 100-character id.
  const scoped = createHash('sha256').update(`${operator}\n${key}`).digest('base64url').slice(0, 32);
  return `${action.slice(0, ID_MAX_LENGTH - 33)}:${scoped}`;
}
