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
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}
