/**
 * Whether a database error is a unique-constraint violation, on either dialect: a service
 * checks for a duplicate first, and this catches the one inserted by someone else in between.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: unique_violation; SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
