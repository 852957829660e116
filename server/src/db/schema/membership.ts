import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { memberRef } from './account.js';
import { articles } from './content.js';

/** Paid plans (spec §3 Service plan). type 1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly. */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: integer('id').primaryKey(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    /** Number of months one payment buys. */
    months: smallint('months').notNull(),
    pcImg: text('pc_img').notNull().default(''),
    mobileImg: text('mobile_img').notNull().default(''),
    /** Comma list of equity_items ids. */
    memberEquityId: varchar('member_equity_id', { length: 128 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    sort: smallint('sort').notNull().default(0),
    /** 1 on sale (readers see it and may order it), 0 not. */
    enabled: smallint('enabled').notNull().default(1),
    /** Raised by every console save (the on-sale switch excepted); a save names the revision it was based on. */
    revision: integer('revision').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    uniqueIndex('service_plans_type_key').on(t.type),
    check('service_plans_type_check', sql`${t.type} between 1 and 4`),
    check('service_plans_price_check', sql`${t.priceFen} > 0`),
  ],
);

/** The plan a row is for: service_plan_id not null. */
const planRef = () =>
  integer('service_plan_id')
    .notNull()
    .references(() => servicePlans.id);

/** Benefits listed beside the plans (spec §3: id, icon, title, infos). */
export const equityItems = pgTable('equity_items', {
  id: integer('id').primaryKey(),
  icon: text('icon').notNull().default(''),
  title: varchar('title', { length: 64 }).notNull(),
  infos: text('infos').notNull().default(''),
  sort: smallint('sort').notNull().default(0),
});

/**
 * Membership periods, one row per paid period. The member's service_type is derived from them:
 * a period covering now gives its type, only past periods give 6 (expired), none gives 0.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    serviceType: smallint('service_type').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    orderId: integer('order_id'),
    /** paid (bought by order_id), grace (kept on while a continuous plan's renewal is retried), seed (demo). */
    kind: varchar('kind', { length: 16 }).notNull().default('paid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('memberships_order_idx').on(t.orderId),
    index('memberships_member_ends_idx').on(t.memberId, t.endsAt.desc().nullsFirst()),
    check('memberships_service_type_check', sql`${t.serviceType} between 1 and 4`),
    check('memberships_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Orders for plans (spec §3 Order). status: 0 awaiting payment, 1 paid, 2 closed (cancelled, deleted
 * or expired unpaid), 3 refunded. A closed order still becomes paid when a payment for it is
 * confirmed (the money was taken); a paid or refunded order never goes back.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    ordersn: varchar('ordersn', { length: 40 }).notNull(),
    memberId: memberRef(),
    servicePlanId: planRef(),
    serviceType: smallint('service_type').notNull(),
    serviceTitle: varchar('service_title', { length: 64 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    /** wechat | alipay: how it was paid (set when paid). */
    payChannel: varchar('pay_channel', { length: 16 }),
    /** sandbox | wechatpay | alipay: who confirmed the payment. */
    payProvider: varchar('pay_provider', { length: 16 }),
    status: smallint('status').notNull().default(0),
    /** purchase (a member's order) or renewal (charged by a continuous plan's agreement). */
    kind: varchar('kind', { length: 16 }).notNull().default('purchase'),
    agreementId: integer('agreement_id'),
    /** The provider's transaction id and our trade number of the payment that paid it. */
    tradeNo: varchar('trade_no', { length: 64 }),
    paidOutTradeNo: varchar('paid_out_trade_no', { length: 40 }),
    paidAt: at('paid_at'),
    /** An unpaid order is closed after this (the reconciler); asking again then makes a new one. */
    expiresAt: at('expires_at'),
    closedAt: at('closed_at'),
    refundedAt: at('refunded_at'),
    refundNo: varchar('refund_no', { length: 64 }),
    /** A refund under way (its provider call); another refund waits until it is done or this is old. */
    refundClaimedAt: at('refund_claimed_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_orders_ordersn_key').on(t.ordersn),
    index('service_orders_member_idx').on(t.memberId, t.createdAt.desc().nullsFirst()),
    // One open purchase per member and plan: a double click (or two tabs) reuses it.
    uniqueIndex('service_orders_open_key')
      .on(t.memberId, t.servicePlanId)
      .where(sql`${t.status} = 0 and ${t.kind} = 'purchase'`),
    index('service_orders_open_idx').on(t.createdAt).where(sql`${t.status} = 0`),
    check('service_orders_status_check', sql`${t.status} between 0 and 3`),
    check('service_orders_price_check', sql`${t.priceFen} > 0`),
  ],
);

/**
 * One payment started with a provider for an order: its own trade number (out_trade_no), so an
 * order can be offered as a WeChat QR, then in a phone browser, then by Alipay, and whichever is
 * paid pays the order. status: 0 open, 1 paid, 2 closed at the provider.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    /** wechat | alipay */
    channel: varchar('channel', { length: 16 }).notNull(),
    /** sandbox | wechatpay | alipay */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** native | h5 | jsapi | wap | page | sign */
    method: varchar('method', { length: 16 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 40 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    openid: varchar('openid', { length: 128 }),
    /** What the client is given: code_url, h5_url, the form HTML or the JSAPI parameters (JSON); null while being created. */
    payload: text('payload'),
    status: smallint('status').notNull().default(0),
    tradeNo: varchar('trade_no', { length: 64 }),
    paidAt: at('paid_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_out_trade_no_key').on(t.outTradeNo),
    index('payment_attempts_order_idx').on(t.orderId),
    // Two clicks at once create one attempt per order and way of paying.
    uniqueIndex('payment_attempts_open_key').on(t.orderId, t.provider, t.method).where(sql`${t.status} = 0`),
    index('payment_attempts_open_idx').on(t.createdAt).where(sql`${t.status} = 0`),
  ],
);

/**
 * A continuous plan's renewal agreement (Alipay's periodic deduction, or the sandbox's). status:
 * 0 signing (first payment started), 1 active (charged every period), 2 stopped (unsigned),
 * 3 lapsed (renewals failed past the grace period).
 */
export const payAgreements = pgTable(
  'pay_agreements',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    servicePlanId: planRef(),
    serviceType: smallint('service_type').notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** Ours, sent when signing; the provider's agreement number arrives with the sign notification. */
    externalAgreementNo: varchar('external_agreement_no', { length: 40 }).notNull(),
    agreementNo: varchar('agreement_no', { length: 64 }),
    status: smallint('status').notNull().default(0),
    /** When the next renewal is charged (a day before the paid time ends); null until active. */
    nextChargeAt: at('next_charge_at'),
    failures: smallint('failures').notNull().default(0),
    lastError: varchar('last_error', { length: 256 }),
    graceUntil: at('grace_until'),
    signedAt: at('signed_at'),
    stoppedAt: at('stopped_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pay_agreements_external_key').on(t.externalAgreementNo),
    uniqueIndex('pay_agreements_active_key').on(t.memberId).where(sql`${t.status} = 1`),
    index('pay_agreements_due_idx').on(t.nextChargeAt).where(sql`${t.status} = 1`),
    check('pay_agreements_status_check', sql`${t.status} between 0 and 3`),
  ],
);

/**
 * Desktop Alipay by QR (spec §2.14, §4): the record a phone opens at
 * /qrcode-member-ali-pay/{id}/{token}. status: 0 new, 1 scanned, 2 paid, 3 expired. The token in
 * the URL is a payment-only token (kept as its SHA-256), not the member's session token.
 */
export const qrcodeInfos = pgTable(
  'qrcode_infos',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    servicePlanId: planRef(),
    /** JSON text {"service_id": …} as the client sent it (without the token). */
    resultData: text('result_data').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(0),
    ordersn: varchar('ordersn', { length: 40 }),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('qrcode_infos_member_idx').on(t.memberId), uniqueIndex('qrcode_infos_token_key').on(t.tokenHash)],
);

/** The subscription screen's FAQ (kind qa) and the membership agreement (kind xieyi). */
export const subscribeTexts = pgTable('subscribe_texts', {
  id: integer('id').primaryKey(),
  kind: varchar('kind', { length: 8 }).notNull(),
  title: varchar('title', { length: 128 }).notNull(),
  content: text('content').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/**
 * What happened with the providers, for operators: every notification (also rejected ones),
 * reconciliation, renewal charge and refund. Never holds keys; bodies are kept only when verified.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** notify | reconcile | renew | refund | close */
    kind: varchar('kind', { length: 16 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }),
    /** e.g. applied, duplicate, bad_signature, amount_mismatch, merchant_mismatch, paid_twice */
    outcome: varchar('outcome', { length: 32 }).notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_trade_idx').on(t.outTradeNo), index('payment_events_created_idx').on(t.createdAt)],
);

/** What one run of the reconciler changed: an order it fulfilled or closed, an attempt, an agreement. */
export interface ReconcileFix {
  /** fulfilled | attempt_closed | order_closed | agreement_signed */
  action: string;
  ordersn: string;
  outTradeNo?: string;
}

/**
 * Each run of the reconciler (payments.reconcile, on its timer or from the command line): when it
 * started and finished, what it counted and the orders it fixed (the console's 订单 page shows the
 * latest). A run that failed keeps its error; one whose process died keeps finished_at null.
 */
export const reconcileRuns = pgTable(
  'reconcile_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    checked: integer('checked').notNull().default(0),
    fulfilled: integer('fulfilled').notNull().default(0),
    agreementsSigned: integer('agreements_signed').notNull().default(0),
    attemptsClosed: integer('attempts_closed').notNull().default(0),
    ordersClosed: integer('orders_closed').notNull().default(0),
    qrExpired: integer('qr_expired').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    fixed: jsonb('fixed').$type<ReconcileFix[]>().notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
  },
  (t) => [index('reconcile_runs_started_idx').on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * The local sandbox cashier's own ledger: what a real provider keeps on its side (trade state,
 * agreements). Only the sandbox provider reads and writes it.
 */
export const sandboxTrades = pgTable('sandbox_trades', {
  outTradeNo: varchar('out_trade_no', { length: 40 }).primaryKey(),
  channel: varchar('channel', { length: 16 }).notNull(),
  method: varchar('method', { length: 16 }).notNull(),
  description: varchar('description', { length: 128 }).notNull(),
  amountFen: integer('amount_fen').notNull(),
  /** NOTPAY | SUCCESS | CLOSED | REFUND */
  state: varchar('state', { length: 16 }).notNull().default('NOTPAY'),
  tradeNo: varchar('trade_no', { length: 64 }),
  /** Continuous plans: the agreement to sign with the payment. */
  externalAgreementNo: varchar('external_agreement_no', { length: 40 }),
  agreementPeriodMonths: smallint('agreement_period_months'),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url'),
  paidAt: at('paid_at'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

export const sandboxAgreements = pgTable('sandbox_agreements', {
  agreementNo: varchar('agreement_no', { length: 64 }).primaryKey(),
  externalAgreementNo: varchar('external_agreement_no', { length: 40 }).notNull(),
  /** NORMAL | STOP */
  state: varchar('state', { length: 16 }).notNull().default('NORMAL'),
  /** Set from the sandbox page or by tests: renewal charges fail (as with an empty balance). */
  failCharges: smallint('fail_charges').notNull().default(0),
  notifyUrl: text('notify_url').notNull(),
  createdAt: createdAt(),
});

/**
 * The one free read per member per calendar month (Asia/Shanghai). The unique key makes the
 * claim atomic: a second claim in the same month fails on insert (ARCHITECTURE §3.3).
 */
export const freeReadClaims = pgTable(
  'free_read_claims',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    /** YYYYMM in Asia/Shanghai time. */
    month: varchar('month', { length: 6 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('free_read_claims_member_month_key').on(t.memberId, t.month),
    index('free_read_claims_member_item_idx').on(t.memberId, t.kind, t.itemId),
  ],
);

/**
 * Articles a member may read for good whatever their membership, granted by a claimed free read.
 * Written in the same transaction as the claim (membership service, claimFreeRead).
 */
export const articleEntitlements = pgTable(
  'article_entitlements',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** How it was granted: free_read (the only way for now). */
    source: varchar('source', { length: 16 }).notNull().default('free_read'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('article_entitlements_member_article_key').on(t.memberId, t.articleId)],
);
