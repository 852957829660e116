import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { memberships, payAgreements, qrcodeInfos, sandboxTrades } from '../src/db/schema/index.js';
import { addMonthsShanghai } from '../src/modules/membership/payments.js';
import { createTestApp, type TestContext } from './helpers.js';
import { attemptsOf, newReader, orderBySn, outTradeNoOf, provider, subscribeInfo } from './payment-helpers.js';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

/** Pays through the sandbox cashier page, as a person would (POST the 支付 form). */
async function payOnCashier(outTradeNo: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/dev/cashier/${outTradeNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'back=%2Fpersonal%3Ftype%3Dflag1',
  });
  assert.equal(res.statusCode, 200);
  return res.body;
}

describe('orders: pay/index, notifypay, the sandbox cashier', () => {
  it('asks a visitor to log in', async () => {
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 1 }), { result: 0, msg: '登录超时，请重新登录' });
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn: 'QY1' }), { result: 0, msg: '登录超时，请重新登录' });
    assert.deepEqual(await provider(ctx, 'program', 'getServiceOrderList', {}), { result: 0, msg: '登录超时，请重新登录' });
  });

  it('refuses a missing or unknown plan clearly', async () => {
    const { token } = await newReader(ctx, 'po_plan');
    assert.deepEqual(await provider(ctx, 'pay', 'index', {}, token), { result: 0, msg: '请选择要购买的套餐' });
    for (const bad of ['99', 'abc', '-1', '99999999999']) {
      assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: bad }, token), { result: 0, msg: '套餐不存在或已下架' }, bad);
    }
    // Continuous plans are paid by signing with Alipay, not by a WeChat QR.
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 3 }, token), { result: 0, msg: '连续包月和连续包年需使用支付宝签约支付' });
  });

  it('gives a QR code and an order number; a double click reuses the same order and link', async () => {
    const { token } = await newReader(ctx, 'po_double');
    const first = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    assert.equal(first.result, 1);
    assert.match(first.ordersn, /^QY\d{18}$/);
    assert.match(first.code_url, /\/dev\/cashier\/QY\d{18}_\w{6}$/);
    assert.match(first.paycode, /^data:image\/png;base64,/);
    const [again, ...together] = await Promise.all([
      provider(ctx, 'pay', 'index', { service_id: 1 }, token),
      ...Array.from({ length: 5 }, () => provider(ctx, 'pay', 'index', { service_id: 1 }, token)),
    ]);
    for (const reply of [again, ...together]) {
      assert.equal(reply.ordersn, first.ordersn);
      assert.equal(reply.code_url, first.code_url);
    }
    const order = await orderBySn(ctx, first.ordersn);
    assert.equal(order.priceFen, 3500);
    assert.equal((await attemptsOf(ctx, order.id)).length, 1);
    // Another way of paying the same plan: same order, its own payment.
    const h5 = await provider(ctx, 'pay', 'h5index', { service_id: 1 }, token);
    assert.equal(h5.ordersn, first.ordersn);
    assert.notEqual(h5.h5_url, first.code_url);
    assert.equal((await attemptsOf(ctx, order.id)).length, 2);
  });

  it('makes one order when two first clicks arrive at once', async () => {
    const { token } = await newReader(ctx, 'po_race');
    const replies = await Promise.all(Array.from({ length: 8 }, () => provider(ctx, 'pay', 'index', { service_id: 2 }, token)));
    assert.equal(new Set(replies.map((r) => r.ordersn)).size, 1);
    const order = await orderBySn(ctx, replies[0].ordersn);
    assert.equal((await attemptsOf(ctx, order.id)).length, 1);
  });

  it('pays on the cashier page: the signed notification makes the member a monthly member', async () => {
    const { id, token } = await newReader(ctx, 'po_pay');
    const started = ctx.clock.now();
    const { ordersn, code_url } = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn }, token), { result: 0, msg: '订单未支付', ordersn, status: 0 });

    const page = await ctx.get(new URL(code_url).pathname);
    assert.equal(page.status, 200);
    assert.match(page.text, /¥35\.00/);
    assert.match(page.text, /月度会员/);

    const html = await payOnCashier(new URL(code_url).pathname.split('/').pop()!);
    assert.match(html, /支付成功/);
    assert.match(html, /href="\/personal\?type=flag1"/);
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn }, token), { result: 1, msg: '支付成功', ordersn, status: 1 });

    const info = await subscribeInfo(ctx, token);
    assert.equal(info.service_type, 1);
    const periods = await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id));
    assert.equal(periods.length, 1);
    assert.equal(periods[0]!.startsAt.getTime(), started.getTime());
    assert.equal(periods[0]!.endsAt.getTime(), addMonthsShanghai(started, 1).getTime());
    const order = await orderBySn(ctx, ordersn);
    assert.equal(order.status, 1);
    assert.equal(order.payChannel, 'wechat');
    assert.equal(order.payProvider, 'sandbox');

    // Paying again on the same page changes nothing.
    assert.match(await payOnCashier(new URL(code_url).pathname.split('/').pop()!), /支付成功/);
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 1);
  });

  it('extends from the end of the current membership, not from now', async () => {
    const { id, token } = await newReader(ctx, 'po_extend');
    const first = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    await payOnCashier(await outTradeNoOf(ctx, first.ordersn));
    ctx.clock.advance(2 * 3_600_000);
    const second = await provider(ctx, 'pay', 'h5index', { service_id: 2 }, token);
    assert.equal(second.result, 1, JSON.stringify(second));
    await payOnCashier(await outTradeNoOf(ctx, second.ordersn));
    const periods = (await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).sort((a, b) => +a.startsAt - +b.startsAt);
    assert.equal(periods.length, 2);
    assert.equal(periods[1]!.startsAt.getTime(), periods[0]!.endsAt.getTime());
    assert.equal(periods[1]!.endsAt.getTime(), addMonthsShanghai(periods[0]!.endsAt, 12).getTime());
    assert.equal(periods[1]!.serviceType, 2);
    const info = await subscribeInfo(ctx, token);
    assert.equal(info.service_type, 1, 'the monthly period still runs');
    assert.equal(new Date(info.service_end_date).getTime(), periods[1]!.endsAt.getTime());
  });

  it('never shows another member their order: polling it finds nothing', async () => {
    const owner = await newReader(ctx, 'po_owner');
    const other = await newReader(ctx, 'po_other');
    const { ordersn } = await provider(ctx, 'pay', 'index', { service_id: 1 }, owner.token);
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn }, other.token), { result: 0, msg: '订单不存在' });
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', {}, other.token), { result: 0, msg: '请输入订单号' });
    const order = await orderBySn(ctx, ordersn);
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', { id: order.id }, other.token), {
      result: 0,
      msg: '您要删除的订单id不存在!',
    });
    assert.equal((await orderBySn(ctx, ordersn)).deletedAt, null);
  });
});

describe('my orders', () => {
  it('lists the member\'s orders newest first, 3 or 10 a page', async () => {
    const { token } = await newReader(ctx, 'po_list');
    const a = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    ctx.clock.advance(1000);
    const b = await provider(ctx, 'pay', 'index', { service_id: 2 }, token);
    await payOnCashier(await outTradeNoOf(ctx, b.ordersn));
    const page = await provider(ctx, 'program', 'getServiceOrderList', { page: 1, per_page: 3 }, token);
    assert.equal(page.result, 1);
    assert.equal(page.total_count, 2);
    assert.equal(page.page, 1);
    assert.equal(page.per_page, 3);
    assert.deepEqual(page.items.map((o: any) => o.ordersn), [b.ordersn, a.ordersn]);
    const paid = page.items[0];
    assert.equal(paid.status, 1);
    assert.equal(paid.status_text, '已支付');
    assert.equal(paid.service_title, '年度会员');
    assert.equal(paid.price, '300.00');
    assert.equal(paid.price_fen, 30000);
    assert.equal(paid.pay_channel, 'wechat');
    assert.match(paid.paytime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.ok(paid.period_end > paid.period_start);
    assert.equal(page.items[1].status_text, '待支付');
    assert.equal(page.items[1].period_start, '');

    assert.deepEqual(await provider(ctx, 'program', 'getServiceOrderList', { page: 1, per_page: 5 }, token), {
      result: 0,
      msg: '每页条数只能是3或10',
    });
    assert.deepEqual(await provider(ctx, 'program', 'getServiceOrderList', { page: 0 }, token), { result: 0, msg: '页码需为正整数' });
    const second = await provider(ctx, 'program', 'getServiceOrderList', { page: 2, per_page: 10 }, token);
    assert.deepEqual(second.items, []);
    assert.equal(second.total_count, 2);
  });

  it('deletes an unpaid order: it leaves the list and can no longer be paid', async () => {
    const { token } = await newReader(ctx, 'po_delete');
    const { ordersn } = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    const order = await orderBySn(ctx, ordersn);
    const outTradeNo = await outTradeNoOf(ctx, ordersn);
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', {}, token), { result: 0, msg: '您要删除的订单id不存在!' });
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', { id: 987654 }, token), { result: 0, msg: '您要删除的订单id不存在!' });
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', { id: order.id }, token), { result: 1, msg: '删除成功' });
    assert.deepEqual(await provider(ctx, 'program', 'deleteServiceOrder', { id: order.id }, token), { result: 0, msg: '您要删除的订单id不存在!' });
    const list = await provider(ctx, 'program', 'getServiceOrderList', { page: 1, per_page: 10 }, token);
    assert.equal(list.total_count, 0);
    const closed = await orderBySn(ctx, ordersn);
    assert.equal(closed.status, 2);
    const [trade] = await ctx.app.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    assert.equal(trade!.state, 'CLOSED');
    assert.match(await payOnCashier(outTradeNo), /订单已关闭/);
    assert.deepEqual(await provider(ctx, 'pay', 'notifypay', { ordersn }, token), { result: 0, msg: '订单已关闭', ordersn, status: 2 });
    // Asking again makes a new order.
    const again = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    assert.notEqual(again.ordersn, ordersn);
  });
});

describe('continuous plans and purchase limits', () => {
  it('signs a continuous monthly plan with the payment, then refuses another purchase', async () => {
    const { id, token } = await newReader(ctx, 'po_cont_m');
    assert.deepEqual(await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 1 }, token), {
      result: 0,
      msg: '只有连续包月和连续包年需要签约，请选择普通支付',
    });
    const signed = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 3 }, token);
    assert.equal(signed.result, 1);
    assert.match(signed.form, /<form[^>]+action="[^"]*\/dev\/cashier\/QY\d{18}_\w{6}"/);
    const outTradeNo = await outTradeNoOf(ctx, signed.ordersn);
    const page = await ctx.get(`/dev/cashier/${outTradeNo}`);
    assert.match(page.text, /签约并支付/);
    assert.match(page.text, /每月到期前自动扣款/);
    await payOnCashier(outTradeNo);

    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    assert.equal(agreement!.status, 1);
    assert.ok(agreement!.agreementNo);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 3);
    for (const [c, m, planId] of [
      ['pay', 'index', 1],
      ['pay', 'h5index', 2],
      ['alipay', 'memberOrderWapPay', 1],
      ['alipay', 'memberOrderSignPay', 4],
    ] as const) {
      assert.deepEqual(await provider(ctx, c, m, { service_id: planId }, token), { result: 0, msg: '当前已是连续包月用户，无需购买' }, `${c}/${m}`);
    }
    assert.deepEqual(
      await provider(ctx, 'qrcode', 'createInfo', {}, token, { form: { result_data: JSON.stringify({ service_id: 1, token }) } }),
      { result: 0, msg: '当前已是连续包月用户，无需购买' },
    );
  });

  it('refuses a continuous yearly member with the yearly message', async () => {
    const { token } = await newReader(ctx, 'po_cont_y');
    const signed = await provider(ctx, 'alipay', 'memberOrderWapPay', { service_id: 4 }, token);
    await payOnCashier(await outTradeNoOf(ctx, signed.ordersn));
    assert.equal((await subscribeInfo(ctx, token)).service_type, 4);
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 1 }, token), { result: 0, msg: '当前已是连续包年用户，无需购买' });
  });

  it('lets a member turn off auto-renewal; then buying is allowed again', async () => {
    const { token } = await newReader(ctx, 'po_cont_off');
    assert.deepEqual(await provider(ctx, 'program', 'cancelAutoRenew', {}, token), { result: 0, msg: '您当前没有开通自动续费' });
    const signed = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: 3 }, token);
    await payOnCashier(await outTradeNoOf(ctx, signed.ordersn));
    const cancelled = await provider(ctx, 'program', 'cancelAutoRenew', {}, token);
    assert.deepEqual({ result: cancelled.result, msg: cancelled.msg, auto_renew: cancelled.auto_renew }, { result: 1, msg: '已取消自动续费', auto_renew: 0 });
    assert.equal((await subscribeInfo(ctx, token)).service_type, 3, 'the paid month stays');
    const bought = await provider(ctx, 'pay', 'index', { service_id: 1 }, token);
    assert.equal(bought.result, 1);
  });
});

describe('plan, address and FAQ', () => {
  it('answers getServiceInfo with the plan and its type', async () => {
    const reply = await provider(ctx, 'program', 'getServiceInfo', { id: 4 });
    assert.equal(reply.result, 1);
    assert.equal(reply.data.type, 4);
    assert.equal(reply.data.price, '200.00');
    assert.deepEqual(await provider(ctx, 'program', 'getServiceInfo', { id: 42 }), { result: 0, msg: '套餐不存在或已下架' });
  });

  it('serves the FAQ (qa_lsit) and the agreement (xieyi)', async () => {
    const reply = await provider(ctx, 'program', 'getsubscribeQaList');
    assert.equal(reply.result, 1);
    assert.ok(reply.qa_lsit.length >= 5);
    assert.ok(reply.qa_lsit.every((q: any) => q.title && q.content));
    assert.match(reply.xieyi.title, /会员服务协议/);
    assert.match(reply.xieyi.content, /自动续费/);
  });

  it('requires recipient, phone, region and detailed address, and saves region names from the tree', async () => {
    const { token } = await newReader(ctx, 'po_address');
    assert.deepEqual(await provider(ctx, 'program', 'getMyAddress', {}, token), { result: 1, msg: 'success', item: null });
    const full = { pro_id: 110000, city_id: 110100, area_id: 110101, pro_name: 'x', city_name: 'y', area_name: 'z', sh_name: '林思远', sh_phone: '13800000009', sh_address: '东长安街1号' };
    const save = (body: object) => provider(ctx, 'program', 'addOrModifyAddress', {}, token, { json: body });
    const cases: Array<[object, string]> = [
      [{ ...full, sh_name: ' ' }, '请输入收货人姓名'],
      [{ ...full, sh_phone: '' }, '请输入收货人手机号'],
      [{ ...full, sh_phone: '23800000009' }, '手机输入不正确，请重新输入'],
      [{ ...full, pro_id: '' }, '请选择所在地区'],
      [{ ...full, area_id: 0 }, '请选择所在地区'],
      [{ ...full, city_id: 310100 }, '所在地区不正确，请重新选择'],
      [{ ...full, sh_address: '' }, '请输入详细地址'],
      [{ ...full, sh_address: '路'.repeat(101) }, '详细地址不能超过100个字'],
    ];
    for (const [body, msg] of cases) assert.deepEqual(await save(body), { result: 0, msg }, msg);
    assert.deepEqual(await provider(ctx, 'program', 'getMyAddress', {}, token), { result: 1, msg: 'success', item: null });

    const saved = await save(full);
    assert.equal(saved.result, 1);
    assert.equal(saved.msg, '保存成功');
    assert.equal(saved.item.pro_name, '北京市');
    assert.equal(saved.item.area_name, '东城区');
    assert.deepEqual((await provider(ctx, 'program', 'getMyAddress', {}, token)).item, saved.item);
    const moved = await save({ ...full, sh_address: '西长安街2号' });
    assert.equal(moved.item.sh_address, '西长安街2号');
  });
});

describe('desktop Alipay by QR code', () => {
  it('creates a QR record the phone can open with its own token, marks it scanned once, pays for that plan only', async () => {
    const { id, token } = await newReader(ctx, 'po_qr');
    const created = await provider(ctx, 'qrcode', 'createInfo', {}, token, {
      form: { result_data: JSON.stringify({ service_id: 2, token }) },
    });
    assert.equal(created.result, 1);
    assert.equal(created.url, `/qrcode-member-ali-pay/${created.id}/${created.token}`);
    assert.notEqual(created.token, token, 'the QR carries its own token, not the session');

    // The phone has no session: the QR token alone opens this record and nothing else.
    const info = await provider(ctx, 'qrcode', 'getInfo', { id: created.id, token: created.token });
    assert.deepEqual(info, { result: 1, msg: 'success', data: { id: created.id, status: '0', result_data: '{"service_id":2}', ordersn: '' } });
    assert.deepEqual(await provider(ctx, 'qrcode', 'getInfo', { id: created.id, token: 'x'.repeat(32) }), {
      result: 0,
      msg: '二维码已失效，请刷新二维码重新扫码',
    });
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 1, token: created.token }), { result: 0, msg: '登录超时，请重新登录' });

    assert.deepEqual(await provider(ctx, 'qrcode', 'updateStatus', { id: created.id, status: 1, token: created.token }), { result: 1, msg: 'success' });
    assert.deepEqual(await provider(ctx, 'qrcode', 'updateStatus', { id: created.id, status: 1, token: created.token }), {
      result: 0,
      msg: '二维码已失效，请刷新二维码重新扫码',
    });
    assert.deepEqual(await provider(ctx, 'alipay', 'memberOrderWapPay', { service_id: 1, qrcode_id: created.id, token: created.token }), {
      result: 0,
      msg: '二维码信息不正确，请刷新二维码重新扫码',
    });
    const form = await provider(ctx, 'alipay', 'memberOrderWapPay', { service_id: 2, qrcode_id: created.id, token: created.token });
    assert.equal(form.result, 1);
    const order = await orderBySn(ctx, form.ordersn);
    assert.equal(order.memberId, id);

    // The desktop polls the record (with its session) and learns the order to poll.
    const polled = await provider(ctx, 'qrcode', 'getInfo', { id: created.id }, token);
    assert.equal(polled.data.status, '1');
    assert.equal(polled.data.ordersn, form.ordersn);
    await payOnCashier(await outTradeNoOf(ctx, form.ordersn));
    assert.equal((await provider(ctx, 'qrcode', 'getInfo', { id: created.id }, token)).data.status, '2');
    assert.equal((await provider(ctx, 'pay', 'notifypay', { ordersn: form.ordersn }, token)).result, 1);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 2);
  });

  it('expires a QR record after 30 minutes', async () => {
    const { token } = await newReader(ctx, 'po_qr_old');
    const created = await provider(ctx, 'qrcode', 'createInfo', {}, undefined, {
      form: { result_data: JSON.stringify({ service_id: 1, token }) },
    });
    assert.equal(created.result, 1);
    ctx.clock.advance(31 * 60_000);
    assert.equal((await provider(ctx, 'qrcode', 'getInfo', { id: created.id, token: created.token })).data.status, '3');
    assert.deepEqual(await provider(ctx, 'qrcode', 'updateStatus', { id: created.id, status: 1, token: created.token }), {
      result: 0,
      msg: '二维码已失效，请刷新二维码重新扫码',
    });
    assert.deepEqual(await provider(ctx, 'alipay', 'memberOrderWapPay', { qrcode_id: created.id, token: created.token }), {
      result: 0,
      msg: '二维码已失效，请刷新二维码重新扫码',
    });
    await ctx.app.payments.reconcile();
    const [row] = await ctx.app.db.select().from(qrcodeInfos).where(eq(qrcodeInfos.id, created.id));
    assert.equal(row!.status, 3);
    assert.deepEqual(
      await provider(ctx, 'qrcode', 'createInfo', {}, undefined, { form: { result_data: '{not json' } }),
      { result: 0, msg: '二维码信息不正确，请刷新二维码重新扫码' },
    );
  });
});

describe('inside WeChat', () => {
  it('offers only WeChat Pay inside WeChat, and no WeChat Pay inside Alipay\'s client', async () => {
    const { token } = await newReader(ctx, 'po_inapp');
    const as = (ua: string, c: string, m: string, planId: number) =>
      ctx.app.inject({ method: 'GET', url: `/index.php?c=${c}&m=${m}&service_id=${planId}&sf=pc&token=${token}`, headers: { 'user-agent': ua } }).then((r) => r.json());
    const wechat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
    const alipay = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 AlipayClient/10.5.36.8000';
    assert.deepEqual(await as(wechat, 'alipay', 'memberOrderSignPay', 3), { result: 0, msg: '微信内暂不支持支付宝支付，请使用微信支付' });
    assert.deepEqual(await as(wechat, 'alipay', 'memberOrderWapPay', 1), { result: 0, msg: '微信内暂不支持支付宝支付，请使用微信支付' });
    assert.deepEqual(await as(alipay, 'pay', 'h5index', 1), { result: 0, msg: '支付宝客户端内暂不支持微信支付，请使用支付宝支付' });
    assert.equal((await as(alipay, 'alipay', 'memberOrderWapPay', 1)).result, 1);
    assert.equal((await as(wechat, 'pay', 'h5index', 1)).result, 1);
  });

  it('needs the openid for JSAPI and gives the bridge parameters (the sandbox adds its cashier)', async () => {
    const { token } = await newReader(ctx, 'po_jsapi');
    assert.deepEqual(await provider(ctx, 'pay', 'orderJsApiPay', { service_id: 1 }, token), { result: 0, msg: '获取openId失败' });
    const reply = await provider(ctx, 'pay', 'orderJsApiPay', { service_id: 1, openid: 'o-sandbox-1' }, token);
    assert.equal(reply.result, 1);
    assert.equal(reply.signType, 'RSA');
    assert.match(reply.package, /^prepay_id=/);
    assert.match(reply.timestamp, /^\d{10}$/);
    assert.ok(reply.paySign && reply.nonceStr && reply.appId);
    assert.match(reply.cashier_url, /\/dev\/cashier\//);
  });

  it('exchanges an official-account code for the openid, and answers 获取openId失败 for a bad one', async () => {
    assert.deepEqual(await provider(ctx, 'pay', 'getOpenId', { code: 'nope' }), { result: 0, msg: '获取openId失败' });
    const simulator = ctx.app.accounts.wechatOAuth as unknown as { approve(n: string, app: 'mp'): string };
    const code = simulator.approve('微信读者', 'mp');
    const reply = await provider(ctx, 'pay', 'getOpenId', { code });
    assert.equal(reply.result, 1);
    assert.match(reply.openid, /^sim-mp-/);
    assert.match(reply.unionid, /^sim-u-/);
  });

  it('signs wx.config for a page URL', async () => {
    assert.deepEqual(await provider(ctx, 'pay', 'getJssdkConfig', { url: 'javascript:1' }), { result: 0, msg: '请提供当前页面地址' });
    const reply = await provider(ctx, 'pay', 'getJssdkConfig', { url: 'https://www.example.org/personal?type=flag4#x' });
    assert.equal(reply.result, 1);
    assert.match(reply.signature, /^[0-9a-f]{40}$/);
    assert.ok(reply.jsApiList.includes('chooseWXPay'));
  });
});
