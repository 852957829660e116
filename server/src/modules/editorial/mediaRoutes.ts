import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MediaAccess } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { MediaMessages, type EditorialMediaService } from './media.js';
import { MediaAttachBody, MediaAttachResponse, MediaIdBody, MediaItemResponse, MediaListBody, MediaListResponse } from './mediaSchemas.js';

/** Room for the multipart envelope around the file (boundaries, part headers, the access field). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The media library's routes under /api/editor/media (any staff role). Multipart bodies are parsed
 * in this plugin only, for the upload.
 */
const editorialMediaRoutes: FastifyPluginAsyncTypebox<{ mediaLibrary: EditorialMediaService }> = async (app, { mediaLibrary }) => {
  const { limits } = mediaLibrary;
  const largest = Math.max(limits.image, limits.audio, limits.video);
  const tags = ['editorial'];
  const security = [{ bearer: [] }];
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  await app.register(multipart, {
    // The largest kind's limit: the service stops writing a file past its own kind's limit, and
    // busboy drops anything past this one without keeping it.
    limits: { fileSize: largest, files: 1, fields: 4, fieldSize: 256, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/editor/media/upload',
    {
      schema: {
        tags,
        security,
        summary: `Uploads a picture (JPG, PNG, WebP, up to ${limits.image / 1048576} MB), an MP4 video (up to ${limits.video / 1048576} MB) or an MP3/M4A audio file (up to ${limits.audio / 1048576} MB) to the configured storage (any staff role); the type is read from the bytes, the duration and size from the file; a picture gets a 1200 px cover and a 300 px thumbnail; audited`,
        description:
          "multipart/form-data: the field `access` (public, the default, or member: the gated store, signed URLs only; pictures are always public), then the file (field `file`). The file is streamed to disk as it arrives, never held whole in memory. A refused file stores nothing.",
        consumes: ['multipart/form-data'],
        response: MediaItemResponse,
      },
    },
    async (request) => {
      // Who may upload, and whether the declared length can fit, before a byte of the body is read.
      await mediaLibrary.mayUpload(member(request));
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > largest + MULTIPART_OVERHEAD) throw AppError.badParameter(MediaMessages.size(mediaLibrary.largestKind, largest));
      if (!request.isMultipart()) throw AppError.badParameter(MediaMessages.noFile);

      let access: MediaAccess = 'public';
      let staged: Awaited<ReturnType<EditorialMediaService['stage']>> | undefined;
      let originalName = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (staged) {
              part.file.resume();
              throw AppError.badParameter(MediaMessages.oneFile);
            }
            originalName = part.filename ?? '';
            staged = await mediaLibrary.stage(part.file);
          } else if (part.fieldname === 'access') {
            const value = String(part.value);
            if (value !== 'public' && value !== 'member') throw AppError.badParameter(MediaMessages.access);
            access = value;
          }
        }
      } catch (err) {
        if (staged) await mediaLibrary.discard(staged);
        if (err instanceof AppError) throw err;
        switch ((err as { code?: string }).code) {
          case 'FST_REQ_FILE_TOO_LARGE':
            throw AppError.badParameter(MediaMessages.size(mediaLibrary.largestKind, largest));
          case 'FST_FILES_LIMIT':
            throw AppError.badParameter(MediaMessages.oneFile);
          default:
            throw AppError.badParameter(MediaMessages.noFile);
        }
      }
      if (!staged) throw AppError.badParameter(MediaMessages.noFile);
      return ok(await mediaLibrary.store(member(request), staged, { access, originalName }));
    },
  );

  app.post(
    '/editor/media/list',
    { schema: { tags, security, summary: 'The media library, newest first, by kind and access (any staff role)', body: MediaListBody, response: MediaListResponse } },
    async (request) => ok(await mediaLibrary.list(member(request), request.body)),
  );

  app.post(
    '/editor/media/get',
    { schema: { tags, security, summary: 'One media item, member media with a fresh signed playUrl (any staff role)', body: MediaIdBody, response: MediaItemResponse } },
    async (request) => ok(await mediaLibrary.get(member(request), request.body.id)),
  );

  app.post(
    '/editor/media/attach',
    {
      schema: {
        tags,
        security,
        summary:
          "Puts a media item into an article's field as a save over baseRevision (the save's rules, revision and 10409 conflict): a picture's cover into thumb, a video — or an audio item's sound — into videoUrl; an article for logged-in readers or members takes member video/audio only",
        body: MediaAttachBody,
        response: MediaAttachResponse,
      },
    },
    async (request) => ok(await mediaLibrary.attach(member(request), request.body)),
  );
};

export default editorialMediaRoutes;
