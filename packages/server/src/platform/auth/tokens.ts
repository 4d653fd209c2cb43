import { hash, randomBytes, randomUUID } from 'node:crypto';

/** 256 random bits; only the SHA-256 of a token is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** On every request: the one-shot `hash` is a third of createHash().update().digest(). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newId(): string {
  return randomUUID();
}

/** Reads the token from `Authorization`, bare or `Bearer <token>`. */
function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

/**
 * What an `Authorization` header hashes to, kept for the last few hundred headers: each signed-in
 * operator sends the same one on every request, and reading and hashing it took about 2.5 µs of
 * each (docs/performance.md, "API overhead", session 13). Only the hash is kept, which never
 * changes for a header; whether its session still holds is read from the database each time.
 */
const hashesByHeader = new Map<string, string>();
const HEADERS_KEPT = 512;

/** The stored form of the token in an `Authorization` header; undefined when it holds none. */
export function tokenHashFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let hash = hashesByHeader.get(header);
  if (hash === undefined) {
    const token = tokenFromHeader(header);
    if (token === undefined) return undefined;
    hash = hashToken(token);
    // More headers than this (a scanner's made-up tokens) only empties the map.
    if (hashesByHeader.size >= HEADERS_KEPT) hashesByHeader.clear();
    hashesByHeader.set(header, hash);
  }
  return hash;
}
