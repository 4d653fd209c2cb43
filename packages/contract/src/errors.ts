/**
 * Response codes of the API envelope `{ code, message, result? }`. 0 is success; 10002 is the
 * spec's "logged out". Every other failure class has its own code and HTTP status. The message
 * for each code, in both languages, is `errors.<code>` in `messages.ts`.
 */
export const ErrorCode = {
  OK: 0,
  INVALID_PARAMS: 10001,
  LOGGED_OUT: 10002,
  NO_PERMISSION: 10003,
  NOT_FOUND: 10004,
  WRONG_STATE: 10005,
  TOO_MANY_REQUESTS: 10006,
  GATEWAY_UNAVAILABLE: 10007,
  SYSTEM_ERROR: 10008,
  BAD_CREDENTIALS: 10009,
  ACCOUNT_LOCKED: 10010,
  OTP_REQUIRED: 10011,
  OTP_INVALID: 10012,
  OTP_ENROLLMENT_REQUIRED: 10013,
  ACCOUNT_DISABLED: 10014,
  GAME_ERROR: 10015,
  CONFLICT: 10016,
  /** An ingest call from a game server: unsigned, badly signed, stale, replayed or of an unknown game. */
  INGEST_UNAUTHORIZED: 10017,
  /** The address exists, but not with this HTTP method. */
  METHOD_NOT_ALLOWED: 10018,
  /** The event-log store (a column store of its own) cannot be reached: the log and statistics screens, and ingest (try again). */
  LOG_STORE_UNAVAILABLE: 10019,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const HTTP_STATUS: Record<ErrorCodeValue, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.INVALID_PARAMS]: 400,
  [ErrorCode.LOGGED_OUT]: 401,
  [ErrorCode.NO_PERMISSION]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.WRONG_STATE]: 409,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.GATEWAY_UNAVAILABLE]: 502,
  [ErrorCode.SYSTEM_ERROR]: 500,
  [ErrorCode.BAD_CREDENTIALS]: 400,
  [ErrorCode.ACCOUNT_LOCKED]: 429,
  [ErrorCode.OTP_REQUIRED]: 400,
  [ErrorCode.OTP_INVALID]: 400,
  [ErrorCode.OTP_ENROLLMENT_REQUIRED]: 403,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.GAME_ERROR]: 422,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.INGEST_UNAUTHORIZED]: 401,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.LOG_STORE_UNAVAILABLE]: 503,
};

/** One invalid field: its path and a message key of `messages.ts` (with values to interpolate). */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface ApiEnvelope<T> {
  code: number;
  message: string;
  result?: T;
  /** Per-field details for INVALID_PARAMS. */
  details?: FieldIssue[];
  /** Seconds to wait for TOO_MANY_REQUESTS, ACCOUNT_LOCKED and LOG_STORE_UNAVAILABLE. */
  retryAfter?: number;
}

export interface Page<T> {
  results: T[];
  total: number;
  page: number;
  size: number;
}
