import { useCallback, useRef } from 'react';
import { ErrorCode } from '@gm/contract/errors.ts';
import { CLIENT_ERROR, isApiError } from '../api-client.ts';

/** Whether the game may or may not have acted: the same key must be sent again on retry. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === ErrorCode.GATEWAY_UNAVAILABLE || error.code === CLIENT_ERROR.NETWORK || error.code === CLIENT_ERROR.TIMEOUT;
}

/**
 * The idempotency key of one operator action that reaches the game. It stays the same while
 * the outcome is unknown (the game did not answer, the network failed), so submitting again
 * cannot act twice; it is renewed once the game has answered either way.
 */
export function useActionKey(): { current: () => string; settle: (error?: unknown) => void } {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= crypto.randomUUID();
    return key.current;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || !outcomeUnknown(error)) key.current = null;
  }, []);
  return { current, settle };
}
