import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { MAX_UPLOAD_BYTES } from './image.js';
import { UploadResponse } from './schemas.js';
import { UploadMessages } from './service.js';

/** Room for the multipart envelope around the file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What a failure while reading the multipart body means for the client. */
function readFailure(err: unknown): AppError {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.badParameter(UploadMessages.size);
    case 'FST_FILES_LIMIT':
      return AppError.badParameter(UploadMessages.oneFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.badParameter(UploadMessages.noFile);
    default:
      return AppError.badParameter(UploadMessages.type);
  }
}

// Multipart parsing is registered in this plugin only: no other route accepts multipart bodies.
const filesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  await app.register(multipart, {
    // busboy stops keeping bytes past fileSize and drains the rest, so memory stays bounded.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/File/uploadFile',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['files'],
        summary: 'Upload a JPG or PNG (multipart field `file`, under 10 MB): re-encoded, with a 300 px thumbnail',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: UploadResponse,
      },
    },
    async (request) => {
      const member = request.member!;
      // A declared length that cannot fit is refused before a byte of the body is read.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw AppError.badParameter(UploadMessages.size);
      if (!request.isMultipart()) throw AppError.badParameter(UploadMessages.noFile);
      await services.files.countUpload(member.id);

      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw AppError.badParameter(UploadMessages.noFile);
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw readFailure(err);
      }
      if (bytes.length === 0) throw AppError.badParameter(UploadMessages.noFile);
      return ok([await services.files.uploadImage(member.id, bytes)]);
    },
  );
};

export default filesRoutes;
