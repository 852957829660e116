import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Messages } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { ProviderQuery, ProviderResponse } from './schemas.js';

type ProviderHandler = (request: FastifyRequest) => Promise<{ result: number; msg: string } & Record<string, unknown>>;

/**
 * The provider's program endpoint, /index.php?c=…&m=… (spec §7.6), on this server. Methods are
 * looked up as "c.m"; later work adds pay, qrcode and alipay methods to the table.
 */
const membershipRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const handlers = new Map<string, ProviderHandler>([
    ['program.getServiceList', async () => ({ result: 1, msg: Messages.success, ...(await services.membership.serviceList()) })],
  ]);

  app.route({
    method: ['GET', 'POST'],
    url: '/index.php',
    schema: {
      tags: ['membership'],
      summary: 'Membership endpoint (provider shape); c=program&m=getServiceList lists plans and benefits',
      querystring: ProviderQuery,
      response: ProviderResponse,
    },
    handler: async (request) => {
      const handler = handlers.get(`${request.query.c ?? ''}.${request.query.m ?? ''}`);
      if (!handler) return { result: 0, msg: Messages.wrongMethod };
      return handler(request);
    },
  });
};

export default membershipRoutes;
