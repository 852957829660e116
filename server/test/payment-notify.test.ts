import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { articles, payAgreements, paymentAttempts, paymentEvents, sandboxTrades } from '../src/db/schema/index.js';
import { addMonthsShanghai } from '../src/modules/membership/payments.js';
import { SANDBOX_APP_ID, SANDBOX_MCH_ID, type SandboxPay } from '../src/providers/payment/sandbox.js';
import type { TestContext } from './helpers.js';
import { newReader, orderBySn, outTradeNoOf, periodsOf, provider, sandboxApp, subscribeInfo } from './payment-helpers.js';

let ctx: TestContext;
let sandbox: SandboxPay;

before(async () => {
  ({ ctx, sandbox } = await sandboxApp());
});
after(() => ctx?.close());


/** Posts a notification to the sandbox's notify route, signed as the sandbox signs (or with given headers). */
async function notify(event: object, headers?: Record<string, string>) {
  const body = JSON.stringify(event);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: headers ?? sandbox.sign(body), payload: body });
  return res.statusCode;
}

/** A member with an unpaid order for a plan and the sandbox trade number to pay it with. */
async function unpaid(username: string, planId = 1) {
  const reader = await newReader(ctx, username);
  const reply = await provider(ctx, 'pay', 'index', { service_id: planId }, reader.token);
  assert.equal(reply.result, 1, JSON.stringify(reply));
  const outTradeNo = await outTradeNoOf(ctx, reply.ordersn);
  return { ...reader, ordersn: reply.ordersn as string, outTradeNo };
}

const paidEvent = (outTradeNo: string, amountFen: number, tradeNo = `T${outTradeNo}`) =>
  sandbox.paidEvent(outTradeNo, tradeNo, amountFen, ctx.clock.now());

describe('notifications', () => {
  it('applies the same notification sent 20 times at once exactly once', async () => {
    const { id, ordersn, outTradeNo } = await unpaid('pn_twenty');
    const event = paidEvent(outTradeNo, 3500);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => notify(event)));
    assert.ok(statuses.every((s) => s === 204), statuses.join(','));
    assert.equal((await periodsOf(ctx, id)).length, 1);
    assert.equal((await orderBySn(ctx, ordersn)).status, 1);
    const applied = await ctx.app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.outTradeNo, outTradeNo), eq(paymentEvents.outcome, 'applied')));
    assert.equal(applied.length, 1);
  });

  it('changes nothing for a bad signature, a wrong amount, merchant or app id, or a stale timestamp', async () => {
    const { id, token, ordersn, outTradeNo } = await unpaid('pn_bad');
    const good = paidEvent(outTradeNo, 3500);
    const body = JSON.stringify(good);
    const signed = sandbox.sign(body);
    // Tampered signature, and a valid signature over another body.
    assert.equal(await notify(good, { ...signed, 'x-sandbox-signature': signed['x-sandbox-signature'].replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }), 400);
    assert.equal(await notify({ ...good, amount: { total: 1, currency: 'CNY' } }, signed), 400);
    assert.equal(await notify(good, { 'content-type': 'application/json' }), 400);
    // Correctly signed, but the wrong amount (1 fen), another merchant or another app.
    assert.equal(await notify({ ...good, amount: { total: 1, currency: 'CNY' } }), 400);
    assert.equal(await notify({ ...good, mchid: 'sandbox-mch-other' }), 400);
    assert.equal(await notify({ ...good, appid: 'sandbox-app-other' }), 400);
    const stale = sandbox.sign(body, String(Math.floor(ctx.clock.now().getTime() / 1000) - 3600));
    assert.equal(await notify(good, stale), 400);

    assert.equal((await periodsOf(ctx, id)).length, 0);
    assert.equal((await orderBySn(ctx, ordersn)).status, 0);
    const [attempt] = await ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.outTradeNo, outTradeNo));
    assert.equal(attempt!.status, 0);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);
    const outcomes = (await ctx.app.db.select().from(paymentEvents)).map((e) => e.outcome);
    // Correctly signed refusals are recorded; unsigned, forged and replayed ones are only logged.
    for (const reason of ['amount_mismatch', 'merchant_mismatch', 'app_mismatch']) assert.ok(outcomes.includes(reason), reason);
    for (const reason of ['bad_signature', 'stale']) assert.ok(!outcomes.includes(reason), reason);
    // The genuine one still works afterwards.
    assert.equal(await notify(good), 204);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    assert.equal(SANDBOX_MCH_ID.length > 0 && SANDBOX_APP_ID.length > 0, true);
  });

  it('records no row for a flood of badly signed notifications, logs it once a minute, and still takes the genuine one', async () => {
    ctx.clock.advance(61_000); // past the log window of refusals in earlier tests
    const { id, outTradeNo } = await unpaid('pn_flood');
    const good = paidEvent(outTradeNo, 3500);
    const body = JSON.stringify(good);
    const signed = sandbox.sign(body);
    const forged = [
      { ...signed, 'x-sandbox-signature': signed['x-sandbox-signature'].replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { 'content-type': 'application/json' },
      sandbox.sign(body, String(Math.floor(ctx.clock.now().getTime() / 1000) - 3600)),
    ];
    const countEvents = async () => (await ctx.app.db.select().from(paymentEvents)).length;
    const refusedLines = () => ctx.logs.filter((l) => l.includes('payment notification refused'));
    const eventsBefore = await countEvents();
    const linesBefore = refusedLines().length;

    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => notify(good, forged[i % forged.length])));
    assert.ok(statuses.every((s) => s === 400), statuses.join(','));
    assert.equal(await countEvents(), eventsBefore, 'no payment_events row for a refused, unsigned notification');
    assert.equal(refusedLines().length - linesBefore, 1, 'one log line for the whole minute');

    assert.equal(await notify(good), 204, 'the genuine notification right after is accepted');
    assert.equal((await periodsOf(ctx, id)).length, 1);
    const applied = await ctx.app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.outTradeNo, outTradeNo), eq(paymentEvents.outcome, 'applied')));
    assert.equal(applied.length, 1, 'and recorded');

    // A minute later the next refusal is logged again, with how many were left out since the last line.
    ctx.clock.advance(61_000);
    assert.equal(await notify(good, forged[1]), 400);
    const lines = refusedLines();
    assert.equal(lines.length - linesBefore, 2);
    assert.equal(JSON.parse(lines[lines.length - 1]!).refusedSinceLastLine, 49);
  });

  it('never un-pays: a close after the success changes nothing, a success after a close still pays', async () => {
    const first = await unpaid('pn_close_after');
    assert.equal(await notify(paidEvent(first.outTradeNo, 3500)), 204);
    assert.equal(await notify({ ...paidEvent(first.outTradeNo, 3500), event_type: 'TRANSACTION.CLOSED' }), 204);
    assert.equal((await orderBySn(ctx, first.ordersn)).status, 1);
    assert.equal((await subscribeInfo(ctx, first.token)).service_type, 1);

    // The member deletes (closes) the order, then the provider reports that it was paid after all.
    const late = await unpaid('pn_close_before');
    const order = await orderBySn(ctx, late.ordersn);
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', { id: order.id }, late.token), { result: 1, msg: '删除成功' });
    assert.equal((await orderBySn(ctx, late.ordersn)).status, 2);
    assert.equal(await notify({ ...paidEvent(late.outTradeNo, 3500), event_type: 'TRANSACTION.CLOSED' }), 204);
    assert.equal(await notify(paidEvent(late.outTradeNo, 3500)), 204);
    const paid = await orderBySn(ctx, late.ordersn);
    assert.equal(paid.status, 1);
    assert.equal(paid.deletedAt, null, 'a paid order shows again in the list');
    assert.equal((await subscribeInfo(ctx, late.token)).service_type, 1);
  });

  it('does not take a front end\'s word for it: only the provider\'s confirmation pays', async () => {
    const { token, ordersn } = await unpaid('pn_front');
    // Whatever a client sends to the polling or notify endpoints without the provider's signature, nothing is paid.
    assert.equal((await provider(ctx, 'pay', 'notifypay', { ordersn, status: 1, result: 1 }, token)).result, 0);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: { out_trade_no: ordersn, trade_state: 'SUCCESS' } });
    assert.equal(res.statusCode, 400);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);
  });
});

describe('the reconciler', () => {
  it('fulfils a payment whose notification was lost, once it is a few minutes old', async () => {
    const { id, token, ordersn, outTradeNo } = await unpaid('pn_lost');
    assert.equal(await sandbox.pay(outTradeNo, 'none'), 'paid');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 0);
    const early = await ctx.app.payments.reconcile();
    assert.equal(early.fulfilled, 0, 'too recent: the notification may still come');
    ctx.clock.advance(4 * 60_000);
    const summary = await ctx.app.payments.reconcile();
    assert.ok(summary.fulfilled >= 1);
    assert.equal((await orderBySn(ctx, ordersn)).status, 1);
    assert.equal((await periodsOf(ctx, id)).length, 1);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    // Running it again, or the late notification arriving, changes nothing.
    await ctx.app.payments.reconcile();
    assert.equal(await notify(paidEvent(outTradeNo, 3500)), 204);
    assert.equal((await periodsOf(ctx, id)).length, 1);
  });

  it('activates a continuous plan whose sign notification was lost', async () => {
    const { id, token } = await newReader(ctx, 'pn_lost_sign');
    const form = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 3 }, token);
    const outTradeNo = await outTradeNoOf(ctx, form.ordersn);
    // Pay without notifications, then deliver only the payment's.
    assert.equal(await sandbox.pay(outTradeNo, 'none'), 'paid');
    const trade = (await ctx.app.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)))[0]!;
    assert.equal(await notify(sandbox.paidEvent(outTradeNo, trade.tradeNo!, trade.amountFen, ctx.clock.now())), 204);
    const pending = (await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id)))[0]!;
    assert.equal(pending.status, 0);
    ctx.clock.advance(4 * 60_000);
    const summary = await ctx.app.payments.reconcile();
    assert.ok(summary.agreementsSigned >= 1);
    const active = (await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id)))[0]!;
    assert.equal(active.status, 1);
    assert.ok(active.agreementNo && active.nextChargeAt);
  });

  it('closes what expired unpaid, at the provider too', async () => {
    const { token, ordersn, outTradeNo } = await unpaid('pn_expired');
    ctx.clock.advance(121 * 60_000);
    await ctx.app.payments.reconcile();
    const order = await orderBySn(ctx, ordersn);
    assert.equal(order.status, 2);
    // Expired at the provider: it can no longer be paid there, and says so.
    assert.equal((await sandbox.query(outTradeNo)).state, 'CLOSED');
    assert.equal(await sandbox.pay(outTradeNo, 'none'), 'closed');
    const fresh = await newReader(ctx, 'pn_expired_again');
    assert.equal((await provider(ctx, 'pay', 'index', { service_id: 1 }, fresh.token)).result, 1);
    void token;
  });
});

describe('refunds', () => {
  it('refunds through the provider and takes back the period it paid for; later periods move earlier', async () => {
    const { id, token, ordersn, outTradeNo } = await unpaid('pn_refund');
    await sandbox.pay(outTradeNo, 'await');
    const second = await provider(ctx, 'pay', 'index', { service_id: 2 }, token);
    await sandbox.pay(await outTradeNoOf(ctx, second.ordersn), 'await');
    const before = await periodsOf(ctx, id);
    assert.equal(before.length, 2);
    const yearLength = before[1]!.endsAt.getTime() - before[1]!.startsAt.getTime();

    ctx.clock.advance(60 * 60_000);
    const at = ctx.clock.now();
    const result = await ctx.app.payments.refundOrder(ordersn, '测试退款');
    assert.equal(result.order.status, 3);
    assert.equal(result.providerStatus, 'SUCCESS');
    const [trade] = await ctx.app.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    assert.equal(trade!.state, 'REFUND');
    const after = await periodsOf(ctx, id);
    assert.equal(after[0]!.endsAt.getTime(), at.getTime(), 'the refunded month ends now');
    assert.equal(after[1]!.startsAt.getTime(), at.getTime(), 'the yearly period starts now instead of after the month');
    assert.equal(after[1]!.endsAt.getTime() - after[1]!.startsAt.getTime(), yearLength);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 2);
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn }, token), { result: 0, msg: '订单已退款', ordersn, status: 3 });
    await assert.rejects(ctx.app.payments.refundOrder(ordersn), /订单已退款/);
    // A late duplicate notification of the refunded payment does not give the month back.
    assert.equal(await notify(paidEvent(outTradeNo, 3500)), 204);
    assert.equal((await periodsOf(ctx, id)).length, 2);
  });

  it('revokes access completely when the only period is refunded', async () => {
    const { token, ordersn, outTradeNo } = await unpaid('pn_refund_only');
    await sandbox.pay(outTradeNo, 'await');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    ctx.clock.advance(1000);
    await ctx.app.payments.refundOrder(ordersn);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 6);
    await assert.rejects(ctx.app.payments.refundOrder('QY000'), /订单不存在/);
  });
});

describe('membership time', () => {
  it('ends access at the exact end instant', async () => {
    const { id, outTradeNo } = await unpaid('pn_exact');
    const paidAt = ctx.clock.now();
    await sandbox.pay(outTradeNo, 'await');
    const end = addMonthsShanghai(paidAt, 1);
    const [article] = await ctx.app.db.select().from(articles).where(eq(articles.accessLevel, 'member')).limit(1);

    ctx.clock.current = new Date(end.getTime() - 1);
    const fresh = await ctx.app.sessions.issue(id);
    assert.equal((await subscribeInfo(ctx, fresh.token)).service_type, 1);
    const before = (await ctx.post('/api/article/getArticleDetail', { permalinks: article!.permalinks }, fresh.token)).body.data;
    assert.equal(before.contentLocked, false);

    ctx.clock.current = end;
    assert.equal((await subscribeInfo(ctx, fresh.token)).service_type, 6);
    const afterEnd = (await ctx.post('/api/article/getArticleDetail', { permalinks: article!.permalinks }, fresh.token)).body.data;
    assert.equal(afterEnd.contentLocked, true);
    assert.equal(afterEnd.content, '');
  });

  it('counts a month in Shanghai calendar months, clamping the day', () => {
    // 2024-01-31 10:00 in Shanghai is 02:00Z; one month later is 2024-02-29 10:00 Shanghai.
    assert.equal(addMonthsShanghai(new Date('2024-01-31T02:00:00Z'), 1).toISOString(), '2024-02-29T02:00:00.000Z');
    // 2023-01-31 20:00Z is already 1 February in Shanghai: a month later is 1 March there.
    assert.equal(addMonthsShanghai(new Date('2023-01-31T20:00:00Z'), 1).toISOString(), '2023-02-28T20:00:00.000Z');
    assert.equal(addMonthsShanghai(new Date('2024-02-29T04:00:00Z'), 12).toISOString(), '2025-02-28T04:00:00.000Z');
  });
});

describe('continuous plans: renewals, grace, unsigning', () => {
  async function signedMember(username: string, planId = 3) {
    const reader = await newReader(ctx, username);
    const form = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: planId }, reader.token);
    assert.equal(form.result, 1, JSON.stringify(form));
    await sandbox.pay(await outTradeNoOf(ctx, form.ordersn), 'await');
    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, reader.id));
    assert.equal(agreement!.status, 1);
    return { ...reader, agreement: agreement! };
  }
  const agreementOf = async (id: number) => (await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.id, id)))[0]!;

  it('charges one renewal per period a day before the paid time ends', async () => {
    const { id, agreement } = await signedMember('pn_renew');
    const [period] = await periodsOf(ctx, id);
    assert.equal(agreement.nextChargeAt!.getTime(), period!.endsAt.getTime() - 24 * 3_600_000);
    await ctx.app.payments.runRenewals();
    assert.equal((await periodsOf(ctx, id)).length, 1, 'not due yet');
    ctx.clock.current = agreement.nextChargeAt!;
    const summary = await ctx.app.payments.runRenewals();
    assert.ok(summary.charged >= 1);
    const periods = await periodsOf(ctx, id);
    assert.equal(periods.length, 2);
    assert.equal(periods[1]!.startsAt.getTime(), periods[0]!.endsAt.getTime());
    assert.equal(periods[1]!.serviceType, 3);
    const after = await agreementOf(agreement.id);
    assert.equal(after.nextChargeAt!.getTime(), periods[1]!.endsAt.getTime() - 24 * 3_600_000);
    // Running again at the same moment charges nothing more (the sandbox's own notification too).
    await ctx.app.payments.runRenewals();
    assert.equal((await periodsOf(ctx, id)).length, 2);
  });

  it('keeps the member on through a grace period while a failed renewal is retried, then lapses', async () => {
    const { id, token, agreement } = await signedMember('pn_grace');
    await sandbox.setChargesFail(agreement.agreementNo!, true);
    const [paid] = await periodsOf(ctx, id);
    ctx.clock.current = agreement.nextChargeAt!;
    assert.ok((await ctx.app.payments.runRenewals()).failed >= 1);
    assert.equal((await agreementOf(agreement.id)).failures, 1);
    const grace = (await periodsOf(ctx, id)).find((p) => p.kind === 'grace');
    assert.ok(grace);
    assert.equal(grace.startsAt.getTime(), paid!.endsAt.getTime());
    assert.equal(grace.endsAt.getTime(), paid!.endsAt.getTime() + 3 * 86_400_000);

    ctx.clock.current = new Date(paid!.endsAt.getTime() + 86_400_000);
    const session = await ctx.app.sessions.issue(id);
    assert.equal((await subscribeInfo(ctx, session.token)).service_type, 3, 'still a member during the grace period');

    // The balance is back: the retry succeeds and the new month starts now (the grace days are not sold).
    await sandbox.setChargesFail(agreement.agreementNo!, false);
    const retryAt = ctx.clock.now();
    assert.ok((await agreementOf(agreement.id)).nextChargeAt! <= retryAt, 'the retry is due');
    assert.ok((await ctx.app.payments.runRenewals()).charged >= 1);
    const periods = await periodsOf(ctx, id);
    const renewed = periods.find((p) => p.kind === 'paid' && p.startsAt.getTime() === retryAt.getTime());
    assert.ok(renewed, 'renewed from the retry');
    assert.equal(periods.find((p) => p.kind === 'grace')!.endsAt.getTime(), retryAt.getTime());
    const healthy = await agreementOf(agreement.id);
    assert.equal(healthy.failures, 0);
    assert.equal(healthy.graceUntil, null);

    // Failing for the whole grace period ends the agreement and the membership.
    await sandbox.setChargesFail(agreement.agreementNo!, true);
    for (let i = 0; i < 10; i += 1) {
      const next = (await agreementOf(agreement.id)).nextChargeAt;
      if (!next) break;
      ctx.clock.current = next;
      await ctx.app.payments.runRenewals();
    }
    const lapsed = await agreementOf(agreement.id);
    assert.equal(lapsed.status, 3);
    assert.equal(lapsed.nextChargeAt, null);
    ctx.clock.advance(1);
    const late = await ctx.app.sessions.issue(id);
    assert.equal((await subscribeInfo(ctx, late.token)).service_type, 6);
    void token;
  });

  it('stops charging when the member unsigns at the provider', async () => {
    const { id, agreement } = await signedMember('pn_unsign', 4);
    assert.equal(await sandbox.userUnsign(agreement.agreementNo!), true);
    const stopped = await agreementOf(agreement.id);
    assert.equal(stopped.status, 2);
    ctx.clock.current = new Date(agreement.nextChargeAt!.getTime() + 1000);
    await ctx.app.payments.runRenewals();
    assert.equal((await periodsOf(ctx, id)).length, 1, 'no renewal charged');
    assert.equal((await agreementOf(agreement.id)).status, 2);
  });
});
