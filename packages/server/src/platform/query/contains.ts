import { sql, type RawBuilder } from 'kysely';

/**
 * Every LIKE of the server is built here, so `%` and `_` in an operator's text always stand for
 * themselves (`!` is the escape character).
 */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * A case-insensitive "contains" test that treats `%` and `_` in the operator's text as
 * themselves, the same on SQLite and PostgreSQL.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '!'`;
}

/**
 * "Contains" a piece of text as it is, such as a JSON-encoded id inside a JSON column: `%` and
 * `_` match only themselves. Letter case follows the engine's LIKE (SQLite ignores ASCII case).
 */
export function containsLiteral(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '!'`;
}

/** "Starts with" a piece of text as it is (`%` and `_` match only themselves). */
export function startsWithLiteral(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`${escapeLike(text)}%`} escape '!'`;
}

/**
 * "Starts with" a piece of text, ignoring letter case as `containsText` does (the log filter's
 * `prefix`): `%` and `_` in the text match only themselves.
 */
export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(text.toLowerCase())}%`} escape '!'`;
}
