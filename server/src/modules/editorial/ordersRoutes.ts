import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { OrdersService } from './orders.js';
import { ExportBody, OrderDetailResponse, OrderListBody, OrderListResponse, OrderSnBody, ReconcileRunsResponse, RefundBody, RefundResponse } from './ordersSchemas.js';

/**
 * Orders and money under /api/editor/orders (admins only; refunds and exports audited): the list
 * with filters and totals, an order's payments and provider events, refunds, the reconciler's runs
 * and exports (CSV, Excel). Registered by the editorial routes.
 */
const ordersRoutes: FastifyPluginAsyncTypebox<{ orders: OrdersService }> = async (app, { orders }) => {
  const adminOnly = (summary: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (admin)` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post(
    '/editor/orders/list',
    {
      schema: {
        ...adminOnly('Orders, newest first, filtered by status, provider, plan, created days and order number or phone; with the count and sum (fen) of every matching order, per status'),
        body: OrderListBody,
        response: OrderListResponse,
      },
    },
    async (request) => ok(await orders.list(member(request), request.body)),
  );
  app.post(
    '/editor/orders/get',
    { schema: { ...adminOnly("An order with its payment attempts, provider events (notifications too), the membership it bought and the console's actions on it"), body: OrderSnBody, response: OrderDetailResponse } },
    async (request) => ok(await orders.detail(member(request), request.body.ordersn)),
  );
  app.post(
    '/editor/orders/refund',
    {
      schema: {
        ...adminOnly('Refunds a paid order through its provider (reason required) and takes back the membership it bought; applied once (a second call: 10409); audited'),
        body: RefundBody,
        response: RefundResponse,
      },
    },
    async (request) => ok(await orders.refund(member(request), request.body)),
  );
  app.post(
    '/editor/orders/reconcile/runs',
    { schema: { ...adminOnly("The payment reconciler's latest runs: when, what it counted and the orders it fixed"), response: ReconcileRunsResponse } },
    async (request) => ok(await orders.runs(member(request))),
  );
  app.post(
    '/editor/orders/export',
    {
      schema: {
        ...adminOnly('The filtered orders (every page) as a file: csv (UTF-8 with BOM, formula-like cells prefixed with an apostrophe) or xlsx; audited. Refusals come as the usual JSON envelope'),
        body: ExportBody,
      },
    },
    async (request, reply) => {
      const file = await orders.exportOrders(member(request), request.body);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-export-count', String(file.count))
        .type(file.contentType)
        .send(file.body);
    },
  );
};

export default ordersRoutes;
