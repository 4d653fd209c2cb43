import { describe, expect, it } from 'vitest';
import { hashToken, newToken, tokenHashFromHeader } from './tokens.ts';

describe('the token hash of an Authorization header', () => {
  it('is the stored hash of the token, bare or after Bearer, the same on every call', () => {
    const token = newToken();
    for (const header of [token, `Bearer ${token}`, `bearer  ${token} `]) {
      expect(tokenHashFromHeader(header)).toBe(hashToken(token));
      expect(tokenHashFromHeader(header)).toBe(hashToken(token));
    }
  });

  it('is undefined for a missing or malformed header, every time', () => {
    for (const header of [undefined, '', 'Bearer', 'short', 'Bearer has spaces in it, far too many', `${newToken()}!`, 'x'.repeat(201)]) {
      expect(tokenHashFromHeader(header)).toBeUndefined();
      expect(tokenHashFromHeader(header)).toBeUndefined();
    }
  });

  it('stays right past the headers it keeps (a scanner sending made-up tokens)', () => {
    const mine = newToken();
    expect(tokenHashFromHeader(mine)).toBe(hashToken(mine));
    for (let i = 0; i < 2_000; i += 1) {
      const other = newToken();
      expect(tokenHashFromHeader(other)).toBe(hashToken(other));
    }
    expect(tokenHashFromHeader(mine)).toBe(hashToken(mine));
  });
});
