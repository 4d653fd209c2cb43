/**
 * How unique redeem codes are made and checked (docs/game-protocol.md "publishRedeemBatch",
 * docs/decisions.md "Redeem codes"). Nothing per code is stored on either side: a code is
 *
 *   prefix + 4 index characters + (length - 4) check characters
 *
 * over a 32-character alphabet without look-alikes. The index characters are the base-32 digits
 * of the code's index scrambled by a 4-round Feistel permutation of 20 bits (so neighbouring
 * codes do not look alike, and distinct indexes give distinct codes: 1,000,000 codes are unique
 * by construction, no set to check them against); the check characters are the leading 5-bit
 * groups of AES-128-ECB(K, 12 zero bytes + the index as 4 bytes big-endian), K the first 16
 * bytes of HMAC-SHA256(secret, "check"), so a guessed code is right once in 32^(length-4) tries
 * (2^40 for the default length 12). AES because a million blocks go through one cipher call in
 * milliseconds, where a million HMACs took about 10 s here. The console computes codes to list
 * and export them; the game checks a typed code with the batch's secret.
 */
import { createCipheriv, createHmac } from 'node:crypto';
import { REDEEM_CODE_ALPHABET } from '@gm/contract/redeem-codes.contract.ts';

const INDEX_CHARS = 4;
const HALF_BITS = 10;
const HALF_MASK = (1 << HALF_BITS) - 1;
/** Indexes a batch can have: 32^4. */
export const REDEEM_INDEX_SPACE = 1 << (2 * HALF_BITS);

const DIGIT = new Map([...REDEEM_CODE_ALPHABET].map((c, i) => [c, i]));

export interface CodeScheme {
  prefix: string;
  /** Characters after the prefix. */
  length: number;
  count: number;
  /** Hex. */
  secret: string;
}

function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85eb_ca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2_ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const round = (half: number, key: number) => mix(Math.imul(half + 1, 0x9e37_79b1) ^ key) & HALF_MASK;

/** A code maker and checker for one batch. */
export function codeSchemeOf(scheme: CodeScheme) {
  const key = Buffer.from(scheme.secret, 'hex');
  const perm = createHmac('sha256', key).update('perm').digest();
  const keys = [perm.readUInt32BE(0), perm.readUInt32BE(4), perm.readUInt32BE(8), perm.readUInt32BE(12)] as const;
  const checkChars = scheme.length - INDEX_CHARS;

  function scramble(index: number): number {
    let l = index >>> HALF_BITS;
    let r = index & HALF_MASK;
    for (const k of keys) [l, r] = [r, l ^ round(r, k)];
    return (l << HALF_BITS) | r;
  }

  function unscramble(value: number): number {
    let l = value >>> HALF_BITS;
    let r = value & HALF_MASK;
    for (let i = keys.length - 1; i >= 0; i--) [l, r] = [r ^ round(l, keys[i] as number), l];
    return (l << HALF_BITS) | r;
  }

  const checkKey = createHmac('sha256', key).update('check').digest().subarray(0, 16);

  /** The check characters of indexes [from, from + n), from one cipher call. */
  function checks(from: number, n: number): string[] {
    const blocks = Buffer.alloc(16 * n);
    for (let i = 0; i < n; i++) blocks.writeUInt32BE(from + i, 16 * i + 12);
    const cipher = createCipheriv('aes-128-ecb', checkKey, null);
    cipher.setAutoPadding(false);
    const out = Buffer.concat([cipher.update(blocks), cipher.final()]);
    const result: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      let text = '';
      let acc = 0;
      let bits = 0;
      let at = 16 * i;
      while (text.length < checkChars) {
        if (bits < 5) {
          acc = ((acc << 8) | (out[at++] as number)) & 0xffff;
          bits += 8;
        }
        bits -= 5;
        text += REDEEM_CODE_ALPHABET[(acc >>> bits) & 31];
      }
      result[i] = text;
    }
    return result;
  }

  function indexPart(value: number): string {
    let out = '';
    for (let i = INDEX_CHARS - 1; i >= 0; i--) out += REDEEM_CODE_ALPHABET[(value >>> (5 * i)) & 31];
    return out;
  }

  return {
    /** The code at `index` (0-based, below the count). */
    code(index: number): string {
      return this.codes(index, 1)[0] as string;
    },
    /** The codes at indexes [from, from + n) (0-based), in order. */
    codes(from: number, n: number): string[] {
      if (!Number.isInteger(from) || !Number.isInteger(n) || from < 0 || n < 0 || from + n > scheme.count) {
        throw new RangeError(`no codes ${from}..${from + n} in a batch of ${scheme.count}`);
      }
      const tails = checks(from, n);
      return tails.map((tail, i) => scheme.prefix + indexPart(scramble(from + i)) + tail);
    },
    /** The 0-based index of a code of this batch (ignoring case and spaces), or null. */
    indexOf(typed: string): number | null {
      const code = typed.replace(/\s+/g, '').toUpperCase();
      if (code.length !== scheme.prefix.length + scheme.length || !code.startsWith(scheme.prefix)) return null;
      let value = 0;
      for (const c of code.slice(scheme.prefix.length, scheme.prefix.length + INDEX_CHARS)) {
        const digit = DIGIT.get(c);
        if (digit === undefined) return null;
        value = value * 32 + digit;
      }
      const index = unscramble(value);
      if (index >= scheme.count) return null;
      return checks(index, 1)[0] === code.slice(scheme.prefix.length + INDEX_CHARS) ? index : null;
    },
  };
}
