import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { PlansService } from './plans.js';
import {
  AgreementSaveBody,
  BenefitListResponse,
  BenefitsSaveBody,
  ConsolePlanResponse,
  FaqSaveBody,
  PlanListResponse,
  PlanSaleBody,
  PlanSaveBody,
  SubscribeTextsResponse,
} from './plansSchemas.js';

/**
 * Membership under /api/editor/plans (admins only: money; every change audited): the service plans,
 * the benefits list, the subscription FAQ and the agreement. Registered by the editorial routes.
 */
const plansRoutes: FastifyPluginAsyncTypebox<{ plans: PlansService }> = async (app, { plans }) => {
  const adminOnly = (summary: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (admin)` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post(
    '/editor/plans/list',
    { schema: { ...adminOnly('Every service plan (on sale or not) with its revision, and the benefits list with its version'), response: PlanListResponse } },
    async (request) => ok(await plans.list(member(request))),
  );
  app.post(
    '/editor/plans/save',
    {
      schema: {
        ...adminOnly('Saves a plan (title, price in fen, pictures, intro, benefits in order) at baseRevision (10409 when replaced meanwhile); a new price applies to new orders only; audited'),
        body: PlanSaveBody,
        response: ConsolePlanResponse,
      },
    },
    async (request) => ok(await plans.save(member(request), request.body)),
  );
  app.post(
    '/editor/plans/sale',
    { schema: { ...adminOnly('Puts a plan on sale (1) or off (0); the value sent is kept; audited when it changes'), body: PlanSaleBody, response: ConsolePlanResponse } },
    async (request) => ok(await plans.setSale(member(request), request.body)),
  );
  app.post(
    '/editor/plans/benefits/save',
    {
      schema: {
        ...adminOnly('Saves the whole benefits list in order at baseVersion (10409 when changed meanwhile); one a plan includes cannot be removed; audited'),
        body: BenefitsSaveBody,
        response: BenefitListResponse,
      },
    },
    async (request) => ok(await plans.saveBenefits(member(request), request.body)),
  );
  app.post(
    '/editor/plans/texts',
    { schema: { ...adminOnly('The subscription FAQ and the membership agreement, each with its version'), response: SubscribeTextsResponse } },
    async (request) => ok(await plans.texts(member(request))),
  );
  app.post(
    '/editor/plans/faq/save',
    { schema: { ...adminOnly('Saves the whole FAQ in order at baseVersion (10409 when changed meanwhile); audited'), body: FaqSaveBody, response: SubscribeTextsResponse } },
    async (request) => ok(await plans.saveFaq(member(request), request.body)),
  );
  app.post(
    '/editor/plans/agreement/save',
    {
      schema: { ...adminOnly('Saves the membership agreement (HTML, cleaned) at baseVersion (10409 when changed meanwhile); audited'), body: AgreementSaveBody, response: SubscribeTextsResponse },
    },
    async (request) => ok(await plans.saveAgreement(member(request), request.body)),
  );
};

export default plansRoutes;
