import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { Messages } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { LoginBody, LoginResponse, LogoutResponse, MemberInfoResponse } from './schemas.js';

const accountRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { account } = services;

  app.post(
    '/login/login',
    { schema: { tags: ['account'], summary: 'Log in with username, mobile or e-mail', body: LoginBody, response: LoginResponse } },
    async (request) =>
      ok(await account.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/login/userLogout',
    { schema: { tags: ['account'], summary: 'Revoke the current token', response: LogoutResponse } },
    async (request) => {
      await account.logout(request.member);
      return ok(null, Messages.done);
    },
  );

  app.post(
    '/user/getMemberInfo',
    {
      preHandler: app.requireMember,
      schema: { tags: ['account'], summary: 'The logged-in member', security: [{ bearer: [] }], response: MemberInfoResponse },
    },
    async (request) => ok(await account.memberInfo(request.member!.id)),
  );
};

export default accountRoutes;
