import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { WechatPaySettings } from '../../config.js';
import {
  NotificationRejected,
  paidTransaction,
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

/** WeChat Pay refuses (and we refuse) signed messages whose timestamp is further than this from now. */
const MAX_SKEW_MS = 5 * 60_000;
const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

const header = (h: IncomingNotification['headers'] | Headers, name: string): string | undefined => {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** time_expire in RFC 3339 with the +08:00 offset WeChat Pay documents. */
function rfc3339Shanghai(instant: Date): string {
  const local = new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
  return `${local}+08:00`;
}

/** Decrypts a notification resource: AES-256-GCM, the APIv3 key, nonce as IV, associated_data as AAD, tag appended. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string; algorithm?: string },
): string {
  if (resource.algorithm && resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * WeChat Pay API v3 with node:crypto and fetch: requests signed WECHATPAY2-SHA256-RSA2048 with the
 * merchant key; responses and notifications verified with WeChat Pay's public key (platform
 * public-key mode: Wechatpay-Serial is the PUB_KEY_ID) over "timestamp\nnonce\nbody\n";
 * notification resources decrypted with the APIv3 key. Native (code_url), H5 (h5_url) and JSAPI.
 */
export class WechatPay implements PaymentProvider {
  readonly name = 'wechatpay' as const;

  constructor(
    private readonly s: WechatPaySettings,
    /** <base>/api/pay/notify/wechatpay */
    private readonly notifyUrl: string,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  supports(channel: PayChannel, method: PayMethod): boolean {
    return channel === 'wechat' && (method === 'native' || method === 'h5' || method === 'jsapi');
  }

  /** The Authorization header of a request. */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.s.merchantPrivateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.s.merchantSerialNo}"`;
  }

  /** Checks a WeChat Pay signature (responses and notifications). Throws NotificationRejected. */
  verify(headers: IncomingNotification['headers'] | Headers, body: string): void {
    const signature = header(headers, 'wechatpay-signature') ?? '';
    if (signature.startsWith(SIGNTEST_PREFIX)) {
      // WeChat Pay's probe: a merchant that accepts it does not verify signatures.
      throw new NotificationRejected('signtest_probe', 'Wechatpay-Signature is a signature test probe');
    }
    const serial = header(headers, 'wechatpay-serial') ?? '';
    const timestamp = header(headers, 'wechatpay-timestamp') ?? '';
    const nonce = header(headers, 'wechatpay-nonce') ?? '';
    if (!signature || !timestamp || !nonce) throw new NotificationRejected('bad_signature', 'missing Wechatpay-* signature headers');
    if (serial !== this.s.platformPublicKeyId) {
      throw new NotificationRejected('bad_signature', `Wechatpay-Serial ${serial} is not the configured public key id`);
    }
    const ok = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(this.s.platformPublicKey, signature, 'base64');
    if (!ok) throw new NotificationRejected('bad_signature', 'Wechatpay-Signature does not verify');
    if (!/^\d+$/.test(timestamp) || Math.abs(this.now().getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) {
      throw new NotificationRejected('stale', 'Wechatpay-Timestamp is too far from now');
    }
  }

  /** Calls the API; verifies the response's signature; returns its JSON (or null for 204). */
  async call<T = any>(method: 'GET' | 'POST', path: string, payload?: object): Promise<{ status: number; data: T | null }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.s.apiBase}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'qianyan-server',
          authorization: this.authorization(method, path, body),
        },
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new ProviderCallError('wechatpay', `WeChat Pay unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    try {
      this.verify(res.headers, text);
    } catch (err) {
      throw new ProviderCallError('wechatpay', `WeChat Pay response not trusted: ${(err as Error).message}`, 'SIGN_ERROR');
    }
    const data = text ? (JSON.parse(text) as T & { code?: string; message?: string }) : null;
    if (res.status >= 300) {
      const d = data as { code?: string; message?: string } | null;
      throw new ProviderCallError('wechatpay', `WeChat Pay ${res.status}: ${d?.message ?? text}`, d?.code ?? String(res.status));
    }
    return { status: res.status, data };
  }

  async create(args: CreatePaymentArgs): Promise<CreatedPayment> {
    const common = {
      appid: this.s.appId,
      mchid: this.s.mchId,
      description: args.description.slice(0, 127),
      out_trade_no: args.outTradeNo,
      time_expire: rfc3339Shanghai(args.expiresAt),
      notify_url: this.notifyUrl,
      amount: { total: args.amountFen, currency: 'CNY' },
    };
    if (args.method === 'native') {
      const { data } = await this.call<{ code_url: string }>('POST', '/v3/pay/transactions/native', common);
      return { kind: 'code_url', codeUrl: data!.code_url };
    }
    if (args.method === 'h5') {
      const { data } = await this.call<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: args.clientIp, h5_info: { type: 'Wap', app_name: this.s.h5AppName, app_url: args.origin } },
      });
      return { kind: 'h5_url', h5Url: data!.h5_url };
    }
    if (args.method === 'jsapi') {
      if (!args.openid) throw new ProviderCallError('wechatpay', 'JSAPI needs the payer openid', 'PARAM_ERROR');
      const { data } = await this.call<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: args.openid } });
      return { kind: 'jsapi', params: this.jsapiParams(data!.prepay_id) };
    }
    throw new ProviderCallError('wechatpay', `WeChat Pay does not offer ${args.method}`, 'PARAM_ERROR');
  }

  /** getBrandWCPayRequest parameters: paySign = RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n". */
  jsapiParams(prepayId: string) {
    const timeStamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = createSign('RSA-SHA256').update(`${this.s.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).sign(this.s.merchantPrivateKey, 'base64');
    return { appId: this.s.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA' as const, paySign };
  }

  async query(outTradeNo: string): Promise<TradeState> {
    let data: any;
    try {
      ({ data } = await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${this.s.mchId}`));
    } catch (err) {
      if (err instanceof ProviderCallError && err.code === 'ORDER_NOT_EXIST') return { state: 'NOT_FOUND' };
      throw err;
    }
    if (data.mchid !== this.s.mchId || data.appid !== this.s.appId) {
      throw new ProviderCallError('wechatpay', 'query answered for another merchant or app', 'MISMATCH');
    }
    const state: TradeState['state'] =
      data.trade_state === 'SUCCESS' ? 'SUCCESS' : data.trade_state === 'REFUND' ? 'REFUND' : data.trade_state === 'CLOSED' || data.trade_state === 'REVOKED' || data.trade_state === 'PAYERROR' ? 'CLOSED' : 'NOTPAY';
    return {
      state,
      tradeNo: data.transaction_id,
      amountFen: data.amount?.total,
      paidAt: data.success_time ? new Date(data.success_time) : undefined,
    };
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid'> {
    try {
      await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.s.mchId });
      return 'closed';
    } catch (err) {
      if (err instanceof ProviderCallError && err.code === 'ORDERPAID') return 'paid';
      if (err instanceof ProviderCallError && err.code === 'ORDER_NOT_EXIST') return 'closed';
      throw err;
    }
  }

  async refund(args: { outTradeNo: string; outRefundNo: string; amountFen: number; totalFen: number; reason: string }) {
    const { data } = await this.call<{ status: string }>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: args.outTradeNo,
      out_refund_no: args.outRefundNo,
      reason: args.reason.slice(0, 80),
      notify_url: this.notifyUrl,
      amount: { refund: args.amountFen, total: args.totalFen, currency: 'CNY' },
    });
    if (data?.status === 'SUCCESS') return { status: 'SUCCESS' as const };
    if (data?.status === 'PROCESSING') return { status: 'PROCESSING' as const };
    throw new ProviderCallError('wechatpay', `refund ${data?.status ?? 'failed'}`, data?.status ?? 'REFUND_FAILED');
  }

  async parseNotification({ headers, rawBody }: IncomingNotification): Promise<PaymentNotification> {
    this.verify(headers, rawBody);
    let event: any;
    let resource: any;
    try {
      event = JSON.parse(rawBody);
      resource = JSON.parse(decryptResource(this.s.apiV3Key, event.resource));
    } catch {
      throw new NotificationRejected('malformed', 'notification body or resource cannot be read');
    }
    const id = String(event.id ?? '');
    if (String(event.event_type).startsWith('REFUND.')) {
      if (resource.mchid !== this.s.mchId) throw new NotificationRejected('merchant_mismatch', `unexpected mchid ${resource.mchid}`);
      return { type: 'refund', id, outTradeNo: String(resource.out_trade_no), success: resource.refund_status === 'SUCCESS' };
    }
    if (resource.mchid !== this.s.mchId) throw new NotificationRejected('merchant_mismatch', `unexpected mchid ${resource.mchid}`);
    if (resource.appid !== this.s.appId) throw new NotificationRejected('app_mismatch', `unexpected appid ${resource.appid}`);
    if (event.event_type === 'TRANSACTION.SUCCESS' && resource.trade_state === 'SUCCESS') {
      return paidTransaction(id, resource, new Date(resource.success_time ?? event.create_time));
    }
    if (resource.trade_state === 'CLOSED' || resource.trade_state === 'REVOKED') {
      return { type: 'closed', id, outTradeNo: String(resource.out_trade_no) };
    }
    return { type: 'ignored', id, detail: `${event.event_type}/${resource.trade_state}` };
  }

  notifyReply(ok: boolean, message = '失败'): NotifyReply {
    // Success: 200 or 204 without a body. Failure: 4XX/5XX with {code: FAIL, message}: WeChat Pay retries.
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }
}
