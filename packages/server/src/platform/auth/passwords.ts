import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalidField } from '../errors/domain-error.ts';

/**
 * argon2id with OWASP's minimum (19 MiB, t=2, p=1). 2 is Argon2id in @node-rs/argon2's
 * const enum, which isolated modules cannot import.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-hash-input');
  await verifyPassword(await dummyHash, password);
}

const COMMON = new Set(dictionary.passwords.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * The length rule is in the contract's schema; this adds what only the server checks: the
 * common-password list, too few different characters (eight spaces, "aaaaaaaa") and the
 * account's own name inside it.
 */
export function assertAcceptablePassword(password: string, account: string, field = 'password'): void {
  if (isCommonPassword(password) || new Set(password).size < 3) throw invalidField(field, 'validation.passwordCommon');
  if (account.length >= 3 && password.toLowerCase().includes(account.toLowerCase())) throw invalidField(field, 'validation.passwordHasAccount');
}
