import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { DashboardService } from './dashboard.js';
import { DashboardBody, DashboardResponse } from './dashboardSchemas.js';

/** The console's dashboard under /api/editor/dashboard (editors and admins; revenue for admins only). */
const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.post(
    '/editor/dashboard',
    {
      schema: {
        tags: ['editorial'],
        security: [{ bearer: [] }],
        summary:
          'Sign-ups by day and identity, members by plan and expiries coming, revenue by day and provider (admins only), free reads claimed, the week’s most read, searches that found nothing (editor)',
        body: DashboardBody,
        response: DashboardResponse,
      },
    },
    async (request) => ok(await dashboard.dashboard(request.member?.id, request.body ?? {})),
  );
};

export default dashboardRoutes;
