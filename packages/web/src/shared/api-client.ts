import i18next from 'i18next';
import { ErrorCode, type ApiEnvelope, type FieldIssue } from '@gm/contract/errors.ts';
import { HTTP_TIMEOUT_MS, LANGUAGE_HEADER } from '@gm/contract/constants.ts';
import { clearToken, getToken } from './session.ts';
import { modalApi, showError } from './feedback.ts';
import { normalizeLanguage } from './language.ts';
import { joinSentences } from './translate.ts';

/**
 * The one way the web app talks to the server: same origin, the token in `Authorization`,
 * `Accept-Language` from the current language, the spec's 600 000 ms timeout, and the
 * `{ code, message, result }` envelope unwrapped into `result` or an `ApiError`.
 *
 * Failures are announced here, as spec section 8 asks: code 10002 opens one "logged out"
 * confirm; anything else shows the server's message for 5 seconds. A caller that shows the
 * error itself (field errors on a form, the sign-in alert) passes `quiet`.
 */

/** Codes the client makes up for failures that never reached the server's envelope. */
export const CLIENT_ERROR = { NETWORK: -1, TIMEOUT: -2, BAD_RESPONSE: -3 } as const;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly details: FieldIssue[];
  readonly retryAfter: number | undefined;

  constructor(init: { code: number; message: string; status: number; details?: FieldIssue[]; retryAfter?: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly (string | number)[]>;

export interface RequestOptions {
  query?: QueryParams;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (the spec's sign-in call). */
  form?: Record<string, string | undefined>;
  /** A raw body (an uploaded file) with its content type. */
  raw?: { body: BodyInit; contentType: string };
  /** A multipart body (`file` fields of an upload); the browser writes its content type and boundary. */
  multipart?: FormData;
  signal?: AbortSignal;
  /** Do not show the error toast (the caller shows it); `true` or a test on the error. */
  quiet?: boolean | ((error: ApiError) => boolean);
  /**
   * What failed, in the operator's words, put before the server's message in the toast (the
   * spec's "Failed to forcibly log out."); read when the error is shown, in the current language.
   */
  failure?: () => string;
  /** Do not open the logged-out confirm for 10002 (the session guard handles it). */
  silentLogout?: boolean;
  timeoutMs?: number;
  /** Send this token instead of the stored one (sign-in checks a new token before keeping it). */
  token?: string;
  /**
   * One key per operator action that reaches the game (`useActionKey`). Sent again when the
   * operator retries the same form after a timeout, so the game applies it once.
   */
  idempotencyKey?: string;
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

let loggedOutOpen = false;

/** Spec section 8: one confirm, cancel stays, confirm clears the session and reloads. */
export function openLoggedOutConfirm(): void {
  if (loggedOutOpen) return;
  loggedOutOpen = true;
  modalApi().confirm({
    title: i18next.t('common:loggedOut.title'),
    content: i18next.t('common:loggedOut.content'),
    okText: i18next.t('common:loggedOut.ok'),
    cancelText: i18next.t('common:loggedOut.cancel'),
    onOk: () => {
      clearToken();
      window.location.reload();
    },
    afterClose: () => {
      loggedOutOpen = false;
    },
  });
}

function currentLanguage(): string {
  return normalizeLanguage(i18next.language);
}

function announce(error: ApiError, options: RequestOptions): void {
  if (error.code === ErrorCode.LOGGED_OUT) {
    if (!options.silentLogout) openLoggedOutConfirm();
    return;
  }
  const quiet = typeof options.quiet === 'function' ? options.quiet(error) : options.quiet;
  if (quiet) return;
  if (error.name === 'AbortError') return;
  // A game refusal names the ids it did not find: show them with the reason.
  const named = error.code === ErrorCode.GAME_ERROR ? error.details.map((d) => d.message).join('; ') : '';
  const text = named ? `${error.message} (${named})` : error.message || i18next.t('errors:10008');
  showError(options.failure ? joinSentences(options.failure(), text) : text);
}

function abortSignal(timeoutMs: number, outer?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * Changes on their way, by everything they send. The same change asked for again before its
 * answer (a double click on Save, Enter and a click) is not sent twice: both callers share the
 * one answer, so the second is never told "already exists" about what the first just made.
 * Reads (GET) are React Query's to share; files are not compared.
 */
const changesInFlight = new Map<string, Promise<unknown>>();

function changeKey(method: string, path: string, options: RequestOptions): string | null {
  if (method === 'GET' || options.raw || options.multipart) return null;
  return JSON.stringify([method, buildUrl(path, options.query), options.body ?? null, options.form ?? null, options.token ?? getToken(), options.idempotencyKey ?? null]);
}

export function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const key = changeKey(method, path, options);
  if (key === null) return send<T>(method, path, options);
  const pending = changesInFlight.get(key);
  if (pending) return pending as Promise<T>;
  const sent = send<T>(method, path, options).finally(() => changesInFlight.delete(key));
  changesInFlight.set(key, sent);
  return sent;
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [LANGUAGE_HEADER]: currentLanguage() };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = token;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let body: BodyInit | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) form.append(key, value);
    body = form;
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  } else if (options.raw) {
    body = options.raw.body;
    headers['Content-Type'] = options.raw.contentType;
  } else if (options.multipart) {
    body = options.multipart;
  }

  const abort = abortSignal(options.timeoutMs ?? HTTP_TIMEOUT_MS, options.signal);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: abort.signal, credentials: 'same-origin' });
  } catch (cause) {
    abort.done();
    const aborted = abort.signal.aborted && !abort.timedOut();
    const error = new ApiError({
      code: abort.timedOut() ? CLIENT_ERROR.TIMEOUT : CLIENT_ERROR.NETWORK,
      message: i18next.t('errors:network'),
      status: 0,
    });
    if (aborted) {
      // The caller (usually React Query) cancelled: no toast, pass the abort on.
      throw cause;
    }
    announce(error, options);
    throw error;
  }

  let envelope: ApiEnvelope<T> | undefined;
  try {
    const text = await response.text();
    envelope = text ? (JSON.parse(text) as ApiEnvelope<T>) : undefined;
  } catch {
    envelope = undefined;
  } finally {
    abort.done();
  }

  if (!envelope || typeof envelope.code !== 'number') {
    const error = new ApiError({
      code: response.status === 401 ? ErrorCode.LOGGED_OUT : CLIENT_ERROR.BAD_RESPONSE,
      message: response.ok ? i18next.t('errors:10008') : `${i18next.t('errors:10008')} (HTTP ${response.status})`,
      status: response.status,
    });
    announce(error, options);
    throw error;
  }

  if (envelope.code !== ErrorCode.OK) {
    const error = new ApiError({
      code: envelope.code,
      message: envelope.message,
      status: response.status,
      ...(envelope.details ? { details: envelope.details } : {}),
      ...(envelope.retryAfter !== undefined ? { retryAfter: envelope.retryAfter } : {}),
    });
    announce(error, options);
    throw error;
  }

  return envelope.result as T;
}

type Options = Omit<RequestOptions, 'query' | 'body' | 'form' | 'multipart'>;

export const api = {
  get: <T>(path: string, query?: QueryParams, options?: Options) => request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Options & { query?: QueryParams }) => request<T>('DELETE', path, options),
  postForm: <T>(path: string, form: Record<string, string | undefined>, options?: Options) =>
    request<T>('POST', path, { ...options, form }),
  /** The file as the raw body (the Excel import of ids). */
  upload: <T>(path: string, body: BodyInit, options: Omit<Options, 'raw'> & { query?: QueryParams; contentType: string }) => {
    const { contentType, ...rest } = options;
    return request<T>('POST', path, { ...rest, raw: { body, contentType } });
  },
  /** Files as `multipart/form-data` (the uploads and imports that name their field `file`). */
  postFiles: <T>(path: string, files: Record<string, Blob>, options?: Omit<Options, 'raw'>) => {
    const multipart = new FormData();
    for (const [field, file] of Object.entries(files)) multipart.append(field, file);
    return request<T>('POST', path, { ...options, multipart });
  },
};

/** The admin API prefix of the house plan. */
export const ADMIN_API = '/api/gm/admin';
