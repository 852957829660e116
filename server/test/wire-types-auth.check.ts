// Compile-time check (run by `npm run typecheck`): the accounts module's reply schemas equal the
// wire types of shared/src/types.ts (section "Accounts").
import type * as Wire from '../../shared/src/types.js';
import type {
  CaptchaReply,
  CheckCodeReply,
  OutboxMessage,
  SsoTokenReply,
  WechatAuthorizeReply,
  WechatBoundReply,
  WechatLoginReply,
} from '../src/modules/auth/schemas.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Flat<T> = { [K in keyof T]: T[K] };

export type AuthWireTypeChecks = [
  Expect<Equal<CaptchaReply, Wire.CaptchaReply>>,
  Expect<Equal<CheckCodeReply, Wire.CheckCodeReply>>,
  Expect<Equal<WechatAuthorizeReply, Wire.WechatAuthorizeReply>>,
  Expect<Equal<WechatBoundReply, Flat<Extract<Wire.WechatCheckReply, { result: false }>>>>,
  Expect<Equal<WechatLoginReply, Flat<Wire.WechatLoginReply>>>,
  Expect<Equal<SsoTokenReply, Wire.SsoTokenReply>>,
  Expect<Equal<OutboxMessage, Wire.OutboxMessage>>,
];
