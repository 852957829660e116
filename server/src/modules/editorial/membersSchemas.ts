// The wire shapes of the members console's routes (/api/editor/members/*). The reason and the
// request id are checked in the service (members.ts) so an empty reason is refused naming 原因.
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, pageQueryProperties, PageResultSchema } from '../../lib/lists.js';
import { MEMBER_LIMITS, MemberMessages as M } from './membersMessages.js';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: M.idInvalid });
const Reason = Type.String({ maxLength: 2000, description: 'Why (required; kept in the audit trail)', errorMessage: M.reasonRequired });
const RequestId = Type.String({ maxLength: 200, description: 'One per action (idempotency key): a repeat applies nothing and returns the first result', errorMessage: M.requestIdInvalid });
const Days = Type.Integer({ minimum: 1, maximum: MEMBER_LIMITS.maxDays, errorMessage: M.days });

export const MemberSearchBody = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Phone, e-mail, username or name (part of it); empty lists the newest readers', errorMessage: M.queryTooLong })),
  ...pageQueryProperties,
});
export type MemberSearchBody = Static<typeof MemberSearchBody>;

const Subscription = Type.Object({
  serviceType: Type.Integer({ description: '0 none, 1..4 a plan covering now, 6 expired' }),
  serviceTitle: Type.String(),
  serviceEndDate: Type.String({ description: "YYYY-MM-DD HH:mm:ss (Asia/Shanghai) of the latest period's end; '' when never a member" }),
});
export type MemberSubscription = Static<typeof Subscription>;

export const MemberRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  truename: Type.String(),
  mobile: Type.String({ description: 'Masked for editors (138****0002); whole for admins' }),
  email: Type.String({ description: 'Masked for editors; whole for admins' }),
  identity: Type.String(),
  createdAt: Type.String(),
  ...Subscription.properties,
});
export type MemberRow = Static<typeof MemberRow>;

export const MemberSearchResponse = { 200: Envelope(PageResultSchema(MemberRow)) };

export const MemberIdBody = Type.Object({ id: Id });

export const MemberDetail = Type.Object({
  profile: Type.Object({
    ...MemberRow.properties,
    roleid: Type.Integer(),
    region: Type.String(),
    organisation: Type.String({ description: 'Hospital and division, university and major, or company and department' }),
    jobname: Type.String(),
  }),
  subscription: Type.Object({
    ...Subscription.properties,
    autoRenew: Type.Integer(),
    open: Type.Boolean({ description: 'A period covering now or still to come: there is a membership to extend or end' }),
  }),
  periods: Type.Array(
    Type.Object({
      id: Type.Integer(),
      serviceType: Type.Integer(),
      title: Type.String(),
      kind: Type.String({ description: 'paid, grace, seed, staff (given from the console)' }),
      startsAt: Type.String(),
      endsAt: Type.String(),
      ordersn: Type.String(),
      current: Type.Boolean(),
    }),
  ),
  orders: Type.Array(
    Type.Object({
      ordersn: Type.String(),
      title: Type.String(),
      priceFen: Type.Integer(),
      status: Type.Integer({ description: '0 awaiting payment, 1 paid, 2 closed, 3 refunded' }),
      kind: Type.String(),
      payProvider: Type.String(),
      createdAt: Type.String(),
      paidAt: Type.String(),
      refundedAt: Type.String(),
    }),
  ),
  freeReads: Type.Array(Type.Object({ month: Type.String(), kind: Type.String(), itemId: Type.Integer(), title: Type.String(), claimedAt: Type.String() })),
  sessions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      createdAt: Type.String(),
      expiresAt: Type.String(),
      ip: Type.String(),
      device: Type.String({ description: 'The browser it was opened in (user agent), when known' }),
    }),
  ),
  plans: Type.Array(Type.Object({ id: Type.Integer(), type: Type.Integer(), title: Type.String(), months: Type.Integer() })),
  can: Type.Object({ change: Type.Boolean({ description: 'Admins extend, grant and end memberships and end sessions' }) }),
});
export type MemberDetail = Static<typeof MemberDetail>;
export const MemberDetailResponse = { 200: Envelope(MemberDetail) };

export const ExtendBody = Type.Object({ memberId: Id, days: Days, reason: Reason, requestId: RequestId });
export type ExtendBody = Static<typeof ExtendBody>;
export const GrantBody = Type.Object({
  memberId: Id,
  planId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: M.planInvalid }),
  days: Type.Optional(Days),
  reason: Reason,
  requestId: RequestId,
});
export type GrantBody = Static<typeof GrantBody>;
export const EndBody = Type.Object({ memberId: Id, reason: Reason, requestId: RequestId });
export type EndBody = Static<typeof EndBody>;
export const EndSessionsBody = Type.Object({ memberId: Id, reason: Type.Optional(Reason), requestId: RequestId });
export type EndSessionsBody = Static<typeof EndSessionsBody>;

export const MemberActionResult = Type.Object({
  action: Type.String(),
  memberId: Type.Integer(),
  /** The membership after the change (or the session count ended). */
  serviceType: Type.Integer(),
  serviceEndDate: Type.String(),
  sessionsEnded: Type.Integer(),
  replayed: Type.Boolean({ description: 'true when this request id had already been applied: nothing changed now' }),
});
export type MemberActionResult = Static<typeof MemberActionResult>;
export const MemberActionResponse = { 200: Envelope(MemberActionResult) };
