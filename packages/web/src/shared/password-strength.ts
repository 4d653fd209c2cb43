/**
 * The sign-up strength indicator (weak / medium / strong). A guide for people only: the server
 * decides what it accepts (minimum length, common-password list).
 */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

const COMMON = new Set([
  'password', 'password1', 'password123', '123456', '12345678', '123456789', '1234567890', 'qwerty',
  'qwerty123', '11111111', '00000000', 'abc123', 'abcd1234', 'iloveyou', 'admin', 'admin123', 'admin888',
  'welcome', 'welcome1', 'letmein', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess',
  '1q2w3e4r', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'woaini1314',
  '88888888', '66666666', '123123123', 'a123456', 'a12345678', 'aa123456', 'qq123456',
]);

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function isSimplePattern(value: string): boolean {
  const lower = value.toLowerCase();
  if (/^(.)\1*$/.test(lower)) return true;
  if (/^(.{1,3})\1+$/.test(lower)) return true;
  return SEQUENCES.some((seq) => seq.includes(lower) || [...seq].reverse().join('').includes(lower));
}

export function characterClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

/** A score from 0 to 6 (capped): length and character variety, zero for common or trivial passwords. */
export function passwordScore(value: string, minimum = 8): number {
  if (value.length === 0) return 0;
  if (COMMON.has(value.toLowerCase()) || isSimplePattern(value)) return 0;
  if (value.length < minimum) return Math.min(1, characterClasses(value) - 1);
  let score = 1;
  if (value.length >= 12) score += 1;
  if (value.length >= 16) score += 1;
  if (value.length >= 20) score += 1;
  score += characterClasses(value) - 1;
  return Math.min(score, 6);
}

export function passwordStrength(value: string, minimum = 8): PasswordStrength | null {
  if (value.length === 0) return null;
  const score = passwordScore(value, minimum);
  if (score <= 2) return 'weak';
  if (score <= 4) return 'medium';
  return 'strong';
}
