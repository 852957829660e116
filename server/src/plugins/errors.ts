import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inputRejectedByDatabase } from '../lib/dbErrors.js';
import { AppError, ErrorCode, Messages } from '../lib/errors.js';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../lib/inputLimits.js';
import { RequestValidationError } from '../lib/validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a GET for a non-API path nobody else served (the SPA fallback). Set by the static
     * plugin; returns false when the request is not one it serves.
     */
    webFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
export const isProviderPath = (path: string) => path === '/index.php';
const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/**
 * One error handler and one not-found handler for the whole app. /api replies use the envelope
 * `{ code, msg, data: null }`; /index.php replies use the provider shape `{ result: 0, msg }`.
 * Details of unexpected faults go to the log only.
 */
export default fp(
  async function errorsPlugin(app) {
    // POST endpoints documented with an empty body (userLogout) must not fail on
    // `Content-Type: application/json` with no payload.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, {});
      // Measured on the text, before anything parses, walks or serialises the body.
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(AppError.badParameter(Messages.badParameter), undefined);
      parseJson(request, text, done);
    });

    // Paths of every route and their methods, to tell "wrong method" from "no such path".
    const methodsByPath = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      const methods = methodsByPath.get(route.url) ?? new Set<string>();
      for (const m of [route.method].flat()) methods.add(m);
      methodsByPath.set(route.url, methods);
    });

    const send = (request: FastifyRequest, reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) => {
      reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify);
      if (isProviderPath(pathOf(request.url))) return reply.send({ result: 0, msg });
      return reply.send({ code, msg, data });
    };

    app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
      if (error instanceof AppError) {
        return send(request, reply, error.httpStatus, error.code, error.msg, error.data);
      }
      if (error instanceof RequestValidationError) {
        request.log.info({ validation: error.validation }, 'request validation failed');
        return send(request, reply, 200, ErrorCode.badParameter, error.clientMessage);
      }
      if (inputRejectedByDatabase(error)) {
        // A value the validation let through but the database refused (NUL, out of range, too
        // long): still the client's input, so the parameter error; logged as a gap to close.
        request.log.warn({ err: error }, 'input refused by the database');
        return send(request, reply, 200, ErrorCode.badParameter, Messages.badParameter);
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status === 429) return send(request, reply, 429, ErrorCode.rateLimited, Messages.rateLimited);
      if (status === 404) return send(request, reply, 404, ErrorCode.notFound, Messages.notFound);
      if (status >= 400 && status < 500) {
        // Malformed JSON, unsupported content type, body too large: the client's fault.
        request.log.info({ err: error }, 'bad request');
        return send(request, reply, 200, ErrorCode.badParameter, Messages.badParameter);
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(request, reply, 500, ErrorCode.internal, Messages.internal);
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request.url);
      if (isProviderPath(path)) {
        return send(request, reply, 200, ErrorCode.wrongMethod, Messages.wrongMethod);
      }
      if (isApiPath(path)) {
        const methods = methodsByPath.get(path) ?? methodsByPath.get(path.replace(/\/+$/, ''));
        if (methods && !methods.has(request.method)) {
          reply.header('allow', [...methods].join(', '));
          return send(request, reply, 200, ErrorCode.wrongMethod, Messages.wrongMethod);
        }
        return send(request, reply, 404, ErrorCode.notFound, Messages.notFound);
      }
      if (app.webFallback && (await app.webFallback(request, reply))) return reply;
      return send(request, reply, 404, ErrorCode.notFound, Messages.notFound);
    });
  },
  { name: 'errors' },
);
