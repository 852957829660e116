// Orders and money in the business console (issue 20, item 5): admins only (visitors, readers,
// contributors and editors are refused and nothing changes); the list's filters and totals agree
// exactly with the listed orders and with a direct count in the database; an order's payments and
// provider events; a refund goes through the sandbox provider, takes the membership back, is
// audited with who did it and the reason, and is applied once even when 10 calls arrive at once;
// the reconciler's runs are kept with the orders they fixed; CSV (BOM, formula cells neutralised)
// and Excel exports of the filtered orders, audited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { editorialAudit, paymentEvents, serviceOrders } from '../src/db/schema/index.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { csvCell } from '../src/modules/editorial/orders.js';
import { OrderMessages as M, ORDER_LIMITS } from '../src/modules/editorial/ordersMessages.js';
import type { SandboxPay } from '../src/providers/payment/sandbox.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';
import { orderBySn, outTradeNoOf, periodsOf, provider, subscribeInfo } from './payment-helpers.js';

let ctx: TestContext;
let sandbox: SandboxPay;
let tokens: Awaited<ReturnType<typeof staffTokens>>;

before(async () => {
  ctx = await createTestApp();
  sandbox = ctx.app.payments.providers.sandbox!;
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

const call = (path: string, body: unknown, token?: string): Promise<Reply> => editorCall(ctx, `/orders${path}`, body, token);
const list = async (body: Record<string, unknown> = {}) => dataOf(await call('/list', body, tokens.admin));

/** A fresh reader (with this mobile number) and an order of the plan; paid through the sandbox unless told. */
async function order(username: string, { planId = 1, mobile, pay = true }: { planId?: number; mobile?: string; pay?: boolean } = {}) {
  const reader = await testMember(ctx, username, mobile ? { mobile } : {});
  const reply = await provider(ctx, 'pay', 'index', { service_id: planId }, reader.token);
  assert.equal(reply.result, 1, JSON.stringify(reply));
  const outTradeNo = await outTradeNoOf(ctx, reply.ordersn);
  if (pay) assert.equal(await sandbox.pay(outTradeNo, 'await'), 'paid');
  return { ...reader, ordersn: reply.ordersn as string, outTradeNo };
}

/** Every order the list gives for these filters, page by page (20 a page). */
async function everyPage(filter: Record<string, unknown>) {
  const all: any[] = [];
  let totals: any;
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await list({ ...filter, pageNo, pageSize: 20 });
    totals = page.totals;
    all.push(...page.results);
    if (pageNo >= page.page.pages) break;
  }
  return { all, totals };
}

/** An export as the route sends it: status, headers and the raw bytes. */
async function exportFile(body: Record<string, unknown>, token = tokens.admin) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/editor/orders/export', headers: { authorization: `Bearer ${token}` }, payload: body });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, json: () => res.json() };
}

const auditCount = async () => Number((await ctx.app.db.select({ n: sql<string>`count(*)` }).from(editorialAudit))[0]!.n);

describe('orders console: who may use it', () => {
  it('refuses visitors, readers, contributors and editors on every route, and nothing changes', async () => {
    const { ordersn, token } = await order('oc_guarded');
    const audited = await auditCount();
    const routes: [string, unknown][] = [
      ['/list', {}],
      ['/get', { ordersn }],
      ['/refund', { ordersn, reason: '越权退款' }],
      ['/reconcile/runs', {}],
    ];
    for (const [path, body] of routes) {
      refused(await call(path, body), 10002, /登录/);
      refused(await call(path, body, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await call(path, body, tokens.contributor), 10403, EditorialMessages.adminOnly);
      refused(await call(path, body, tokens.editor), 10403, EditorialMessages.adminOnly);
    }
    for (const token of [tokens.reader, tokens.contributor, tokens.editor]) {
      const res = await exportFile({ format: 'csv' }, token);
      assert.equal(res.json().code, 10403);
      assert.doesNotMatch(String(res.headers['content-type']), /csv/);
    }
    assert.equal((await orderBySn(ctx, ordersn)).status, 1, 'still paid');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1, 'still a member');
    assert.equal(await auditCount(), audited, 'nothing audited');
  });
});

describe('orders console: list, filters and totals', () => {
  it('totals agree exactly with the listed orders and with a direct sum, for every filter', async () => {
    await order('oc_sum_a', { mobile: '13911110001' });
    await order('oc_sum_b', { planId: 2, mobile: '13911110002' });
    await order('oc_sum_c', { pay: false, mobile: '13911110003' });
    const refunded = await order('oc_sum_d', { mobile: '13911110004' });
    dataOf(await call('/refund', { ordersn: refunded.ordersn, reason: '合计测试' }, tokens.admin));
    const today = new Date(ctx.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const filters: Record<string, unknown>[] = [
      {},
      { status: 1 },
      { status: 0 },
      { status: 3 },
      { provider: 'sandbox' },
      { planId: 2 },
      { startDate: today, endDate: today },
      { keyword: '1391111000' },
      { keyword: refunded.ordersn },
      { status: 1, provider: 'sandbox', planId: 1, startDate: today, endDate: today },
    ];
    for (const filter of filters) {
      const { all, totals } = await everyPage(filter);
      const label = JSON.stringify(filter);
      assert.equal(totals.count, all.length, label);
      assert.equal(totals.sumFen, all.reduce((a: number, o: any) => a + o.priceFen, 0), label);
      assert.equal(new Set(all.map((o: any) => o.ordersn)).size, all.length, `${label}: no order on two pages`);
      for (const s of totals.byStatus) {
        const these = all.filter((o: any) => o.status === s.status);
        assert.equal(s.count, these.length, `${label} status ${s.status}`);
        assert.equal(s.sumFen, these.reduce((a: number, o: any) => a + o.priceFen, 0), `${label} status ${s.status}`);
      }
      // Every listed order matches the filter.
      for (const o of all) {
        if (filter.status !== undefined) assert.equal(o.status, filter.status, label);
        if (filter.provider) assert.equal(o.payProvider, filter.provider, label);
        if (filter.planId) assert.equal(o.planId, filter.planId, label);
      }
    }
    // Against the database directly.
    const direct = async (where?: ReturnType<typeof eq>) => {
      const [row] = await ctx.app.db.select({ n: sql<string>`count(*)`, fen: sql<string>`coalesce(sum(${serviceOrders.priceFen}), 0)` }).from(serviceOrders).where(where);
      return { count: Number(row!.n), sumFen: Number(row!.fen) };
    };
    const all = await list();
    assert.deepEqual({ count: all.totals.count, sumFen: all.totals.sumFen }, await direct());
    const paid = await list({ status: 1 });
    assert.deepEqual({ count: paid.totals.count, sumFen: paid.totals.sumFen }, await direct(eq(serviceOrders.status, 1)));
    const byMobile = await list({ keyword: '1391111000' });
    assert.equal(byMobile.totals.count, 4);
    assert.equal(byMobile.totals.byStatus.find((s: any) => s.status === 3).count, 1);
    assert.equal(byMobile.totals.byStatus.find((s: any) => s.status === 0).count, 1);
    const byName = await list({ keyword: 'oc_sum_' });
    assert.equal(byName.totals.count, 4);
    const one = await list({ keyword: refunded.ordersn });
    assert.equal(one.results.length, 1);
    assert.equal(one.results[0].statusLabel, '已退款');
    assert.equal(one.results[0].mobile, '13911110004');
  });

  it('refuses bad filters naming the field', async () => {
    refused(await call('/list', { status: 7 }, tokens.admin), 10001, M.statusInvalid);
    refused(await call('/list', { provider: 'paypal' }, tokens.admin), 10001, M.providerInvalid);
    refused(await call('/list', { planId: 0 }, tokens.admin), 10001, M.planInvalid);
    refused(await call('/list', { startDate: '20260101' }, tokens.admin), 10001, '开始日期和结束日期需同时填写');
    refused(await call('/list', { startDate: '20260230', endDate: '20260301' }, tokens.admin), 10001, '日期格式应为YYYYMMDD');
    refused(await call('/list', { keyword: 'x'.repeat(ORDER_LIMITS.keyword + 1) }, tokens.admin), 10001, M.keywordTooLong);
  });

  it("shows an order's payments, provider events and the membership it bought", async () => {
    const { ordersn, outTradeNo } = await order('oc_detail');
    const detail = dataOf(await call('/get', { ordersn }, tokens.admin));
    assert.equal(detail.order.ordersn, ordersn);
    assert.equal(detail.order.payProvider, 'sandbox');
    assert.equal(detail.attempts.length, 1);
    assert.equal(detail.attempts[0].outTradeNo, outTradeNo);
    assert.equal(detail.attempts[0].statusLabel, '已支付');
    const notify = detail.events.find((e: any) => e.kind === 'notify' && e.outTradeNo === outTradeNo);
    assert.ok(notify, JSON.stringify(detail.events));
    assert.equal(notify.outcome, 'applied');
    assert.equal(detail.periods.length, 1);
    refused(await call('/get', { ordersn: 'QY-NO-SUCH' }, tokens.admin), 10004, M.orderNotFound);
  });
});

describe('orders console: refunds', () => {
  it('refunds through the sandbox provider, takes the membership back and audits who did it and why', async () => {
    const { id, token, ordersn, outTradeNo } = await order('oc_refund');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    ctx.clock.advance(60_000);
    const done = dataOf(await call('/refund', { ordersn, reason: '  读者申请退款  ' }, tokens.admin));
    assert.equal(done.order.status, 3);
    assert.equal(done.order.statusLabel, '已退款');
    assert.equal(done.providerStatus, 'SUCCESS');
    assert.ok(done.revokedDays > 29, String(done.revokedDays));
    assert.equal((await sandbox.query(outTradeNo)).state, 'REFUND');
    assert.equal((await subscribeInfo(ctx, token)).service_type, 6, 'no longer a member');
    const periods = await periodsOf(ctx, id);
    assert.ok(periods.every((p) => p.endsAt.getTime() <= ctx.clock.now().getTime()));
    const [entry] = (await auditTrail(ctx, 'order', tokens.admin)).filter((a) => a.targetLabel === ordersn);
    assert.equal(entry!.action, 'refund');
    assert.equal(entry!.actorName, 'demo_admin');
    assert.equal(entry!.before.status, 1);
    assert.equal(entry!.after.status, 3);
    const detail = dataOf(await call('/get', { ordersn }, tokens.admin));
    assert.equal(detail.audit[0].note, '读者申请退款');
    assert.ok(detail.events.some((e: any) => e.kind === 'refund' && e.outcome === 'refund_success' && e.detail.includes('读者申请退款')));
    // Asking again is refused and changes nothing.
    refused(await call('/refund', { ordersn, reason: '再退一次' }, tokens.admin), 10409, M.refundTwice);
  });

  it('applies one of 10 refunds sent at once; the others get a clear refusal', async () => {
    const { token, ordersn, outTradeNo } = await order('oc_refund_ten');
    ctx.clock.advance(1000);
    const audited = await auditCount();
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => call('/refund', { ordersn, reason: `并发退款${i}` }, tokens.admin)));
    const applied = replies.filter((r) => r.code === 0);
    assert.equal(applied.length, 1, JSON.stringify(replies.map((r) => r.msg)));
    for (const r of replies.filter((x) => x.code !== 0)) {
      assert.equal(r.code, 10409);
      assert.ok([M.refundTwice, M.refundInProgress].includes(r.msg as never), r.msg);
    }
    assert.equal((await orderBySn(ctx, ordersn)).status, 3);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 6);
    assert.equal(await auditCount(), audited + 1, 'one audit entry');
    const refunds = await ctx.app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.outTradeNo, outTradeNo), eq(paymentEvents.kind, 'refund')));
    assert.equal(refunds.length, 1, 'one refund recorded');
  });

  it('refuses a refund without a reason, of an unpaid order, or that the provider refuses; nothing changes', async () => {
    const { token, ordersn } = await order('oc_refund_bad');
    const audited = await auditCount();
    refused(await call('/refund', { ordersn, reason: '   ' }, tokens.admin), 10001, M.reasonRequired);
    refused(await call('/refund', { ordersn, reason: '退'.repeat(ORDER_LIMITS.reason + 1) }, tokens.admin), 10001, M.reasonTooLong);
    refused(await call('/refund', { ordersn: 'QY-NO-SUCH', reason: '退款' }, tokens.admin), 10004, M.orderNotFound);
    const unpaid = await order('oc_refund_unpaid', { pay: false });
    refused(await call('/refund', { ordersn: unpaid.ordersn, reason: '退款' }, tokens.admin), 10001, M.refundUnpaid);
    // The provider refuses: the claim is released, the order stays paid, and a later refund works.
    const original = sandbox.refund.bind(sandbox);
    sandbox.refund = async () => {
      throw new Error('sandbox: refunds are down');
    };
    try {
      refused(await call('/refund', { ordersn, reason: '退款' }, tokens.admin), 10503, M.refundFailed);
    } finally {
      sandbox.refund = original;
    }
    const order1 = await orderBySn(ctx, ordersn);
    assert.equal(order1.status, 1);
    assert.equal(order1.refundClaimedAt, null);
    assert.equal((await subscribeInfo(ctx, token)).service_type, 1);
    assert.equal(await auditCount(), audited);
    dataOf(await call('/refund', { ordersn, reason: '平台恢复后退款' }, tokens.admin));
    assert.equal((await orderBySn(ctx, ordersn)).status, 3);
  });
});

describe('orders console: the reconciler', () => {
  it('keeps each run with what it counted and the orders it fixed; the console shows the latest', async () => {
    const { ordersn, outTradeNo } = await order('oc_reconcile', { pay: false });
    assert.equal(await sandbox.pay(outTradeNo, 'none'), 'paid');
    ctx.clock.advance(4 * 60_000);
    const summary = await ctx.app.payments.reconcile();
    assert.ok(summary.fulfilled >= 1);
    const { runs } = dataOf(await call('/reconcile/runs', {}, tokens.admin));
    const latest = runs[0];
    assert.equal(latest.fulfilled, summary.fulfilled);
    assert.equal(latest.checked, summary.checked);
    assert.ok(latest.finishedAt >= latest.startedAt && latest.finishedAt !== '');
    const fix = latest.fixed.find((f: any) => f.ordersn === ordersn);
    assert.deepEqual(fix, { action: 'fulfilled', label: '补单：确认已支付', ordersn, outTradeNo });
    assert.equal((await orderBySn(ctx, ordersn)).status, 1);
    // A run with nothing to do is kept too, newest first.
    await ctx.app.payments.reconcile();
    const again = dataOf(await call('/reconcile/runs', {}, tokens.admin)).runs;
    assert.equal(again[0].id > latest.id, true);
    assert.equal(again[0].fulfilled, 0);
  });
});

describe('orders console: exports', () => {
  it('neutralises cells a spreadsheet would read as formulas', () => {
    assert.equal(csvCell('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
    assert.equal(csvCell('+86 139'), "'+86 139");
    assert.equal(csvCell('-1'), "'-1");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('普通'), '普通');
    assert.equal(csvCell(12.5), '12.5');
  });

  it('exports the filtered orders as CSV with a BOM and as Excel, each audited', async () => {
    const { ordersn } = await order('=cmd|oc_export', { planId: 2, mobile: '13922220001' });
    const filter = { keyword: '13922220001' };
    const totals = (await list(filter)).totals;
    const audited = await auditCount();

    const csv = await exportFile({ ...filter, format: 'csv' });
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(String(csv.headers['content-disposition']), /^attachment; filename="orders-\d{12}\.csv"$/);
    assert.deepEqual([...csv.raw.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM');
    const lines = csv.raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    assert.equal(lines[0]!.split(',')[0], '订单号');
    assert.equal(lines.length - 1, totals.count);
    const row = lines.find((l) => l.startsWith(ordersn))!;
    assert.ok(row.includes(",'=cmd|oc_export,"), row);
    assert.ok(row.includes(',会员年卡,') || row.includes(',已支付,'), row);

    const xlsx = await exportFile({ ...filter, format: 'xlsx' });
    assert.equal(xlsx.status, 200);
    assert.match(String(xlsx.headers['content-disposition']), /\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('订单')!;
    assert.equal(sheet.rowCount - 1, totals.count);
    assert.equal(sheet.getRow(1).getCell(1).value, '订单号');
    const data = sheet.getRow(2);
    assert.equal(data.getCell(1).value, ordersn);
    assert.equal(data.getCell(4).value, '=cmd|oc_export');
    assert.equal(data.getCell(4).type, ExcelJS.ValueType.String, 'text, never a formula');
    assert.equal(data.getCell(8).value, totals.sumFen);

    assert.equal(await auditCount(), audited + 2);
    const exports = (await auditTrail(ctx, 'order', tokens.admin)).filter((a) => a.action === 'export');
    assert.equal(exports[0]!.actorName, 'demo_admin');
    assert.equal(exports[0]!.after.format, 'xlsx');
    assert.equal(exports[0]!.after.count, totals.count);
    assert.equal(exports[1]!.after.format, 'csv');

    const bad = await exportFile({ format: 'pdf' });
    assert.equal(bad.json().code, 10001);
    assert.equal(bad.json().msg, M.formatInvalid);
  });
});
