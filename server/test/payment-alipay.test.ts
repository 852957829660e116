import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { memberships, payAgreements } from '../src/db/schema/index.js';
import { Alipay, fenOf, yuan } from '../src/providers/payment/alipay.js';
import { NotificationRejected } from '../src/providers/payment/index.js';
import type { TestContext } from './helpers.js';
import { FakeAlipay, rsaPair } from './payment-fakes.js';
import { liveProviderApp, newReader, orderBySn, outTradeNoOf, provider, subscribeInfo } from './payment-helpers.js';

let fake: FakeAlipay;
const NOTIFY = 'https://pay.example.org/api/pay/notify/alipay';

before(async () => {
  fake = await new FakeAlipay().start();
});
after(() => fake?.stop());

const adapter = () => new Alipay(fake.settings(), NOTIFY);
const args = (outTradeNo: string, method: 'wap' | 'page' | 'sign') => ({
  channel: 'alipay' as const,
  method,
  outTradeNo,
  amountFen: 2500,
  description: '千言医学-连续包月',
  expiresAt: new Date(Date.now() + 7_200_000),
  clientIp: '203.0.113.9',
  origin: 'https://www.example.org',
  returnUrl: 'https://www.example.org/personal?type=flag4',
});

describe('Alipay adapter (alipay-sdk) against a local fake gateway', () => {
  it('converts amounts without floating point', () => {
    assert.equal(yuan(2500), '25.00');
    assert.equal(yuan(30001), '300.01');
    assert.equal(fenOf('35.00'), 3500);
    assert.equal(fenOf('0.1'), 10);
    assert.ok(Number.isNaN(fenOf('1e3')));
  });

  it('builds signed wap and page cashier forms the gateway accepts', async () => {
    const wap = await adapter().create(args('QYA1_wap', 'wap'));
    assert.equal(wap.kind, 'form');
    if (wap.kind !== 'form') return;
    const opened = fake.openCashier(wap.form);
    assert.equal(opened.signatureOk, true);
    assert.equal(opened.params.method, 'alipay.trade.wap.pay');
    assert.equal(opened.params.notify_url, NOTIFY);
    assert.equal(opened.params.return_url, 'https://www.example.org/personal?type=flag4');
    assert.equal(opened.biz.total_amount, '25.00');
    assert.equal(opened.biz.product_code, 'QUICK_WAP_WAY');

    const page = await adapter().create(args('QYA1_page', 'page'));
    const openedPage = fake.openCashier((page as { form: string }).form);
    assert.equal(openedPage.signatureOk, true);
    assert.equal(openedPage.params.method, 'alipay.trade.page.pay');
    assert.equal(openedPage.biz.product_code, 'FAST_INSTANT_TRADE_PAY');

    // A form signed by someone else's key is refused by the gateway.
    const forged = new Alipay({ ...fake.settings(), appPrivateKey: rsaPair().privatePem }, NOTIFY);
    const bad = await forged.create(args('QYA1_forged', 'wap'));
    assert.equal(fake.openCashier((bad as { form: string }).form).signatureOk, false);
  });

  it('asks to sign the periodic-deduction agreement with a continuous plan\'s payment', async () => {
    const sign = await adapter().create({
      ...args('QYA2', 'sign'),
      agreement: { externalAgreementNo: 'QYAQYA2', periodMonths: 1, singleAmountFen: 2500, firstChargeDate: '2026-02-01' },
    });
    const opened = fake.openCashier((sign as { form: string }).form);
    assert.equal(opened.signatureOk, true);
    const p = opened.biz.agreement_sign_params;
    assert.equal(p.external_agreement_no, 'QYAQYA2');
    assert.equal(p.personal_product_code, 'CYCLE_PAY_AUTH_P');
    assert.deepEqual(p.period_rule_params, { period_type: 'MONTH', period: 1, execute_time: '2026-02-01', single_amount: '25.00' });
  });

  it('queries, closes, refunds and charges agreements with signed requests and verified replies', async () => {
    const pay = adapter();
    assert.equal((await pay.query('QYA3_none')).state, 'NOT_FOUND');
    assert.equal(await pay.close('QYA3_none'), 'closed', 'never opened: nothing can be paid');
    fake.openCashier(((await pay.create(args('QYA3', 'wap'))) as { form: string }).form);
    assert.equal((await pay.query('QYA3')).state, 'NOTPAY');
    fake.pay('QYA3');
    const state = await pay.query('QYA3');
    assert.equal(state.state, 'SUCCESS');
    assert.equal(state.amountFen, 2500);
    assert.equal(await pay.close('QYA3'), 'paid');
    assert.deepEqual(await pay.refund({ outTradeNo: 'QYA3', outRefundNo: 'QYA3R', amountFen: 2500, reason: '退款' }), { status: 'SUCCESS' });
    assert.equal(fake.trades.get('QYA3')!.refunded, '25.00');
    assert.ok(fake.requests.every((r) => r.signatureOk));

    fake.agreements.set('AG1', { status: 'NORMAL', fail: false });
    const charged = await pay.chargeAgreement({ agreementNo: 'AG1', outTradeNo: 'QYA3_r1', amountFen: 2500, description: '续费' });
    assert.equal(charged.state, 'SUCCESS');
    fake.agreements.set('AG1', { status: 'NORMAL', fail: true });
    assert.equal((await pay.chargeAgreement({ agreementNo: 'AG1', outTradeNo: 'QYA3_r2', amountFen: 2500, description: '续费' })).state, 'CLOSED');
    fake.agreements.get('AG1')!.external = 'QYAEXT1';
    assert.equal(await pay.queryAgreement('QYAEXT1'), 'AG1');
    await pay.unsign('AG1');
    assert.equal(fake.agreements.get('AG1')!.status, 'STOP');
    assert.equal(await pay.queryAgreement('QYAEXT1'), null, 'stopped');
    assert.equal(await pay.queryAgreement('QYA-none'), null);
  });

  it('does not trust a gateway reply signed with another key', async () => {
    const pay = new Alipay({ ...fake.settings(), alipayPublicKey: rsaPair().publicPem }, NOTIFY);
    await assert.rejects(pay.query('QYA3'), /验签失败|CALL_FAILED|trade.query/);
  });

  it('verifies notifications (RSA2), then the app and seller ids', async () => {
    const pay = adapter();
    fake.openCashier(((await pay.create(args('QYA4', 'wap'))) as { form: string }).form);
    const trade = fake.pay('QYA4');
    const parsed = await pay.parseNotification({ headers: {}, rawBody: fake.tradeNotification(trade) });
    assert.deepEqual({ ...parsed, id: '' }, { type: 'paid', id: '', outTradeNo: 'QYA4', tradeNo: trade.tradeNo, amountFen: 2500, paidAt: new Date('2026-01-01T02:00:00Z') });
    const rejects = (rawBody: string, reason: NotificationRejected['reason']) =>
      assert.rejects(pay.parseNotification({ headers: {}, rawBody }), (err: unknown) => err instanceof NotificationRejected && err.reason === reason, reason);
    await rejects(fake.tradeNotification(trade, {}, rsaPair().privatePem), 'bad_signature');
    await rejects(fake.tradeNotification(trade).replace('total_amount=25.00', 'total_amount=0.01'), 'bad_signature');
    await rejects(fake.tradeNotification(trade).replace(/&sign=[^&]*/, ''), 'bad_signature');
    await rejects(fake.tradeNotification(trade, { seller_id: '2088999999999999' }), 'merchant_mismatch');
    await rejects(fake.tradeNotification(trade, { app_id: '2021999999999999' }), 'app_mismatch');
    const signed = await pay.parseNotification({
      headers: {},
      rawBody: fake.notification({ notify_type: 'dut_user_sign', status: 'NORMAL', agreement_no: 'AG2', external_agreement_no: 'QYAX' }),
    });
    assert.deepEqual({ ...signed, id: '' }, { type: 'signed', id: '', externalAgreementNo: 'QYAX', agreementNo: 'AG2' });
    assert.deepEqual(pay.notifyReply(true), { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
  });
});

describe('the server with Alipay (PAY_PROVIDER=live) against the fake', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await liveProviderApp({ alipay: fake.settings() });
  });
  after(() => ctx?.close());

  const postNotification = (body: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: body });

  it('pays a wap order on a verified notification and answers "success"; a forged one changes nothing', async () => {
    const { id, token } = await newReader(ctx, 'ali_live');
    const reply = await provider(ctx, 'alipay', 'memberOrderWapPay', { service_id: 1, return_url: '/article-info?permalinks=x' }, token);
    assert.equal(reply.result, 1);
    const opened = fake.openCashier(reply.form);
    assert.equal(opened.signatureOk, true);
    assert.equal(opened.params.return_url, 'https://www.example.org/article-info?permalinks=x');
    const trade = fake.pay(opened.biz.out_trade_no);

    const forged = await postNotification(fake.tradeNotification(trade, {}, rsaPair().privatePem));
    assert.equal(forged.body, 'fail');
    const cheap = await postNotification(fake.tradeNotification(trade, { total_amount: '0.01' }));
    assert.equal(cheap.body, 'fail');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);

    const ok = await postNotification(fake.tradeNotification(trade));
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.body, 'success');
    assert.equal((await orderBySn(ctx, reply.ordersn)).status, 1);
    assert.equal((await postNotification(fake.tradeNotification(trade))).body, 'success');
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 1);
  });

  it('signs a continuous plan with its payment and charges the renewal through the agreement', async () => {
    const { id, token } = await newReader(ctx, 'ali_cont');
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 1 }, token), { result: 0, msg: '暂不支持微信支付' });
    const reply = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 3 }, token);
    const opened = fake.openCashier(reply.form);
    const external = opened.biz.agreement_sign_params.external_agreement_no as string;
    const trade = fake.pay(opened.biz.out_trade_no);
    // The sign notification may come before the payment's.
    fake.agreements.set('AGLIVE1', { status: 'NORMAL', fail: false });
    const sign = fake.notification({ notify_type: 'dut_user_sign', status: 'NORMAL', agreement_no: 'AGLIVE1', external_agreement_no: external });
    assert.equal((await postNotification(sign)).body, 'success');
    assert.equal((await postNotification(fake.tradeNotification(trade))).body, 'success');
    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    assert.equal(agreement!.status, 1);
    assert.equal(agreement!.agreementNo, 'AGLIVE1');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 3);

    ctx.clock.current = agreement!.nextChargeAt!;
    const summary = await ctx.app.payments.runRenewals();
    assert.equal(summary.charged, 1);
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 2);
    const charge = fake.requests.filter((r) => r.method === 'alipay.trade.pay').at(-1)!;
    assert.equal(charge.biz.agreement_params.agreement_no, 'AGLIVE1');
    assert.equal(charge.biz.total_amount, '25.00');

    // The member cancels in Alipay: no more charges.
    const unsign = fake.notification({ notify_type: 'dut_user_unsign', status: 'UNSIGN', agreement_no: 'AGLIVE1', external_agreement_no: external });
    assert.equal((await postNotification(unsign)).body, 'success');
    const [stopped] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    assert.equal(stopped!.status, 2);
  });

  it('unsigns the agreement in Alipay when the member cancels auto-renewal on the site', async () => {
    const { id, token } = await newReader(ctx, 'ali_cancel');
    const reply = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 4 }, token);
    const opened = fake.openCashier(reply.form);
    const external = opened.biz.agreement_sign_params.external_agreement_no as string;
    const trade = fake.pay(opened.biz.out_trade_no);
    fake.agreements.set('AGLIVE2', { status: 'NORMAL', fail: false, external });
    const sign = fake.notification({ notify_type: 'dut_user_sign', status: 'NORMAL', agreement_no: 'AGLIVE2', external_agreement_no: external });
    assert.equal((await postNotification(sign)).body, 'success');
    assert.equal((await postNotification(fake.tradeNotification(trade))).body, 'success');
    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    assert.equal(agreement!.status, 1);

    const cancelled = await provider(ctx, 'program', 'cancelAutoRenew', {}, token);
    assert.equal(cancelled.result, 1, JSON.stringify(cancelled));
    assert.equal(cancelled.auto_renew, 0);
    const unsign = fake.requests.filter((r) => r.method === 'alipay.user.agreement.unsign' && r.biz.agreement_no === 'AGLIVE2');
    assert.equal(unsign.length, 1);
    assert.ok(unsign[0]!.signatureOk);
    assert.equal(fake.agreements.get('AGLIVE2')!.status, 'STOP');

    ctx.clock.current = agreement!.nextChargeAt!;
    await ctx.app.payments.runRenewals();
    const charges = fake.requests.filter((r) => r.method === 'alipay.trade.pay' && r.biz.agreement_params?.agreement_no === 'AGLIVE2');
    assert.equal(charges.length, 0, 'no charge through the agreement');
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 1);
  });
});
