import { sql, type RawBuilder } from 'kysely';

/** `%` and `_` in an operator's text stand for themselves (`!` is the escape character). */
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
