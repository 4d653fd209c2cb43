import { ErrorCode } from '@gm/contract/errors.ts';
import { DomainError } from '../errors/domain-error.ts';
import { LogStoreUnavailableError } from './log-store.ts';

/** Seconds a caller is asked to wait when the log store is unavailable (a restart or a short outage). */
export const LOG_STORE_RETRY_SECONDS = 5;

/**
 * For the error handler: a log store that cannot be reached is LOG_STORE_UNAVAILABLE (503 with
 * Retry-After) on every route that reads or writes logs: the log and statistics screens say so
 * in the operator's language, and ingest tells the game to send the batch again (nothing it was
 * not told was stored is lost). Anything else passes through.
 */
export function logStoreFailureToDomain(error: unknown): unknown {
  return error instanceof LogStoreUnavailableError ? new DomainError(ErrorCode.LOG_STORE_UNAVAILABLE, { retryAfter: LOG_STORE_RETRY_SECONDS }) : error;
}
