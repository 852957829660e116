import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { Messages } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { emailOf, mobileOf } from './rules.js';
import {
  CaptchaResponse,
  CheckCodeBody,
  CheckCodeResponse,
  ForgetPasswordEmailBody,
  ForgetPasswordPhoneBody,
  LoginResponse,
  LoginWithoutPwdBody,
  NullResponse,
  RegisterBody,
  SendCodeBody,
  SsoLoginQuery,
  SsoTokenResponse,
  UpdatePasswordBody,
  WechatAuthorizeQuery,
  WechatAuthorizeResponse,
  WechatCheckQuery,
  WechatCheckResponse,
  WechatLoginQuery,
  WechatLoginResponse,
} from './schemas.js';

const metaOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Captcha, codes, registration, code login, password reset and change, WeChat login, single sign-on. */
const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { auth, account, captcha, wechat, sso } = services.accounts;
  const tags = ['accounts'];
  const secured = { security: [{ bearer: [] }] };

  app.get(
    '/captchaImage',
    { schema: { tags, summary: 'Arithmetic picture captcha (single use, 2 minutes)', response: CaptchaResponse } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await captcha.create());
    },
  );

  app.post(
    '/base/sendCode',
    { schema: { tags, summary: 'SMS code (captcha uuid + answer); codeType 0, 2, 3, 4', body: SendCodeBody, response: NullResponse } },
    async (request) => {
      await auth.sendSms(request.body, metaOf(request));
      return ok(null, Messages.sendSuccess);
    },
  );

  app.post(
    '/base/sendCode2',
    { schema: { tags, summary: 'E-mail code; codeType 0, 2, 3', body: SendCodeBody, response: NullResponse } },
    async (request) => {
      await auth.sendEmail(request.body, metaOf(request));
      return ok(null, Messages.sendSuccess);
    },
  );

  app.post(
    '/base/sendCode3',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: 'Logged in, codeType 1: code to a new mobile (captcha) or e-mail', ...secured, body: SendCodeBody, response: NullResponse },
    },
    async (request) => {
      await auth.sendForChange(request.member!.id, request.body, metaOf(request));
      return ok(null, Messages.sendSuccess);
    },
  );

  app.post(
    '/base/checkCode',
    { schema: { tags, summary: 'Uses a code up (codeType 0, 1, 2) and returns a 15-minute proof', body: CheckCodeBody, response: CheckCodeResponse } },
    async (request) => ok(await auth.checkCode(request.body)),
  );

  app.post(
    '/user/register',
    { schema: { tags, summary: 'Creates the account for a verified mobile or e-mail and logs in', body: RegisterBody, response: LoginResponse } },
    async (request) => ok(await auth.register(request.body, metaOf(request)), Messages.registerSuccess),
  );

  app.post(
    '/login/loginWithoutPwd',
    { schema: { tags, summary: 'Log in with a code of codeType 3', body: LoginWithoutPwdBody, response: LoginResponse } },
    async (request) => ok(await auth.loginWithCode(request.body, metaOf(request)), Messages.loginSuccess),
  );

  app.post(
    '/user/forgetPasswordPhone',
    { schema: { tags, summary: 'New password with a proof of codeType 2 (mobile); ends every session', body: ForgetPasswordPhoneBody, response: NullResponse } },
    async (request) => {
      const mobile = mobileOf(request.body.phoneNo, { onSend: true });
      await auth.resetPassword({ contact: { mobile }, verifyToken: request.body.verifyToken, password: request.body.password });
      return ok(null, Messages.passwordReset);
    },
  );

  app.post(
    '/user/forgetPasswordEmail',
    { schema: { tags, summary: 'New password with a proof of codeType 2 (e-mail); ends every session', body: ForgetPasswordEmailBody, response: NullResponse } },
    async (request) => {
      const email = emailOf(request.body.email, { onSend: true });
      await auth.resetPassword({ contact: { email }, verifyToken: request.body.verifyToken, password: request.body.password });
      return ok(null, Messages.passwordReset);
    },
  );

  app.post(
    '/user/updatePassword',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: 'Changes the password; the other sessions end', ...secured, body: UpdatePasswordBody, response: NullResponse },
    },
    async (request) => {
      await account.updatePassword(request.member!, request.body, metaOf(request));
      return ok(null, Messages.passwordChanged);
    },
  );

  app.get(
    '/wechat/authorizeUrl',
    { schema: { tags, summary: 'Where to authorise with WeChat (the local simulator by default)', querystring: WechatAuthorizeQuery, response: WechatAuthorizeResponse } },
    async (request) => ok(wechat.authorizeUrl(request.query.iswx, request.query.back)),
  );

  app.get(
    '/wechat/checkCode',
    { schema: { tags, summary: 'result true: bind a phone; otherwise logged in', querystring: WechatCheckQuery, response: WechatCheckResponse } },
    async (request) => {
      const result = await wechat.checkCode(request.query, metaOf(request));
      return ok(result, result.result ? Messages.success : Messages.loginSuccess);
    },
  );

  app.get(
    '/wechat/wxlogin',
    { schema: { tags, summary: 'Binds the WeChat identity to a phone (codeType 4 code) and logs in', querystring: WechatLoginQuery, response: WechatLoginResponse } },
    async (request) => {
      const reply = await wechat.bindPhone(request.query, metaOf(request));
      return ok(reply, reply.newFlag === 1 ? Messages.bindPhoneSuccess : Messages.loginSuccess);
    },
  );

  app.get(
    '/authLogin/getToken',
    { preHandler: app.requireMember, schema: { tags, summary: 'A single-sign-on ticket (2 minutes, single use)', ...secured, response: SsoTokenResponse } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ result: sso.issue(request.member!.id) });
    },
  );

  app.post(
    '/authLogin/login',
    { schema: { tags, summary: 'Exchanges a single-sign-on ticket (?data=) for a new session', querystring: SsoLoginQuery, response: LoginResponse } },
    async (request) => ok(await sso.exchange(request.query.data, metaOf(request)), Messages.loginSuccess),
  );
};

export default authRoutes;
