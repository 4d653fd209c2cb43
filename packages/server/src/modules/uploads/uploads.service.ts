import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_TYPES, UPLOAD_URL_PREFIX, type UploadImageType, type UploadResult } from '@gm/contract/announcements.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';

/**
 * Uploaded images (the spec's shared upload helper; announcement images). Only jpg and png,
 * judged by the bytes (file-type), never by the name or the declared type: a PNG named .jpg is
 * a PNG, an HTML page named .png is refused. Stored in the database by the SHA-256 of the bytes
 * (same bytes, same url), so every instance serves every upload; answered at
 * `/api/gm/admin/uploads/<sha256>.<png|jpg>`.
 */
const EXTENSION: Record<UploadImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export const urlOf = (sha256: string, contentType: UploadImageType) => `${UPLOAD_URL_PREFIX}${sha256}.${EXTENSION[contentType]}`;

const formatError = () => new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'errors.uploadFormat', details: [{ path: 'file', message: 'errors.uploadFormat' }] });

export async function imageTypeOf(bytes: Buffer): Promise<UploadImageType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return mime !== undefined && (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime) ? (mime as UploadImageType) : null;
}

export async function storeImage(ctx: ServiceContext, actor: AuditActor, file: { filename: string; bytes: Buffer }): Promise<UploadResult> {
  if (file.bytes.length === 0) throw formatError();
  const contentType = await imageTypeOf(file.bytes);
  if (!contentType) throw formatError();
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const url = urlOf(sha256, contentType);
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('uploads').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('uploads')
        .values({ sha256, content_type: contentType, size: file.bytes.length, bytes: file.bytes, created_by: actor.accountName, created_at: ctx.now() })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    }
    await audit.record(trx, actor, { action: 'uploads.create', code: P.ANNOUNCEMENT_EDIT, targets: [sha256], params: { filename: file.filename, size: file.bytes.length }, after: { url, contentType, stored: !existing } }, ctx.now());
  });
  return { url, contentType, size: file.bytes.length };
}

/** The stored image for `<sha256>.<ext>`; undefined when there is none (or the extension is not its type's). */
export async function readImage(ctx: ServiceContext, name: string): Promise<{ contentType: UploadImageType; bytes: Buffer } | undefined> {
  const match = /^([0-9a-f]{64})\.(png|jpg)$/.exec(name);
  if (!match) return undefined;
  const row = await ctx.db.selectFrom('uploads').select(['content_type', 'bytes']).where('sha256', '=', match[1] as string).executeTakeFirst();
  if (!row) return undefined;
  const contentType = row.content_type as UploadImageType;
  if (EXTENSION[contentType] !== match[2]) return undefined;
  return { contentType, bytes: Buffer.from(row.bytes) };
}
