import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { Messages } from '../../lib/errors.js';
import { IntEnum, OneOf } from '../../lib/lists.js';
import { LoginReply } from '../account/schemas.js';

// Request fields are optional in the schema where the service gives the spec's message itself
// (e.g. 请输入手机号 on send, 请输入手机号码 elsewhere); lengths are capped here.
const text = (maxLength: number, errorMessage: string, description?: string) =>
  Type.Optional(Type.String({ maxLength, errorMessage, ...(description ? { description } : {}) }));
const codeType = Type.Optional(
  Type.Integer({ description: 'CODE_TYPE: 0 register, 1 change, 2 reset, 3 login, 4 bind', errorMessage: Messages.codeTypeInvalid }),
);
const phoneNo = text(32, Messages.mobileInvalid, '11-digit mainland mobile');
const email = text(254, Messages.emailInvalid);
const iswx = Type.Optional(OneOf([0, 1] as const, { description: '1 inside WeChat (official account), 0 desktop QR', errorMessage: Messages.badParameter }));

export const SendCodeBody = Type.Object(
  {
    phoneNo,
    email,
    uuid: text(64, Messages.captchaExpired, 'captchaImage uuid (SMS only)'),
    code: text(16, Messages.captchaWrong, 'the captcha answer'),
    codeType,
  },
  { additionalProperties: true },
);

export const CheckCodeBody = Type.Object(
  { code: text(16, Messages.codeWrong), phoneNo, email, codeType },
  { additionalProperties: true },
);

export const RegisterBody = Type.Object(
  {
    mobile: phoneNo,
    email,
    membername: text(64, Messages.usernameLength),
    password: text(1024, Messages.passwordTooLong),
    verifyToken: text(256, Messages.verifyExpired),
  },
  { additionalProperties: true },
);

export const LoginWithoutPwdBody = Type.Object(
  {
    phoneNo,
    email,
    code: text(16, Messages.codeWrong),
    uuid: text(64, Messages.captchaExpired, 'captchaImage uuid, asked for past the failure limits (code 10030)'),
    captchaCode: text(16, Messages.captchaWrong, 'the captcha answer'),
  },
  { additionalProperties: true },
);

export const ForgetPasswordPhoneBody = Type.Object(
  { phoneNo, verifyToken: text(256, Messages.verifyExpired), password: text(1024, Messages.passwordTooLong) },
  { additionalProperties: true },
);

export const ForgetPasswordEmailBody = Type.Object(
  { email, verifyToken: text(256, Messages.verifyExpired), password: text(1024, Messages.passwordTooLong) },
  { additionalProperties: true },
);

export const UpdatePasswordBody = Type.Object(
  {
    oldPassword: text(1024, Messages.passwordTooLong),
    newPassword: text(1024, Messages.passwordTooLong),
    checknewPassword: text(1024, Messages.passwordTooLong),
    uuid: text(64, Messages.captchaExpired, 'captchaImage uuid, asked for past the failure limits (code 10030)'),
    code: text(16, Messages.captchaWrong, 'the captcha answer'),
  },
  { additionalProperties: true },
);

export const WechatAuthorizeQuery = Type.Object(
  {
    iswx,
    back: Type.Optional(
      text(512, Messages.badParameter, 'Inside WeChat only: a same-site path to return to with code and state (the openid step of paying), instead of /wechat/wxlogin'),
    ),
  },
  { additionalProperties: true },
);
export const WechatCheckQuery = Type.Object(
  { code: text(512, Messages.wechatCodeInvalid), state: text(512, Messages.wechatStateInvalid), iswx },
  { additionalProperties: true },
);
export const WechatLoginQuery = Type.Object(
  { code: text(512, Messages.wechatCodeInvalid), phone: phoneNo, verifyCode: text(16, Messages.codeWrong), iswx },
  { additionalProperties: true },
);
export const SsoLoginQuery = Type.Object({ data: text(1024, Messages.ssoTicketInvalid) }, { additionalProperties: true });
export const OutboxQuery = Type.Object({ to: text(254, Messages.badParameter) }, { additionalProperties: true });

export const CaptchaReply = Type.Object({
  img: Type.String({ description: 'data:image/png;base64,…' }),
  uuid: Type.String(),
});
export type CaptchaReply = Static<typeof CaptchaReply>;

export const CheckCodeReply = Type.Object({
  verified: Type.Literal(true),
  verifyToken: Type.String({ description: 'single use, 15 minutes, for the same target and codeType' }),
});
export type CheckCodeReply = Static<typeof CheckCodeReply>;

export const WechatAuthorizeReply = Type.Object({ url: Type.String(), state: Type.String() });
export type WechatAuthorizeReply = Static<typeof WechatAuthorizeReply>;

export const WechatBoundReply = Type.Object({
  ...LoginReply.properties,
  result: Type.Literal(false),
  tokenString: Type.String(),
});
export type WechatBoundReply = Static<typeof WechatBoundReply>;
export const WechatCheckReply = Type.Union([Type.Object({ result: Type.Literal(true) }), WechatBoundReply]);

export const WechatLoginReply = Type.Object({
  ...LoginReply.properties,
  newFlag: IntEnum([0, 1] as const, { description: '1 when the account was created now' }),
});
export type WechatLoginReply = Static<typeof WechatLoginReply>;

export const SsoTokenReply = Type.Object({ result: Type.String({ description: 'ticket: 2 minutes, single use' }) });
export type SsoTokenReply = Static<typeof SsoTokenReply>;

export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.Unsafe<'sms' | 'email'>({ type: 'string', enum: ['sms', 'email'] }),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  /** An e-mail's HTML part (null when it has none). */
  html: Type.Union([Type.String(), Type.Null()]),
  /** An e-mail's extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post ({} when none). */
  headers: Type.Record(Type.String(), Type.String()),
  sentAt: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

export const NullResponse = { 200: Envelope(Type.Null()) };
export const CaptchaResponse = { 200: Envelope(CaptchaReply) };
export const CheckCodeResponse = { 200: Envelope(CheckCodeReply) };
export const LoginResponse = { 200: Envelope(LoginReply) };
export const WechatAuthorizeResponse = { 200: Envelope(WechatAuthorizeReply) };
export const WechatCheckResponse = { 200: Envelope(WechatCheckReply) };
export const WechatLoginResponse = { 200: Envelope(WechatLoginReply) };
export const SsoTokenResponse = { 200: Envelope(SsoTokenReply) };
export const OutboxResponse = { 200: Envelope(Type.Array(OutboxMessage)) };
