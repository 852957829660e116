import { AlipaySdk } from 'alipay-sdk';
import type { AlipaySettings } from '../../config.js';
import {
  NotificationRejected,
  ProviderCallError,
  type CreatePaymentArgs,
  type CreatedPayment,
  type IncomingNotification,
  type NotifyReply,
  type PayChannel,
  type PayMethod,
  type PaymentNotification,
  type PaymentProvider,
  type TradeState,
} from './types.js';

/** 3500 → "35.00" */
export const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** "35.00" → 3500, without floating point; NaN when it is not an amount. */
export function fenOf(amount: string | undefined): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai, as Alipay's time fields are written. */
export const alipayTime = (instant: Date) => new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const fromAlipayTime = (text: string | undefined) => (text ? new Date(`${text.replace(' ', 'T')}+08:00`) : undefined);

/**
 * Alipay through the official alipay-sdk: phone-browser (wap) and desktop (page) cashier forms,
 * pay-and-sign for continuous plans (periodic deduction), trade query, close and refund, renewal
 * charges on a signed agreement, RSA2-signed requests and verified responses and notifications.
 */
export class Alipay implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly sdk: AlipaySdk;

  constructor(
    private readonly s: AlipaySettings,
    /** <base>/api/pay/notify/alipay */
    private readonly notifyUrl: string,
  ) {
    this.sdk = new AlipaySdk({
      appId: s.appId,
      privateKey: s.appPrivateKey,
      keyType: 'PKCS8',
      alipayPublicKey: s.alipayPublicKey,
      gateway: s.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: 10_000,
    });
  }

  supports(channel: PayChannel, method: PayMethod): boolean {
    return channel === 'alipay' && (method === 'wap' || method === 'page' || method === 'sign');
  }

  async create(args: CreatePaymentArgs): Promise<CreatedPayment> {
    const biz: Record<string, unknown> = {
      out_trade_no: args.outTradeNo,
      total_amount: yuan(args.amountFen),
      subject: args.description.slice(0, 128),
      time_expire: alipayTime(args.expiresAt),
    };
    let method = 'alipay.trade.wap.pay';
    if (args.method === 'page') {
      method = 'alipay.trade.page.pay';
      biz.product_code = 'FAST_INSTANT_TRADE_PAY';
    } else {
      biz.product_code = 'QUICK_WAP_WAY';
      if (args.returnUrl) biz.quit_url = args.returnUrl;
    }
    if (args.method === 'sign') {
      const a = args.agreement;
      if (!a) throw new ProviderCallError('alipay', 'pay-and-sign needs agreement terms', 'PARAM_ERROR');
      biz.agreement_sign_params = {
        personal_product_code: this.s.personalProductCode,
        sign_scene: this.s.signScene,
        external_agreement_no: a.externalAgreementNo,
        access_params: { channel: 'ALIPAYAPP' },
        sign_notify_url: this.notifyUrl,
        period_rule_params: {
          // Alipay's periods are in days or months; a year is 12 months.
          period_type: 'MONTH',
          period: Math.min(a.periodMonths, 12),
          execute_time: a.firstChargeDate,
          single_amount: yuan(a.singleAmountFen),
        },
      };
    }
    const form = this.sdk.pageExecute(method, 'POST', {
      bizContent: biz,
      notifyUrl: this.notifyUrl,
      ...(args.returnUrl ? { returnUrl: args.returnUrl } : {}),
    });
    return { kind: 'form', form };
  }

  /** exec with a verified response; business errors come back as { code, sub_code }. */
  private async exec(method: string, biz: Record<string, unknown>): Promise<Record<string, any>> {
    try {
      return (await this.sdk.exec(method, { bizContent: biz }, { validateSign: true })) as Record<string, any>;
    } catch (err) {
      throw new ProviderCallError('alipay', `Alipay ${method}: ${(err as Error).message}`, 'CALL_FAILED');
    }
  }

  async query(outTradeNo: string): Promise<TradeState> {
    const r = await this.exec('alipay.trade.query', { out_trade_no: outTradeNo });
    if (r.code !== '10000') {
      if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'NOT_FOUND' };
      throw new ProviderCallError('alipay', `trade.query ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg ?? ''}`, r.sub_code ?? r.code);
    }
    const status = r.trade_status as string;
    const state: TradeState['state'] =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'SUCCESS' : status === 'TRADE_CLOSED' ? 'CLOSED' : 'NOTPAY';
    return {
      state,
      tradeNo: r.trade_no,
      amountFen: fenOf(r.total_amount),
      paidAt: fromAlipayTime(r.send_pay_date),
    };
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid'> {
    const r = await this.exec('alipay.trade.close', { out_trade_no: outTradeNo });
    if (r.code === '10000') return 'closed';
    // No trade yet (the buyer never opened the cashier): nothing can be paid.
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return 'closed';
    if (r.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      const q = await this.query(outTradeNo);
      if (q.state === 'SUCCESS' || q.state === 'REFUND') return 'paid';
      if (q.state === 'CLOSED') return 'closed';
    }
    throw new ProviderCallError('alipay', `trade.close ${r.code} ${r.sub_code ?? ''}`, r.sub_code ?? r.code);
  }

  async refund(args: { outTradeNo: string; outRefundNo: string; amountFen: number; reason: string }) {
    const r = await this.exec('alipay.trade.refund', {
      out_trade_no: args.outTradeNo,
      refund_amount: yuan(args.amountFen),
      out_request_no: args.outRefundNo,
      refund_reason: args.reason.slice(0, 256),
    });
    if (r.code !== '10000') throw new ProviderCallError('alipay', `trade.refund ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`, r.sub_code ?? r.code);
    return { status: r.fund_change === 'Y' ? ('SUCCESS' as const) : ('PROCESSING' as const) };
  }

  async chargeAgreement(args: { agreementNo: string; outTradeNo: string; amountFen: number; description: string }): Promise<TradeState> {
    const r = await this.exec('alipay.trade.pay', {
      out_trade_no: args.outTradeNo,
      total_amount: yuan(args.amountFen),
      subject: args.description.slice(0, 128),
      product_code: 'GENERAL_WITHHOLDING',
      agreement_params: { agreement_no: args.agreementNo },
    });
    if (r.code === '10000') return { state: 'SUCCESS', tradeNo: r.trade_no, amountFen: fenOf(r.total_amount), paidAt: fromAlipayTime(r.gmt_payment) };
    // 10003: being processed; the notification or the reconciler settles it.
    if (r.code === '10003') return { state: 'NOTPAY', tradeNo: r.trade_no };
    return { state: 'CLOSED' };
  }

  async unsign(agreementNo: string): Promise<void> {
    const r = await this.exec('alipay.user.agreement.unsign', {
      agreement_no: agreementNo,
      personal_product_code: this.s.personalProductCode,
      sign_scene: this.s.signScene,
    });
    if (r.code !== '10000' && r.sub_code !== 'USER_AGREEMENT_NOT_EXIST') {
      throw new ProviderCallError('alipay', `agreement.unsign ${r.code} ${r.sub_code ?? ''}`, r.sub_code ?? r.code);
    }
  }

  async queryAgreement(externalAgreementNo: string): Promise<string | null> {
    const r = await this.exec('alipay.user.agreement.query', {
      personal_product_code: this.s.personalProductCode,
      sign_scene: this.s.signScene,
      external_agreement_no: externalAgreementNo,
    });
    if (r.code === '10000' && r.status === 'NORMAL' && r.agreement_no) return String(r.agreement_no);
    return null;
  }

  async parseNotification({ rawBody }: IncomingNotification): Promise<PaymentNotification> {
    const params = Object.fromEntries(new URLSearchParams(rawBody));
    // Signature first: RSA2 over the sorted parameters (sign and sign_type left out), Alipay's public key.
    if (!params.sign || !this.sdk.checkNotifySignV2(params)) {
      throw new NotificationRejected('bad_signature', 'Alipay notification signature does not verify');
    }
    if (params.app_id !== this.s.appId && params.auth_app_id !== this.s.appId) {
      throw new NotificationRejected('app_mismatch', `unexpected app_id ${params.app_id}`);
    }
    const id = params.notify_id ?? '';
    const type = params.notify_type ?? '';
    if (type === 'dut_user_sign' || type === 'dut_user_unsign') {
      if (params.status === 'NORMAL' && type === 'dut_user_sign') {
        return { type: 'signed', id, externalAgreementNo: params.external_agreement_no ?? '', agreementNo: params.agreement_no ?? '' };
      }
      if (type === 'dut_user_unsign' || params.status === 'UNSIGN' || params.status === 'STOP') {
        return { type: 'unsigned', id, externalAgreementNo: params.external_agreement_no ?? '', agreementNo: params.agreement_no ?? '' };
      }
      return { type: 'ignored', id, detail: `${type}/${params.status}` };
    }
    if (params.seller_id !== this.s.sellerId) throw new NotificationRejected('merchant_mismatch', `unexpected seller_id ${params.seller_id}`);
    const status = params.trade_status;
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      return {
        type: 'paid',
        id,
        outTradeNo: params.out_trade_no ?? '',
        tradeNo: params.trade_no ?? '',
        amountFen: fenOf(params.total_amount),
        paidAt: fromAlipayTime(params.gmt_payment) ?? new Date(),
      };
    }
    if (status === 'TRADE_CLOSED') {
      // Also sent after a full refund: never un-pays; refunds are applied by the refund command.
      return { type: 'closed', id, outTradeNo: params.out_trade_no ?? '' };
    }
    return { type: 'ignored', id, detail: `${type}/${status}` };
  }

  notifyReply(ok: boolean): NotifyReply {
    // Alipay stops retrying only when the body is exactly "success".
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
  }
}
