import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import { ArticleClassResponse, ArticleListBody, ArticleListResponse } from './schemas.js';

const contentRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { content } = services;

  app.post(
    '/article/selectArticleClass',
    { schema: { tags: ['content'], summary: 'The seven disease areas', response: ArticleClassResponse } },
    async () => ok(await content.articleClasses()),
  );

  app.post(
    '/article/selectArticleList',
    { schema: { tags: ['content'], summary: 'Article list (list fields only)', body: ArticleListBody, response: ArticleListResponse } },
    async (request) => ok(await content.listArticles(request.body, request.member?.id)),
  );
};

export default contentRoutes;
