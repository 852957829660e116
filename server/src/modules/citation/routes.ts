import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { originOf } from '../../plugins/pageMeta.js';
import type { Services } from '../../services.js';
import { CitationQuery, CitationResponse } from './schemas.js';
import { CITATION_STYLES, type CitationStyle } from './service.js';

const isStyle = (format: string): format is CitationStyle => (CITATION_STYLES as readonly string[]).includes(format);

const citationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { citation } = services;

  app.get(
    '/article/citation',
    {
      schema: {
        tags: ['content'],
        summary:
          "Cite an article: GB/T 7714-2015, AMA or APA text in the envelope, or a RIS or BibTeX file (attachment); of the Chinese translation or the English original; published articles' metadata only",
        querystring: CitationQuery,
        response: CitationResponse,
      },
    },
    async (request, reply) => {
      const { id, format } = request.query;
      const lang = request.query.lang ?? 'zh';
      const origin = originOf(request);
      if (isStyle(format)) return ok(await citation.text(id, lang, format, origin));
      const file = await citation.file(id, lang, format, origin);
      // The file itself: a string is sent as it is, past the envelope's serializer (so the
      // reply type, which names the envelope, does not describe it).
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body as never);
    },
  );
};

export default citationRoutes;
