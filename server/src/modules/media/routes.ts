import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MEDIA_FORBIDDEN_CODE, MediaMessages, PROTECTED_MEDIA_PATH, type MediaUrls } from './urls.js';

/**
 * The local store of gated media at /api/media/<key>?exp=…&sig=… (ARCHITECTURE §3.3): a request
 * without a valid, unexpired signature gets 403 before any file is looked at; a signed one gets the
 * file with Range (206) like any static file, `cache-control: private` for no longer than the URL
 * lives. Not registered with S3 media storage (the bucket serves presigned GETs itself).
 */
const mediaRoutes: FastifyPluginAsync<{ media: MediaUrls; dir: string }> = async (app, { media, dir }) => {
  const expiresAt = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    const [rawPath = '', rawQuery = ''] = request.url.split('?', 2);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = '';
    }
    const check = path.startsWith(PROTECTED_MEDIA_PATH)
      ? media.check(path, new URLSearchParams(rawQuery))
      : ({ ok: false, reason: 'invalid' } as const);
    if (!check.ok) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ code: MEDIA_FORBIDDEN_CODE, msg: MediaMessages[check.reason], data: null });
    }
    expiresAt.set(request, check.expiresAt);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const exp = expiresAt.get(request);
    if (exp !== undefined && reply.statusCode < 400) {
      reply.header('cache-control', `private, max-age=${Math.max(0, exp - media.nowSeconds())}`);
      reply.header('x-content-type-options', 'nosniff');
    }
    return payload;
  });

  await mkdir(dir, { recursive: true }).catch(() => {});
  await app.register(fastifyStatic, {
    root: dir,
    prefix: PROTECTED_MEDIA_PATH,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
  });
};

export default mediaRoutes;
