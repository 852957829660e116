import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import {
  GlossaryDeleteBody,
  GlossaryDeleteResponse,
  GlossaryListBody,
  GlossaryListResponse,
  GlossarySaveBody,
  GlossaryTermResponse,
  ReaderGlossaryResponse,
} from './schemas.js';

/**
 * Readers revalidate on every use (no-cache with an entity tag): an unchanged glossary costs a 304,
 * and an editor's change reaches the next article a reader opens.
 */
const READER_CACHE = 'public, no-cache';

/**
 * The medical glossary: readers' compact copy (GET /api/glossary, which mf-content loads after an
 * article has rendered to mark its terms) and the console's routes under /api/editor/glossary
 * (editors and admins; every change audited).
 */
const glossaryRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { glossary } = services;
  const editorOnly = (summary: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (editor or admin)` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.get(
    '/glossary',
    {
      schema: {
        tags: ['content'],
        summary: 'The medical glossary, compact: every term as [id, term, english, aliases, definition, classId]; ETag, revalidated on each use',
        response: ReaderGlossaryResponse,
      },
    },
    async (request, typedReply) => {
      // The reply is sent as prepared text (or 304), outside the typed reply schema.
      const reply = typedReply as unknown as FastifyReply;
      const { json, etag } = await glossary.reader();
      reply.header('cache-control', READER_CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.post(
    '/editor/glossary/list',
    { schema: { ...editorOnly('Glossary terms by disease area, filtered by a keyword (any form) and an area'), body: GlossaryListBody, response: GlossaryListResponse } },
    async (request) => ok(await glossary.list(member(request), request.body)),
  );

  app.post(
    '/editor/glossary/save',
    {
      schema: {
        ...editorOnly('Adds a term (no id) or changes one (id and baseRevision; 10409 when replaced meanwhile); audited; search and readers follow at once'),
        body: GlossarySaveBody,
        response: GlossaryTermResponse,
      },
    },
    async (request) => ok(await glossary.save(member(request), request.body)),
  );

  app.post(
    '/editor/glossary/delete',
    { schema: { ...editorOnly('Deletes a term seen at baseRevision; audited'), body: GlossaryDeleteBody, response: GlossaryDeleteResponse } },
    async (request) => ok(await glossary.remove(member(request), request.body)),
  );
};

export default glossaryRoutes;
