// Compile-time check (run by `npm run typecheck`): the membership and payment reply schemas'
// static types equal the wire types of shared/src/types.ts, field for field.
import type { Static } from 'typebox';
import type * as Wire from '../../shared/src/types.js';
import type * as S from '../src/modules/membership/schemas.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Body<T> = Omit<T, 'result' | 'msg'>;

export type PaymentWireTypeChecks = [
  Expect<Equal<S.ServiceOrder, Wire.ServiceOrder>>,
  Expect<Equal<S.ShippingAddress, Wire.ShippingAddress>>,
  Expect<Equal<S.SubscribeQa, Wire.SubscribeQa>>,
  Expect<Equal<S.SubscribeAgreement, Wire.SubscribeAgreement>>,
  Expect<Equal<S.QrInfo, Wire.QrInfo>>,
  Expect<Equal<Body<Static<typeof S.ServiceOrderListReply>>, Body<Wire.ServiceOrderListReply>>>,
  Expect<Equal<Body<Static<typeof S.MyAddressReply>>, Body<Wire.MyAddressReply>>>,
  Expect<Equal<Body<Static<typeof S.SaveAddressReply>>, Body<Wire.SaveAddressReply>>>,
  Expect<Equal<Body<Static<typeof S.SubscribeQaListReply>>, Body<Wire.SubscribeQaListReply>>>,
  Expect<Equal<Body<Static<typeof S.ServiceInfoReply>>, Body<Wire.ServiceInfoReply>>>,
  Expect<Equal<Body<Static<typeof S.PayQrReply>>, Body<Wire.PayQrReply>>>,
  Expect<Equal<Body<Static<typeof S.PayH5Reply>>, Body<Wire.PayH5Reply>>>,
  Expect<Equal<Body<Static<typeof S.PayStatusReply>>, Body<Wire.PayStatusReply>>>,
  Expect<Equal<Body<Static<typeof S.JsApiPayReply>>, Body<Wire.JsApiPayReply>>>,
  Expect<Equal<Body<Static<typeof S.JssdkConfigReply>>, Body<Wire.JssdkConfigReply>>>,
  Expect<Equal<Body<Static<typeof S.OpenIdReply>>, Body<Wire.OpenIdReply>>>,
  Expect<Equal<Body<Static<typeof S.AlipayFormReply>>, Body<Wire.AlipayFormReply>>>,
  Expect<Equal<Body<Static<typeof S.QrCreateReply>>, Body<Wire.QrCreateReply>>>,
  Expect<Equal<Body<Static<typeof S.QrInfoReply>>, Body<Wire.QrInfoReply>>>,
  Expect<Equal<Body<Static<typeof S.AutoRenewReply>>, Body<Wire.AutoRenewReply>>>,
];
