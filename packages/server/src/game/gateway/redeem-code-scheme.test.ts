import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REDEEM_MAX_CODES } from '@gm/contract/redeem-codes.contract.ts';
import { codeSchemeOf } from './redeem-code-scheme.ts';

const secret = () => randomBytes(32).toString('hex');

describe('the redeem code scheme', () => {
  it('makes 1,000,000 distinct codes in well under 30 s, and knows each one back', () => {
    const scheme = codeSchemeOf({ prefix: 'VIP', length: 12, count: REDEEM_MAX_CODES, secret: secret() });
    const started = performance.now();
    const seen = new Set<string>();
    for (let from = 0; from < REDEEM_MAX_CODES; from += 50_000) for (const code of scheme.codes(from, 50_000)) seen.add(code);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(seen.size).toBe(REDEEM_MAX_CODES);
    for (const index of [0, 1, 777, 999_999]) expect(scheme.indexOf(scheme.code(index))).toBe(index);
  }, 60_000);

  it('refuses codes of another batch, other lengths, indexes past the count and forged check characters', () => {
    const s = secret();
    const a = codeSchemeOf({ prefix: '', length: 12, count: 1000, secret: s });
    const b = codeSchemeOf({ prefix: '', length: 12, count: 1000, secret: secret() });
    const code = a.code(5);
    expect(b.indexOf(code)).toBeNull();
    expect(a.indexOf(code.slice(1))).toBeNull();
    expect(a.indexOf(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    // The same secret with a larger count: its codes past 1000 are not codes of the smaller batch.
    const larger = codeSchemeOf({ prefix: '', length: 12, count: 5000, secret: s });
    expect(larger.code(5)).toBe(code);
    expect(a.indexOf(larger.code(4000))).toBeNull();
    expect(() => a.codes(990, 20)).toThrow(RangeError);
  });
});
