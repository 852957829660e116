// The wire shapes of the orders console's routes (/api/editor/orders/*). The service (orders.ts)
// checks the rules again and names the field; the schemas keep the types and outer bounds.
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';
import { ORDER_LIMITS, ORDER_PROVIDERS, OrderMessages as M } from './ordersMessages.js';

const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

const Ordersn = Type.String({ minLength: 1, maxLength: 40, description: 'The order number (ordersn)', errorMessage: M.ordersnRequired });

/** Every filter of the list, and of the export (the same orders). */
export const orderFilterProperties = {
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: '0 unpaid, 1 paid, 2 closed, 3 refunded', errorMessage: M.statusInvalid })),
  provider: Type.Optional(StringEnum(ORDER_PROVIDERS, { description: 'Who confirmed the payment', errorMessage: M.providerInvalid })),
  planId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The plan bought', errorMessage: M.planInvalid })),
  startDate: Ymd('Created on or after this day, YYYYMMDD (Asia/Shanghai), with endDate'),
  endDate: Ymd('Created on or before this day, YYYYMMDD (Asia/Shanghai), with startDate'),
  keyword: Type.Optional(
    Type.String({ maxLength: ORDER_LIMITS.keyword, description: 'Part of the order number, or of the member’s mobile number or username', errorMessage: M.keywordTooLong }),
  ),
};
export const OrderFilter = Type.Object(orderFilterProperties);
export type OrderFilter = Static<typeof OrderFilter>;

export const OrderListBody = Type.Object({ ...pageQueryProperties, ...orderFilterProperties });
export type OrderListBody = Static<typeof OrderListBody>;

export const ConsoleOrder = Type.Object({
  id: Type.Integer(),
  ordersn: Type.String(),
  memberId: Type.Integer(),
  username: Type.String(),
  mobile: Type.String(),
  planId: Type.Integer(),
  serviceTitle: Type.String(),
  serviceType: Type.Integer(),
  priceFen: Type.Integer({ description: 'What the order costs, in fen (kept from when it was made)' }),
  status: Type.Integer({ description: '0 unpaid, 1 paid, 2 closed, 3 refunded' }),
  statusLabel: Type.String(),
  kind: Type.String({ description: 'purchase or renewal' }),
  payProvider: Type.String({ description: "sandbox, wechatpay, alipay, or '' while unpaid" }),
  payChannel: Type.String({ description: "wechat, alipay, or ''" }),
  tradeNo: Type.String(),
  refundNo: Type.String(),
  createdAt: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai)' }),
  paidAt: Type.String({ description: "YYYY-MM-DD HH:mm, or ''" }),
  closedAt: Type.String(),
  refundedAt: Type.String(),
  hiddenByMember: Type.Boolean({ description: 'The member deleted it from their list' }),
});
export type ConsoleOrder = Static<typeof ConsoleOrder>;

const StatusTotal = Type.Object({ status: Type.Integer(), label: Type.String(), count: Type.Integer(), sumFen: Type.Integer() });
export const OrderTotals = Type.Object({
  count: Type.Integer({ description: 'Orders matching the filters (every page)' }),
  sumFen: Type.Integer({ description: 'Sum of their prices, in fen' }),
  byStatus: Type.Array(StatusTotal, { description: 'The same, per status (0–3, each listed)' }),
});
export type OrderTotals = Static<typeof OrderTotals>;

export const OrderListResponse = { 200: Envelope(Type.Object({ ...PageResultSchema(ConsoleOrder).properties, totals: OrderTotals })) };

export const OrderSnBody = Type.Object({ ordersn: Ordersn });
export type OrderSnBody = Static<typeof OrderSnBody>;

const Attempt = Type.Object({
  outTradeNo: Type.String(),
  provider: Type.String(),
  channel: Type.String(),
  method: Type.String(),
  amountFen: Type.Integer(),
  status: Type.Integer({ description: '0 open, 1 paid, 2 closed' }),
  statusLabel: Type.String(),
  tradeNo: Type.String(),
  createdAt: Type.String(),
  paidAt: Type.String(),
});
const ProviderEvent = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  kind: Type.String({ description: 'notify (a provider notification), reconcile, renew, refund, close' }),
  outTradeNo: Type.String(),
  outcome: Type.String(),
  detail: Type.String(),
  createdAt: Type.String({ description: 'YYYY-MM-DD HH:mm:ss (Asia/Shanghai)' }),
});
const Period = Type.Object({ kind: Type.String(), startsAt: Type.String(), endsAt: Type.String() });
const OrderAuditEntry = Type.Object({ action: Type.String(), actorName: Type.String(), at: Type.String(), note: Type.String() });
export const OrderDetail = Type.Object({
  order: ConsoleOrder,
  attempts: Type.Array(Attempt),
  events: Type.Array(ProviderEvent, { description: 'payment_events of its payments (and agreement), oldest first' }),
  periods: Type.Array(Period, { description: 'The membership periods this order bought (as they are now)' }),
  audit: Type.Array(OrderAuditEntry, { description: 'Console actions on it (refunds), newest first' }),
});
export type OrderDetail = Static<typeof OrderDetail>;
export const OrderDetailResponse = { 200: Envelope(OrderDetail) };

export const RefundBody = Type.Object({
  ordersn: Ordersn,
  reason: Type.String({ maxLength: 2000, description: `Why (required, up to ${ORDER_LIMITS.reason} characters); sent to the provider and kept in the audit trail`, errorMessage: M.reasonRequired }),
});
export type RefundBody = Static<typeof RefundBody>;
export const RefundResponse = {
  200: Envelope(Type.Object({ order: ConsoleOrder, revokedDays: Type.Number({ description: 'Membership taken back, in days' }), providerStatus: Type.String() })),
};

export const ExportBody = Type.Object({ ...orderFilterProperties, format: StringEnum(['csv', 'xlsx'] as const, { errorMessage: M.formatInvalid }) });
export type ExportBody = Static<typeof ExportBody>;

const Fix = Type.Object({ action: Type.String(), label: Type.String(), ordersn: Type.String(), outTradeNo: Type.String() });
export const ReconcileRun = Type.Object({
  id: Type.Integer(),
  startedAt: Type.String({ description: 'YYYY-MM-DD HH:mm:ss (Asia/Shanghai)' }),
  finishedAt: Type.String({ description: "'' while running (or when its process died)" }),
  checked: Type.Integer(),
  fulfilled: Type.Integer(),
  agreementsSigned: Type.Integer(),
  attemptsClosed: Type.Integer(),
  ordersClosed: Type.Integer(),
  qrExpired: Type.Integer(),
  errors: Type.Integer(),
  error: Type.String(),
  fixed: Type.Array(Fix),
});
export type ReconcileRun = Static<typeof ReconcileRun>;
export const ReconcileRunsResponse = { 200: Envelope(Type.Object({ runs: Type.Array(ReconcileRun) })) };
