import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { articles, favourites, members } from '../src/db/schema/index.js';
import { shanghaiDate } from '../src/lib/dates.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
type ArticleRow = typeof articles.$inferSelect;
let all: ArticleRow[];

before(async () => {
  ctx = await createTestApp();
  all = await ctx.app.db.select().from(articles).orderBy(asc(articles.id));
});
after(() => ctx?.close());

const ymd = (d: Date) => shanghaiDate(d).replaceAll('-', '');

/** A fresh logged-in non-member. */
async function newReader(username: string): Promise<{ id: number; token: string }> {
  const [m] = await ctx.app.db.insert(members).values({ username, passwordHash: 'not-a-login-account' }).returning({ id: members.id });
  const { token } = await ctx.app.sessions.issue(m!.id);
  return { id: m!.id, token };
}

const favRows = (memberId: number) =>
  ctx.app.db.select().from(favourites).where(and(eq(favourites.memberId, memberId), eq(favourites.kind, 'article')));
const ids = (body: any) => body.data.results.map((r: { id: number }) => r.id);

describe('collect and cancel', () => {
  it('needs a session', async () => {
    for (const path of ['collectArticle', 'cancelCollect', 'selectMyFavArticle', 'selectMyReadArticle']) {
      const res = await ctx.post(`/api/user/${path}`, { id: 1, pageNo: 1, pageSize: 20 });
      assert.deepEqual(res.body, { code: 10002, msg: '登录超时，请重新登录', data: null }, path);
    }
  });

  it('collecting twice keeps one favourite, cancelling twice is harmless', async () => {
    const reader = await newReader('fav_twice');
    const article = all[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await ctx.post('/api/user/collectArticle', { id: article.id }, reader.token);
      assert.deepEqual(res.body, { code: 0, msg: 'success', data: true });
    }
    assert.equal((await favRows(reader.id)).length, 1);
    const detail = await ctx.post('/api/article/getArticleDetailById', { id: article.id }, reader.token);
    assert.equal(detail.body.data.ifCollect, 1);

    for (let i = 0; i < 2; i++) {
      const res = await ctx.post('/api/user/cancelCollect', { id: article.id }, reader.token);
      assert.deepEqual(res.body, { code: 0, msg: 'success', data: true });
    }
    assert.equal((await favRows(reader.id)).length, 0);
    assert.equal((await ctx.post('/api/article/getArticleDetailById', { id: article.id }, reader.token)).body.data.ifCollect, 0);
  });

  it('answers concurrent collects of one article with one favourite', async () => {
    const reader = await newReader('fav_concurrent');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => ctx.post('/api/user/collectArticle', { id: all[1]!.id }, reader.token)),
    );
    assert.ok(replies.every((r) => r.body.code === 0 && r.body.data === true));
    assert.equal((await favRows(reader.id)).length, 1);
  });

  it('rejects missing, malformed and unknown ids clearly', async () => {
    const reader = await newReader('fav_params');
    for (const path of ['/api/user/collectArticle', '/api/user/cancelCollect']) {
      assert.deepEqual((await ctx.post(path, {}, reader.token)).body, { code: 10001, msg: '请输入文章编号', data: null });
      for (const id of ['x', 0, -2, 1e12]) {
        const res = await ctx.post(path, { id }, reader.token);
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { code: 10001, msg: '文章编号格式不正确', data: null }, `${path} ${id}`);
      }
    }
    assert.deepEqual((await ctx.post('/api/user/collectArticle', { id: 99_999_999 }, reader.token)).body, {
      code: 10004,
      msg: '内容不存在',
      data: null,
    });
    // Cancelling something that is not there (or no longer exists) is still success.
    assert.equal((await ctx.post('/api/user/cancelCollect', { id: 99_999_999 }, reader.token)).body.data, true);
  });
});

describe('my favourite articles', () => {
  it('lists them newest collected first with list fields only, and filters by source, class and date', async () => {
    const reader = await newReader('fav_list');
    const journal = all.find((a) => a.sourceId === 5)!;
    const digest = all.find((a) => a.sourceId === 6 && a.classIds[0] !== journal.classIds[0])!;
    const member = all.find((a) => a.sourceId === 5 && a.accessLevel === 'member' && a.id !== journal.id)!;
    const start = ctx.clock.current;
    try {
      for (const row of [journal, digest, member]) {
        await ctx.post('/api/user/collectArticle', { id: row.id }, reader.token);
        ctx.clock.advance(60_000);
      }
      const list = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20 }, reader.token);
      assert.equal(list.body.code, 0);
      assert.deepEqual(ids(list.body), [member.id, digest.id, journal.id]);
      assert.deepEqual(list.body.data.page, { total: 3, pages: 1, pageNo: 1, pageSize: 20 });
      for (const item of list.body.data.results) {
        assert.equal(item.ifCollect, 1);
        for (const key of ['content', 'wantsay', 'videoUrl']) assert.equal(key in item, false);
      }
      assert.deepEqual(Object.keys(list.body.data.results[0]).sort(), [
        'accessLevel', 'author', 'classNames', 'filterName', 'haswantsay', 'id', 'ifCollect', 'intro', 'outtitle',
        'pcauthor', 'permalinks', 'postdate', 'pubdate', 'sourceName', 'sourceid', 'thumb', 'title', 'typeName', 'typeid',
      ]);

      const paged = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 2, pageSize: 2 }, reader.token);
      assert.deepEqual(ids(paged.body), [journal.id]);
      const bySource = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20, sourceIds: '6' }, reader.token);
      assert.deepEqual(ids(bySource.body), [digest.id]);
      const byClass = await ctx.post(
        '/api/user/selectMyFavArticle',
        { pageNo: 1, pageSize: 20, articleClassIds: [digest.classIds[0]] },
        reader.token,
      );
      assert.ok(ids(byClass.body).includes(digest.id) && !ids(byClass.body).includes(journal.id));

      const today = ymd(start);
      const sameDay = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20, startDate: today, endDate: today }, reader.token);
      assert.equal(sameDay.body.data.page.total, 3);
      const earlier = ymd(new Date(start.getTime() - 3 * 86_400_000));
      const before = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20, startDate: earlier, endDate: earlier }, reader.token);
      assert.deepEqual(before.body.data.results, []);

      // Another member's list is their own.
      const other = await newReader('fav_list_other');
      assert.deepEqual((await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20 }, other.token)).body.data.results, []);
    } finally {
      ctx.clock.current = start;
    }
  });

  it('rejects bad list parameters with 10001', async () => {
    const reader = await newReader('fav_bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 0 }, '每页条数需在1到100之间'],
      [{ pageNo: 0 }, '页码需为1到10000之间的整数'],
      [{ startDate: '20240101' }, '开始日期和结束日期需同时填写'],
      [{ startDate: '2024-01-01', endDate: '20240102' }, '日期格式应为YYYYMMDD'],
      [{ sourceIds: [99] }, '来源不存在：99'],
      [{ sourceIds: ['five'] }, '来源编号格式不正确'],
      [{ articleClassIds: [99_999_999_999] }, '专业领域编号格式不正确'],
    ];
    for (const path of ['/api/user/selectMyFavArticle', '/api/user/selectMyReadArticle']) {
      for (const [body, msg] of cases) {
        const res = await ctx.post(path, { pageNo: 1, pageSize: 20, ...body }, reader.token);
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { code: 10001, msg, data: null }, `${path} ${JSON.stringify(body)}`);
      }
    }
  });
});

describe('my reading records', () => {
  it('lists the articles I viewed, newest viewed first, with my favourites marked', async () => {
    const reader = await newReader('read_list');
    const [a, b] = all.filter((x) => x.accessLevel !== 'member');
    const locked = all.find((x) => x.accessLevel === 'member')!;
    const start = ctx.clock.current;
    try {
      await ctx.post('/api/article/getArticleDetail', { permalinks: a!.permalinks }, reader.token);
      ctx.clock.advance(60_000);
      await ctx.post('/api/article/getArticleDetailById', { id: b!.id }, reader.token);
      ctx.clock.advance(60_000);
      await ctx.post('/api/article/getArticleDetail', { permalinks: locked.permalinks }, reader.token);
      await ctx.post('/api/user/collectArticle', { id: b!.id }, reader.token);
      let list = await ctx.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 20 }, reader.token);
      assert.deepEqual(ids(list.body), [b!.id, a!.id], 'the locked teaser is not a read');
      assert.deepEqual(list.body.data.results.map((r: { ifCollect: number }) => r.ifCollect), [1, 0]);

      ctx.clock.advance(60_000);
      await ctx.post('/api/article/getArticle', { permalinks: a!.permalinks }, reader.token);
      list = await ctx.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 20 }, reader.token);
      assert.deepEqual(ids(list.body), [a!.id, b!.id], 'reading again moves it to the top');
      assert.equal(list.body.data.page.total, 2);
    } finally {
      ctx.clock.current = start;
    }
  });

  it("records no reading for a copy kept for offline reading (X-Qy-Purpose: offline), and still gates it", async () => {
    const reader = await newReader('offline_copy');
    const open = all.find((x) => x.accessLevel !== 'member')!;
    const locked = all.find((x) => x.accessLevel === 'member')!;
    const kept = async (permalinks: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/article/getArticleDetail',
          headers: { authorization: `Bearer ${reader.token}`, 'x-qy-purpose': 'offline' },
          payload: { permalinks },
        })
      ).json();
    const copy = await kept(open.permalinks);
    assert.equal(copy.code, 0);
    assert.ok(copy.data.content.length > 0, 'the open article comes whole');
    const teaser = await kept(locked.permalinks);
    assert.equal(teaser.data.contentLocked, true, 'a member article stays locked for a reader');
    assert.equal(teaser.data.content, '');
    let list = await ctx.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 20 }, reader.token);
    assert.equal(list.body.data.page.total, 0, 'keeping a copy is not reading it');

    await ctx.post('/api/article/getArticleDetail', { permalinks: open.permalinks }, reader.token);
    list = await ctx.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 20 }, reader.token);
    assert.deepEqual(ids(list.body), [open.id], 'opening it is');
  });
});
