import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 256 random bits; only the SHA-256 of a token is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
