import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { readCountOf } from '../src/modules/content/readCounts.js';
import { articleFilters, articles, articleSources, articleTypes, contentVersion } from '../src/db/schema/index.js';
import { classNamesOf } from '../src/modules/content/service.js';
import { createRandom } from '../src/db/seed/generate.js';
import { seed } from '../src/db/seed/index.js';
import { FILTERS } from '../src/db/seed/reference.js';
import { dayRange, shanghaiDate } from '../src/lib/dates.js';
import { createTestApp, type TestContext } from './helpers.js';

// Article list totals come from a per-version summary and pages from a per-version cache
// (docs/decisions.md "Article list performance"): they must equal a fresh count, and follow every
// content change at once.

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
  // The demo corpus plus a scale corpus, so filters combine over 11 years of content.
  await seed(ctx.app.db, { now: ctx.clock.now(), articles: 600 });
});
after(() => ctx?.close());

const list = async (body: Record<string, unknown>) => {
  const res = await ctx.post('/api/article/selectArticleList', body);
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data as { results: { id: number; title: string; [k: string]: unknown }[]; page: { total: number } };
};
const ymd = (d: Date) => shanghaiDate(d).replaceAll('-', '');
const version = async () => (await ctx.app.db.select().from(contentVersion))[0]?.version ?? 0;

describe('list pages and totals', () => {
  it('equal a fresh SQL query for any combination of filters, order and page', async () => {
    const rnd = createRandom(77);
    const now = ctx.clock.now().getTime();
    const ids = (await ctx.app.db.select({ id: articles.id }).from(articles)).map((r) => r.id);
    for (let i = 0; i < 150; i++) {
      const sortType = rnd.pick([0, 0, 1, 2]);
      const pageNo = rnd.chance(0.5) ? 1 : rnd.int(2, 30);
      const body: Record<string, unknown> = { pageSize: 5, pageNo, sortType };
      const where: SQL[] = [eq(articles.status, 1)];
      if (rnd.chance(0.6)) {
        const sourceIds = [rnd.pick([1, 5, 6, 7, 8, 9, 10, 11])];
        if (rnd.chance(0.2)) sourceIds.push(rnd.pick([5, 6]));
        body.sourceIds = sourceIds.join(',');
        where.push(inArray(articles.sourceId, sourceIds));
      }
      if (rnd.chance(0.4)) {
        const classIds = [rnd.pick([1, 2, 3, 4, 7, 8, 9, 99])];
        body.articleClassIds = classIds;
        where.push(arrayOverlaps(articles.classIds, classIds));
      }
      if (rnd.chance(0.3)) {
        const filterIds = [rnd.pick(FILTERS).id, rnd.pick(FILTERS).id];
        body.articleFilterIds = filterIds;
        where.push(inArray(articles.filterId, filterIds));
      }
      if (rnd.chance(0.15)) {
        body.articleTypeIds = [rnd.int(1, 4)];
        where.push(inArray(articles.typeId, body.articleTypeIds as number[]));
      }
      if (rnd.chance(0.15)) {
        body.haswantsay = 1;
        where.push(eq(articles.haswantsay, 1));
      }
      if (rnd.chance(0.1)) {
        const some = [rnd.pick(ids), rnd.pick(ids), rnd.pick(ids)];
        body.articleIds = some;
        where.push(inArray(articles.id, some));
      }
      if (rnd.chance(0.5)) {
        const end = new Date(now - rnd.int(0, 4_000) * 86_400_000);
        const start = new Date(end.getTime() - rnd.int(0, 400) * 86_400_000);
        body.startDate = ymd(start);
        body.endDate = ymd(end);
        const range = dayRange(body.startDate as string, body.endDate as string)!;
        where.push(gte(articles.postdate, range.from), lt(articles.postdate, range.to));
      }
      const [expected] = await ctx.app.db.select({ n: count() }).from(articles).where(and(...where));
      const order =
        sortType === 1
          ? [asc(articles.postdate), asc(articles.id)]
          : sortType === 2
            ? [desc(readCountOf), desc(articles.postdate), desc(articles.id)]
            : [desc(articles.postdate), desc(articles.id)];
      const expectedIds = (
        await ctx.app.db
          .select({ id: articles.id })
          .from(articles)
          .where(and(...where))
          .orderBy(...order)
          .limit(5)
          .offset((pageNo - 1) * 5)
      ).map((r) => r.id);
      const reply = await list(body);
      assert.equal(reply.page.total, Number(expected!.n), JSON.stringify(body));
      assert.deepEqual(
        reply.results.map((r) => r.id),
        expectedIds,
        JSON.stringify(body),
      );
      // Names as the joins give them.
      if (expectedIds.length > 0) {
        const named = await ctx.app.db
          .select({
            id: articles.id,
            classNames: classNamesOf(articles.classIds),
            sourceName: articleSources.name,
            filterName: articleFilters.filtername,
            typeName: articleTypes.typename,
          })
          .from(articles)
          .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
          .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
          .leftJoin(articleTypes, eq(articleTypes.id, articles.typeId))
          .where(inArray(articles.id, expectedIds));
        for (const r of reply.results) {
          const n = named.find((x) => x.id === r.id)!;
          assert.deepEqual(
            [r.classNames, r.sourceName, r.filterName, r.typeName],
            [n.classNames, n.sourceName, n.filterName ?? '', n.typeName ?? ''],
          );
        }
      }
    }
  });
});

describe('shared list replies', () => {
  it('repeat, match a reader\'s reply but for ifCollect, and never keep an error', async () => {
    const body = { sourceIds: '5,6', pageSize: 4, pageNo: 2, sortType: 0 };
    const first = await ctx.post('/api/article/selectArticleList', body);
    const again = await ctx.post('/api/article/selectArticleList', body);
    assert.equal(first.body.code, 0);
    assert.deepEqual(again.body, first.body);

    const token = await ctx.login('demo_reader');
    // A reader who collected none of them gets the same reply, whatever memberId the body names.
    assert.deepEqual((await ctx.post('/api/article/selectArticleList', { ...body, memberId: 12345 }, token)).body, first.body);
    const collected = first.body.data.results[1].id as number;
    assert.equal((await ctx.post('/api/user/collectArticle', { id: collected }, token)).body.code, 0);
    const reader = await ctx.post('/api/article/selectArticleList', body, token);
    assert.deepEqual(
      reader.body.data.results.map((r: { id: number; ifCollect: number }) => [r.id, r.ifCollect]),
      first.body.data.results.map((r: { id: number }) => [r.id, r.id === collected ? 1 : 0]),
    );
    const strip = (results: Record<string, unknown>[]) => results.map(({ ifCollect: _c, ...rest }) => rest);
    assert.deepEqual(strip(reader.body.data.results), strip(first.body.data.results));
    assert.deepEqual(reader.body.data.page, first.body.data.page);
    // The anonymous reply still shows nothing collected.
    assert.ok((await ctx.post('/api/article/selectArticleList', body)).body.data.results.every((r: { ifCollect: number }) => r.ifCollect === 0));

    for (let i = 0; i < 2; i++) {
      const bad = await ctx.post('/api/article/selectArticleList', { ...body, pageSize: 0 });
      assert.equal(bad.body.code, 10001);
      assert.equal(bad.body.msg, '每页条数需在1到100之间');
    }
  });
});

describe('content changes', () => {
  it('show in the next list reply: unpublishing, editing, publishing', async () => {
    const body = { sourceIds: [5], pageSize: 5 };
    const before = await list(body);
    const first = before.results[0]!;

    await ctx.app.db.update(articles).set({ status: 0 }).where(eq(articles.id, first.id));
    const hidden = await list(body);
    assert.equal(hidden.page.total, before.page.total - 1);
    assert.ok(!hidden.results.some((r) => r.id === first.id));

    await ctx.app.db.update(articles).set({ status: 1, title: '修改后的标题' }).where(eq(articles.id, first.id));
    const edited = await list(body);
    assert.equal(edited.page.total, before.page.total);
    assert.equal(edited.results[0]!.title, '修改后的标题');
  });

  it('show in the next detail reply: a changed body and access level', async () => {
    const [target] = await ctx.app.db
      .select({ id: articles.id, permalinks: articles.permalinks })
      .from(articles)
      .where(and(eq(articles.accessLevel, 'public'), eq(articles.status, 1)))
      .limit(1);
    const detail = async () => (await ctx.post('/api/article/getArticleDetail', { permalinks: target!.permalinks })).body.data;
    assert.notEqual((await detail()).content, '');
    await ctx.app.db.update(articles).set({ content: '<p>新的正文</p>' }).where(eq(articles.id, target!.id));
    assert.equal((await detail()).content, '<p>新的正文</p>');
    await ctx.app.db.update(articles).set({ accessLevel: 'member' }).where(eq(articles.id, target!.id));
    const locked = await detail();
    assert.equal(locked.content, '');
    assert.equal(locked.contentLocked, true);
    await ctx.app.db.update(articles).set({ status: 0 }).where(eq(articles.id, target!.id));
    const gone = await ctx.post('/api/article/getArticleDetail', { permalinks: target!.permalinks });
    assert.equal(gone.body.code, 10004);
  });

  it('"most read" pages follow the read counts as they are written', async () => {
    // Two neighbours of the "most read" order a few reads apart, the second one public.
    const ranked = await ctx.app.db
      .select({ id: articles.id, readCount: readCountOf, accessLevel: articles.accessLevel, permalinks: articles.permalinks })
      .from(articles)
      .where(eq(articles.status, 1))
      .orderBy(desc(readCountOf), desc(articles.postdate), desc(articles.id));
    let k = 1;
    for (; k < ranked.length; k++) {
      if (ranked[k]!.accessLevel === 'public' && ranked[k - 1]!.readCount - ranked[k]!.readCount <= 30) break;
    }
    assert.ok(k < ranked.length, 'no neighbours close enough');
    const [ahead, behind] = [ranked[k - 1]!, ranked[k]!];
    const pageSize = 3;
    const pageNo = Math.floor(k / pageSize) + 1;
    const pageOf = async (size: number, no: number) =>
      (await list({ sortType: 2, pageSize: size, pageNo: no })).results.map((r) => r.id);
    const before = await pageOf(pageSize, pageNo);
    assert.deepEqual(before, ranked.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((r) => r.id));

    const views = ahead.readCount - behind.readCount + 1;
    for (let i = 0; i < views; i++) {
      const res = await ctx.post('/api/article/getArticleDetail', { permalinks: behind.permalinks });
      assert.equal(res.body.code, 0);
    }
    const written = async () =>
      (await ctx.app.db.select({ n: readCountOf }).from(articles).where(eq(articles.id, behind.id)))[0]!.n;
    const deadline = Date.now() + 5_000;
    while ((await written()) !== behind.readCount + views && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await written(), behind.readCount + views);

    // A page not asked for before (no cached page): the order as SQL gives it now, the viewed
    // article ahead of its former neighbour.
    const now = (
      await ctx.app.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.status, 1))
        .orderBy(desc(readCountOf), desc(articles.postdate), desc(articles.id))
        .limit(k + 5)
    ).map((r) => r.id);
    const fresh = await pageOf(k + 5, 1);
    assert.deepEqual(fresh, now);
    assert.ok(fresh.indexOf(behind.id) < fresh.indexOf(ahead.id));
  });

  it('read counts do not raise the version; they are written together shortly after', async () => {
    const v0 = await version();
    const [target] = await ctx.app.db
      .select({ id: articles.id, permalinks: articles.permalinks, readCount: readCountOf })
      .from(articles)
      .where(and(eq(articles.accessLevel, 'public'), eq(articles.status, 1)))
      .limit(1);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.post('/api/article/getArticleDetail', { permalinks: target!.permalinks });
      assert.equal(res.body.code, 0);
    }
    // Written together about a second later.
    const readCount = async () =>
      (await ctx.app.db.select({ readCount: readCountOf }).from(articles).where(eq(articles.id, target!.id)))[0]!.readCount;
    const deadline = Date.now() + 5_000;
    while ((await readCount()) !== target!.readCount + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await readCount(), target!.readCount + 3);
    assert.equal(await version(), v0);
  });
});
