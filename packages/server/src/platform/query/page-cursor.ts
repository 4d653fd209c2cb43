import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * Page cursors as clients hold them: opaque text, base64url of a small JSON object, strictly
 * checked against a schema when it comes back. With a key, a 128-bit HMAC follows after a dot,
 * so a cursor the server did not make (or one changed on the way) is refused rather than read.
 */
const MAC_BYTES = 16;

const macOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

export function encodeCursor(payload: object, key?: Buffer): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return key ? `${body}.${macOf(key, body).toString('base64url')}` : body;
}

/** The payload of a cursor this server made (with this key), or null for anything else. */
export function decodeCursor<T>(token: string, schema: z.ZodType<T>, key?: Buffer): T | null {
  const [body = '', mac, ...rest] = token.split('.');
  if (rest.length > 0 || !/^[A-Za-z0-9_-]{1,1024}$/.test(body)) return null;
  if (key) {
    if (mac === undefined || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== MAC_BYTES || !timingSafeEqual(given, macOf(key, body))) return null;
  } else if (mac !== undefined) {
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
