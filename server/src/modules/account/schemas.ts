import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { Messages } from '../../lib/errors.js';
import { IntEnum } from '../../lib/lists.js';

export const LoginBody = Type.Object(
  {
    accountName: Type.Optional(
      Type.String({ maxLength: 254, description: 'Username, mobile or e-mail', errorMessage: '请输入用户名、手机或邮箱' }),
    ),
    password: Type.Optional(Type.String({ maxLength: 128, errorMessage: '请输入密码' })),
    uuid: Type.Optional(
      Type.String({ maxLength: 64, errorMessage: Messages.captchaExpired, description: 'captchaImage uuid, asked for past the failure limits (code 10030)' }),
    ),
    code: Type.Optional(Type.String({ maxLength: 16, errorMessage: Messages.captchaWrong, description: 'the captcha answer' })),
  },
  { additionalProperties: true },
);
export type LoginBody = Static<typeof LoginBody>;

export const SubscribeInfo = Type.Object({
  service_type: IntEnum([0, 1, 2, 3, 4, 6] as const, {
    description: '0 registered, 1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly, 6 expired',
  }),
  service_end_date: Type.Union([Type.String({ description: 'ISO-8601 instant' }), Type.Null()]),
  auto_renew: Type.Optional(
    IntEnum([0, 1] as const, {
      description: "1 while a continuous plan's signed agreement renews the membership; 0 otherwise (cancelled: access ends at service_end_date). Always sent",
    }),
  ),
});

export const FreeRead = Type.Object(
  {
    remaining: IntEnum([0, 1] as const, { description: 'Free reads left this month: 1 when is_month_chance is 2, 0 when it is 1' }),
    renews_on: Type.String({ description: 'YYYY-MM-DD: the first day of the next month in Asia/Shanghai, when the free read renews' }),
  },
  { description: "The month's free read (one a month). Sent only to a reader without an active membership" },
);

const sessionUserProperties = {
  id: Type.Integer(),
  membername: Type.String(),
  truename: Type.String(),
  identity: Type.String({ description: "'' when not chosen; 执业医师, 医学生 or 其他" }),
  roleid: IntEnum([0, 1, 5] as const, { description: 'doctor 1, student 5, other 0' }),
  avatar: Type.String(),
  mobile: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  subscribe_info: SubscribeInfo,
  subscribePo: Type.Optional(
    Type.Object({
      serviceEndDate: Type.Union([Type.String(), Type.Null()]),
      serviceTitle: Type.Optional(Type.String()),
    }),
  ),
  ifNeedUpdate: IntEnum([0, 1] as const),
  free_read: Type.Optional(FreeRead),
};

export const SessionUser = Type.Object(sessionUserProperties);
export type SessionUser = Static<typeof SessionUser>;

export const LoginReply = Type.Object({ ...sessionUserProperties, token: Type.String() });
export type LoginReply = Static<typeof LoginReply>;

export const LoginResponse = { 200: Envelope(LoginReply) };
export const LogoutResponse = { 200: Envelope(Type.Null()) };
export const MemberInfoResponse = { 200: Envelope(SessionUser) };
