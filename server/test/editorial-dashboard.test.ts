// The console's dashboard (issue 20, item 7): each figure equals the same rows counted one by one in
// this test (read whole from the tables and added up here, in Asia/Shanghai days), after sign-ups,
// orders paid and refunded, a free read, readings and searches that found nothing; editors get no
// revenue (money is for admins); contributors, readers and visitors are refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { articles, freeReadClaims, members, memberships, readingRecords, serviceOrders, servicePlans } from '../src/db/schema/index.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { dataOf, editorCall, refused, staffTokens } from './editorial-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

const DAY = 86_400_000;
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;

before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

/** YYYY-MM-DD in Asia/Shanghai, worked out here rather than with the server's helper. */
const shDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const dashboard = async (token: string, days?: number) => dataOf(await editorCall(ctx, '/dashboard', days ? { days } : {}, token));

async function activity() {
  const db = ctx.app.db;
  const now = ctx.clock.now();
  const student = await testMember(ctx, `dash_student_${Date.now()}`, { identity: '医学生' } as never);
  await testMember(ctx, `dash_blank_${Date.now()}`);
  // A reader who signed up 3 days ago (a day of its own in the series).
  const [early] = await db.insert(members).values({ username: `dash_early_${Date.now()}`, passwordHash: 'x', identity: '执业医师', createdAt: new Date(now.getTime() - 3 * DAY) }).returning();

  const [plan] = await db.select().from(servicePlans).limit(1);
  const order = (sn: string, fields: Partial<typeof serviceOrders.$inferInsert>) =>
    db.insert(serviceOrders).values({
      ordersn: `DASH${sn}${Date.now()}`,
      memberId: student.id,
      servicePlanId: plan!.id,
      serviceType: plan!.type,
      serviceTitle: plan!.title,
      priceFen: 1234,
      kind: 'renewal',
      ...fields,
    });
  await order('A', { status: 1, payProvider: 'sandbox', payChannel: 'wechat', paidAt: now, priceFen: 2500 });
  await order('B', { status: 1, payProvider: 'alipay', payChannel: 'alipay', paidAt: new Date(now.getTime() - DAY), priceFen: 9900 });
  await order('C', { status: 3, payProvider: 'wechatpay', payChannel: 'wechat', paidAt: new Date(now.getTime() - 2 * DAY), refundedAt: now, priceFen: 4800 });
  await order('D', { status: 0, priceFen: 7000 });
  await db.insert(memberships).values({ memberId: early!.id, serviceType: 2, startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 5 * DAY), kind: 'seed' });

  // A free read, readings of an article (two readers) and searches that found nothing.
  const [article] = await db.select().from(articles).limit(1);
  await db.insert(freeReadClaims).values({ memberId: student.id, month: shDay(now).slice(0, 7).replace('-', ''), kind: 'article', itemId: article!.id });
  await db.insert(readingRecords).values([
    { memberId: student.id, kind: 'article', itemId: article!.id, readAt: now },
    { memberId: early!.id, kind: 'article', itemId: article!.id, readAt: now },
  ]);
  for (const searchInfo of ['  ZZZ不存在的词  ', 'zzz不存在的词', '另一个查不到的词']) {
    const res = await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 10, searchInfo });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.page.total, 0);
  }
  // A later page of a search, and a search that finds something, are not misses.
  await ctx.post('/api/article/selectArticleList', { pageNo: 2, pageSize: 10, searchInfo: '另一个查不到的词' });
  await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 10, searchInfo: '癌' });
}

describe('console dashboard', () => {
  it('refuses visitors, readers and contributors', async () => {
    refused(await editorCall(ctx, '/dashboard', {}), 10002, '登录超时，请重新登录');
    refused(await editorCall(ctx, '/dashboard', {}, tokens.reader), 10403, EditorialMessages.notStaff);
    refused(await editorCall(ctx, '/dashboard', {}, tokens.contributor), 10403, EditorialMessages.editorOnly);
    refused(await editorCall(ctx, '/dashboard', { days: 3 }, tokens.admin), 10001, '统计天数须为 7–90 的整数');
  });

  it('gives figures equal to the rows counted one by one', async () => {
    await activity();
    const d = await dashboard(tokens.admin, 14);
    const now = ctx.clock.now();
    const days: string[] = d.days;
    assert.equal(days.length, 14);
    assert.equal(days.at(-1), shDay(now));
    const inWindow = (t: Date | null) => t !== null && days.includes(shDay(t));

    // Sign-ups by day and identity.
    const all = await ctx.app.db.select().from(members);
    const label = (identity: string) => (identity === '' ? '未填写' : ['执业医师', '医学生'].includes(identity) ? identity : '其他');
    for (const group of d.signups.byIdentity) {
      const mine = all.filter((m) => inWindow(m.createdAt) && label(m.identity) === group.identity);
      assert.deepEqual(group.perDay, days.map((day) => mine.filter((m) => shDay(m.createdAt) === day).length), group.identity);
    }
    assert.equal(d.signups.total, all.filter((m) => inWindow(m.createdAt)).length);
    assert.ok(d.signups.byIdentity.find((g: any) => g.identity === '医学生').total >= 1);
    assert.ok(d.signups.byIdentity.find((g: any) => g.identity === '执业医师').perDay.at(-4) >= 1);

    // Members by plan (each once, by their period ending last) and expiries.
    const periods = await ctx.app.db.select().from(memberships);
    const active = new Map<number, (typeof periods)[number]>();
    for (const p of periods) {
      if (p.startsAt <= now && p.endsAt > now && (!active.get(p.memberId) || active.get(p.memberId)!.endsAt < p.endsAt)) active.set(p.memberId, p);
    }
    assert.equal(d.members.active, active.size);
    for (const row of d.members.byPlan) assert.equal(row.active, [...active.values()].filter((p) => p.serviceType === row.serviceType).length, row.title);
    const lastEnd = (id: number) => Math.max(...periods.filter((p) => p.memberId === id).map((p) => p.endsAt.getTime()));
    const ends = [...active.keys()].map(lastEnd);
    assert.equal(d.members.expiringIn7Days, ends.filter((e) => e <= now.getTime() + 7 * DAY).length);
    assert.equal(d.members.expiringIn30Days, ends.filter((e) => e <= now.getTime() + 30 * DAY).length);
    assert.ok(d.members.expiringIn7Days >= 1);

    // Revenue by day and provider, and refunds.
    const orders = await ctx.app.db.select().from(serviceOrders);
    const paid = orders.filter((o) => (o.status === 1 || o.status === 3) && inWindow(o.paidAt));
    assert.equal(d.revenue.paidFen, paid.reduce((a, o) => a + o.priceFen, 0));
    assert.equal(d.revenue.refundedFen, orders.filter((o) => o.status === 3 && inWindow(o.refundedAt)).reduce((a, o) => a + o.priceFen, 0));
    for (const p of d.revenue.byProvider) {
      const mine = paid.filter((o) => (o.payProvider ?? '') === (p.provider === '未知' ? '' : p.provider));
      assert.equal(p.orders, mine.length, p.provider);
      assert.deepEqual(p.perDayFen, days.map((day) => mine.filter((o) => shDay(o.paidAt!) === day).reduce((a, o) => a + o.priceFen, 0)), p.provider);
    }
    assert.deepEqual(d.revenue.byProvider.map((p: any) => p.provider).sort(), [...new Set(paid.map((o) => o.payProvider || '未知'))].sort());

    // Free reads claimed.
    const claims = (await ctx.app.db.select().from(freeReadClaims)).filter((c) => inWindow(c.createdAt));
    assert.deepEqual(d.freeReads.perDay, days.map((day) => claims.filter((c) => shDay(c.createdAt) === day).length));
    assert.ok(d.freeReads.total >= 1);

    // The week's most read: readers per item, most first.
    const weekDays = days.slice(-7);
    const reads = (await ctx.app.db.select().from(readingRecords)).filter((r) => weekDays.includes(shDay(r.readAt)));
    for (const item of d.mostRead) {
      assert.equal(item.readers, reads.filter((r) => r.kind === item.kind && r.itemId === item.id).length, item.title);
    }
    const top = d.mostRead.filter((i: any) => i.kind === 'article');
    assert.ok(top.length >= 1);
    assert.ok(top[0].readers >= 2);
    assert.deepEqual(top.map((i: any) => i.readers), [...top.map((i: any) => i.readers)].sort((a: number, b: number) => b - a));

    // Searches that found nothing: one query however it was spaced or cased; a second page is not counted.
    assert.deepEqual(
      d.searchMisses.filter((m: any) => m.query.includes('不存在') || m.query.includes('查不到')),
      [
        { query: 'zzz不存在的词', count: 2, lastDay: shDay(now) },
        { query: '另一个查不到的词', count: 1, lastDay: shDay(now) },
      ],
    );
    assert.ok(!d.searchMisses.some((m: any) => m.query === '癌'));
  });

  it('gives editors everything but the money', async () => {
    const d = await dashboard(tokens.editor);
    assert.equal(d.days.length, 30);
    assert.equal(d.revenue, null);
    assert.ok(d.members.active >= 1);
  });
});
