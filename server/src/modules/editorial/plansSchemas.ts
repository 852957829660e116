// The wire shapes of the membership console's routes (/api/editor/plans/*). Rules whose message
// names an item (第N项权益…) or a limit are checked in the service (plans.ts); the schemas keep the
// types and outer bounds, each with the field's own message.
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID } from '../../lib/lists.js';
import { PLAN_LIMITS, PlanMessages as M } from './plansMessages.js';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: M.idInvalid });
const Revision = Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The revision the admin had', errorMessage: M.revisionRequired });
const Version = Type.String({ maxLength: 64, description: 'The version the admin had', errorMessage: M.revisionRequired });
const Loose = (description: string, maxLength = 2000) => Type.String({ maxLength, description });

export const ConsolePlan = Type.Object({
  id: Type.Integer(),
  type: Type.Integer({ description: '1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly' }),
  title: Type.String(),
  priceFen: Type.Integer({ description: 'Price in fen; new orders take it, orders already made keep theirs' }),
  months: Type.Integer({ description: 'Months one payment buys (fixed by the type)' }),
  pcImg: Type.String(),
  mobileImg: Type.String(),
  intro: Type.String(),
  equityIds: Type.Array(Type.Integer(), { description: 'The benefits the plan includes, in its order (member_equity_id)' }),
  enabled: Type.Integer({ description: '1 on sale, 0 not' }),
  revision: Type.Integer({ description: 'Send it back as baseRevision to save' }),
  updatedAtShanghai: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai)' }),
});
export type ConsolePlan = Static<typeof ConsolePlan>;

export const ConsoleBenefit = Type.Object({ id: Type.Integer(), icon: Type.String(), title: Type.String(), infos: Type.String() });
export type ConsoleBenefit = Static<typeof ConsoleBenefit>;

export const BenefitList = Type.Object({
  benefits: Type.Array(ConsoleBenefit, { description: 'In the order readers see them' }),
  benefitsVersion: Type.String({ description: 'Send it back as baseVersion to save the list' }),
});
export type BenefitList = Static<typeof BenefitList>;

export const PlanListResponse = { 200: Envelope(Type.Object({ plans: Type.Array(ConsolePlan), ...BenefitList.properties })) };
export const ConsolePlanResponse = { 200: Envelope(ConsolePlan) };
export const BenefitListResponse = { 200: Envelope(BenefitList) };

export const PlanSaveBody = Type.Object({
  id: Id,
  baseRevision: Revision,
  title: Loose(`Title, up to ${PLAN_LIMITS.title} characters; required`),
  // A number, not an integer: the request conversion (Value.Convert) would truncate 12.5 to 12;
  // the service refuses anything but a whole number of fen above 0, naming the field.
  priceFen: Type.Number({ description: 'Price in fen, a positive integer', errorMessage: M.price }),
  pcImg: Type.Optional(Loose('PC picture: a site or http(s) address; may be empty')),
  mobileImg: Type.Optional(Loose('Mobile picture: a site or http(s) address; may be empty')),
  intro: Type.Optional(Loose(`Intro, up to ${PLAN_LIMITS.intro} characters`)),
  equityIds: Type.Array(Id, { maxItems: 100, description: 'The benefits the plan includes, in order', errorMessage: M.equityIds }),
});
export type PlanSaveBody = Static<typeof PlanSaveBody>;

export const PlanSaleBody = Type.Object({
  id: Id,
  enabled: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description: '1 on sale, 0 not', errorMessage: M.enabled }),
});
export type PlanSaleBody = Static<typeof PlanSaleBody>;

export const BenefitsSaveBody = Type.Object({
  baseVersion: Version,
  items: Type.Array(
    Type.Object({
      id: Type.Optional(Id),
      icon: Type.Optional(Loose('Icon: a site or http(s) address; may be empty')),
      title: Loose(`Name, up to ${PLAN_LIMITS.benefitTitle} characters; required`),
      infos: Type.Optional(Loose(`Explanation, up to ${PLAN_LIMITS.benefitInfos} characters`)),
    }),
    { maxItems: 200, description: 'The whole list in its new order (no id: a new benefit; one left out: removed)', errorMessage: M.benefitsTooMany },
  ),
});
export type BenefitsSaveBody = Static<typeof BenefitsSaveBody>;

export const SubscribeTexts = Type.Object({
  faq: Type.Array(Type.Object({ title: Type.String(), content: Type.String() })),
  faqVersion: Type.String({ description: 'Send it back as baseVersion to save the FAQ' }),
  agreement: Type.Object({ title: Type.String(), content: Type.String({ description: 'HTML' }) }),
  agreementVersion: Type.String({ description: 'Send it back as baseVersion to save the agreement' }),
});
export type SubscribeTexts = Static<typeof SubscribeTexts>;
export const SubscribeTextsResponse = { 200: Envelope(SubscribeTexts) };

export const FaqSaveBody = Type.Object({
  baseVersion: Version,
  items: Type.Array(
    Type.Object({
      title: Loose(`Question, up to ${PLAN_LIMITS.faqTitle} characters`),
      content: Loose(`Answer (plain text, paragraphs by line), up to ${PLAN_LIMITS.faqContent} characters`, 20_000),
    }),
    { maxItems: 200, description: 'The whole FAQ in its order', errorMessage: M.faqTooMany },
  ),
});
export type FaqSaveBody = Static<typeof FaqSaveBody>;

export const AgreementSaveBody = Type.Object({
  baseVersion: Version,
  title: Loose(`Title, up to ${PLAN_LIMITS.agreementTitle} characters`),
  content: Loose('The agreement (HTML, cleaned as article bodies are)', 400_000),
});
export type AgreementSaveBody = Static<typeof AgreementSaveBody>;
