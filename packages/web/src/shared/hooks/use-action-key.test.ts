import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { ApiError, CLIENT_ERROR } from '../api-client.ts';
import { outcomeUnknown } from './use-action-key.ts';

const failure = (code: number) => new ApiError({ code, message: 'x', status: 500 });

describe('outcomeUnknown', () => {
  it('keeps the key when the game or the network did not answer', () => {
    expect(outcomeUnknown(failure(ErrorCode.GATEWAY_UNAVAILABLE))).toBe(true);
    expect(outcomeUnknown(failure(CLIENT_ERROR.NETWORK))).toBe(true);
    expect(outcomeUnknown(failure(CLIENT_ERROR.TIMEOUT))).toBe(true);
  });

  it('renews it once the game answered, refusal or not', () => {
    expect(outcomeUnknown(failure(ErrorCode.GAME_ERROR))).toBe(false);
    expect(outcomeUnknown(failure(ErrorCode.INVALID_PARAMS))).toBe(false);
    expect(outcomeUnknown(new Error('other'))).toBe(false);
  });
});
