import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import { FIXED_PREV_TOKEN } from '../editorial/previews.js';
import {
  ArticleClassResponse,
  ArticleDetailResponse,
  ArticleFilterBody,
  ArticleFilterResponse,
  ArticleIdBody,
  ArticleListBody,
  ArticleListResponse,
  ArticleSourceResponse,
  CollectBody,
  CollectResponse,
  MyArticleListBody,
  PermalinksBody,
  PreviewDetailBody,
  RelationVideoResponse,
} from './schemas.js';

/** Sends a reply already serialized (Fastify sends a string with a JSON type as it is). */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/**
 * A detail asked for by the page's offline keeper (X-Qy-Purpose: offline, shell/src/offline) is a
 * copy kept for later, not a reading: it is neither counted nor recorded.
 */
const readingOf = (request: FastifyRequest) => ({ record: request.headers['x-qy-purpose'] !== 'offline' });

const contentRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { content } = services;
  // Before the database closes (this plugin's onClose runs before the db plugin's): the buffered read
  // counts, the searches that found nothing and members' reading records of articles and lessons.
  app.addHook('onClose', async () => {
    await Promise.all([content.flushReadCounts(), content.flushSearchMisses(), services.account.flushReadings()]);
  });

  app.post(
    '/article/selectArticleClass',
    { schema: { tags: ['content'], summary: 'The seven disease areas', response: ArticleClassResponse } },
    async () => ok(await content.articleClasses()),
  );

  // Every caller gets the same reply to the same body but for ifCollect: a repeated body is answered
  // from the reply cache before validation; the first one is validated, answered and kept.
  const bodyKeys = new WeakMap<object, string>();
  app.post(
    '/article/selectArticleList',
    {
      schema: { tags: ['content'], summary: 'Article list (list fields only)', body: ArticleListBody, response: ArticleListResponse },
      preValidation: async (request, reply) => {
        if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) return;
        // Searches are kept too (the same words and filters give the same page until the content
        // changes; highlights are the same for every reader), so a popular query costs its
        // statement once per content version. server/bench/search.ts measures uncached searches.
        // memberId is ignored by the server (the caller is the token's member), so not part of the key.
        const { memberId: _ignored, ...rest } = request.body as Record<string, unknown>;
        const key = JSON.stringify(rest);
        const cached = await content.cachedListReply(key, request.member?.id);
        if (cached !== undefined) return sendJson(reply, cached);
        bodyKeys.set(request, key);
      },
    },
    async (request, reply) => {
      const key = bodyKeys.get(request);
      const shared = key === undefined ? undefined : await content.listReply(request.body, key, request.member?.id);
      if (shared !== undefined) return sendJson(reply, shared);
      return ok(await content.listArticles(request.body, request.member?.id));
    },
  );

  // Three names for one call (spec §7.5): the page uses getArticleDetail, or getArticleDetail2 when
  // its `prev` query carries a preview token; getArticle is the older name. All gate the same way.
  for (const path of ['/article/getArticleDetail', '/article/getArticle']) {
    app.post(
      path,
      {
        schema: {
          tags: ['content'],
          summary: 'Article detail by permalinks, gated for the caller (ARCHITECTURE §3.3)',
          body: PermalinksBody,
          response: ArticleDetailResponse,
        },
      },
      async (request) => ok(await content.articleDetail({ by: 'permalinks', permalinks: request.body.permalinks }, request.member?.id, readingOf(request))),
    );
  }

  app.post(
    '/article/getArticleDetail2',
    {
      schema: {
        tags: ['content'],
        summary:
          "Article detail by permalinks, gated for the caller; with an editor's preview token in prev: the article in any state, gated as the link's audience (visitor, non-member or member)",
        body: PreviewDetailBody,
        response: ArticleDetailResponse,
      },
    },
    async (request) => {
      const prev = request.body.prev?.trim();
      if (!prev || prev === FIXED_PREV_TOKEN) {
        return ok(await content.articleDetail({ by: 'permalinks', permalinks: request.body.permalinks }, request.member?.id, readingOf(request)));
      }
      const link = await services.previews.resolve(prev, request.body.permalinks, request.member?.id);
      return ok(await content.previewDetail(link.articleId, link.audience));
    },
  );

  app.post(
    '/article/getArticleDetailById',
    {
      schema: {
        tags: ['content'],
        summary: 'Article detail by id, gated for the caller (ARCHITECTURE §3.3)',
        body: ArticleIdBody,
        response: ArticleDetailResponse,
      },
    },
    async (request) => ok(await content.articleDetail({ by: 'id', id: request.body.id }, request.member?.id, readingOf(request))),
  );

  app.post(
    '/article/getRelationVideo',
    {
      schema: {
        tags: ['content'],
        summary: 'Animations and audio related to an article (list fields only)',
        body: PermalinksBody,
        response: RelationVideoResponse,
      },
    },
    async (request) => ok(await content.relationVideos(request.body.permalinks, request.member?.id)),
  );

  app.post(
    '/article/selectArticleSource',
    { schema: { tags: ['content'], summary: 'Content sources with their logos', response: ArticleSourceResponse } },
    async () => ok(await content.articleSources()),
  );

  app.post(
    '/article/selectArticleFilter',
    {
      schema: {
        tags: ['content'],
        summary: "Filter tabs of a source (sourceId) or of a filter's source (filterId)",
        body: ArticleFilterBody,
        response: ArticleFilterResponse,
      },
    },
    async (request) => ok(await content.articleFilters(request.body)),
  );

  const memberOnly = { preHandler: app.requireMember };
  const secured = { tags: ['content'], security: [{ bearer: [] }] };

  app.post(
    '/user/collectArticle',
    { ...memberOnly, schema: { ...secured, summary: 'Collect an article (idempotent)', body: CollectBody, response: CollectResponse } },
    async (request) => ok(await content.collectArticle(request.member!.id, request.body.id)),
  );

  app.post(
    '/user/cancelCollect',
    { ...memberOnly, schema: { ...secured, summary: 'Remove an article from the favourites (idempotent)', body: CollectBody, response: CollectResponse } },
    async (request) => ok(await content.cancelCollectArticle(request.member!.id, request.body.id)),
  );

  app.post(
    '/user/selectMyFavArticle',
    {
      ...memberOnly,
      schema: { ...secured, summary: 'My favourite articles, newest collected first', body: MyArticleListBody, response: ArticleListResponse },
    },
    async (request) => ok(await content.myArticles(request.member!.id, 'favourites', request.body)),
  );

  app.post(
    '/user/selectMyReadArticle',
    {
      ...memberOnly,
      schema: { ...secured, summary: 'Articles I read, newest read first', body: MyArticleListBody, response: ArticleListResponse },
    },
    async (request) => ok(await content.myArticles(request.member!.id, 'reading', request.body)),
  );
};

export default contentRoutes;
