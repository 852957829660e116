import assert from 'node:assert/strict';
import { createVerify } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { memberships, paymentEvents } from '../src/db/schema/index.js';
import { NotificationRejected, ProviderCallError } from '../src/providers/payment/index.js';
import { decryptResource, WechatPay } from '../src/providers/payment/wechatpay.js';
import type { TestContext } from './helpers.js';
import { FakeWechatPay, rsaPair } from './payment-fakes.js';
import { liveProviderApp, newReader, orderBySn, outTradeNoOf, provider, subscribeInfo } from './payment-helpers.js';

let fake: FakeWechatPay;
const NOTIFY = 'https://pay.example.org/api/pay/notify/wechatpay';

before(async () => {
  fake = await new FakeWechatPay().start();
});
after(() => fake?.stop());

const adapter = () => new WechatPay(fake.settings(), NOTIFY);
const baseArgs = (outTradeNo: string) => ({
  channel: 'wechat' as const,
  outTradeNo,
  amountFen: 3500,
  description: '千言医学-月度会员',
  expiresAt: new Date(Date.now() + 7_200_000),
  clientIp: '203.0.113.9',
  origin: 'https://www.example.org',
});

describe('WeChat Pay adapter against a local fake', () => {
  it('signs requests with the merchant key (the fake verifies them) and reads verified responses', async () => {
    const pay = adapter();
    const native = await pay.create({ ...baseArgs('QYW1_native'), method: 'native' });
    assert.deepEqual(native, { kind: 'code_url', codeUrl: 'weixin://wxpay/bizpayurl?pr=QYW1_native' });
    const sent = fake.requests.at(-1)!;
    assert.equal(sent.signatureOk, true);
    assert.equal(sent.path, '/v3/pay/transactions/native');
    assert.equal(sent.body.notify_url, NOTIFY);
    assert.deepEqual(sent.body.amount, { total: 3500, currency: 'CNY' });
    assert.match(sent.body.time_expire, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);

    const h5 = await pay.create({ ...baseArgs('QYW1_h5'), method: 'h5' });
    assert.equal(h5.kind, 'h5_url');
    assert.equal(fake.requests.at(-1)!.body.scene_info.payer_client_ip, '203.0.113.9');

    const jsapi = await pay.create({ ...baseArgs('QYW1_jsapi'), method: 'jsapi', openid: 'o-openid-1' });
    assert.equal(jsapi.kind, 'jsapi');
    if (jsapi.kind !== 'jsapi') return;
    const p = jsapi.params;
    assert.equal(p.package, 'prepay_id=wx_prepay_QYW1_jsapi');
    assert.equal(p.signType, 'RSA');
    // WeixinJSBridge checks paySign with the merchant's public key over appId, timeStamp, nonceStr, package.
    const ok = createVerify('RSA-SHA256').update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`).verify(fake.merchant.publicPem, p.paySign, 'base64');
    assert.equal(ok, true);
  });

  it('is refused by WeChat Pay when signing with another key', async () => {
    const wrong = new WechatPay({ ...fake.settings(), merchantPrivateKey: rsaPair().privatePem }, NOTIFY);
    await assert.rejects(wrong.create({ ...baseArgs('QYW2'), method: 'native' }), (err: unknown) => err instanceof ProviderCallError && err.code === 'SIGN_ERROR');
  });

  it('does not trust a response that WeChat Pay did not sign', async () => {
    fake.forgeResponses = true;
    try {
      await assert.rejects(adapter().create({ ...baseArgs('QYW3'), method: 'native' }), /not trusted/);
    } finally {
      fake.forgeResponses = false;
    }
  });

  it('queries, closes and refunds', async () => {
    const pay = adapter();
    await pay.create({ ...baseArgs('QYW4_a'), method: 'native' });
    assert.equal((await pay.query('QYW4_a')).state, 'NOTPAY');
    assert.equal((await pay.query('QYW4_missing')).state, 'NOT_FOUND');
    assert.equal(await pay.close('QYW4_a'), 'closed');
    assert.equal((await pay.query('QYW4_a')).state, 'CLOSED');

    await pay.create({ ...baseArgs('QYW4_b'), method: 'native' });
    fake.pay('QYW4_b');
    const state = await pay.query('QYW4_b');
    assert.equal(state.state, 'SUCCESS');
    assert.equal(state.amountFen, 3500);
    assert.ok(state.tradeNo);
    assert.equal(await pay.close('QYW4_b'), 'paid', 'a paid trade cannot be closed');
    assert.deepEqual(await pay.refund({ outTradeNo: 'QYW4_b', outRefundNo: 'QYW4_bR', amountFen: 3500, totalFen: 3500, reason: '退款' }), { status: 'SUCCESS' });
    assert.equal((await pay.query('QYW4_b')).state, 'REFUND');
  });

  it('verifies notifications, decrypts the resource with the APIv3 key, and checks merchant and app', async () => {
    const pay = adapter();
    await pay.create({ ...baseArgs('QYW5'), method: 'native' });
    const trade = fake.pay('QYW5');
    const { body, headers } = fake.notification(trade);
    const parsed = await pay.parseNotification({ headers, rawBody: body });
    assert.equal(parsed.type, 'paid');
    if (parsed.type === 'paid') {
      assert.equal(parsed.outTradeNo, 'QYW5');
      assert.equal(parsed.amountFen, 3500);
      assert.equal(parsed.tradeNo, trade.transactionId);
    }
    const rejects = async (rawBody: string, h: Record<string, string>, reason: NotificationRejected['reason']) =>
      assert.rejects(pay.parseNotification({ headers: h, rawBody }), (err: unknown) => err instanceof NotificationRejected && err.reason === reason, reason);
    // Tampered body, another key, another serial, too old, the SIGNTEST probe.
    await rejects(body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '), headers, 'bad_signature');
    await rejects(body, fake.signHeaders(body, { key: rsaPair().privatePem }), 'bad_signature');
    await rejects(body, fake.signHeaders(body, { serial: 'PUB_KEY_ID_0000' }), 'bad_signature');
    await rejects(body, fake.signHeaders(body, { timestamp: String(Math.floor(Date.now() / 1000) - 600) }), 'stale');
    await rejects(body, { ...headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${headers['wechatpay-signature']}` }, 'signtest_probe');
    // Signed correctly, but for another merchant or app.
    const other = fake.notification(trade, { mchid: '1900000999' });
    await rejects(other.body, other.headers, 'merchant_mismatch');
    const otherApp = fake.notification(trade, { appid: 'wx0000000000000000' });
    await rejects(otherApp.body, otherApp.headers, 'app_mismatch');
  });

  it('decrypts AEAD_AES_256_GCM resources and refuses a tampered ciphertext or associated data', () => {
    const resource = fake.encrypt('{"hello":"世界"}', 'transaction');
    assert.equal(decryptResource(fake.apiV3Key, resource), '{"hello":"世界"}');
    assert.throws(() => decryptResource(fake.apiV3Key, { ...resource, associated_data: 'refund' }));
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    assert.throws(() => decryptResource(fake.apiV3Key, { ...resource, ciphertext: bytes.toString('base64') }));
    assert.throws(() => decryptResource('x'.repeat(32), resource));
  });
});

describe('the server with WeChat Pay (PAY_PROVIDER=live) against the fake', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await liveProviderApp({ wechatpay: fake.settings() });
    // WeChat Pay and the app agree on the time: here, the test's clock.
    fake.now = () => ctx.clock.now().getTime();
  });
  after(() => ctx?.close());

  const postNotification = (body: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/wechatpay', headers, payload: body });

  it('pays a WeChat QR order on a verified notification; the SIGNTEST probe and forged ones change nothing', async () => {
    const { id, token } = await newReader(ctx, 'wx_live');
    const qr = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    assert.equal(qr.result, 1);
    assert.match(qr.code_url, /^weixin:\/\/wxpay\/bizpayurl\?pr=QY/);
    const outTradeNo = await outTradeNoOf(ctx, qr.ordersn);
    const trade = fake.pay(outTradeNo);
    const { body, headers } = fake.notification(trade);

    const probe = await postNotification(body, { ...headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' });
    assert.ok(probe.statusCode >= 400 && probe.statusCode < 600);
    assert.equal(probe.json().code, 'FAIL');
    const forged = fake.notification(trade, {}, { key: rsaPair().privatePem });
    assert.ok((await postNotification(forged.body, forged.headers)).statusCode >= 400);
    const wrongAmount = fake.notification(trade, { amount: { total: 1, payer_total: 1, currency: 'CNY' } });
    assert.ok((await postNotification(wrongAmount.body, wrongAmount.headers)).statusCode >= 400);
    assert.equal((await orderBySn(ctx, qr.ordersn)).status, 0);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);

    const ok = await postNotification(body, headers);
    assert.equal(ok.statusCode, 204);
    assert.equal(ok.body, '');
    assert.equal((await orderBySn(ctx, qr.ordersn)).status, 1);
    assert.equal((await postNotification(body, headers)).statusCode, 204, 'a duplicate is acknowledged');
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 1);
    const outcomes = (await ctx.app.db.select().from(paymentEvents)).map((e) => e.outcome);
    for (const o of ['amount_mismatch', 'applied', 'duplicate']) assert.ok(outcomes.includes(o), o);
    // The probe and the forgery carry no valid signature: logged, never recorded.
    for (const o of ['signtest_probe', 'bad_signature']) assert.ok(!outcomes.includes(o), o);
  });

  it('fulfils a lost notification by querying WeChat Pay, and refunds through it', async () => {
    const { token } = await newReader(ctx, 'wx_lost');
    const h5 = await provider(ctx, 'pay', 'h5index', { service_id: 1 }, token);
    assert.match(h5.h5_url, /^https:\/\/wx\.tenpay\.com\//);
    const outTradeNo = await outTradeNoOf(ctx, h5.ordersn);
    fake.pay(outTradeNo);
    const summary = await ctx.app.payments.reconcile();
    assert.ok(summary.fulfilled >= 1);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    const refunded = await ctx.app.payments.refundOrder(h5.ordersn);
    assert.equal(refunded.order.status, 3);
    assert.equal(fake.trades.get(outTradeNo)!.state, 'REFUND');
    // Refunded at the moment it started: the whole period is taken back, as if never bought.
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);
  });

  it('says Alipay is not offered when it is not configured', async () => {
    const { token } = await newReader(ctx, 'wx_noali');
    assert.deepEqual(await provider(ctx, 'alipay', 'memberOrderWapPay', { service_id: 1 }, token), { result: 0, msg: '暂不支持支付宝支付' });
    assert.equal((await ctx.get('/dev/cashier/QY1')).status, 404, 'no sandbox cashier with real providers');
  });
});
