import Type, { type Static } from 'typebox';
import { IntEnum } from '../../lib/lists.js';

/** Query of the provider-style membership endpoint (ARCHITECTURE §3.2). */
export const ProviderQuery = Type.Object(
  {
    c: Type.Optional(Type.String({ maxLength: 32, description: 'program | pay | qrcode | alipay' })),
    m: Type.Optional(Type.String({ maxLength: 64, description: 'method, e.g. getServiceList' })),
    ut: Type.Optional(Type.String({ maxLength: 8 })),
    sf: Type.Optional(Type.String({ maxLength: 8, description: 'client marker, pc' })),
    token: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: true },
);
export type ProviderQuery = Static<typeof ProviderQuery>;

export const ServicePlan = Type.Object({
  id: Type.Integer(),
  type: IntEnum([1, 2, 3, 4] as const, { description: '1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly' }),
  title: Type.String(),
  price: Type.String({ description: 'yuan, e.g. "25.00"' }),
  price_fen: Type.Integer(),
  pc_img: Type.String(),
  mobile_img: Type.String(),
  member_equity_id: Type.String({ description: 'comma list of equity ids' }),
  intro: Type.String(),
});
export type ServicePlan = Static<typeof ServicePlan>;

export const EquityItem = Type.Object({
  id: Type.Integer(),
  icon: Type.String(),
  title: Type.String(),
  infos: Type.String(),
});
export type EquityItem = Static<typeof EquityItem>;

export const ServiceListReply = Type.Object({
  result: Type.Integer(),
  msg: Type.String(),
  servicelsit: Type.Array(ServicePlan),
  equitylist: Type.Array(EquityItem),
});

export const ProviderFailure = Type.Object({
  result: Type.Integer({ description: 'not 1' }),
  msg: Type.String(),
});

/** articleUseMonthChance success: the unlocked article (result is the string '1', as the provider sends it). */
export const MonthChanceReply = Type.Object({
  result: Type.Literal('1'),
  msg: Type.String(),
  article_content: Type.String({ description: 'Full body HTML' }),
  wantsay: Type.String({ description: 'Full commentary HTML' }),
});

// --- Membership and payment (mirrors shared/src/types.ts; checked by test/wire-types-payment.check.ts) ---

const Str = (description?: string) => Type.String(description ? { description } : {});

export const ServiceOrder = Type.Object({
  id: Type.Integer(),
  ordersn: Type.String(),
  ordertime: Str('YYYY-MM-DD HH:mm:ss, Asia/Shanghai'),
  service_id: Type.Integer(),
  service_type: IntEnum([1, 2, 3, 4] as const),
  service_title: Type.String(),
  price: Str('yuan, e.g. "35.00"'),
  price_fen: Type.Integer(),
  service_pc_img: Type.String(),
  service_mobile_img: Type.String(),
  status: IntEnum([0, 1, 2, 3] as const, { description: '0 awaiting payment, 1 paid, 2 closed, 3 refunded' }),
  status_text: Type.String(),
  pay_channel: Type.Union([Type.Literal('wechat'), Type.Literal('alipay'), Type.Literal('')]),
  paytime: Type.String(),
  period_start: Type.String(),
  period_end: Type.String(),
  is_renewal: IntEnum([0, 1] as const),
});
export type ServiceOrder = Static<typeof ServiceOrder>;

const ok = { result: Type.Integer({ description: '1' }), msg: Type.String() };

export const ServiceOrderListReply = Type.Object({
  ...ok,
  items: Type.Array(ServiceOrder),
  total_count: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

export const ShippingAddress = Type.Object({
  pro_id: Type.Integer(),
  city_id: Type.Integer(),
  area_id: Type.Integer(),
  pro_name: Type.String(),
  city_name: Type.String(),
  area_name: Type.String(),
  sh_name: Type.String(),
  sh_phone: Type.String(),
  sh_address: Type.String(),
});
export type ShippingAddress = Static<typeof ShippingAddress>;

export const MyAddressReply = Type.Object({ ...ok, item: Type.Union([ShippingAddress, Type.Null()]) });
export const SaveAddressReply = Type.Object({ ...ok, item: ShippingAddress });

export const SubscribeQa = Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String() });
export type SubscribeQa = Static<typeof SubscribeQa>;
export const SubscribeAgreement = Type.Object({ title: Type.String(), content: Type.String() });
export type SubscribeAgreement = Static<typeof SubscribeAgreement>;
export const SubscribeQaListReply = Type.Object({ ...ok, qa_lsit: Type.Array(SubscribeQa), xieyi: SubscribeAgreement });

export const ServiceInfoReply = Type.Object({ ...ok, data: ServicePlan });

export const PayQrReply = Type.Object({
  ...ok,
  paycode: Str('PNG data URL of the QR code'),
  code_url: Type.String(),
  ordersn: Type.String(),
});
export const PayH5Reply = Type.Object({ ...ok, h5_url: Type.String(), ordersn: Type.String() });
export const JsApiPayReply = Type.Object({
  ...ok,
  ordersn: Type.String(),
  appId: Type.String(),
  timestamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.Literal('RSA'),
  paySign: Type.String(),
  cashier_url: Type.Optional(Type.String()),
});
export const JssdkConfigReply = Type.Object({
  ...ok,
  appId: Type.String(),
  timestamp: Type.String(),
  nonceStr: Type.String(),
  signature: Type.String(),
  jsApiList: Type.Array(Type.String()),
});
export const OpenIdReply = Type.Object({ ...ok, openid: Type.String(), unionid: Type.String() });
export const AlipayFormReply = Type.Object({ ...ok, form: Str('self-submitting HTML form'), ordersn: Type.String() });
export const QrCreateReply = Type.Object({ ...ok, id: Type.Integer(), token: Type.String(), url: Type.String() });
export const QrInfo = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
  result_data: Type.String(),
  ordersn: Type.String(),
});
export type QrInfo = Static<typeof QrInfo>;
export const QrInfoReply = Type.Object({ ...ok, data: QrInfo });

/** program/cancelAutoRenew: the member's renewal state after the call (auto_renew 0: access ends at service_end_date). */
export const AutoRenewReply = Type.Object({
  ...ok,
  auto_renew: IntEnum([0, 1] as const),
  service_type: IntEnum([0, 1, 2, 3, 4, 6] as const),
  service_end_date: Type.Union([Type.String({ description: 'ISO-8601 instant' }), Type.Null()]),
});

/** Failures ({ result: 0, msg }) and pay/notifypay (which adds ordersn and status); keep it last in the union. */
export const PayStatusReply = Type.Object({
  result: Type.Integer({ description: '1 paid / success; 0 otherwise' }),
  msg: Type.String(),
  ordersn: Type.Optional(Type.String()),
  status: Type.Optional(IntEnum([0, 1, 2, 3] as const)),
});

// Each reply has a field the others lack, so the serializer's anyOf picks the right one;
// the result/msg-only shape comes last.
export const ProviderResponse = {
  200: Type.Union([
    ServiceListReply,
    MonthChanceReply,
    ServiceOrderListReply,
    SubscribeQaListReply,
    ServiceInfoReply,
    QrInfoReply,
    MyAddressReply,
    PayQrReply,
    PayH5Reply,
    JsApiPayReply,
    JssdkConfigReply,
    OpenIdReply,
    AlipayFormReply,
    QrCreateReply,
    AutoRenewReply,
    PayStatusReply,
  ]),
};
