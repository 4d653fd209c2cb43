import { ErrorCode, type ErrorCodeValue, type FieldIssue } from '@gm/contract/errors.ts';

/** A detail of INVALID_PARAMS: a message key, with its own values when details differ (one per event). */
export interface DetailIssue extends FieldIssue {
  values?: Record<string, unknown>;
}

/**
 * A failure a service means to report. `messageKey` is a key of the contract's messages
 * (default `errors.<code>`), filled with `values` in the caller's language.
 */
export class DomainError extends Error {
  readonly code: ErrorCodeValue;
  readonly messageKey: string;
  readonly values: Record<string, unknown>;
  readonly details: DetailIssue[] | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCodeValue,
    options: { messageKey?: string; values?: Record<string, unknown>; details?: DetailIssue[]; retryAfter?: number } = {},
  ) {
    super(options.messageKey ?? `errors.${code}`);
    this.name = 'DomainError';
    this.code = code;
    this.messageKey = options.messageKey ?? `errors.${code}`;
    this.values = options.values ?? {};
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}

export const loggedOut = () => new DomainError(ErrorCode.LOGGED_OUT);
export const noPermission = () => new DomainError(ErrorCode.NO_PERMISSION);
export const notFound = () => new DomainError(ErrorCode.NOT_FOUND);
export const wrongState = (messageKey?: string, values?: Record<string, unknown>) =>
  new DomainError(ErrorCode.WRONG_STATE, { ...(messageKey ? { messageKey } : {}), ...(values ? { values } : {}) });

/** Several problems of a request, each on its field; the first is the summary. */
export function invalidIssues(issues: readonly DetailIssue[]): DomainError {
  const [first] = issues;
  return new DomainError(ErrorCode.INVALID_PARAMS, {
    messageKey: first?.message ?? 'errors.10001',
    values: first?.values ?? {},
    details: issues.map((i) => ({ path: i.path, message: i.message, ...(i.values ? { values: i.values } : {}) })),
  });
}

/** One invalid field, reported as the schema would report it. */
export function invalidField(path: string, messageKey: string, values: Record<string, unknown> = {}): DomainError {
  return new DomainError(ErrorCode.INVALID_PARAMS, {
    messageKey,
    values,
    details: [{ path, message: messageKey }],
  });
}

/** Another entry already holds `value` in the unique field `path` (a body path). */
export function duplicateEntry(path: string, value: string): DomainError {
  return new DomainError(ErrorCode.CONFLICT, {
    messageKey: 'errors.duplicateEntry',
    values: { value },
    details: [{ path, message: 'errors.duplicateEntry' }],
  });
}

/**
 * Batch actions name existing entries only: unless `rows` (as loaded for `ids`) holds every
 * id asked for, the whole batch is refused, naming each unknown id once.
 */
export function requireAllFound<Row extends { id: string }>(rows: Row[], ids: readonly string[]): Row[] {
  const found = new Set(rows.map((row) => row.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.idNotFound', values: { id: missing[0] }, details: missing.map((id) => ({ path: 'ids', message: 'errors.idNotFound', values: { id } })) });
  }
  return rows;
}
