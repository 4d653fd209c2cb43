import i18next from 'i18next';

/**
 * Translation by a key that is only known at run time (a zod issue's message key, an error
 * code from the server). Typed `t()` is for keys written in code; this one checks the key exists.
 */
export function translateKey(key: string, values: Record<string, unknown> = {}, fallback?: string): string {
  if (!i18next.exists(key)) return fallback ?? key;
  return (i18next.t as (k: string, v: Record<string, unknown>) => string)(key, values);
}

/** `validation.passwordMin` (the contract's message keys) -> `validation:passwordMin` (i18next). */
export function messageKeyToI18n(message: string): string | null {
  const match = /^(validation|errors)\.([\w.-]+)$/.exec(message);
  return match ? `${match[1]}:${match[2]}` : null;
}

/** The message of a response code, e.g. `errors:10010` with `{{seconds}}`. */
export function errorCodeMessage(code: number, values: Record<string, unknown> = {}, fallback?: string): string {
  return translateKey(`errors:${code}`, values, fallback);
}

/** Two sentences of a message: a space after an English full stop, none after a Chinese one. */
export function joinSentences(first: string, second: string): string {
  return /[。！？：；]$/.test(first) ? `${first}${second}` : `${first} ${second}`;
}
