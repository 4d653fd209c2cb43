import { createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

const ISSUER = 'GM Console';
const STEP_SECONDS = 30;
authenticator.options = { window: 1, step: STEP_SECONDS };

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function otpauthUrl(account: string, secret: string): string {
  return authenticator.keyuri(account, ISSUER, secret);
}

/**
 * Checks a 6-digit code and returns the time step it matched, or null. The caller stores the
 * step and refuses any code whose step is not newer, so a code cannot be replayed.
 */
export function matchTotp(code: string, secret: string, now = Date.now()): number | null {
  // Check against the same clock that numbers the step, so the two can never disagree.
  const delta = authenticator.clone({ epoch: now }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

export function currentTotp(secret: string, now = Date.now()): string {
  return authenticator.clone({ epoch: now }).generate(secret);
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use codes like `k3f9a-2hx7q`; only their hashes are kept. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');
}
