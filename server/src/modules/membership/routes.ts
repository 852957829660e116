import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { Messages } from '../../lib/errors.js';
import { MAX_ID } from '../../lib/lists.js';
import type { Services } from '../../services.js';
import { ProviderQuery, ProviderResponse } from './schemas.js';

type ProviderHandler = (request: FastifyRequest) => Promise<Static<(typeof ProviderResponse)[200]>>;

/** A parameter from the query, or from a JSON body on POST. */
function paramOf(request: FastifyRequest, name: string): string {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[name];
  const body = request.body;
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const value = fromQuery ?? fromBody;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * The provider's program endpoint, /index.php?c=…&m=… (spec §7.6), on this server. Methods are
 * looked up as "c.m"; later work adds pay, qrcode and alipay methods to the table.
 */
const membershipRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const handlers = new Map<string, ProviderHandler>([
    ['program.getServiceList', async () => ({ result: 1, msg: Messages.success, ...(await services.membership.serviceList()) })],
    [
      'program.articleUseMonthChance',
      async (request) => {
        if (!request.member) return { result: 0, msg: Messages.noSession };
        if (paramOf(request, 'type') === '1') return { result: 0, msg: Messages.courseFreeReadClosed };
        const raw = paramOf(request, 'id');
        if (!raw) return { result: 0, msg: Messages.articleIdRequired };
        const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
        if (!(id >= 1 && id <= MAX_ID)) return { result: 0, msg: Messages.articleIdInvalid };
        const outcome = await services.content.useMonthChance(request.member.id, id);
        if (!outcome.granted) return { result: 0, msg: Messages.freeReadUsedUp };
        return { result: '1', msg: Messages.freeReadUsedOk, article_content: outcome.content, wantsay: outcome.wantsay };
      },
    ],
  ]);

  app.route({
    method: ['GET', 'POST'],
    url: '/index.php',
    schema: {
      tags: ['membership'],
      summary:
        'Membership endpoint (provider shape); c=program&m=getServiceList lists plans and benefits, c=program&m=articleUseMonthChance&id= uses the month\'s free read',
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
