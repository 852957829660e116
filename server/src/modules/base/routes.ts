import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { ErrorCode, Messages } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { HealthResponse, SiteConfigResponse } from './schemas.js';

const baseRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/health',
    { schema: { tags: ['base'], summary: 'Liveness and database check', response: HealthResponse }, logLevel: 'warn' },
    async (_request, reply) => {
      const health = await services.base.health();
      if (health.status === 'ok') return ok(health);
      reply.code(503);
      return { code: ErrorCode.internal, msg: Messages.internal, data: health };
    },
  );

  app.get(
    '/base/siteConfig',
    { schema: { tags: ['base'], summary: 'Public runtime configuration', response: SiteConfigResponse } },
    async () => ok(services.base.siteConfig()),
  );
};

export default baseRoutes;
