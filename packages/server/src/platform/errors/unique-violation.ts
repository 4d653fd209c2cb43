import type { DomainError } from './domain-error.ts';

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

/**
 * Runs a write that a duplicate check has already passed; should someone else insert the same
 * entry in between, the constraint's error is reported as `onDuplicate()`, as the check would have.
 */
export async function withUniqueGuard<T>(write: () => Promise<T>, onDuplicate: () => DomainError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}
