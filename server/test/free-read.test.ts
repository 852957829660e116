import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { articleEntitlements, articles, freeReadClaims, members } from '../src/db/schema/index.js';
import { freeReadMonth, freeReadRenewsOn } from '../src/modules/membership/service.js';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.js';

let ctx: TestContext;
type ArticleRow = typeof articles.$inferSelect;
let memberArticles: ArticleRow[];
let loginArticle: ArticleRow;

before(async () => {
  ctx = await createTestApp();
  const all = await ctx.app.db.select().from(articles).orderBy(asc(articles.id));
  // Commentary-bearing member articles first, so claims unlock something visible.
  memberArticles = all
    .filter((a) => a.accessLevel === 'member')
    .sort((a, b) => b.haswantsay - a.haswantsay || a.id - b.id);
  loginArticle = all.find((a) => a.accessLevel === 'login')!;
});
after(() => ctx?.close());

const useChance = async (id: number | string | undefined, token?: string, extra = '') => {
  const query = [`c=program`, `m=articleUseMonthChance`, `sf=pc`];
  if (id !== undefined) query.push(`id=${id}`);
  if (token) query.push(`token=${token}`);
  return (await ctx.get(`/index.php?${query.join('&')}${extra}`)).body;
};

/** A fresh logged-in non-member (a session issued directly: no argon2 work per account). */
async function newReader(username: string): Promise<{ id: number; token: string }> {
  const [m] = await ctx.app.db.insert(members).values({ username, passwordHash: 'not-a-login-account' }).returning({ id: members.id });
  const { token } = await ctx.app.sessions.issue(m!.id);
  return { id: m!.id, token };
}

const claimsOf = (memberId: number) => ctx.app.db.select().from(freeReadClaims).where(eq(freeReadClaims.memberId, memberId));
const entitlementsOf = (memberId: number) =>
  ctx.app.db.select().from(articleEntitlements).where(eq(articleEntitlements.memberId, memberId));
const detail = async (permalinks: string, token: string) =>
  (await ctx.post('/api/article/getArticleDetail', { permalinks }, token)).body.data;

describe('articleUseMonthChance', () => {
  it('asks a visitor to log in', async () => {
    assert.deepEqual(await useChance(memberArticles[0]!.id), { result: 0, msg: '登录超时，请重新登录' });
    assert.deepEqual(await useChance(memberArticles[0]!.id, 'x'.repeat(43)), { result: 0, msg: '登录超时，请重新登录' });
  });

  it('answers bad and unknown ids clearly, never with a 500', async () => {
    const { id, token } = await newReader('fr_params');
    assert.deepEqual(await useChance(undefined, token), { result: 0, msg: '请输入文章编号' });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      assert.deepEqual(await useChance(bad, token), { result: 0, msg: '文章编号格式不正确' }, bad);
    }
    assert.deepEqual(await useChance(99_999_999, token), { result: 0, msg: '内容不存在' });
    assert.equal((await claimsOf(id)).length, 0, 'a failed call uses nothing');
  });

  it("unlocks a member article for good with the month's one free read, then refuses a second one", async () => {
    const reader = await newReader('fr_main');
    const [first, second] = [memberArticles[0]!, memberArticles[1]!];
    const before = await detail(first.permalinks, reader.token);
    assert.deepEqual([before.is_have_view_auth, before.is_month_chance, before.contentLocked], [2, 2, true]);

    const ok = await useChance(first.id, reader.token);
    assert.deepEqual(ok, { result: '1', msg: '使用成功', article_content: first.content, wantsay: first.wantsay });
    const claims = await claimsOf(reader.id);
    assert.deepEqual(
      claims.map((c) => [c.month, c.kind, c.itemId]),
      [[freeReadMonth(ctx.clock.now()), 'article', first.id]],
    );
    assert.deepEqual((await entitlementsOf(reader.id)).map((e) => e.articleId), [first.id]);

    // The reader with a claim sees the whole article, and has no chance left this month.
    const unlocked = await detail(first.permalinks, reader.token);
    assert.equal(unlocked.content, first.content);
    assert.equal(unlocked.wantsay, first.wantsay);
    // The claimed item's media comes signed when it has any (media-access.test.ts).
    if (first.videoUrl) assert.ok(unlocked.videoUrl.startsWith(`${first.videoUrl}&exp=`), unlocked.videoUrl);
    else assert.equal(unlocked.videoUrl, '');
    assert.deepEqual([unlocked.is_have_view_auth, unlocked.is_month_chance, unlocked.is_subscribe], [1, 1, 1]);
    assert.deepEqual([unlocked.contentLocked, unlocked.wantsayTruncated], [false, false]);

    // Asking again for the same article succeeds without using anything.
    assert.equal((await useChance(first.id, reader.token)).result, '1');
    assert.equal((await claimsOf(reader.id)).length, 1);

    assert.deepEqual(await useChance(second.id, reader.token), { result: 0, msg: '您本月免费次数已经使用了!' });
    const stillLocked = await detail(second.permalinks, reader.token);
    assert.deepEqual([stillLocked.content, stillLocked.is_have_view_auth, stillLocked.is_month_chance], ['', 2, 1]);
    assert.deepEqual((await entitlementsOf(reader.id)).map((e) => e.articleId), [first.id]);
  });

  it('keeps the entitlement in later months and gives a new chance each month', async () => {
    const saved = ctx.clock.current;
    try {
      const reader = await newReader('fr_months');
      const [a, b] = [memberArticles[2]!, memberArticles[3]!];
      assert.equal((await useChance(a.id, reader.token)).result, '1');
      ctx.clock.advance(32 * 86_400_000);
      const { token } = await ctx.app.sessions.issue(reader.id);
      assert.equal((await detail(a.permalinks, token)).content, a.content, 'kept for good');
      assert.equal((await detail(b.permalinks, token)).is_month_chance, 2, 'a new month, a new chance');
      assert.equal((await useChance(b.id, token)).result, '1');
      assert.equal((await claimsOf(reader.id)).length, 2);
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('gives public and login articles without using the chance', async () => {
    const reader = await newReader('fr_free_levels');
    const ok = await useChance(loginArticle.id, reader.token);
    assert.deepEqual(ok, { result: '1', msg: '使用成功', article_content: loginArticle.content, wantsay: loginArticle.wantsay });
    assert.equal((await claimsOf(reader.id)).length, 0);
    assert.equal((await detail(memberArticles[4]!.permalinks, reader.token)).is_month_chance, 2);
  });

  it('gives an active member the article without using the chance', async () => {
    const token = await ctx.login('demo_member');
    const [member] = await ctx.app.db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_member'));
    const row = memberArticles[5]!;
    const ok = await useChance(row.id, token);
    assert.deepEqual(ok, { result: '1', msg: '使用成功', article_content: row.content, wantsay: row.wantsay });
    assert.equal((await claimsOf(member!.id)).length, 0);
  });

  it('accepts POST with the token in the headers', async () => {
    const reader = await newReader('fr_post');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/index.php?c=program&m=articleUseMonthChance&sf=pc&id=${memberArticles[6]!.id}`,
      headers: { token: reader.token },
    });
    assert.equal(res.json().result, '1');
  });
});

describe('free-read month in Asia/Shanghai', () => {
  it('names the month of an instant in China time', () => {
    assert.equal(freeReadMonth(new Date('2026-01-31T15:59:59.999Z')), '202601');
    assert.equal(freeReadMonth(new Date('2026-01-31T16:00:00Z')), '202602');
    assert.equal(freeReadMonth(new Date('2026-12-31T16:00:00Z')), '202701');
  });

  it('claims a second before and at midnight of a month end fall in two months', async () => {
    const saved = ctx.clock.current;
    try {
      ctx.clock.current = new Date('2026-01-31T15:59:59Z');
      const reader = await newReader('fr_midnight');
      const [a, b, c] = [memberArticles[7]!, memberArticles[8]!, memberArticles[9]!];
      assert.equal((await useChance(a.id, reader.token)).result, '1');
      ctx.clock.current = new Date('2026-01-31T16:00:00Z');
      assert.equal((await useChance(b.id, reader.token)).result, '1', '00:00 on 1 February in Shanghai is a new month');
      assert.equal((await useChance(c.id, reader.token)).msg, '您本月免费次数已经使用了!');
      const months = (await claimsOf(reader.id)).map((r) => [r.month, r.itemId]).sort();
      assert.deepEqual(months, [
        ['202601', a.id],
        ['202602', b.id],
      ]);
    } finally {
      ctx.clock.current = saved;
    }
  });
});

describe('the free reads a reader can see (SessionUser.free_read)', () => {
  const memberInfo = async (token: string) => (await ctx.post('/api/user/getMemberInfo', {}, token)).body.data;

  it('renews on the first day of the next month in Asia/Shanghai', () => {
    assert.equal(freeReadRenewsOn(new Date('2026-01-31T15:59:59.999Z')), '2026-02-01');
    assert.equal(freeReadRenewsOn(new Date('2026-01-31T16:00:00Z')), '2026-03-01', '00:00 on 1 February in Shanghai');
    assert.equal(freeReadRenewsOn(new Date('2026-12-31T15:59:59Z')), '2027-01-01');
    assert.equal(freeReadRenewsOn(new Date('2026-12-31T16:00:00Z')), '2027-02-01');
  });

  it('tells a non-member 1 then 0 in getMemberInfo, the same as is_month_chance, and renews next month', async () => {
    const saved = ctx.clock.current;
    try {
      ctx.clock.current = new Date('2026-03-31T15:59:00Z'); // 23:59 on 31 March in Shanghai
      const reader = await newReader('fr_visible');
      const article = memberArticles[10]!;
      assert.deepEqual((await memberInfo(reader.token)).free_read, { remaining: 1, renews_on: '2026-04-01' });
      assert.equal((await detail(article.permalinks, reader.token)).is_month_chance, 2);

      assert.equal((await useChance(article.id, reader.token)).result, '1');
      assert.deepEqual((await memberInfo(reader.token)).free_read, { remaining: 0, renews_on: '2026-04-01' });
      assert.equal((await detail(memberArticles[11]!.permalinks, reader.token)).is_month_chance, 1);

      ctx.clock.current = new Date('2026-03-31T16:00:00Z'); // 00:00 on 1 April in Shanghai
      assert.deepEqual((await memberInfo(reader.token)).free_read, { remaining: 1, renews_on: '2026-05-01' });
      assert.equal((await detail(memberArticles[11]!.permalinks, reader.token)).is_month_chance, 2);
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('carries it in the login reply, and not for an active member', async () => {
    const login = await ctx.post('/api/login/login', { accountName: 'demo_member', password: DEMO_PASSWORD });
    assert.equal(login.body.code, 0, JSON.stringify(login.body));
    assert.ok(login.body.data.subscribe_info.service_type >= 1);
    assert.equal('free_read' in login.body.data, false);
    assert.equal('free_read' in (await memberInfo(login.body.data.token)), false);

    const reader = await ctx.post('/api/login/login', { accountName: 'demo_reader', password: DEMO_PASSWORD });
    assert.equal(reader.body.data.subscribe_info.service_type, 0);
    assert.deepEqual(Object.keys(reader.body.data.free_read).sort(), ['remaining', 'renews_on']);
    assert.equal(reader.body.data.free_read.renews_on, freeReadRenewsOn(ctx.clock.now()));
  });
});

describe('concurrent claims', () => {
  it('200 simultaneous claims by one reader for 200 articles grant exactly one', async () => {
    const reader = await newReader('fr_concurrent');
    const targets = (await ctx.app.db.select({ id: articles.id }).from(articles).orderBy(asc(articles.id)).limit(200)).map((r) => r.id);
    assert.equal(targets.length, 200);
    // Make all 200 member articles so every claim really needs the chance (this test database only).
    await ctx.app.db.update(articles).set({ accessLevel: 'member' }).where(inArray(articles.id, targets));

    const replies = await Promise.all(targets.map((id) => useChance(id, reader.token)));
    const granted = replies.filter((r) => r.result === '1');
    assert.equal(granted.length, 1);
    assert.ok(replies.every((r) => r.result === '1' || (r.result === 0 && r.msg === '您本月免费次数已经使用了!')));

    const claims = await claimsOf(reader.id);
    const entitlements = await entitlementsOf(reader.id);
    assert.equal(claims.length, 1);
    assert.equal(entitlements.length, 1);
    assert.equal(entitlements[0]!.articleId, claims[0]!.itemId);
    const [won] = await ctx.app.db.select().from(articles).where(and(eq(articles.id, claims[0]!.itemId)));
    assert.equal(granted[0].article_content, won!.content);
  });
});
