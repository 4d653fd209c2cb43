import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, uploadResult } from '@gm/contract/announcements.contract.ts';
import { envelope } from '@gm/contract/common.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/domain-error.ts';
import { ok } from '../../platform/reply.ts';
import { readOneFile, registerMultipart } from './one-file.ts';
import * as uploads from './uploads.service.ts';

/**
 * `POST /uploads` (multipart `file`: a jpg or png of at most 2 MB) and `GET /uploads/<name>`.
 * The GET is public: the game's clients and the console's `<img>` fetch the images without a
 * session; a name is the SHA-256 of the bytes, so only an image whose url was handed out is found.
 */
export function uploadsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    await registerMultipart(fastify, UPLOAD_IMAGE_MAX_BYTES);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['uploads'];

    app.post('/uploads', {
      config: { permission: P.ANNOUNCEMENT_EDIT, action: 'uploads.create' },
      schema: { tags, summary: 'Upload an image (multipart `file`): jpg or png by its bytes, at most 2 MB', consumes: ['multipart/form-data'], response: { 200: envelope(uploadResult) } },
    }, async (request) => {
      const file = await readOneFile(request, UPLOAD_IMAGE_MAX_BYTES, { none: 'errors.uploadNoFile', oneFile: 'errors.uploadOneFile', tooLarge: 'errors.uploadTooLarge' });
      return ok(await uploads.storeImage(ctx, actorOf(request), file));
    });

    app.get('/uploads/:name', {
      config: { permission: 'public' },
      schema: { tags, summary: 'An uploaded image', params: z.object({ name: z.string().max(80) }) },
    }, async (request, reply) => {
      const image = await uploads.readImage(ctx, request.params.name);
      if (!image) throw notFound();
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes);
    });
  };
}
