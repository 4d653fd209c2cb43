import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@gm/contract/errors.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';

/**
 * Multipart bodies, registered only in the plugins that take files (uploads, the announcement
 * import): the rest of the API keeps refusing them. A file part must be named `file`.
 */
export async function registerMultipart(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 } });
}

const refused = (messageKey: string, values: Record<string, unknown> = {}) =>
  new DomainError(ErrorCode.INVALID_PARAMS, { messageKey, values, details: [{ path: 'file', message: messageKey }] });

export interface OneFile {
  filename: string;
  bytes: Buffer;
}

/**
 * The one file of a multipart request: none, or more than one, is refused with `oneFileKey`;
 * one larger than `maxBytes` with `tooLargeKey` (its size in MB as `megabytes`).
 */
export async function readOneFile(request: FastifyRequest, maxBytes: number, keys: { none: string; oneFile: string; tooLarge: string }): Promise<OneFile> {
  if (!request.isMultipart()) throw refused(keys.none);
  let found: OneFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (found) throw refused(keys.oneFile);
      found = { filename: part.filename, bytes };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused(keys.tooLarge, { megabytes: Math.round((maxBytes / 1024 / 1024) * 10) / 10 });
    if (code === 'FST_FILES_LIMIT') throw refused(keys.oneFile);
    throw refused(keys.none);
  }
  if (!found) throw refused(keys.none);
  return found;
}
