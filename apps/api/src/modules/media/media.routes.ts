import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_ALT_MAX, MEDIA_MAX_BYTES, MediaUploadResponseSchema, mediaMessages } from '@store/shared/media';
import { requestCtx } from '../../lib/context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { requireAnyPermission } from '../staff/index.js';
import type { MediaStorage } from './storage.js';
import { storeUpload } from './upload.js';

export type MediaRoutesOptions = { storage: MediaStorage };

/**
 * POST /api/v1/admin/media/: one picture as multipart/form-data (a `file` part, and an optional
 * `alt` field sent before it). Multipart is parsed here only, in this plugin's scope.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { storage }) => {
  await app.register(multipart, {
    // One file and one short field; nothing else is read.
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 1, fieldSize: MEDIA_ALT_MAX * 4, parts: 2, headerPairs: 50 },
  });

  app.post(
    '/media/',
    {
      preHandler: requireAnyPermission('content.write', 'catalog.write', 'settings.write'),
      schema: {
        tags: ['admin: media'],
        summary: 'Upload a picture (JPEG, PNG, WebP or AVIF, at most 8 MB, 200–8000 px a side): stored as original, webp and mobile webp',
        description:
          'multipart/form-data with a `file` part and an optional `alt` field before it. The type is read from the bytes; SVG is refused. 413 above 8 MB.',
        consumes: ['multipart/form-data'],
        response: { 200: MediaUploadResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(mediaMessages.fileRequired, { file: mediaMessages.fileRequired });
      let bytes: Buffer;
      let alt = '';
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw badRequest(mediaMessages.fileRequired, { file: mediaMessages.fileRequired });
        const field = part.fields.alt;
        const altPart = Array.isArray(field) ? field[0] : field;
        if (altPart && altPart.type === 'field') alt = String(altPart.value).trim();
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new AppError('payload_too_large', mediaMessages.tooLarge, { file: mediaMessages.tooLarge });
        throw err;
      }
      if (alt.length > MEDIA_ALT_MAX) throw badRequest(mediaMessages.altTooLong, { alt: mediaMessages.altTooLong });
      return { data: await storeUpload({ ...requestCtx(request, app.clock), storage }, bytes, alt) };
    },
  );
};
