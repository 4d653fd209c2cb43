import i18next from 'i18next';
import { HTTP_TIMEOUT_MS, LANGUAGE_HEADER } from '@gm/contract/constants.ts';
import { ErrorCode, type ApiEnvelope } from '@gm/contract/errors.ts';
import { ApiError, openLoggedOutConfirm } from './api-client.ts';
import { showError } from './feedback.ts';
import { normalizeLanguage } from './language.ts';
import { getToken } from './session.ts';

/**
 * Files the server answers (an export's `.xlsx`): fetched with the session's token, as every
 * request is (a plain link could not carry it), then handed to the browser as a download. A
 * refusal comes back as the usual JSON envelope and is shown like any other.
 */

/** The name of `Content-Disposition`, preferring its UTF-8 form (RFC 6266). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8.trim());
    } catch {
      // Malformed: try the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches a file from the API and saves it; returns its name. Failures are shown, then thrown. */
export async function downloadFile(path: string, options: { method?: 'GET' | 'POST'; body?: unknown; fallbackName: string }): Promise<string> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: normalizeLanguage(i18next.language) };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // The spec's HTTP timeout (section 7) covers a download too, its body included.
  const signal = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const failed = () => {
    const error = new ApiError({ code: -1, message: i18next.t('errors:network'), status: 0 });
    showError(error.message);
    return error;
  };
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      signal,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw failed();
  }
  const type = response.headers.get('content-type') ?? '';
  // JSON is a refusal's envelope, unless the answer says it is a file (a data file's version).
  const attached = /^attachment/i.test(response.headers.get('content-disposition') ?? '');
  if (!response.ok || (type.includes('application/json') && !attached)) {
    let envelope: ApiEnvelope<unknown> | undefined;
    try {
      envelope = (await response.json()) as ApiEnvelope<unknown>;
    } catch {
      envelope = undefined;
    }
    const error = new ApiError({ code: envelope?.code ?? -3, message: envelope?.message ?? i18next.t('errors:10008'), status: response.status });
    if (error.code === ErrorCode.LOGGED_OUT) openLoggedOutConfirm();
    else showError(error.message);
    throw error;
  }
  const name = fileNameOf(response.headers.get('content-disposition'), options.fallbackName);
  let file: Blob;
  try {
    file = await response.blob();
  } catch {
    throw failed();
  }
  save(file, name);
  return name;
}
