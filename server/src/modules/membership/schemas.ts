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

export const ProviderResponse = { 200: Type.Union([ServiceListReply, MonthChanceReply, ProviderFailure]) };
