import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxAgreements, sandboxTrades } from '../../db/schema/index.js';
import {
  NotificationRejected,
  paidTransaction,
  type CreatePaymentArgs,
  type CreatedPayment,
  type IncomingNotification,
  type NotifyReply,
  type PayChannel,
  type PaymentNotification,
  type PaymentProvider,
  type TradeState,
} from './types.js';

/** Sends one notification; resolves with the HTTP status the receiver answered. */
export type Deliver = (args: { url: string; headers: Record<string, string>; body: string }) => Promise<number>;

export const SANDBOX_MCH_ID = 'sandbox-mch-1900000001';
export const SANDBOX_APP_ID = 'sandbox-app-wx00000001';
/** Notifications older or newer than this are refused (replays). */
const MAX_SKEW_MS = 5 * 60_000;
/** After a failed delivery the sandbox retries, like a real provider, at these delays. */
const RETRY_DELAYS_MS = [2_000, 15_000, 60_000];

export type SandboxTrade = typeof sandboxTrades.$inferSelect;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');
const header = (h: IncomingNotification['headers'], name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The local sandbox cashier, the default payment provider for both channels. It behaves like a
 * real one from the server's side: it keeps its own ledger (sandbox_trades), hands out a cashier
 * link (code_url, h5_url, a self-submitting form), and when the person pays on the cashier page
 * (/dev/cashier/:outTradeNo) it sends an HMAC-signed notification to the server's notify URL,
 * retrying until it is acknowledged. Queries, closes, refunds and agreement charges answer from the
 * ledger, so the reconciler and the renewal scheduler work against it too.
 */
export class SandboxPay implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly timers = new Set<NodeJS.Timeout>();
  private deliver: Deliver;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly secret: string,
    /** <base>/api/pay/notify/sandbox */
    private readonly notifyUrl: string,
    deliver: Deliver,
  ) {
    this.deliver = deliver;
  }

  /** Replaces how notifications travel (the app delivers them in-process when no public URL is set). */
  setDeliver(deliver: Deliver) {
    this.deliver = deliver;
  }

  supports(): boolean {
    return true;
  }

  cashierPath(outTradeNo: string) {
    return `/dev/cashier/${encodeURIComponent(outTradeNo)}`;
  }

  async create(args: CreatePaymentArgs): Promise<CreatedPayment> {
    await this.db
      .insert(sandboxTrades)
      .values({
        outTradeNo: args.outTradeNo,
        channel: args.channel,
        method: args.method,
        description: args.description.slice(0, 128),
        amountFen: args.amountFen,
        externalAgreementNo: args.agreement?.externalAgreementNo,
        agreementPeriodMonths: args.agreement?.periodMonths,
        notifyUrl: this.notifyUrl,
        returnUrl: args.returnUrl,
        expiresAt: args.expiresAt,
        createdAt: this.now(),
      })
      .onConflictDoNothing();
    const url = `${args.origin}${this.cashierPath(args.outTradeNo)}`;
    switch (args.method) {
      case 'native':
        return { kind: 'code_url', codeUrl: url };
      case 'h5':
        return { kind: 'h5_url', h5Url: url };
      case 'jsapi': {
        const timeStamp = String(Math.floor(this.now().getTime() / 1000));
        const nonceStr = randomBytes(16).toString('hex');
        const pkg = `prepay_id=sandbox_${args.outTradeNo}`;
        const paySign = hmac(this.secret, `${SANDBOX_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
        return {
          kind: 'jsapi',
          params: { appId: SANDBOX_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
          cashierUrl: url,
        };
      }
      default:
        // Like the form an Alipay SDK builds: it submits itself to the cashier.
        return {
          kind: 'form',
          form: `<form name="sandboxPaySubmit" method="get" action="${url}"><input type="hidden" name="method" value="${args.method}"/></form><script>document.forms["sandboxPaySubmit"].submit();</script>`,
        };
    }
  }

  async trade(outTradeNo: string): Promise<SandboxTrade | undefined> {
    const [row] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)).limit(1);
    return row;
  }

  async query(outTradeNo: string): Promise<TradeState> {
    const t = await this.trade(outTradeNo);
    if (!t) return { state: 'NOT_FOUND' };
    const state = t.state === 'NOTPAY' && t.expiresAt <= this.now() ? 'CLOSED' : (t.state as TradeState['state']);
    let agreementNo: string | undefined;
    if (t.externalAgreementNo && t.state !== 'NOTPAY') {
      const [a] = await this.db
        .select({ agreementNo: sandboxAgreements.agreementNo })
        .from(sandboxAgreements)
        .where(eq(sandboxAgreements.externalAgreementNo, t.externalAgreementNo))
        .limit(1);
      agreementNo = a?.agreementNo;
    }
    return { state, tradeNo: t.tradeNo ?? undefined, amountFen: t.amountFen, paidAt: t.paidAt ?? undefined, agreementNo };
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid'> {
    const [row] = await this.db
      .update(sandboxTrades)
      .set({ state: 'CLOSED' })
      .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.state, 'NOTPAY')))
      .returning({ state: sandboxTrades.state });
    if (row) return 'closed';
    const t = await this.trade(outTradeNo);
    return t && (t.state === 'SUCCESS' || t.state === 'REFUND') ? 'paid' : 'closed';
  }

  async refund(args: { outTradeNo: string; amountFen: number }): Promise<{ status: 'SUCCESS' }> {
    const [row] = await this.db
      .update(sandboxTrades)
      .set({ state: 'REFUND' })
      .where(and(eq(sandboxTrades.outTradeNo, args.outTradeNo), sql`${sandboxTrades.state} in ('SUCCESS', 'REFUND')`))
      .returning({ amountFen: sandboxTrades.amountFen });
    if (!row) throw new Error(`sandbox: trade ${args.outTradeNo} was not paid`);
    if (args.amountFen > row.amountFen) throw new Error('sandbox: refund exceeds the amount paid');
    return { status: 'SUCCESS' };
  }

  /**
   * The person pays on the cashier page. Marks the trade paid (once; a closed or expired trade
   * cannot be paid), signs the agreement of a continuous plan, and notifies the server:
   * 'await' waits for the first delivery, 'background' does not, 'none' loses it (tests of the reconciler).
   */
  async pay(outTradeNo: string, notify: 'await' | 'background' | 'none' = 'await'): Promise<'paid' | 'already_paid' | 'closed' | 'not_found'> {
    const at = this.now();
    const result = await this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)).for('update');
      if (!t) return { outcome: 'not_found' as const };
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return { outcome: 'already_paid' as const };
      if (t.state === 'CLOSED' || t.expiresAt <= at) return { outcome: 'closed' as const };
      const tradeNo = `SBX${at.getTime()}${randomBytes(4).toString('hex')}`;
      await tx.update(sandboxTrades).set({ state: 'SUCCESS', tradeNo, paidAt: at }).where(eq(sandboxTrades.outTradeNo, outTradeNo));
      let agreementNo: string | undefined;
      if (t.externalAgreementNo) {
        agreementNo = `SBXA${at.getTime()}${randomBytes(4).toString('hex')}`;
        await tx
          .insert(sandboxAgreements)
          .values({ agreementNo, externalAgreementNo: t.externalAgreementNo, notifyUrl: t.notifyUrl, createdAt: at });
      }
      return { outcome: 'paid' as const, trade: { ...t, tradeNo, paidAt: at }, agreementNo };
    });
    if (result.outcome !== 'paid') return result.outcome;
    const { trade, agreementNo } = result;
    const sends: Array<() => Promise<void>> = [
      () => this.notify(trade.notifyUrl, this.paidEvent(trade.outTradeNo, trade.tradeNo, trade.amountFen, at)),
    ];
    if (agreementNo && trade.externalAgreementNo) {
      sends.push(() => this.notify(trade.notifyUrl, this.agreementEvent('AGREEMENT.SIGNED', trade.externalAgreementNo!, agreementNo)));
    }
    if (notify === 'await') for (const send of sends) await send();
    else if (notify === 'background') for (const send of sends) void send();
    return 'paid';
  }

  /** Renewal of a continuous plan: charges the agreement now (fails when stopped or set to fail). */
  async chargeAgreement(args: { agreementNo: string; outTradeNo: string; amountFen: number; description: string }): Promise<TradeState> {
    const [a] = await this.db.select().from(sandboxAgreements).where(eq(sandboxAgreements.agreementNo, args.agreementNo)).limit(1);
    if (!a || a.state !== 'NORMAL') return { state: 'CLOSED' };
    const at = this.now();
    const existing = await this.trade(args.outTradeNo);
    if (existing) return this.query(args.outTradeNo);
    // The agreement's charge, refused when the sandbox page (or a test) set the balance to fail.
    const trade = {
      outTradeNo: args.outTradeNo,
      channel: 'alipay',
      method: 'agreement',
      description: args.description.slice(0, 128),
      amountFen: args.amountFen,
      notifyUrl: a.notifyUrl,
      expiresAt: at,
      createdAt: at,
    };
    if (a.failCharges) {
      await this.db.insert(sandboxTrades).values({ ...trade, state: 'CLOSED' });
      return { state: 'CLOSED' };
    }
    const tradeNo = `SBX${at.getTime()}${randomBytes(4).toString('hex')}`;
    await this.db.insert(sandboxTrades).values({ ...trade, state: 'SUCCESS', tradeNo, paidAt: at });
    // The provider also notifies, as for any payment; the server applies whichever comes first.
    void this.notify(a.notifyUrl, this.paidEvent(args.outTradeNo, tradeNo, args.amountFen, at));
    return { state: 'SUCCESS', tradeNo, amountFen: args.amountFen, paidAt: at };
  }

  async unsign(agreementNo: string): Promise<void> {
    await this.db.update(sandboxAgreements).set({ state: 'STOP' }).where(eq(sandboxAgreements.agreementNo, agreementNo));
  }

  /** The person cancels the agreement in the provider's app: stopped there, and the server is told. */
  async userUnsign(agreementNo: string, notify: 'await' | 'none' = 'await'): Promise<boolean> {
    const [a] = await this.db
      .update(sandboxAgreements)
      .set({ state: 'STOP' })
      .where(and(eq(sandboxAgreements.agreementNo, agreementNo), eq(sandboxAgreements.state, 'NORMAL')))
      .returning();
    if (!a) return false;
    if (notify === 'await') await this.notify(a.notifyUrl, this.agreementEvent('AGREEMENT.UNSIGNED', a.externalAgreementNo, a.agreementNo));
    return true;
  }

  async queryAgreement(externalAgreementNo: string): Promise<string | null> {
    const [a] = await this.db
      .select({ agreementNo: sandboxAgreements.agreementNo })
      .from(sandboxAgreements)
      .where(and(eq(sandboxAgreements.externalAgreementNo, externalAgreementNo), eq(sandboxAgreements.state, 'NORMAL')))
      .limit(1);
    return a?.agreementNo ?? null;
  }

  /** Makes the agreement's renewal charges fail (an empty balance), or succeed again. */
  async setChargesFail(agreementNo: string, fail: boolean): Promise<void> {
    await this.db.update(sandboxAgreements).set({ failCharges: fail ? 1 : 0 }).where(eq(sandboxAgreements.agreementNo, agreementNo));
  }

  paidEvent(outTradeNo: string, tradeNo: string, amountFen: number, at: Date) {
    return {
      id: randomBytes(12).toString('hex'),
      create_time: at.toISOString(),
      event_type: 'TRANSACTION.SUCCESS',
      mchid: SANDBOX_MCH_ID,
      appid: SANDBOX_APP_ID,
      out_trade_no: outTradeNo,
      transaction_id: tradeNo,
      trade_state: 'SUCCESS',
      amount: { total: amountFen, currency: 'CNY' },
      success_time: at.toISOString(),
    };
  }

  agreementEvent(type: 'AGREEMENT.SIGNED' | 'AGREEMENT.UNSIGNED', externalAgreementNo: string, agreementNo: string) {
    return {
      id: randomBytes(12).toString('hex'),
      create_time: this.now().toISOString(),
      event_type: type,
      mchid: SANDBOX_MCH_ID,
      appid: SANDBOX_APP_ID,
      external_agreement_no: externalAgreementNo,
      agreement_no: agreementNo,
    };
  }

  /** Signs a notification body as the sandbox does: HMAC-SHA256 over "timestamp\nnonce\nbody\n". */
  sign(body: string, timestamp = String(Math.floor(this.now().getTime() / 1000)), nonce = randomBytes(16).toString('hex')) {
    return {
      'content-type': 'application/json',
      'x-sandbox-timestamp': timestamp,
      'x-sandbox-nonce': nonce,
      'x-sandbox-signature': hmac(this.secret, `${timestamp}\n${nonce}\n${body}\n`),
    };
  }

  /** Sends a signed notification, retrying in the background until it is acknowledged. */
  async notify(url: string, event: object, attempt = 0): Promise<void> {
    const body = JSON.stringify(event);
    let status = 0;
    try {
      status = await this.deliver({ url, headers: this.sign(body), body });
    } catch {
      status = 0;
    }
    if (status >= 200 && status < 300) return;
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.notify(url, event, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  async parseNotification({ headers, rawBody }: IncomingNotification): Promise<PaymentNotification> {
    const timestamp = header(headers, 'x-sandbox-timestamp') ?? '';
    const nonce = header(headers, 'x-sandbox-nonce') ?? '';
    const signature = header(headers, 'x-sandbox-signature') ?? '';
    const expected = Buffer.from(hmac(this.secret, `${timestamp}\n${nonce}\n${rawBody}\n`));
    const given = Buffer.from(signature);
    if (!timestamp || !nonce || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotificationRejected('bad_signature', 'sandbox notification signature does not verify');
    }
    if (Math.abs(this.now().getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) {
      throw new NotificationRejected('stale', 'sandbox notification timestamp is too old or in the future');
    }
    let event: Record<string, any>;
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('malformed', 'sandbox notification is not JSON');
    }
    if (event.mchid !== SANDBOX_MCH_ID) throw new NotificationRejected('merchant_mismatch', `unexpected mchid ${event.mchid}`);
    if (event.appid !== SANDBOX_APP_ID) throw new NotificationRejected('app_mismatch', `unexpected appid ${event.appid}`);
    const id = String(event.id ?? '');
    switch (event.event_type) {
      case 'TRANSACTION.SUCCESS':
        return paidTransaction(id, event, new Date(event.success_time));
      case 'TRANSACTION.CLOSED':
        return { type: 'closed', id, outTradeNo: String(event.out_trade_no) };
      case 'AGREEMENT.SIGNED':
        return { type: 'signed', id, externalAgreementNo: String(event.external_agreement_no), agreementNo: String(event.agreement_no) };
      case 'AGREEMENT.UNSIGNED':
        return { type: 'unsigned', id, externalAgreementNo: String(event.external_agreement_no), agreementNo: String(event.agreement_no) };
      default:
        return { type: 'ignored', id, detail: String(event.event_type) };
    }
  }

  notifyReply(ok: boolean, message = '失败'): NotifyReply {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }

  /** Stops pending retries (app close). */
  stopRetries(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

export type { PayChannel };
