import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  memberships,
  payAgreements,
  paymentAttempts,
  paymentEvents,
  qrcodeInfos,
  reconcileRuns,
  serviceOrders,
  servicePlans,
  type ReconcileFix,
} from '../../db/schema/index.js';
import {
  ProviderCallError,
  type CreatedPayment,
  type PayChannel,
  type PayMethod,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentProviders,
  type TradeState,
} from '../../providers/payment/index.js';
import { PayMessages, PayRefusal } from './messages.js';
import type { MembershipService } from './service.js';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Key space of the per-member advisory lock that serialises membership extensions. */
export const MEMBERSHIP_LOCK = 7_270_302;
/** A payment link is handed out again only while it has at least this long to live. */
const REUSE_MARGIN_MS = 5 * 60_000;
/** How long a QR record of the desktop Alipay flow can be scanned and paid from. */
const QR_TTL_MS = 30 * 60_000;
/** A cancellation of auto-renewal not finished within this time (its call died) may be taken over. */
const CANCEL_CLAIM_MS = 2 * 60_000;
/** A refund whose provider call has not finished within this time (its process died) may be taken over. */
const REFUND_CLAIM_MS = 2 * 60_000;
/** At most this many fixed orders are kept with a reconciler run. */
const RECONCILE_FIXES_KEPT = 500;
/** How long a second cancellation waits, in 100 ms rounds, for the first one's answer. */
const CANCEL_WAIT_ROUNDS = 150;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof serviceOrders.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type AgreementRow = typeof payAgreements.$inferSelect;
export type QrRow = typeof qrcodeInfos.$inferSelect;
type PlanRow = typeof servicePlans.$inferSelect;

/**
 * The same wall-clock time `months` calendar months later in Asia/Shanghai (no daylight saving:
 * a fixed +08:00), the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb).
 */
export function addMonthsShanghai(instant: Date, months: number): Date {
  const local = new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const t = Date.UTC(y, m, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(t - SHANGHAI_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
export const shanghaiDateTime = (instant: Date) =>
  new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** QY + yyMMddHHmmss (Shanghai) + 6 random digits: 20 characters, unique by its index. */
export function newOrdersn(at: Date): string {
  const stamp = new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(2, 14);
  return `QY${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** A payment's trade number at the provider: the order number and 6 random characters (≤ 32, [A-Za-z0-9_]). */
const newOutTradeNo = (ordersn: string) => `${ordersn}_${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 6)}`;

export const hashQrToken = (token: string) => createHash('sha256').update(token).digest('hex');

const isContinuous = (type: number) => type === 3 || type === 4;
const continuousMessage = (type: number) => (type === 4 ? PayMessages.continuousYearly : PayMessages.continuousMonthly);

export interface StartPaymentArgs {
  memberId: number;
  planId: number;
  channel: PayChannel;
  method: PayMethod;
  clientIp: string;
  /** Absolute origin for links handed out (the sandbox cashier), e.g. http://localhost:8080. */
  origin: string;
  openid?: string;
  /** Absolute URL the cashier returns to. */
  returnUrl?: string;
}

export interface StartedPayment {
  order: OrderRow;
  attempt: AttemptRow;
  payment: CreatedPayment;
}

export type FulfilOutcome = 'applied' | 'duplicate' | 'paid_twice' | 'after_refund' | 'amount_mismatch' | 'unknown_trade';

export interface ReconcileSummary {
  checked: number;
  fulfilled: number;
  agreementsSigned: number;
  attemptsClosed: number;
  ordersClosed: number;
  qrExpired: number;
  errors: number;
}

export interface RenewalSummary {
  due: number;
  charged: number;
  failed: number;
  lapsed: number;
  pending: number;
  rescheduled: number;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Orders and payments: one open order per member and plan, payment attempts with the providers,
 * verified notifications applied once under row locks, the reconciler, continuous plans'
 * agreements and renewals, refunds. The membership periods a payment buys are written here, in
 * the same transaction that marks the order paid.
 */
/** Refusals of notifications without a valid provider signature: logged, not recorded. */
const UNSIGNED_REFUSALS = new Set(['bad_signature', 'signtest_probe', 'stale']);
const UNSIGNED_REFUSAL_LOG_MS = 60_000;

export function createPaymentsService(deps: {
  db: Db;
  now: () => Date;
  settings: PaymentSettings;
  providers: PaymentProviders;
  membership: MembershipService;
  log: FastifyBaseLogger;
}) {
  const { db, now, settings, providers, membership, log } = deps;
  const orderTtlMs = settings.orderTtlMinutes * 60_000;

  async function event(provider: string, kind: string, outTradeNo: string | null, outcome: string, detail = '', tx: Db | Tx = db) {
    await tx.insert(paymentEvents).values({ provider, kind, outTradeNo, outcome, detail: detail.slice(0, 2000), createdAt: now() });
  }

  async function planById(planId: number): Promise<PlanRow> {
    const [plan] = await db
      .select()
      .from(servicePlans)
      .where(and(eq(servicePlans.id, planId), eq(servicePlans.enabled, 1)))
      .limit(1);
    if (!plan) throw new PayRefusal(PayMessages.planNotFound);
    return plan;
  }

  /** Spec §6: members on a continuous plan cannot buy again (while their agreement runs). */
  async function purchaseRefusal(memberId: number): Promise<string | null> {
    const [agreement] = await db
      .select({ serviceType: payAgreements.serviceType })
      .from(payAgreements)
      .where(and(eq(payAgreements.memberId, memberId), eq(payAgreements.status, 1)))
      .limit(1);
    if (agreement) return continuousMessage(agreement.serviceType);
    const sub = await membership.subscriptionOf(memberId);
    if (isContinuous(sub.serviceType)) {
      // A continuous period whose agreement was stopped (unsigned, lapsed) no longer renews: buying is allowed.
      const [stopped] = await db
        .select({ id: payAgreements.id })
        .from(payAgreements)
        .where(and(eq(payAgreements.memberId, memberId), inArray(payAgreements.status, [2, 3])))
        .limit(1);
      if (!stopped) return continuousMessage(sub.serviceType);
    }
    return null;
  }

  /** The member's open order for the plan, or a new one; concurrent calls get the same order. */
  async function openOrder(memberId: number, plan: PlanRow): Promise<OrderRow> {
    for (let round = 0; round < 3; round += 1) {
      const at = now();
      const [existing] = await db
        .select()
        .from(serviceOrders)
        .where(
          and(
            eq(serviceOrders.memberId, memberId),
            eq(serviceOrders.servicePlanId, plan.id),
            eq(serviceOrders.status, 0),
            eq(serviceOrders.kind, 'purchase'),
          ),
        )
        .limit(1);
      if (existing) {
        if (existing.priceFen === plan.priceFen && existing.expiresAt && existing.expiresAt.getTime() - at.getTime() > REUSE_MARGIN_MS) {
          return existing;
        }
        // About to expire (or the price changed): close it properly, then make a fresh one.
        await closeOrder(existing.id, 'expired');
        continue;
      }
      const [created] = await db
        .insert(serviceOrders)
        .values({
          ordersn: newOrdersn(at),
          memberId,
          servicePlanId: plan.id,
          serviceType: plan.type,
          serviceTitle: plan.title,
          priceFen: plan.priceFen,
          kind: 'purchase',
          expiresAt: new Date(at.getTime() + orderTtlMs),
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      // Another request made it at the same moment (the partial unique index): use that one.
    }
    throw new Error('could not open an order');
  }

  /** A continuous plan's first order carries a pending agreement (signed with the payment). */
  async function pendingAgreement(order: OrderRow, channel: PayChannel, provider: PaymentProvider, plan: PlanRow): Promise<AgreementRow> {
    const externalAgreementNo = `QYA${order.ordersn}`;
    await db
      .insert(payAgreements)
      .values({
        memberId: order.memberId,
        servicePlanId: plan.id,
        serviceType: plan.type,
        channel,
        provider: provider.name,
        externalAgreementNo,
        createdAt: now(),
      })
      .onConflictDoNothing();
    const [agreement] = await db.select().from(payAgreements).where(eq(payAgreements.externalAgreementNo, externalAgreementNo)).limit(1);
    await db
      .update(serviceOrders)
      .set({ agreementId: agreement!.id })
      .where(and(eq(serviceOrders.id, order.id), isNull(serviceOrders.agreementId)));
    return agreement!;
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * Starts (or reuses) a payment of a plan: the open order, then one attempt per way of paying
   * (a double click gets the same QR code), created at the provider outside any transaction.
   */
  async function startPayment(args: StartPaymentArgs): Promise<StartedPayment> {
    const plan = await planById(args.planId);
    const refusal = await purchaseRefusal(args.memberId);
    if (refusal) throw new PayRefusal(refusal);
    if (isContinuous(plan.type) && args.method !== 'sign') throw new PayRefusal(PayMessages.continuousNeedsSign);
    if (!isContinuous(plan.type) && args.method === 'sign') throw new PayRefusal(PayMessages.signOnlyContinuous);
    const provider = providers.channels[args.channel];
    if (!provider || !provider.supports(args.channel, args.method)) {
      throw new PayRefusal(args.channel === 'wechat' ? PayMessages.wechatOff : PayMessages.alipayOff);
    }
    if (args.method === 'jsapi' && !args.openid) throw new PayRefusal(PayMessages.openIdFailed);

    const order = await openOrder(args.memberId, plan);
    const agreement = isContinuous(plan.type) ? await pendingAgreement(order, args.channel, provider, plan) : undefined;

    for (let waited = 0; waited < 100; waited += 1) {
      const at = now();
      const [open] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.orderId, order.id),
            eq(paymentAttempts.provider, provider.name),
            eq(paymentAttempts.method, args.method),
            eq(paymentAttempts.status, 0),
          ),
        )
        .limit(1);
      if (open) {
        const fresh = open.expiresAt.getTime() - at.getTime() > REUSE_MARGIN_MS / 5;
        if (open.payload === null && at.getTime() - open.createdAt.getTime() < 30_000) {
          // Being created by a simultaneous request: wait for it.
          await sleep(50);
          continue;
        }
        if (open.payload !== null && fresh && (args.method !== 'jsapi' || open.openid === args.openid)) {
          return { order, attempt: open, payment: JSON.parse(open.payload) as CreatedPayment };
        }
        await closeAttempt(open, provider);
        continue;
      }
      const outTradeNo = newOutTradeNo(order.ordersn);
      const [attempt] = await db
        .insert(paymentAttempts)
        .values({
          orderId: order.id,
          channel: args.channel,
          provider: provider.name,
          method: args.method,
          outTradeNo,
          amountFen: order.priceFen,
          openid: args.openid,
          expiresAt: order.expiresAt ?? new Date(at.getTime() + orderTtlMs),
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (!attempt) continue;
      let payment: CreatedPayment;
      try {
        payment = await provider.create({
          channel: args.channel,
          method: args.method,
          outTradeNo,
          amountFen: order.priceFen,
          description: `千言医学-${plan.title}`,
          expiresAt: attempt.expiresAt,
          clientIp: args.clientIp,
          openid: args.openid,
          returnUrl: args.returnUrl,
          origin: args.origin,
          agreement: agreement && {
            externalAgreementNo: agreement.externalAgreementNo,
            periodMonths: plan.months,
            singleAmountFen: plan.priceFen,
            firstChargeDate: shanghaiDateTime(addMonthsShanghai(at, plan.months)).slice(0, 10),
          },
        });
      } catch (err) {
        await db.delete(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
        log.error({ err, outTradeNo, provider: provider.name }, 'payment could not be created');
        throw new PayRefusal(PayMessages.providerDown);
      }
      const payload = JSON.stringify(payment);
      await db.update(paymentAttempts).set({ payload }).where(eq(paymentAttempts.id, attempt.id));
      return { order, attempt: { ...attempt, payload }, payment };
    }
    throw new PayRefusal(PayMessages.providerDown);
  }

  /** Closes an attempt at its provider; a payment that slipped in meanwhile is fulfilled instead. */
  async function closeAttempt(attempt: AttemptRow, provider = providers.byName(attempt.provider)): Promise<'closed' | 'paid' | 'failed'> {
    if (!provider) return 'failed';
    try {
      const result = await provider.close(attempt.outTradeNo, attempt.channel as PayChannel);
      if (result === 'paid') {
        const state = await provider.query(attempt.outTradeNo, attempt.channel as PayChannel);
        if (state.state === 'SUCCESS' || state.state === 'REFUND') {
          await fulfil(provider.name, attempt.outTradeNo, paidFacts(attempt, state), 'close');
          return 'paid';
        }
        return 'failed';
      }
      await db
        .update(paymentAttempts)
        .set({ status: 2 })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 0)));
      return 'closed';
    } catch (err) {
      log.warn({ err, outTradeNo: attempt.outTradeNo }, 'closing a payment at the provider failed; the reconciler retries');
      return 'failed';
    }
  }

  const paidFacts = (attempt: AttemptRow, state: TradeState) => ({
    tradeNo: state.tradeNo ?? '',
    amountFen: state.amountFen ?? Number.NaN,
    paidAt: state.paidAt ?? now(),
    agreementNo: state.agreementNo,
  });

  /** Closes an unpaid order (expired, deleted); its open attempts are closed at their providers. */
  async function closeOrder(orderId: number, why: 'expired' | 'deleted'): Promise<void> {
    const at = now();
    await db
      .update(serviceOrders)
      .set({ status: 2, closedAt: at, ...(why === 'deleted' ? { deletedAt: at } : {}) })
      .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.status, 0)));
    const open = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 0)));
    for (const attempt of open) await closeAttempt(attempt);
  }

  /** Truncates grace periods at `at`: a payment replaces them. */
  async function endGrace(tx: Tx, memberId: number, at: Date) {
    await tx
      .delete(memberships)
      .where(and(eq(memberships.memberId, memberId), eq(memberships.kind, 'grace'), sql`${memberships.startsAt} >= ${at}`));
    await tx
      .update(memberships)
      .set({ endsAt: at })
      .where(and(eq(memberships.memberId, memberId), eq(memberships.kind, 'grace'), gt(memberships.endsAt, at)));
  }

  /** The end of the member's latest period (paid or grace), or null. */
  async function latestEnd(tx: Db | Tx, memberId: number, kind?: 'paid'): Promise<Date | null> {
    const [row] = await tx
      .select({ endsAt: memberships.endsAt })
      .from(memberships)
      .where(and(eq(memberships.memberId, memberId), ...(kind ? [ne(memberships.kind, 'grace')] : [])))
      .orderBy(desc(memberships.endsAt))
      .limit(1);
    return row?.endsAt ?? null;
  }

  /**
   * Applies a confirmed payment (a verified notification, a provider query, a renewal charge),
   * once: in one transaction with the attempt and the order locked (SELECT … FOR UPDATE) and the
   * member's extensions serialised, so duplicates and races never extend twice. The amount must
   * be the attempt's. A closed order still becomes paid (the money was taken); a paid or refunded
   * one never changes.
   */
  async function fulfil(
    providerName: string,
    outTradeNo: string,
    paid: { tradeNo: string; amountFen: number; paidAt: Date; agreementNo?: string },
    source: string,
  ): Promise<FulfilOutcome> {
    const outcome = await db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.outTradeNo, outTradeNo)).for('update');
      if (!attempt || attempt.provider !== providerName) return { outcome: 'unknown_trade' as const };
      if (paid.amountFen !== attempt.amountFen) {
        return { outcome: 'amount_mismatch' as const, detail: `paid ${paid.amountFen} fen, expected ${attempt.amountFen}` };
      }
      const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, attempt.orderId)).for('update');
      if (!order) return { outcome: 'unknown_trade' as const };
      if (attempt.status === 1) return { outcome: 'duplicate' as const };
      const at = now();
      await tx
        .update(paymentAttempts)
        .set({ status: 1, tradeNo: paid.tradeNo, paidAt: paid.paidAt })
        .where(eq(paymentAttempts.id, attempt.id));
      if (order.status === 1) {
        // Paid twice (two ways of paying both completed): keep the record; an operator refunds it.
        return { outcome: 'paid_twice' as const, detail: `order ${order.ordersn} was already paid by ${order.paidOutTradeNo}` };
      }
      if (order.status === 3) return { outcome: 'after_refund' as const, detail: `order ${order.ordersn} was refunded` };

      await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK}, ${order.memberId})`);
      const [plan] = await tx.select().from(servicePlans).where(eq(servicePlans.id, order.servicePlanId));
      await endGrace(tx, order.memberId, at);
      const end = await latestEnd(tx, order.memberId);
      const startsAt = end && end > at ? end : at;
      const endsAt = addMonthsShanghai(startsAt, plan!.months);
      await tx.insert(memberships).values({
        memberId: order.memberId,
        serviceType: order.serviceType,
        startsAt,
        endsAt,
        orderId: order.id,
        kind: 'paid',
        createdAt: at,
      });
      await tx
        .update(serviceOrders)
        .set({
          status: 1,
          paidAt: paid.paidAt,
          payChannel: attempt.channel,
          payProvider: attempt.provider,
          tradeNo: paid.tradeNo,
          paidOutTradeNo: attempt.outTradeNo,
          // A deleted order that gets paid shows again: the member paid for it.
          deletedAt: null,
        })
        .where(eq(serviceOrders.id, order.id));
      if (order.agreementId) {
        const [agreement] = await tx.select().from(payAgreements).where(eq(payAgreements.id, order.agreementId)).for('update');
        if (agreement && (agreement.status === 0 || agreement.status === 1)) {
          const activate = agreement.status === 0 && paid.agreementNo;
          await tx
            .update(payAgreements)
            .set({
              nextChargeAt: new Date(endsAt.getTime() - settings.renewal.leadMs),
              failures: 0,
              graceUntil: null,
              lastError: null,
              ...(activate ? { status: 1, agreementNo: paid.agreementNo, signedAt: at } : {}),
            })
            .where(eq(payAgreements.id, agreement.id));
        }
      }
      await tx.update(qrcodeInfos).set({ status: 2 }).where(eq(qrcodeInfos.ordersn, order.ordersn));
      return { outcome: 'applied' as const, detail: `${order.ordersn} ${startsAt.toISOString()}..${endsAt.toISOString()}` };
    });
    await event(providerName, source, outTradeNo, outcome.outcome, 'detail' in outcome ? (outcome.detail ?? '') : '');
    if (outcome.outcome === 'paid_twice' || outcome.outcome === 'after_refund' || outcome.outcome === 'amount_mismatch') {
      log.error({ outTradeNo, outcome: outcome.outcome, provider: providerName }, 'payment needs an operator');
    }
    return outcome.outcome;
  }

  /** A continuous plan's agreement was signed at the provider. */
  async function agreementSigned(externalAgreementNo: string, agreementNo: string): Promise<'applied' | 'duplicate' | 'unknown'> {
    return db.transaction(async (tx) => {
      const [agreement] = await tx
        .select()
        .from(payAgreements)
        .where(eq(payAgreements.externalAgreementNo, externalAgreementNo))
        .for('update');
      if (!agreement) return 'unknown';
      if (agreement.status !== 0) return 'duplicate';
      const end = await latestEnd(tx, agreement.memberId, 'paid');
      const at = now();
      // Until the first payment is applied the next charge is a period away; fulfil() sets it exactly.
      const base = end && end > at ? end : addMonthsShanghai(at, agreement.serviceType === 4 ? 12 : 1);
      await tx
        .update(payAgreements)
        .set({ status: 1, agreementNo, signedAt: at, nextChargeAt: new Date(base.getTime() - settings.renewal.leadMs) })
        .where(eq(payAgreements.id, agreement.id));
      return 'applied';
    });
  }

  /** The agreement ended at the provider (the member cancelled there): no more charges. */
  async function agreementStopped(externalAgreementNo: string): Promise<'applied' | 'duplicate' | 'unknown'> {
    const [row] = await db
      .update(payAgreements)
      .set({ status: 2, stoppedAt: now(), nextChargeAt: null })
      .where(and(eq(payAgreements.externalAgreementNo, externalAgreementNo), inArray(payAgreements.status, [0, 1])))
      .returning({ id: payAgreements.id });
    if (row) return 'applied';
    const [exists] = await db.select({ id: payAgreements.id }).from(payAgreements).where(eq(payAgreements.externalAgreementNo, externalAgreementNo));
    return exists ? 'duplicate' : 'unknown';
  }

  /**
   * Applies a verified notification. Returns whether the provider should be told it was received
   * (true) or should send it again (false: something an operator must look at).
   */
  async function applyNotification(providerName: string, n: PaymentNotification): Promise<boolean> {
    switch (n.type) {
      case 'paid': {
        const outcome = await fulfil(providerName, n.outTradeNo, n, 'notify');
        return outcome !== 'amount_mismatch';
      }
      case 'closed': {
        // Only an open attempt closes; nothing paid ever goes back.
        await db
          .update(paymentAttempts)
          .set({ status: 2 })
          .where(and(eq(paymentAttempts.outTradeNo, n.outTradeNo), eq(paymentAttempts.status, 0)));
        await event(providerName, 'notify', n.outTradeNo, 'closed');
        return true;
      }
      case 'signed': {
        const outcome = await agreementSigned(n.externalAgreementNo, n.agreementNo);
        await event(providerName, 'notify', n.externalAgreementNo, `signed_${outcome}`);
        return true;
      }
      case 'unsigned': {
        const outcome = await agreementStopped(n.externalAgreementNo);
        await event(providerName, 'notify', n.externalAgreementNo, `unsigned_${outcome}`);
        return true;
      }
      case 'refund':
        await event(providerName, 'notify', n.outTradeNo, n.success ? 'refund_success' : 'refund_failed');
        return true;
      default:
        await event(providerName, 'notify', null, 'ignored', n.detail);
        return true;
    }
  }

  // Refusals anyone can send (no valid signature, or a replay of an old one), per provider: logged at
  // most once a minute, with the count of those left out since the previous line.
  const unsignedRefusals = new Map<string, { loggedAt: number; since: number }>();

  /**
   * A notification that was refused; nothing else changes. One that carries no valid signature
   * (bad or missing signature, WeChat Pay's SIGNTEST probe, a stale replay) could come from anyone,
   * so a flood of them must not fill payment_events: it is logged, rate-limited. One the provider
   * did sign but that is not for this merchant or app, or cannot be read, is recorded.
   */
  async function rejectedNotification(providerName: string, reason: string, detail: string) {
    if (!UNSIGNED_REFUSALS.has(reason)) {
      await event(providerName, 'notify', null, reason, detail);
      log.warn({ provider: providerName, reason, detail }, 'payment notification rejected');
      return;
    }
    const at = now().getTime();
    const last = unsignedRefusals.get(providerName);
    if (last && at - last.loggedAt < UNSIGNED_REFUSAL_LOG_MS) {
      last.since++;
      return;
    }
    unsignedRefusals.set(providerName, { loggedAt: at, since: 0 });
    log.warn(
      { provider: providerName, reason, detail, refusedSinceLastLine: last?.since ?? 0 },
      'payment notification refused: no valid signature (not recorded; at most one line a minute per provider)',
    );
  }

  /**
   * The reconciler: asks the providers about payments left open for a few minutes (a lost
   * notification), fulfils what was paid, closes what expired or belongs to a closed order, then
   * closes expired unpaid orders and QR records.
   */
  async function reconcile(limit = 200): Promise<ReconcileSummary> {
    // Each run is kept (reconcile_runs): when, what it counted and the orders it fixed.
    const [run] = await db.insert(reconcileRuns).values({ startedAt: now() }).returning({ id: reconcileRuns.id });
    const fixes: ReconcileFix[] = [];
    try {
      const summary = await reconcileOnce(limit, fixes);
      await db
        .update(reconcileRuns)
        .set({ ...summary, finishedAt: now(), fixed: fixes.slice(0, RECONCILE_FIXES_KEPT) })
        .where(eq(reconcileRuns.id, run!.id));
      return summary;
    } catch (err) {
      await db
        .update(reconcileRuns)
        .set({ finishedAt: now(), fixed: fixes.slice(0, RECONCILE_FIXES_KEPT), error: String((err as Error)?.message ?? err).slice(0, 2000) })
        .where(eq(reconcileRuns.id, run!.id))
        .catch(() => {});
      throw err;
    }
  }

  async function reconcileOnce(limit: number, fixes: ReconcileFix[]): Promise<ReconcileSummary> {
    const at = now();
    const summary: ReconcileSummary = { checked: 0, fulfilled: 0, agreementsSigned: 0, attemptsClosed: 0, ordersClosed: 0, qrExpired: 0, errors: 0 };
    const fixed = (action: string, ordersn: string, outTradeNo?: string) => fixes.push(outTradeNo ? { action, ordersn, outTradeNo } : { action, ordersn });
    const open = await db
      .select({ attempt: paymentAttempts, orderStatus: serviceOrders.status, ordersn: serviceOrders.ordersn })
      .from(paymentAttempts)
      .innerJoin(serviceOrders, eq(serviceOrders.id, paymentAttempts.orderId))
      .where(and(eq(paymentAttempts.status, 0), lte(paymentAttempts.createdAt, new Date(at.getTime() - settings.reconcile.minAgeMs))))
      .orderBy(asc(paymentAttempts.createdAt))
      .limit(limit);
    for (const { attempt, orderStatus, ordersn } of open) {
      summary.checked += 1;
      const provider = providers.byName(attempt.provider);
      if (!provider) continue;
      try {
        if (attempt.payload === null) {
          // Its creation never finished: nothing was handed out, but close it at the provider to be sure.
          if ((await closeAttempt(attempt, provider)) === 'closed') {
            summary.attemptsClosed += 1;
            fixed('attempt_closed', ordersn, attempt.outTradeNo);
          }
          continue;
        }
        const state = await provider.query(attempt.outTradeNo, attempt.channel as PayChannel);
        if (state.state === 'SUCCESS' || state.state === 'REFUND') {
          const outcome = await fulfil(provider.name, attempt.outTradeNo, paidFacts(attempt, state), 'reconcile');
          if (outcome === 'applied') {
            summary.fulfilled += 1;
            fixed('fulfilled', ordersn, attempt.outTradeNo);
          }
          continue;
        }
        if (state.state === 'CLOSED') {
          await db.update(paymentAttempts).set({ status: 2 }).where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 0)));
          summary.attemptsClosed += 1;
          fixed('attempt_closed', ordersn, attempt.outTradeNo);
          continue;
        }
        if (orderStatus !== 0 || attempt.expiresAt <= at) {
          const result = await closeAttempt(attempt, provider);
          if (result === 'closed') {
            summary.attemptsClosed += 1;
            fixed('attempt_closed', ordersn, attempt.outTradeNo);
          } else if (result === 'paid') {
            summary.fulfilled += 1;
            fixed('fulfilled', ordersn, attempt.outTradeNo);
          } else summary.errors += 1;
        }
      } catch (err) {
        summary.errors += 1;
        log.warn({ err, outTradeNo: attempt.outTradeNo }, 'reconciling a payment failed');
      }
    }
    // Agreements still "signing" although their first payment is in: the sign notification may be lost.
    const signing = await db
      .select({ agreement: payAgreements, ordersn: serviceOrders.ordersn })
      .from(payAgreements)
      .innerJoin(serviceOrders, and(eq(serviceOrders.agreementId, payAgreements.id), eq(serviceOrders.status, 1)))
      .where(and(eq(payAgreements.status, 0), lte(payAgreements.createdAt, new Date(at.getTime() - settings.reconcile.minAgeMs))))
      .limit(limit);
    for (const { agreement, ordersn } of signing) {
      const provider = providers.byName(agreement.provider);
      if (!provider?.queryAgreement) continue;
      try {
        const agreementNo = await provider.queryAgreement(agreement.externalAgreementNo);
        if (agreementNo && (await agreementSigned(agreement.externalAgreementNo, agreementNo)) === 'applied') {
          summary.agreementsSigned += 1;
          fixed('agreement_signed', ordersn);
          await event(provider.name, 'reconcile', agreement.externalAgreementNo, 'signed_applied');
        }
      } catch (err) {
        summary.errors += 1;
        log.warn({ err, agreementId: agreement.id }, 'querying an agreement failed');
      }
    }
    // Expired unpaid orders with nothing left open at a provider.
    const expired = await db
      .select({ id: serviceOrders.id })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.status, 0),
          lte(serviceOrders.expiresAt, at),
          sql`not exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${serviceOrders.id} and ${paymentAttempts.status} = 0)`,
        ),
      )
      .limit(limit);
    if (expired.length > 0) {
      const closed = await db
        .update(serviceOrders)
        .set({ status: 2, closedAt: at })
        .where(and(inArray(serviceOrders.id, expired.map((o) => o.id)), eq(serviceOrders.status, 0)))
        .returning({ id: serviceOrders.id, ordersn: serviceOrders.ordersn });
      summary.ordersClosed = closed.length;
      for (const o of closed) fixed('order_closed', o.ordersn);
    }
    const qr = await db
      .update(qrcodeInfos)
      .set({ status: 3 })
      .where(and(inArray(qrcodeInfos.status, [0, 1]), lte(qrcodeInfos.expiresAt, at)))
      .returning({ id: qrcodeInfos.id });
    summary.qrExpired = qr.length;
    return summary;
  }

  /**
   * Continuous plans: charges every active agreement whose paid time ends within the lead time.
   * A failed charge keeps the member on for the grace period (a grace period row) and is retried;
   * when the grace period is over the agreement lapses (and is unsigned at the provider).
   */
  async function runRenewals(limit = 100): Promise<RenewalSummary> {
    const at = now();
    const summary: RenewalSummary = { due: 0, charged: 0, failed: 0, lapsed: 0, pending: 0, rescheduled: 0 };
    const due = await db
      .select()
      .from(payAgreements)
      .where(and(eq(payAgreements.status, 1), lte(payAgreements.nextChargeAt, at)))
      .orderBy(asc(payAgreements.nextChargeAt))
      .limit(limit);
    for (const agreement of due) {
      summary.due += 1;
      try {
        const result = await renewOne(agreement, at);
        summary[result] += 1;
      } catch (err) {
        summary.failed += 1;
        log.error({ err, agreementId: agreement.id }, 'renewal failed unexpectedly');
      }
    }
    return summary;
  }

  async function renewOne(agreement: AgreementRow, at: Date): Promise<'charged' | 'failed' | 'lapsed' | 'pending' | 'rescheduled'> {
    const provider = providers.byName(agreement.provider);
    const paidEnd = await latestEnd(db, agreement.memberId, 'paid');
    if (paidEnd && paidEnd.getTime() - settings.renewal.leadMs > at.getTime()) {
      // Bought more time meanwhile: charge later.
      await db
        .update(payAgreements)
        .set({ nextChargeAt: new Date(paidEnd.getTime() - settings.renewal.leadMs) })
        .where(eq(payAgreements.id, agreement.id));
      return 'rescheduled';
    }
    if (!provider?.chargeAgreement || !agreement.agreementNo) return failRenewal(agreement, at, paidEnd, 'provider cannot charge agreements');
    const [plan] = await db.select().from(servicePlans).where(eq(servicePlans.id, agreement.servicePlanId));
    // One renewal order per period: reuse an open one (a charge still being processed).
    let [order] = await db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.agreementId, agreement.id), eq(serviceOrders.kind, 'renewal'), eq(serviceOrders.status, 0)))
      .limit(1);
    if (!order) {
      [order] = await db
        .insert(serviceOrders)
        .values({
          ordersn: newOrdersn(at),
          memberId: agreement.memberId,
          servicePlanId: plan!.id,
          serviceType: plan!.type,
          serviceTitle: plan!.title,
          priceFen: plan!.priceFen,
          kind: 'renewal',
          agreementId: agreement.id,
          expiresAt: new Date(at.getTime() + orderTtlMs),
          createdAt: at,
        })
        .returning();
    }
    let [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order!.id), eq(paymentAttempts.status, 0)))
      .limit(1);
    if (!attempt) {
      [attempt] = await db
        .insert(paymentAttempts)
        .values({
          orderId: order!.id,
          channel: agreement.channel,
          provider: provider.name,
          method: 'agreement',
          outTradeNo: newOutTradeNo(order!.ordersn),
          amountFen: order!.priceFen,
          payload: '',
          expiresAt: order!.expiresAt!,
          createdAt: at,
        })
        .returning();
    }
    let state: TradeState;
    try {
      state = await provider.chargeAgreement({
        agreementNo: agreement.agreementNo,
        outTradeNo: attempt!.outTradeNo,
        amountFen: attempt!.amountFen,
        description: `千言医学-${plan!.title}（自动续费）`,
      });
    } catch (err) {
      log.warn({ err, agreementId: agreement.id }, 'renewal charge call failed');
      await event(provider.name, 'renew', attempt!.outTradeNo, 'call_failed', (err as Error).message);
      await db
        .update(payAgreements)
        .set({ nextChargeAt: new Date(at.getTime() + settings.renewal.retryMs) })
        .where(eq(payAgreements.id, agreement.id));
      return 'pending';
    }
    if (state.state === 'SUCCESS') {
      const outcome = await fulfil(provider.name, attempt!.outTradeNo, paidFacts(attempt!, state), 'renew');
      return outcome === 'applied' || outcome === 'duplicate' ? 'charged' : 'failed';
    }
    if (state.state === 'NOTPAY') {
      await db
        .update(payAgreements)
        .set({ nextChargeAt: new Date(at.getTime() + settings.renewal.retryMs) })
        .where(eq(payAgreements.id, agreement.id));
      return 'pending';
    }
    await db.update(paymentAttempts).set({ status: 2 }).where(eq(paymentAttempts.id, attempt!.id));
    await db.update(serviceOrders).set({ status: 2, closedAt: at }).where(and(eq(serviceOrders.id, order!.id), eq(serviceOrders.status, 0)));
    await event(provider.name, 'renew', attempt!.outTradeNo, 'charge_failed', state.state);
    return failRenewal(agreement, at, paidEnd, `charge ${state.state}`);
  }

  async function failRenewal(agreement: AgreementRow, at: Date, paidEnd: Date | null, reason: string): Promise<'failed' | 'lapsed'> {
    const graceUntil = agreement.graceUntil ?? new Date((paidEnd ?? at).getTime() + settings.renewal.graceMs);
    if (at >= graceUntil) {
      await db
        .update(payAgreements)
        .set({ status: 3, stoppedAt: at, nextChargeAt: null, failures: agreement.failures + 1, lastError: reason.slice(0, 256) })
        .where(eq(payAgreements.id, agreement.id));
      const provider = providers.byName(agreement.provider);
      if (provider?.unsign && agreement.agreementNo) {
        await provider.unsign(agreement.agreementNo).catch((err) => log.warn({ err, agreementId: agreement.id }, 'unsign after lapse failed'));
      }
      return 'lapsed';
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK}, ${agreement.memberId})`);
      if (!agreement.graceUntil && paidEnd && graceUntil > paidEnd) {
        // The member keeps reading while the renewal is retried.
        await tx.insert(memberships).values({
          memberId: agreement.memberId,
          serviceType: agreement.serviceType,
          startsAt: paidEnd,
          endsAt: graceUntil,
          kind: 'grace',
          createdAt: at,
        });
      }
      await tx
        .update(payAgreements)
        .set({
          failures: agreement.failures + 1,
          graceUntil,
          lastError: reason.slice(0, 256),
          nextChargeAt: new Date(Math.min(at.getTime() + settings.renewal.retryMs, graceUntil.getTime())),
        })
        .where(eq(payAgreements.id, agreement.id));
    });
    return 'failed';
  }

  /**
   * The member turns off auto-renewal: unsigned at the provider, no further charges; paid time stays.
   * Asking again (a double click, a second tab) is answered the same and unsigns nothing twice.
   */
  async function cancelAutoRenew(memberId: number): Promise<void> {
    for (let waited = 0; ; waited += 1) {
      const [agreement] = await db
        .select()
        .from(payAgreements)
        .where(and(eq(payAgreements.memberId, memberId), eq(payAgreements.status, 1)))
        .limit(1);
      if (!agreement) {
        // Already stopped (an earlier call, the provider, a lapse): nothing renews any more.
        const [stopped] = await db
          .select({ id: payAgreements.id })
          .from(payAgreements)
          .where(and(eq(payAgreements.memberId, memberId), inArray(payAgreements.status, [2, 3])))
          .limit(1);
        if (stopped) return;
        throw new PayRefusal(PayMessages.noAutoRenew);
      }
      const at = now();
      // The call that marks the agreement as being cancelled unsigns it; a claim left by a call that
      // died on the way is taken over after CANCEL_CLAIM_MS.
      const [claimed] = await db
        .update(payAgreements)
        .set({ stoppedAt: at, nextChargeAt: null })
        .where(
          and(
            eq(payAgreements.id, agreement.id),
            eq(payAgreements.status, 1),
            or(isNull(payAgreements.stoppedAt), lt(payAgreements.stoppedAt, new Date(at.getTime() - CANCEL_CLAIM_MS))),
          ),
        )
        .returning({ id: payAgreements.id });
      if (!claimed) {
        // Another call is unsigning it: its outcome is this call's too.
        if (waited >= CANCEL_WAIT_ROUNDS) throw new PayRefusal(PayMessages.providerDown);
        await sleep(100);
        continue;
      }
      const provider = providers.byName(agreement.provider);
      if (provider?.unsign && agreement.agreementNo) {
        try {
          await provider.unsign(agreement.agreementNo);
        } catch (err) {
          log.error({ err, agreementId: agreement.id }, 'unsign failed');
          await db
            .update(payAgreements)
            .set({ stoppedAt: null, nextChargeAt: agreement.nextChargeAt })
            .where(and(eq(payAgreements.id, agreement.id), eq(payAgreements.status, 1), eq(payAgreements.stoppedAt, at)));
          throw new PayRefusal(PayMessages.providerDown);
        }
      }
      await db
        .update(payAgreements)
        .set({ status: 2, stoppedAt: at, nextChargeAt: null })
        .where(and(eq(payAgreements.id, agreement.id), eq(payAgreements.status, 1)));
      // A grace period exists only while a renewal is retried; it ends with the agreement.
      await db.transaction(async (tx) => endGrace(tx, memberId, now()));
      return;
    }
  }

  /**
   * Operator refund: refunds the payment through its provider, then, in one transaction, marks the
   * order refunded and takes back the membership it bought (the unused part; later periods move
   * earlier by the same length, so nothing stays bought twice). A continuous plan's agreement stops.
   *
   * Applied once: the order is claimed first (refund_claimed_at, a conditional update), so of two
   * refunds at once (a double click, two staff) one asks the provider and the other is refused
   * (订单正在退款 or, once done, 订单已退款); a claim whose provider call failed is released, one
   * whose process died is taken over after REFUND_CLAIM_MS. `inTx` runs inside the transaction
   * that marks the order refunded (the console's audit entry).
   */
  async function refundOrder(
    ordersn: string,
    reason = '会员退款',
    opts: { inTx?: (tx: Tx, order: OrderRow, revokedMs: number) => Promise<void> } = {},
  ): Promise<{ order: OrderRow; revokedMs: number; providerStatus: string }> {
    const [order] = await db.select().from(serviceOrders).where(eq(serviceOrders.ordersn, ordersn)).limit(1);
    if (!order) throw new PayRefusal(PayMessages.orderNotFound);
    if (order.status === 3) throw new PayRefusal(PayMessages.orderRefunded);
    if (order.status !== 1 || !order.paidOutTradeNo) throw new PayRefusal(PayMessages.orderUnpaid);
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.outTradeNo, order.paidOutTradeNo)).limit(1);
    const provider = attempt && providers.byName(attempt.provider);
    if (!attempt || !provider) throw new PayRefusal(PayMessages.providerDown);
    const claimedAt = now();
    const [claimed] = await db
      .update(serviceOrders)
      .set({ refundClaimedAt: claimedAt })
      .where(
        and(
          eq(serviceOrders.id, order.id),
          eq(serviceOrders.status, 1),
          or(isNull(serviceOrders.refundClaimedAt), lt(serviceOrders.refundClaimedAt, new Date(claimedAt.getTime() - REFUND_CLAIM_MS))),
        ),
      )
      .returning({ id: serviceOrders.id });
    if (!claimed) {
      const [current] = await db.select({ status: serviceOrders.status }).from(serviceOrders).where(eq(serviceOrders.id, order.id));
      throw new PayRefusal(current?.status === 3 ? PayMessages.orderRefunded : current?.status === 1 ? PayMessages.refundInProgress : PayMessages.orderUnpaid);
    }
    const release = () =>
      db
        .update(serviceOrders)
        .set({ refundClaimedAt: null })
        .where(and(eq(serviceOrders.id, order.id), eq(serviceOrders.status, 1), eq(serviceOrders.refundClaimedAt, claimedAt)));
    const outRefundNo = `${attempt.outTradeNo}R`;
    // Same out_refund_no every time: asking again never refunds twice at the provider.
    let result: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      result = await provider.refund({
        outTradeNo: attempt.outTradeNo,
        outRefundNo,
        amountFen: attempt.amountFen,
        totalFen: attempt.amountFen,
        reason,
        channel: attempt.channel as PayChannel,
      });
    } catch (err) {
      await release().catch(() => {});
      log.warn({ err, ordersn }, 'refund at the provider failed');
      await event(provider.name, 'refund', attempt.outTradeNo, 'refund_error', String((err as Error)?.message ?? err)).catch(() => {});
      throw new PayRefusal(PayMessages.refundFailed);
    }
    const at = now();
    const revokedMs = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, order.id)).for('update');
      if (!locked || locked.status !== 1) return -1;
      await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK}, ${order.memberId})`);
      let removed = 0;
      const periods = await tx.select().from(memberships).where(eq(memberships.orderId, order.id));
      for (const p of periods) {
        if (p.endsAt <= at) continue;
        const from = p.startsAt > at ? p.startsAt : at;
        const cut = p.endsAt.getTime() - from.getTime();
        if (p.startsAt >= at) await tx.delete(memberships).where(eq(memberships.id, p.id));
        else await tx.update(memberships).set({ endsAt: at }).where(eq(memberships.id, p.id));
        // Periods bought after this one move earlier by what was taken back.
        await tx
          .update(memberships)
          .set({
            startsAt: sql`${memberships.startsAt} - ${`${cut} milliseconds`}::interval`,
            endsAt: sql`${memberships.endsAt} - ${`${cut} milliseconds`}::interval`,
          })
          .where(and(eq(memberships.memberId, order.memberId), ne(memberships.id, p.id), sql`${memberships.startsAt} >= ${p.endsAt}`));
        removed += cut;
      }
      await tx
        .update(serviceOrders)
        .set({ status: 3, refundedAt: at, refundNo: outRefundNo, refundClaimedAt: null })
        .where(eq(serviceOrders.id, order.id));
      if (order.agreementId) {
        await tx
          .update(payAgreements)
          .set({ status: 2, stoppedAt: at, nextChargeAt: null })
          .where(and(eq(payAgreements.id, order.agreementId), inArray(payAgreements.status, [0, 1])));
      }
      if (opts.inTx) await opts.inTx(tx, { ...locked, status: 3, refundedAt: at, refundNo: outRefundNo, refundClaimedAt: null }, removed);
      return removed;
    });
    // Only when a claim was taken over meanwhile (this call's provider answer took past REFUND_CLAIM_MS).
    if (revokedMs < 0) throw new PayRefusal(PayMessages.orderRefunded);
    if (order.agreementId) {
      const [agreement] = await db.select().from(payAgreements).where(eq(payAgreements.id, order.agreementId));
      if (agreement?.agreementNo && provider.unsign) {
        await provider.unsign(agreement.agreementNo).catch((err) => log.warn({ err }, 'unsign after refund failed'));
      }
    }
    await event(provider.name, 'refund', attempt.outTradeNo, `refund_${result.status.toLowerCase()}`, `${outRefundNo} revoked ${revokedMs} ms; ${reason}`);
    const [updated] = await db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id));
    return { order: updated!, revokedMs, providerStatus: result.status };
  }

  // --- reads and member actions of the membership endpoint ------------------------------------

  async function orderOf(memberId: number, ordersn: string): Promise<OrderRow | undefined> {
    const [order] = await db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.ordersn, ordersn), eq(serviceOrders.memberId, memberId)))
      .limit(1);
    return order;
  }

  async function listOrders(memberId: number, page: number, perPage: number) {
    const where = and(eq(serviceOrders.memberId, memberId), isNull(serviceOrders.deletedAt));
    const [totalRow] = await db.select({ n: count() }).from(serviceOrders).where(where);
    const rows = await db
      .select({
        order: serviceOrders,
        pcImg: servicePlans.pcImg,
        mobileImg: servicePlans.mobileImg,
        startsAt: memberships.startsAt,
        endsAt: memberships.endsAt,
      })
      .from(serviceOrders)
      .innerJoin(servicePlans, eq(servicePlans.id, serviceOrders.servicePlanId))
      .leftJoin(memberships, and(eq(memberships.orderId, serviceOrders.id), eq(memberships.kind, 'paid')))
      .where(where)
      .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { total: Number(totalRow?.n ?? 0), rows };
  }

  /** Hides one of the member's orders; an unpaid one is closed (and its payments at the providers). */
  async function deleteOrder(memberId: number, id: number): Promise<void> {
    const [order] = await db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.id, id), eq(serviceOrders.memberId, memberId), isNull(serviceOrders.deletedAt)))
      .limit(1);
    if (!order) throw new PayRefusal(PayMessages.deleteMissing);
    if (order.status === 0) await closeOrder(order.id, 'deleted');
    await db
      .update(serviceOrders)
      .set({ deletedAt: now() })
      .where(and(eq(serviceOrders.id, order.id), isNull(serviceOrders.deletedAt), ne(serviceOrders.status, 0)));
  }

  // --- QR records of the desktop Alipay flow ---------------------------------------------------

  async function createQr(memberId: number, planId: number, resultData: string): Promise<{ row: QrRow; token: string }> {
    await planById(planId);
    const token = randomBytes(24).toString('base64url');
    const at = now();
    const [row] = await db
      .insert(qrcodeInfos)
      .values({
        memberId,
        servicePlanId: planId,
        resultData,
        tokenHash: hashQrToken(token),
        expiresAt: new Date(at.getTime() + QR_TTL_MS),
        createdAt: at,
      })
      .returning();
    return { row: row!, token };
  }

  /** The QR record for its owner (session) or for the holder of its token; undefined otherwise. */
  async function qrFor(id: number, access: { memberId?: number; token?: string }): Promise<QrRow | undefined> {
    const [row] = await db.select().from(qrcodeInfos).where(eq(qrcodeInfos.id, id)).limit(1);
    if (!row) return undefined;
    if (access.token && row.tokenHash === hashQrToken(access.token)) return row;
    if (access.memberId !== undefined && row.memberId === access.memberId) return row;
    return undefined;
  }

  /** 0 → 1 only, and only while the record is valid. */
  async function markQrScanned(id: number): Promise<boolean> {
    const [row] = await db
      .update(qrcodeInfos)
      .set({ status: 1 })
      .where(and(eq(qrcodeInfos.id, id), eq(qrcodeInfos.status, 0), gt(qrcodeInfos.expiresAt, now())))
      .returning({ id: qrcodeInfos.id });
    return Boolean(row);
  }

  async function linkQrOrder(id: number, ordersn: string): Promise<void> {
    await db.update(qrcodeInfos).set({ ordersn }).where(and(eq(qrcodeInfos.id, id), lt(qrcodeInfos.status, 2)));
  }

  return {
    settings,
    providers,
    purchaseRefusal,
    startPayment,
    fulfil,
    applyNotification,
    rejectedNotification,
    reconcile,
    runRenewals,
    cancelAutoRenew,
    refundOrder,
    orderOf,
    listOrders,
    deleteOrder,
    closeOrder,
    createQr,
    qrFor,
    markQrScanned,
    linkQrOrder,
    planById,
  };
}
