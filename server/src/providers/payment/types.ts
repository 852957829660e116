/**
 * One interface for every payment provider: the local sandbox cashier, WeChat Pay API v3 and
 * Alipay. The membership module speaks only to this; which provider serves which channel is
 * configuration (PAY_PROVIDER, WECHATPAY_*, ALIPAY_*).
 */

/** How the member pays: WeChat Pay or Alipay (whoever really processes it). */
export type PayChannel = 'wechat' | 'alipay';
export type ProviderName = 'sandbox' | 'wechatpay' | 'alipay';
/**
 * native: desktop QR (code_url) · h5: phone browser outside WeChat (h5_url) · jsapi: inside WeChat's
 * browser · wap / page: Alipay's phone / desktop cashier (a form) · sign: Alipay pay-and-sign for
 * continuous plans (a form).
 */
export type PayMethod = 'native' | 'h5' | 'jsapi' | 'wap' | 'page' | 'sign';

export interface AgreementTerms {
  /** Our agreement number (sent when signing, returned in the sign notification). */
  externalAgreementNo: string;
  /** One period: 1 month or 12 months. */
  periodMonths: number;
  /** What each renewal charges, in fen. */
  singleAmountFen: number;
  /** First renewal charge (YYYY-MM-DD, Asia/Shanghai). */
  firstChargeDate: string;
}

export interface CreatePaymentArgs {
  channel: PayChannel;
  method: PayMethod;
  outTradeNo: string;
  amountFen: number;
  /** What the member buys, shown by the cashier (the plan's title). */
  description: string;
  /** The provider stops accepting payment after this. */
  expiresAt: Date;
  /** The payer's address (WeChat H5 needs it). */
  clientIp: string;
  /** JSAPI: the payer's openid under the official account. */
  openid?: string;
  /** Where the cashier returns the browser afterwards (absolute URL), when the provider supports it. */
  returnUrl?: string;
  /** Base of absolute links the provider hands out (the sandbox cashier), e.g. https://site. */
  origin: string;
  agreement?: AgreementTerms;
}

/** What the client gets to pay with. */
export type CreatedPayment =
  | { kind: 'code_url'; codeUrl: string }
  | { kind: 'h5_url'; h5Url: string }
  | { kind: 'jsapi'; params: JsApiParams; cashierUrl?: string }
  | { kind: 'form'; form: string };

export interface JsApiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** The provider's view of one trade. */
export interface TradeState {
  state: 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'REFUND' | 'NOT_FOUND';
  tradeNo?: string;
  /** What was paid, in fen (SUCCESS / REFUND). */
  amountFen?: number;
  paidAt?: Date;
  /** The payer's agreement signed with this payment (Alipay pay-and-sign). */
  agreementNo?: string;
}

/** A verified notification, reduced to what the membership module acts on. */
export type PaymentNotification =
  | {
      type: 'paid';
      outTradeNo: string;
      tradeNo: string;
      amountFen: number;
      paidAt: Date;
      /** The notification's id at the provider (for the event log). */
      id: string;
    }
  /** A trade that ended unpaid (closed, revoked); never un-pays anything. */
  | { type: 'closed'; outTradeNo: string; id: string }
  | { type: 'signed'; externalAgreementNo: string; agreementNo: string; id: string }
  | { type: 'unsigned'; externalAgreementNo: string; agreementNo: string; id: string }
  /** A refund finished (or failed) at the provider. */
  | { type: 'refund'; outTradeNo: string; success: boolean; id: string }
  /** Verified but of no interest (other event types). */
  | { type: 'ignored'; id: string; detail: string };

/** A notification that must not be acted on: bad or missing signature, a probe, the wrong merchant or app. */
/** A WeChat Pay transaction as its notifications carry it (the sandbox's notifications use the same shape). */
export interface WechatTransaction {
  out_trade_no?: unknown;
  transaction_id?: unknown;
  amount?: { total?: unknown };
}

/** The paid notification of a WeChat Pay-shaped transaction. */
export const paidTransaction = (id: string, t: WechatTransaction, paidAt: Date): PaymentNotification => ({
  type: 'paid',
  id,
  outTradeNo: String(t.out_trade_no),
  tradeNo: String(t.transaction_id),
  amountFen: Number(t.amount?.total),
  paidAt,
});

export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'bad_signature' | 'signtest_probe' | 'stale' | 'merchant_mismatch' | 'app_mismatch' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** The provider refused or failed a call (network, business error, bad response signature). */
export class ProviderCallError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly code = '',
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

/** An incoming notification as the HTTP layer received it: the raw body is what is signed. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The HTTP reply a provider expects to a notification (so it stops or keeps retrying). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Payment methods this provider offers on a channel. */
  supports(channel: PayChannel, method: PayMethod): boolean;
  create(args: CreatePaymentArgs): Promise<CreatedPayment>;
  query(outTradeNo: string, channel: PayChannel): Promise<TradeState>;
  /**
   * Closes an unpaid trade so it can no longer be paid. 'paid' when it had been paid meanwhile
   * (the caller then fulfils it); 'closed' otherwise (also when the provider never saw it).
   */
  close(outTradeNo: string, channel: PayChannel): Promise<'closed' | 'paid'>;
  refund(args: { outTradeNo: string; outRefundNo: string; amountFen: number; totalFen: number; reason: string; channel: PayChannel }): Promise<{ status: 'SUCCESS' | 'PROCESSING' }>;
  /** Verifies (signature first, then merchant and app ids) and reads a notification; throws NotificationRejected. */
  parseNotification(incoming: IncomingNotification): Promise<PaymentNotification>;
  notifyReply(ok: boolean, message?: string): NotifyReply;
  /** Continuous plans: charges a signed agreement for one renewal (synchronous result). */
  chargeAgreement?(args: { agreementNo: string; outTradeNo: string; amountFen: number; description: string }): Promise<TradeState>;
  /** Stops an agreement at the provider. */
  unsign?(agreementNo: string): Promise<void>;
  /** The provider's agreement number once signed (a lost sign notification), else null. */
  queryAgreement?(externalAgreementNo: string): Promise<string | null>;
}
