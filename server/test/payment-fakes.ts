// Local fakes of WeChat Pay API v3 and of Alipay's open-platform gateway, with keys generated per
// test run. They check what the real services check (request signatures) and sign what the real
// services sign (responses, notifications), written independently of the adapters under test.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipaySettings, WechatPaySettings } from '../src/config.js';

export function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, Buffer.concat(chunks).toString('utf8'), res)).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

/** A provider's gateway on a local port: `base` is its URL once started. */
abstract class FakeGateway {
  private server?: Server;
  base = '';
  /** The gateway's clock (ms): the real one, or a test's clock when the app under test runs on it. */
  now: () => number = () => Date.now();

  async start() {
    const { server, base } = await listen((req, body, res) => this.handle(req, body, res));
    this.server = server;
    this.base = base;
    return this;
  }

  stop() {
    return this.server ? close(this.server) : Promise.resolve();
  }

  protected abstract handle(req: IncomingMessage, body: string, res: ServerResponse): void | Promise<void>;
}

// --- WeChat Pay ----------------------------------------------------------------------------------

export interface FakeWechatTrade {
  outTradeNo: string;
  amount: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  successTime?: string;
  kind: string;
}

export class FakeWechatPay extends FakeGateway {
  readonly merchant = rsaPair();
  readonly platform = rsaPair();
  readonly mchId = '1900000109';
  readonly appId = 'wx8888888888888888';
  readonly merchantSerialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly publicKeyId = 'PUB_KEY_ID_0114232134912410000000000000';
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly trades = new Map<string, FakeWechatTrade>();
  readonly requests: Array<{ method: string; path: string; body: any; signatureOk: boolean }> = [];
  /** Sign the next responses with a key that is not the platform's (a man in the middle). */
  forgeResponses = false;

  settings(): WechatPaySettings {
    return {
      mchId: this.mchId,
      appId: this.appId,
      merchantSerialNo: this.merchantSerialNo,
      merchantPrivateKey: this.merchant.privatePem,
      platformPublicKeyId: this.publicKeyId,
      platformPublicKey: this.platform.publicPem,
      apiV3Key: this.apiV3Key,
      apiBase: this.base,
      h5AppName: '千言医学',
    };
  }

  /** Headers WeChat Pay puts on a response or a notification: its signature over "ts\nnonce\nbody\n". */
  signHeaders(body: string, opts: { key?: string; serial?: string; timestamp?: string } = {}) {
    const timestamp = opts.timestamp ?? String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(opts.key ?? this.platform.privatePem, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': opts.serial ?? this.publicKeyId,
      'content-type': 'application/json',
    };
  }

  private reply(res: ServerResponse, status: number, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = this.signHeaders(body, this.forgeResponses ? { key: rsaPair().privatePem } : {});
    res.writeHead(status, headers);
    res.end(body);
  }

  /** Checks the merchant's WECHATPAY2-SHA256-RSA2048 Authorization header. */
  private verifyRequest(req: IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== this.mchId || fields.serial_no !== this.merchantSerialNo) return false;
    if (Math.abs(this.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256').update(message).verify(this.merchant.publicPem, fields.signature ?? '', 'base64');
  }

  protected handle(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const signatureOk = this.verifyRequest(req, body);
    const json = body ? JSON.parse(body) : undefined;
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', body: json, signatureOk });
    if (!signatureOk) return this.reply(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname);
    if (create && req.method === 'POST') {
      if (json.mchid !== this.mchId || json.appid !== this.appId) return this.reply(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      if (this.trades.has(json.out_trade_no)) return this.reply(res, 400, { code: 'INVALID_REQUEST', message: '商户订单号重复' });
      this.trades.set(json.out_trade_no, { outTradeNo: json.out_trade_no, amount: json.amount.total, state: 'NOTPAY', kind: create[1]! });
      if (create[1] === 'native') return this.reply(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${json.out_trade_no}` });
      if (create[1] === 'h5') return this.reply(res, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${json.out_trade_no}` });
      return this.reply(res, 200, { prepay_id: `wx_prepay_${json.out_trade_no}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (query && req.method === 'GET') {
      const t = this.trades.get(decodeURIComponent(query[1]!));
      if (!t) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.reply(res, 200, {
        appid: this.appId,
        mchid: this.mchId,
        out_trade_no: t.outTradeNo,
        transaction_id: t.transactionId,
        trade_state: t.state,
        amount: { total: t.amount, payer_total: t.amount, currency: 'CNY' },
        success_time: t.successTime,
      });
    }
    const closeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (closeMatch && req.method === 'POST') {
      const t = this.trades.get(decodeURIComponent(closeMatch[1]!));
      if (!t) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (t.state === 'SUCCESS') return this.reply(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      t.state = 'CLOSED';
      return this.reply(res, 204);
    }
    if (url.pathname === '/v3/refund/domestic/refunds' && req.method === 'POST') {
      const t = this.trades.get(json.out_trade_no);
      if (!t || t.state !== 'SUCCESS' || json.amount.refund > t.amount) return this.reply(res, 400, { code: 'INVALID_REQUEST', message: '不可退款' });
      t.state = 'REFUND';
      return this.reply(res, 200, { refund_id: `R${t.outTradeNo}`, out_refund_no: json.out_refund_no, status: 'SUCCESS' });
    }
    return this.reply(res, 404, { code: 'NOT_FOUND', message: 'no route' });
  }

  /** The buyer pays: the ledger says SUCCESS. */
  pay(outTradeNo: string) {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    t.state = 'SUCCESS';
    t.transactionId = `4200000${Date.now()}`;
    t.successTime = new Date().toISOString();
    return t;
  }

  /** AES-256-GCM with the APIv3 key: ciphertext || tag, base64. */
  encrypt(plaintext: string, associatedData = 'transaction', nonce = randomBytes(6).toString('hex')) {
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce, original_type: 'transaction' };
  }

  /** A TRANSACTION.SUCCESS notification (body and signed headers) for a paid trade; fields can be overridden. */
  notification(t: FakeWechatTrade, override: Record<string, unknown> = {}, headerOpts: Parameters<FakeWechatPay['signHeaders']>[1] = {}) {
    const resource = {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: t.outTradeNo,
      transaction_id: t.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: t.successTime,
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: t.amount, payer_total: t.amount, currency: 'CNY', payer_currency: 'CNY' },
      ...override,
    };
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: this.encrypt(JSON.stringify(resource)),
    });
    return { body, headers: this.signHeaders(body, headerOpts) };
  }
}

// --- Alipay --------------------------------------------------------------------------------------

/** Alipay's signing string: parameters sorted by name, "k=v" joined by "&", without sign (and sign_type for notifications). */
export function alipaySignContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export interface FakeAlipayTrade {
  outTradeNo: string;
  totalAmount: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo?: string;
  refunded?: string;
}

export class FakeAlipay extends FakeGateway {
  readonly app = rsaPair();
  readonly alipay = rsaPair();
  readonly appId = '2021000000000001';
  readonly sellerId = '2088000000000001';
  readonly trades = new Map<string, FakeAlipayTrade>();
  readonly agreements = new Map<string, { status: 'NORMAL' | 'STOP'; fail: boolean; external?: string }>();
  readonly requests: Array<{ method: string; biz: any; signatureOk: boolean }> = [];

  settings(): AlipaySettings {
    return {
      appId: this.appId,
      appPrivateKey: this.app.privatePem,
      alipayPublicKey: this.alipay.publicPem,
      gateway: `${this.base}/gateway.do`,
      sellerId: this.sellerId,
      signScene: 'INDUSTRY|DIGITAL_MEDIA',
      personalProductCode: 'CYCLE_PAY_AUTH_P',
    };
  }

  /** Verifies a request (or a form the SDK built) as the gateway does: RSA2 with the app's public key. */
  verifyParams(params: Record<string, string>): boolean {
    return createVerify('RSA-SHA256')
      .update(alipaySignContent(params, ['sign']))
      .verify(this.app.publicPem, params.sign ?? '', 'base64');
  }

  private reply(res: ServerResponse, method: string, payload: object) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(payload);
    const sign = createSign('RSA-SHA256').update(inner).sign(this.alipay.privatePem, 'base64');
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${inner},"sign":"${sign}"}`);
  }

  protected handle(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const method = params.method ?? '';
    const signatureOk = this.verifyParams(params) && params.app_id === this.appId;
    const biz = params.biz_content ? JSON.parse(params.biz_content) : {};
    this.requests.push({ method, biz, signatureOk });
    if (!signatureOk) return this.reply(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    const t = this.trades.get(biz.out_trade_no);
    switch (method) {
      case 'alipay.trade.query':
        if (!t) return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
        return this.reply(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          trade_status: t.status,
          total_amount: t.totalAmount,
          send_pay_date: t.status === 'TRADE_SUCCESS' ? '2026-01-01 10:00:00' : undefined,
        });
      case 'alipay.trade.close':
        if (!t) return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
        if (t.status === 'TRADE_SUCCESS') return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
        t.status = 'TRADE_CLOSED';
        return this.reply(res, method, { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo });
      case 'alipay.trade.refund':
        if (!t || t.status !== 'TRADE_SUCCESS') return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
        t.refunded = biz.refund_amount;
        return this.reply(res, method, { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, refund_fee: biz.refund_amount, fund_change: 'Y' });
      case 'alipay.trade.pay': {
        const agreement = this.agreements.get(biz.agreement_params?.agreement_no);
        if (!agreement || agreement.status !== 'NORMAL' || agreement.fail) {
          return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.BUYER_BALANCE_NOT_ENOUGH', sub_msg: '余额不足' });
        }
        const tradeNo = `2026${Date.now()}`;
        this.trades.set(biz.out_trade_no, { outTradeNo: biz.out_trade_no, totalAmount: biz.total_amount, status: 'TRADE_SUCCESS', tradeNo });
        return this.reply(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: tradeNo, total_amount: biz.total_amount, gmt_payment: '2026-01-01 10:00:00' });
      }
      case 'alipay.user.agreement.query': {
        const found = [...this.agreements.entries()].find(([, a]) => a.external === biz.external_agreement_no);
        if (!found) return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'USER_AGREEMENT_NOT_EXIST' });
        return this.reply(res, method, { code: '10000', msg: 'Success', agreement_no: found[0], status: found[1].status, external_agreement_no: biz.external_agreement_no });
      }
      case 'alipay.user.agreement.unsign': {
        const agreement = this.agreements.get(biz.agreement_no);
        if (agreement) agreement.status = 'STOP';
        return this.reply(res, method, { code: '10000', msg: 'Success' });
      }
      default:
        return this.reply(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.missing-method' });
    }
  }

  /** The buyer opened the cashier form the server gave: the gateway checks its signature and opens the trade. */
  openCashier(formHtml: string): { params: Record<string, string>; biz: any; signatureOk: boolean } {
    const action = /action="([^"]+)"/.exec(formHtml)?.[1] ?? '';
    const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'");
    const params: Record<string, string> = Object.fromEntries(new URL(unescape(action)).searchParams);
    for (const m of formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) params[m[1]!] = unescape(m[2]!);
    const biz = JSON.parse(params.biz_content ?? '{}');
    const signatureOk = this.verifyParams(params);
    if (signatureOk && !this.trades.has(biz.out_trade_no)) {
      this.trades.set(biz.out_trade_no, { outTradeNo: biz.out_trade_no, totalAmount: biz.total_amount, status: 'WAIT_BUYER_PAY' });
    }
    return { params, biz, signatureOk };
  }

  pay(outTradeNo: string) {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    t.status = 'TRADE_SUCCESS';
    t.tradeNo = `2026${Date.now()}${randomBytes(2).toString('hex')}`;
    return t;
  }

  /** An asynchronous notification (form body) signed by "Alipay"; fields can be overridden or signed with another key. */
  notification(fields: Record<string, string>, key = this.alipay.privatePem): string {
    const params: Record<string, string> = {
      notify_time: '2026-01-01 10:00:01',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(10).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      ...fields,
    };
    params.sign = createSign('RSA-SHA256').update(alipaySignContent(params, ['sign', 'sign_type'])).sign(key, 'base64');
    return new URLSearchParams(params).toString();
  }

  tradeNotification(t: FakeAlipayTrade, override: Record<string, string> = {}, key?: string) {
    return this.notification(
      {
        out_trade_no: t.outTradeNo,
        trade_no: t.tradeNo ?? '',
        trade_status: t.status,
        total_amount: t.totalAmount,
        seller_id: this.sellerId,
        buyer_id: '2088102177846875',
        gmt_payment: '2026-01-01 10:00:00',
        subject: '千言医学-月度会员',
        ...override,
      },
      key,
    );
  }
}
