import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { readCountOf } from '../src/modules/content/readCounts.js';
import { articles, favourites, lessons, members } from '../src/db/schema/index.js';
import { shanghaiDate } from '../src/lib/dates.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
const LIST = '/api/article/selectArticleList';

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const list = async (body: Record<string, unknown>, token?: string) => (await ctx.post(LIST, body, token)).body;
const ymd = (d: Date) => shanghaiDate(d).replaceAll('-', '');

describe('article classes', () => {
  it('lists the seven disease areas with their field codes and course counts', async () => {
    const res = await ctx.post('/api/article/selectArticleClass');
    assert.equal(res.body.code, 0);
    const classes = res.body.data as { id: number; classname: string; code: number; num: number; xcxIconSe: string }[];
    assert.equal(classes.length, 7);
    const codeToId = Object.fromEntries(classes.map((c) => [c.code, c.id]));
    assert.deepEqual(codeToId, { 10: 4, 20: 2, 30: 3, 40: 7, 50: 8, 60: 1, 70: 9 });
    for (const c of classes) {
      assert.ok(c.classname.length > 0);
      assert.equal(typeof c.xcxIconSe, 'string');
    }
    const lessonTotal = await ctx.post('/api/lesson/selectLessonList', { pageNo: 1, pageSize: 100, articalClassIds: [4] });
    assert.equal(classes.find((c) => c.id === 4)!.num, lessonTotal.body.data.page.total);
    assert.ok(classes.every((c) => c.num > 0));
  });

  it("counts a course withdrawn or published again on the next call (the reply is kept per content version)", async () => {
    const num = async () => ((await ctx.post('/api/article/selectArticleClass')).body.data as { id: number; num: number }[]).find((c) => c.id === 4)!.num;
    const before = await num();
    const [lesson] = await ctx.app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.status, 1), sql`${lessons.parentId} is null`, sql`4 = any(${lessons.classIds})`))
      .limit(1);
    await ctx.app.db.update(lessons).set({ status: 0 }).where(eq(lessons.id, lesson!.id));
    try {
      assert.equal(await num(), before - 1);
    } finally {
      await ctx.app.db.update(lessons).set({ status: 1 }).where(eq(lessons.id, lesson!.id));
    }
    assert.equal(await num(), before);
  });
});

describe('article list', () => {
  it('pages through the published articles', async () => {
    const first = await list({ pageNo: 1, pageSize: 5 });
    assert.equal(first.code, 0);
    assert.equal(first.data.results.length, 5);
    assert.equal(first.data.page.pageNo, 1);
    assert.equal(first.data.page.pageSize, 5);
    assert.ok(first.data.page.total >= 290);
    assert.equal(first.data.page.pages, Math.ceil(first.data.page.total / 5));
    const second = await list({ pageNo: 2, pageSize: 5 });
    const ids = new Set(first.data.results.map((r: { id: number }) => r.id));
    assert.ok(second.data.results.every((r: { id: number }) => !ids.has(r.id)));
    const beyond = await list({ pageNo: 1000, pageSize: 5 });
    assert.deepEqual(beyond.data.results, []);
  });

  it('uses pageNo 1 and pageSize 20 when they are left out, and reads numbers sent as text', async () => {
    const res = await list({});
    assert.equal(res.data.results.length, 20);
    assert.deepEqual([res.data.page.pageNo, res.data.page.pageSize], [1, 20]);
    const asText = await list({ pageNo: '2', pageSize: '3', sourceIds: '5,6', sortType: '1', haswantsay: '0' });
    assert.equal(asText.code, 0);
    assert.deepEqual([asText.data.page.pageNo, asText.data.page.pageSize], [2, 3]);
  });

  it('filters by source ids', async () => {
    const journal = await list({ pageNo: 1, pageSize: 100, sourceIds: [5] });
    assert.ok(journal.data.page.total > 50);
    assert.ok(journal.data.results.every((r: { sourceid: number; sourceName: string }) => r.sourceid === 5 && r.sourceName === '期刊'));
    const two = await list({ pageNo: 1, pageSize: 100, sourceIds: [10, 11] });
    assert.ok(two.data.results.every((r: { sourceid: number }) => r.sourceid === 10 || r.sourceid === 11));
    const catalyst = await list({ pageNo: 1, pageSize: 1, sourceIds: [10] });
    const evidence = await list({ pageNo: 1, pageSize: 1, sourceIds: [11] });
    assert.equal(two.data.page.total, catalyst.data.page.total + evidence.data.page.total);
  });

  it('rejects an unknown source id with 10001 naming it', async () => {
    const res = await ctx.post(LIST, { pageNo: 1, pageSize: 10, sourceIds: [5, 99] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { code: 10001, msg: '来源不存在：99', data: null });
  });

  it('sorts newest first, oldest first, or most read', async () => {
    const newest = (await list({ pageNo: 1, pageSize: 50, sortType: 0 })).data.results;
    const oldest = (await list({ pageNo: 1, pageSize: 50, sortType: 1 })).data.results;
    const mostRead = (await list({ pageNo: 1, pageSize: 50, sortType: 2 })).data.results;
    const times = (rows: { postdate: string }[]) => rows.map((r) => Date.parse(r.postdate));
    const t0 = times(newest);
    assert.deepEqual(t0, [...t0].sort((a, b) => b - a));
    const t1 = times(oldest);
    assert.deepEqual(t1, [...t1].sort((a, b) => a - b));
    assert.ok(t1[0]! < t0[t0.length - 1]!);
    const rows = await ctx.app.db.select({ id: articles.id, readCount: readCountOf }).from(articles);
    const reads = new Map(rows.map((r) => [r.id, r.readCount]));
    const counts = mostRead.map((r: { id: number }) => reads.get(r.id)!);
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
    assert.equal(counts[0], Math.max(...reads.values()));
  });

  it('filters by a date range of whole days in China time', async () => {
    const [sample] = await ctx.app.db
      .select({ postdate: articles.postdate })
      .from(articles)
      .where(eq(articles.sourceId, 5))
      .orderBy(sql`${articles.postdate} desc`)
      .offset(10)
      .limit(1);
    const day = ymd(sample!.postdate);
    const res = await list({ pageNo: 1, pageSize: 100, startDate: day, endDate: day });
    assert.equal(res.code, 0);
    assert.ok(res.data.page.total >= 1);
    for (const r of res.data.results) assert.equal(ymd(new Date(r.postdate)), day);
    // Listed articles only (a weekly catalogue, status 2, is reached by its link).
    const all = await ctx.app.db.select({ postdate: articles.postdate }).from(articles).where(eq(articles.status, 1));
    assert.equal(res.data.page.total, all.filter((a) => ymd(a.postdate) === day).length);
    const empty = await list({ pageNo: 1, pageSize: 10, startDate: '', endDate: '' });
    assert.ok(empty.data.page.total >= 290, "'' means no date filter");
  });

  it('rejects bad dates and half ranges with 10001', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '20230230', endDate: '20230301' }, '日期格式应为YYYYMMDD'],
      [{ startDate: '2023-01-01', endDate: '2023-02-01' }, '日期格式应为YYYYMMDD'],
      [{ startDate: '20230101', endDate: 'tomorrow' }, '日期格式应为YYYYMMDD'],
      [{ startDate: '20230101' }, '开始日期和结束日期需同时填写'],
      [{ endDate: '20230101' }, '开始日期和结束日期需同时填写'],
      [{ startDate: '20230201', endDate: '20230101' }, '开始日期不能晚于结束日期'],
    ];
    for (const [body, msg] of cases) {
      const res = await ctx.post(LIST, { pageNo: 1, pageSize: 10, ...body });
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepEqual(res.body, { code: 10001, msg, data: null }, JSON.stringify(body));
    }
  });

  it('rejects page sizes outside 1..100 and page numbers below 1 with 10001, never 400 or 500', async () => {
    for (const pageSize of [0, 101, 10000, -1, 'ten']) {
      const res = await ctx.post(LIST, { pageNo: 1, pageSize });
      assert.equal(res.status, 200, `pageSize ${pageSize}`);
      assert.deepEqual(res.body, { code: 10001, msg: '每页条数需在1到100之间', data: null });
    }
    for (const pageNo of [0, -3, 'first']) {
      const res = await ctx.post(LIST, { pageNo, pageSize: 10 });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { code: 10001, msg: '页码需为1到10000之间的整数', data: null });
    }
    const sort = await ctx.post(LIST, { pageNo: 1, pageSize: 10, sortType: 7 });
    assert.deepEqual(sort.body, { code: 10001, msg: '排序方式不正确', data: null });
    const ids = await ctx.post(LIST, { pageNo: 1, pageSize: 10, sourceIds: ['five'] });
    assert.deepEqual(ids.body, { code: 10001, msg: '来源编号格式不正确', data: null });
    // Ids beyond PostgreSQL's integer range cannot exist; they are a bad parameter, not a 500.
    for (const body of [{ sourceIds: [99_999_999_999] }, { articleClassIds: '9999999999' }, { articleIds: 2_147_483_648 }]) {
      const res = await ctx.post(LIST, { pageNo: 1, pageSize: 10, ...body });
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(res.body.code, 10001, JSON.stringify(body));
    }
  });

  it('filters by disease area, filter tab, article type, ids and commentary', async () => {
    const cardio = await list({ pageNo: 1, pageSize: 100, articleClassIds: [4] });
    assert.ok(cardio.data.page.total > 0);
    assert.ok(cardio.data.results.every((r: { classNames: string }) => r.classNames.split(',').includes('心脑血管')));

    const reviews = await list({ pageNo: 1, pageSize: 100, sourceIds: [5], articleFilterIds: [1] });
    assert.ok(reviews.data.page.total > 0);
    assert.ok(reviews.data.results.every((r: { filterName: string }) => r.filterName === '综述类'));

    const digestTabs = await list({ pageNo: 1, pageSize: 100, articleFilterIds: [6, 7] });
    assert.ok(digestTabs.data.results.every((r: { sourceid: number }) => r.sourceid === 6));

    const writing = await list({ pageNo: 1, pageSize: 100, articleTypeIds: [2] });
    assert.ok(writing.data.page.total > 0);
    assert.ok(writing.data.results.every((r: { typeid: number; typeName: string }) => r.typeid === 2 && r.typeName === '统计方法'));

    const picked = await list({ pageNo: 1, pageSize: 10, articleIds: [3, 1, 2] });
    assert.deepEqual(picked.data.results.map((r: { id: number }) => r.id).sort(), [1, 2, 3]);

    const commentary = await list({ pageNo: 1, pageSize: 100, haswantsay: 1 });
    assert.ok(commentary.data.page.total > 0);
    assert.ok(commentary.data.results.every((r: { haswantsay: number }) => r.haswantsay === 1));
  });

  it('never sends the body, commentary or media URLs in list items', async () => {
    for (const sourceId of [5, 6, 7, 8, 9, 10, 11]) {
      const res = await list({ pageNo: 1, pageSize: 100, sourceIds: [sourceId] });
      for (const item of res.data.results) {
        for (const key of ['content', 'wantsay', 'videoUrl', 'video_url', 'aboutcontent', 'coi', 'outlink', 'media']) {
          assert.equal(key in item, false, `${key} in a source ${sourceId} item`);
        }
      }
    }
    const [withMedia] = await ctx.app.db.select().from(articles).where(eq(articles.sourceId, 8)).limit(1);
    assert.ok(withMedia!.videoUrl, 'the audio source has media in the database');
    const item = (await list({ pageNo: 1, pageSize: 1, articleIds: [withMedia!.id] })).data.results[0];
    assert.ok(!JSON.stringify(item).includes(withMedia!.videoUrl));
  });

  it("marks the caller's own favourites and ignores memberId in the body", async () => {
    const [member] = await ctx.app.db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_member'));
    await ctx.app.db.insert(favourites).values({ memberId: member!.id, kind: 'article', itemId: 2 });
    try {
      const token = await ctx.login('demo_member');
      const mine = await list({ pageNo: 1, pageSize: 10, articleIds: [1, 2] }, token);
      const flags = Object.fromEntries(mine.data.results.map((r: { id: number; ifCollect: number }) => [r.id, r.ifCollect]));
      assert.deepEqual(flags, { 1: 0, 2: 1 });

      const visitor = await list({ pageNo: 1, pageSize: 10, articleIds: [2], memberId: member!.id });
      assert.equal(visitor.data.results[0].ifCollect, 0);
      const other = await list({ pageNo: 1, pageSize: 10, articleIds: [2], memberId: member!.id }, await ctx.login('demo_reader'));
      assert.equal(other.data.results[0].ifCollect, 0);
    } finally {
      await ctx.app.db.delete(favourites).where(and(eq(favourites.memberId, member!.id), eq(favourites.itemId, 2)));
    }
  });

  it('returns list items with every field of the wire type', async () => {
    const [item] = (await list({ pageNo: 1, pageSize: 1 })).data.results;
    assert.deepEqual(Object.keys(item).sort(), [
      'accessLevel',
      'author',
      'classNames',
      'filterName',
      'haswantsay',
      'id',
      'ifCollect',
      'intro',
      'outtitle',
      'pcauthor',
      'permalinks',
      'postdate',
      'pubdate',
      'sourceName',
      'sourceid',
      'thumb',
      'title',
      'typeName',
      'typeid',
    ]);
    assert.ok(['public', 'login', 'member'].includes(item.accessLevel));
    assert.ok(!Number.isNaN(Date.parse(item.postdate)));
  });
});
