import { sql, type RawBuilder } from 'kysely';

/**
 * A case-insensitive "contains" test that treats `%` and `_` in the operator's text as
 * themselves, the same on SQLite and PostgreSQL (`!` is the escape character).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const escaped = text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '!'`;
}
