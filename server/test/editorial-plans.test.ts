// Membership in the business console (issue 20, item 3): plans and prices, the benefits list, the
// subscription FAQ and the agreement. Admins only (editors, contributors and readers are refused and
// nothing changes), every change audited, bad input refused naming the field, a replaced revision or
// version refused (also when two saves are sent at once), readers' calls follow at the next request,
// and a price change applies to new orders only: an order made before it is paid at its own price.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paymentAttempts, serviceOrders } from '../src/db/schema/index.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { PlanMessages as M } from '../src/modules/editorial/plansMessages.js';
import { PayMessages } from '../src/modules/membership/messages.js';
import type { SandboxPay } from '../src/providers/payment/sandbox.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';
import { newReader, orderBySn, outTradeNoOf, periodsOf, provider } from './payment-helpers.js';

let ctx: TestContext;
let sandbox: SandboxPay;
let tokens: Awaited<ReturnType<typeof staffTokens>>;

before(async () => {
  ctx = await createTestApp();
  sandbox = ctx.app.payments.providers.sandbox!;
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

const call = (path: string, body: unknown, token?: string): Promise<Reply> => editorCall(ctx, `/plans${path}`, body, token);
const list = async () => dataOf(await call('/list', {}, tokens.admin));
const planOf = async (id: number) => (await list()).plans.find((p: any) => p.id === id);
const texts = async () => dataOf(await call('/texts', {}, tokens.admin));
/** What readers get: getServiceList and getsubscribeQaList (no token needed). */
const serviceList = () => provider(ctx, 'program', 'getServiceList', { ut: 1 });
const qaList = () => provider(ctx, 'program', 'getsubscribeQaList');
const trail = (targetType: string) => auditTrail(ctx, targetType, tokens.admin);
const saveBody = (p: any, fields: Record<string, unknown> = {}) => ({
  id: p.id,
  baseRevision: p.revision,
  title: p.title,
  priceFen: p.priceFen,
  pcImg: p.pcImg,
  mobileImg: p.mobileImg,
  intro: p.intro,
  equityIds: p.equityIds,
  ...fields,
});
/** Posts a sandbox payment notification for a trade (signed as the sandbox signs); the HTTP status. */
async function notify(outTradeNo: string, amountFen: number) {
  const body = JSON.stringify(sandbox.paidEvent(outTradeNo, `T${outTradeNo}`, amountFen, ctx.clock.now()));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: sandbox.sign(body), payload: body });
  return res.statusCode;
}

describe('membership console: who may change it', () => {
  it('refuses visitors, readers, contributors and editors on every route, and nothing changes', async () => {
    const before = await list();
    const textsBefore = await texts();
    const readerPlans = await serviceList();
    const readerTexts = await qaList();
    const plan = before.plans[0];
    const writes: [string, unknown][] = [
      ['/save', saveBody(plan, { priceFen: 1 })],
      ['/sale', { id: plan.id, enabled: 0 }],
      ['/benefits/save', { baseVersion: before.benefitsVersion, items: [] }],
      ['/faq/save', { baseVersion: textsBefore.faqVersion, items: [] }],
      ['/agreement/save', { baseVersion: textsBefore.agreementVersion, title: '越权', content: '<p>越权</p>' }],
    ];
    const reads: [string, unknown][] = [
      ['/list', {}],
      ['/texts', {}],
    ];
    for (const [path, body] of [...writes, ...reads]) {
      refused(await call(path, body), 10002, /登录/);
      refused(await call(path, body, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await call(path, body, tokens.contributor), 10403, EditorialMessages.adminOnly);
      refused(await call(path, body, tokens.editor), 10403, EditorialMessages.adminOnly);
    }
    assert.deepEqual(await list(), before);
    assert.deepEqual(await texts(), textsBefore);
    assert.deepEqual(await serviceList(), readerPlans);
    assert.deepEqual(await qaList(), readerTexts);
    for (const target of ['plan', 'benefit', 'subscribe_text']) assert.deepEqual(await trail(target), [], target);
  });
});

describe('membership console: plans', () => {
  it('refuses bad input naming the field, and a stale revision', async () => {
    const plan = await planOf(1);
    const refusals: [Record<string, unknown>, string][] = [
      [{ priceFen: -100 }, M.price],
      [{ priceFen: 0 }, M.price],
      [{ priceFen: 12.5 }, M.price],
      [{ priceFen: '三十五' }, M.price],
      [{ priceFen: 100_000_001 }, M.priceTooHigh],
      [{ title: '  ' }, M.titleRequired],
      [{ title: '长'.repeat(65) }, M.titleTooLong],
      [{ pcImg: 'javascript:alert(1)' }, M.pcImgInvalid],
      [{ mobileImg: '//evil.example/x.png' }, M.mobileImgInvalid],
      [{ intro: '长'.repeat(501) }, M.introTooLong],
      [{ equityIds: [999] }, M.equityUnknown(999)],
      [{ equityIds: [1, 1] }, M.equityDuplicate(1)],
      [{ baseRevision: undefined }, M.revisionRequired],
    ];
    assert.equal(M.price, '价格必须是大于 0 的整数（分）');
    for (const [fields, message] of refusals) refused(await call('/save', saveBody(plan, fields), tokens.admin), 10001, message);
    refused(await call('/save', saveBody(plan, { id: 9999 }), tokens.admin), 10001, M.planNotFound);
    const stale = await call('/save', saveBody(plan, { baseRevision: plan.revision + 5 }), tokens.admin);
    refused(stale, 10409, M.planStale(plan.revision));
    assert.equal(stale.data.currentRevision, plan.revision);
    assert.deepEqual(await planOf(1), plan);
    assert.deepEqual(await trail('plan'), []);
  });

  it('saves title, pictures, intro and benefits in order; readers see them at the next request; audited', async () => {
    const plan = await planOf(2);
    const { benefits } = await list();
    assert.ok(benefits.length >= 3);
    const equityIds = [benefits[2].id, benefits[0].id];
    const saved = dataOf(
      await call('/save', saveBody(plan, { title: '年度会员（新版）', pcImg: '/api/static/plans/year-pc.png', mobileImg: 'https://cdn.example.org/year-m.png', intro: '一年畅读', equityIds }), tokens.admin),
    );
    assert.equal(saved.revision, plan.revision + 1);
    assert.deepEqual(saved.equityIds, equityIds);
    const shown = (await serviceList()).servicelsit.find((p: any) => p.id === 2);
    assert.equal(shown.title, '年度会员（新版）');
    assert.equal(shown.pc_img, '/api/static/plans/year-pc.png');
    assert.equal(shown.mobile_img, 'https://cdn.example.org/year-m.png');
    assert.equal(shown.member_equity_id, equityIds.join(','));
    assert.equal(shown.intro, '一年畅读');
    // The same again changes nothing: no revision, no entry.
    assert.equal(dataOf(await call('/save', saveBody(saved), tokens.admin)).revision, saved.revision);
    // Two saves from the same revision at once: exactly one applies.
    const replies = await Promise.all(['甲', '乙'].map((t) => call('/save', saveBody(saved, { title: `年度会员${t}` }), tokens.admin)));
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10409]);
    const winner = replies.find((r) => r.code === 0)!.data;
    assert.equal((await planOf(2)).title, winner.title);
    assert.equal((await planOf(2)).revision, saved.revision + 1);
    const entries = (await trail('plan')).filter((e) => e.targetId === 2);
    assert.equal(entries.length, 2);
    assert.ok(entries.every((e) => e.actorName === 'demo_admin' && e.action === 'save'));
    const first = entries.find((e) => e.after.title === '年度会员（新版）')!;
    assert.equal(first.before.title, plan.title);
    assert.deepEqual(first.after.equityIds, equityIds);
  });

  it('takes a plan off sale and back: readers neither see nor order it meanwhile; audited', async () => {
    const plan = await planOf(3);
    const off = dataOf(await call('/sale', { id: 3, enabled: 0 }, tokens.admin));
    assert.equal(off.enabled, 0);
    assert.equal(off.revision, plan.revision, 'the switch is not part of the revision');
    refused(await call('/sale', { id: 3, enabled: 2 }, tokens.admin), 10001, M.enabled);
    assert.ok(!(await serviceList()).servicelsit.some((p: any) => p.id === 3));
    const info = await provider(ctx, 'program', 'getServiceInfo', { id: 3 });
    assert.equal(info.result, 0);
    assert.equal(info.msg, PayMessages.planNotFound);
    // Setting the value it has changes nothing.
    dataOf(await call('/sale', { id: 3, enabled: 0 }, tokens.admin));
    dataOf(await call('/sale', { id: 3, enabled: 1 }, tokens.admin));
    assert.ok((await serviceList()).servicelsit.some((p: any) => p.id === 3));
    const entries = (await trail('plan')).filter((e) => e.targetId === 3);
    assert.deepEqual(entries.map((e) => e.after.enabled).sort(), [0, 1]);
  });

  it('a new price applies to new orders only: an order made before it is paid at its own price', async () => {
    const plan = await planOf(1);
    const oldPrice = plan.priceFen;
    const newPrice = oldPrice + 700;
    const early = await newReader(ctx, 'pl_early');
    const started = await provider(ctx, 'pay', 'index', { service_id: 1 }, early.token);
    assert.equal(started.result, 1, JSON.stringify(started));
    const earlyOrder = await orderBySn(ctx, started.ordersn);
    assert.equal(earlyOrder.priceFen, oldPrice);
    const outTradeNo = await outTradeNoOf(ctx, started.ordersn);

    const saved = dataOf(await call('/save', saveBody(plan, { priceFen: newPrice }), tokens.admin));
    assert.equal(saved.priceFen, newPrice);
    const shown = (await serviceList()).servicelsit.find((p: any) => p.id === 1);
    assert.equal(shown.price_fen, newPrice);
    assert.equal(shown.price, (newPrice / 100).toFixed(2));
    assert.equal((await provider(ctx, 'program', 'getServiceInfo', { id: 1 })).data.price_fen, newPrice);

    // The order made before keeps its price: paying the new price for it is refused, the old one applies.
    assert.equal(await notify(outTradeNo, newPrice), 400);
    assert.equal((await orderBySn(ctx, started.ordersn)).status, 0);
    assert.equal(await notify(outTradeNo, oldPrice), 204);
    const paid = await orderBySn(ctx, started.ordersn);
    assert.equal(paid.status, 1);
    assert.equal(paid.priceFen, oldPrice);
    const [attempt] = await ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.outTradeNo, outTradeNo));
    assert.equal(attempt!.amountFen, oldPrice);
    assert.equal(attempt!.status, 1);
    assert.equal((await periodsOf(ctx, early.id)).length, 1);
    const listed = await provider(ctx, 'program', 'getServiceOrderList', { page: 1, per_page: 10 }, early.token);
    assert.equal(listed.items.find((o: any) => o.ordersn === started.ordersn).price, (oldPrice / 100).toFixed(2));

    // A new order takes the new price, and its payment is for it.
    const late = await newReader(ctx, 'pl_late');
    const next = await provider(ctx, 'pay', 'index', { service_id: 1 }, late.token);
    assert.equal(next.result, 1, JSON.stringify(next));
    const lateOrder = await orderBySn(ctx, next.ordersn);
    assert.equal(lateOrder.priceFen, newPrice);
    assert.equal(await notify(await outTradeNoOf(ctx, next.ordersn), newPrice), 204);
    assert.equal((await orderBySn(ctx, next.ordersn)).priceFen, newPrice);
    const rows = await ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.servicePlanId, 1));
    assert.deepEqual(rows.filter((o) => o.status === 1).map((o) => o.priceFen).sort(), [oldPrice, newPrice].sort());
    const entry = (await trail('plan')).find((e) => e.targetId === 1)!;
    assert.equal(entry.before.priceFen, oldPrice);
    assert.equal(entry.after.priceFen, newPrice);
  });
});

describe('membership console: benefits', () => {
  it('adds, edits, moves and removes benefits; one a plan includes cannot go; readers follow; audited', async () => {
    const { benefits, benefitsVersion, plans } = await list();
    const used = new Set(plans.flatMap((p: any) => p.equityIds));
    const unused = benefits.find((b: any) => !used.has(b.id));
    const inUse = benefits.find((b: any) => used.has(b.id));
    const user = plans.find((p: any) => p.equityIds.includes(inUse.id));
    refused(await call('/benefits/save', { baseVersion: benefitsVersion, items: benefits.filter((b: any) => b.id !== inUse.id) }, tokens.admin), 10001, M.benefitInUse(inUse.title, user.title));
    refused(await call('/benefits/save', { baseVersion: benefitsVersion, items: [...benefits, { title: ' ' }] }, tokens.admin), 10001, M.benefitTitleRequired(benefits.length + 1));
    refused(await call('/benefits/save', { baseVersion: benefitsVersion, items: [{ ...benefits[0], icon: 'javascript:x' }] }, tokens.admin), 10001, M.benefitIconInvalid(1));
    refused(await call('/benefits/save', { baseVersion: benefitsVersion, items: [{ id: 777, title: '无' }] }, tokens.admin), 10001, M.benefitUnknown(1));
    refused(await call('/benefits/save', { baseVersion: 'old', items: benefits }, tokens.admin), 10409, M.benefitsStale);
    assert.equal((await list()).benefitsVersion, benefitsVersion);

    const kept = benefits.filter((b: any) => b !== unused);
    const next = [{ title: '新权益：线下沙龙', icon: '/api/static/equity/salon.png', infos: '每年两次' }, ...kept.slice(1), { ...kept[0], title: `${kept[0].title}（改）` }];
    const saved = dataOf(await call('/benefits/save', { baseVersion: benefitsVersion, items: next }, tokens.admin));
    assert.deepEqual(saved.benefits.map((b: any) => b.title), next.map((b: any) => b.title));
    assert.ok(saved.benefits[0].id > Math.max(...benefits.map((b: any) => b.id)));
    const readerList = (await serviceList()).equitylist;
    assert.deepEqual(readerList.map((b: any) => b.title), next.map((b: any) => b.title));
    const entries = await trail('benefit');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.before.items.length, benefits.length);
    assert.equal(entries[0]!.after.items.length, next.length);
    // A save from the replaced version is refused.
    refused(await call('/benefits/save', { baseVersion: benefitsVersion, items: benefits }, tokens.admin), 10409, M.benefitsStale);
  });
});

describe('membership console: FAQ and agreement', () => {
  it('saves the FAQ and the agreement; readers get them at the next request; bad input and stale versions refused; audited', async () => {
    const start = await texts();
    assert.deepEqual(start.faq, (await qaList()).qa_lsit.map((q: any) => ({ title: q.title, content: q.content })));
    refused(await call('/faq/save', { baseVersion: start.faqVersion, items: [{ title: '问题', content: ' ' }] }, tokens.admin), 10001, M.faqContentRequired(1));
    refused(await call('/faq/save', { baseVersion: start.faqVersion, items: [{ title: '', content: '答' }] }, tokens.admin), 10001, M.faqTitleRequired(1));
    refused(await call('/agreement/save', { baseVersion: start.agreementVersion, title: '', content: '<p>x</p>' }, tokens.admin), 10001, M.agreementTitleRequired);
    refused(await call('/agreement/save', { baseVersion: start.agreementVersion, title: '协议', content: '<script>alert(1)</script>' }, tokens.admin), 10001, M.agreementContentRequired);

    const faq = [{ title: '新问题：如何开发票？', content: '请联系我们。\n提供订单号。' }, ...start.faq.slice(0, 2).reverse()];
    const afterFaq = dataOf(await call('/faq/save', { baseVersion: start.faqVersion, items: faq }, tokens.admin));
    assert.deepEqual(afterFaq.faq, faq);
    assert.equal(afterFaq.agreementVersion, start.agreementVersion, 'the agreement is untouched');
    assert.deepEqual((await qaList()).qa_lsit.map((q: any) => ({ title: q.title, content: q.content })), faq);
    assert.equal((await qaList()).xieyi.title, start.agreement.title);

    const saved = dataOf(
      await call('/agreement/save', { baseVersion: start.agreementVersion, title: '会员服务协议（2027版）', content: '<h3>一、服务</h3><p onclick="x()">内容</p><script>bad()</script>' }, tokens.admin),
    );
    assert.equal(saved.agreement.content, '<h3>一、服务</h3><p>内容</p>');
    assert.deepEqual((await qaList()).xieyi, saved.agreement);
    assert.deepEqual(saved.faq, faq);

    // Two saves of the FAQ from the same version at once: exactly one applies.
    const replies = await Promise.all(['甲', '乙'].map((t) => call('/faq/save', { baseVersion: saved.faqVersion, items: [{ title: `问题${t}`, content: '答' }] }, tokens.admin)));
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10409]);
    refused(await call('/agreement/save', { baseVersion: start.agreementVersion, title: '旧', content: '<p>旧</p>' }, tokens.admin), 10409, M.agreementStale);

    const entries = await trail('subscribe_text');
    assert.equal(entries.length, 3);
    assert.ok(entries.every((e) => e.actorName === 'demo_admin'));
    const agreementEntry = entries.find((e) => e.targetLabel === '会员服务协议（2027版）')!;
    assert.equal(agreementEntry.before.title, start.agreement.title);
  });
});
