import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/app.js';
import { adverts, articles, banners, conferences, contentVersion, hotReads, lessons, moduleSwitches, videoPlays, weeklyIssues } from '../src/db/schema/index.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

describe('base/getBanner', () => {
  for (const code of ['home', 'classroom']) {
    it(`gives the three ${code} banners with picture, title, intro and link`, async () => {
      const res = await ctx.post('/api/base/getBanner', { code });
      assert.equal(res.body.code, 0);
      assert.equal(res.body.data.code, code);
      assert.equal(res.body.data.content.length, 3);
      for (const b of res.body.data.content) {
        assert.match(b.pic, /^\/api\/static\/banners\/.+\.svg$/);
        assert.ok(b.title && b.intro && b.url);
        const pic = await ctx.get(b.pic);
        assert.equal(pic.status, 200, `${b.pic} is served`);
      }
    });
  }

  it('gives an empty list for a code without a banner', async () => {
    const res = await ctx.post('/api/base/getBanner', { code: 'nothing' });
    assert.deepEqual(res.body.data, { code: 'nothing', content: [] });
  });

  it('refuses a missing or malformed code', async () => {
    for (const body of [{}, { code: '' }, { code: 'a b' }]) {
      const res = await ctx.post('/api/base/getBanner', body);
      assert.equal(res.body.code, 10001, JSON.stringify(body));
    }
    const res = await ctx.post('/api/base/getBanner', { code: '' });
    assert.match(res.body.msg, /横幅编号不正确|请求参数错误/);
  });
});

describe('base/getModularSwitch', () => {
  it('reads the seeded advert and hot_read switches as on', async () => {
    for (const moduleName of ['advert', 'hot_read']) {
      const res = await ctx.post('/api/base/getModularSwitch', { moduleName });
      assert.deepEqual(res.body.data, { moduleName, switchValue: 1 });
    }
  });

  it('follows the table and reads an unknown module as off', async () => {
    await ctx.app.db.update(moduleSwitches).set({ switchValue: 0 }).where(eq(moduleSwitches.moduleName, 'hot_read'));
    try {
      const res = await ctx.post('/api/base/getModularSwitch', { moduleName: 'hot_read' });
      assert.equal(res.body.data.switchValue, 0);
    } finally {
      await ctx.app.db.update(moduleSwitches).set({ switchValue: 1 }).where(eq(moduleSwitches.moduleName, 'hot_read'));
    }
    const unknown = await ctx.post('/api/base/getModularSwitch', { moduleName: 'no_such_module' });
    assert.equal(unknown.body.data.switchValue, 0);
  });

  it('refuses a missing module name', async () => {
    const res = await ctx.post('/api/base/getModularSwitch', {});
    assert.equal(res.body.code, 10001);
  });
});

describe('advert/selectAdvertList', () => {
  it('lists published adverts of each position in sort order, never the withdrawn one', async () => {
    const expected: Record<string, number> = { 页眉: 1, 'right-one': 2, 'right-two': 2, bottom: 2 };
    for (const [advertPosition, n] of Object.entries(expected)) {
      const res = await ctx.post('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 10, ifPublish: '是', advertPosition });
      assert.equal(res.body.code, 0);
      assert.equal(res.body.data.results.length, n, advertPosition);
      assert.equal(res.body.data.page.total, n);
      for (const ad of res.body.data.results) {
        assert.equal(ad.advertPosition, advertPosition);
        assert.equal(ad.ifPublish, 1);
        assert.ok(Array.isArray(JSON.parse(ad.imgUrl)) && JSON.parse(ad.imgUrl)[0].url);
      }
    }
  });

  it('pages the list', async () => {
    const res = await ctx.post('/api/advert/selectAdvertList', { pageNo: 2, pageSize: 1, advertPosition: 'right-one' });
    assert.equal(res.body.data.results.length, 1);
    assert.equal(res.body.data.results[0].name, '千言医学 App');
    assert.equal(res.body.data.page.total, 2);
  });

  it('shows an advert from its start instant and not from its end, while the list is kept', async () => {
    const list = async () => (await ctx.post('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 10, advertPosition: 'bottom' })).body.data;
    const before = await list();
    const start = new Date(ctx.clock.now().getTime() + 60_000);
    const [ad] = await ctx.app.db
      .insert(adverts)
      .values({ name: '限时广告', advertPosition: 'bottom', sort: 99, startAt: start, endAt: new Date(start.getTime() + 60_000) })
      .returning();
    try {
      // Kept under the version the insert raised: the same list until the clock reaches the start.
      assert.equal((await list()).page.total, before.page.total);
      assert.equal((await list()).page.total, before.page.total, 'answered again from the kept list');
      ctx.clock.advance(60_000);
      const shown = await list();
      assert.equal(shown.page.total, before.page.total + 1);
      assert.equal(shown.results.at(-1).name, '限时广告');
      ctx.clock.advance(60_000);
      assert.deepEqual(await list(), before, 'gone at its end instant');
    } finally {
      await ctx.app.db.delete(adverts).where(eq(adverts.id, ad!.id));
    }
  });

  it('refuses an unknown position or a bad page size', async () => {
    const bad = await ctx.post('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 10, advertPosition: 'left' });
    assert.equal(bad.body.code, 10001);
    assert.equal(bad.body.msg, '广告位置不正确');
    const size = await ctx.post('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 0, advertPosition: 'bottom' });
    assert.equal(size.body.code, 10001);
    assert.equal(size.body.msg, '每页条数需在1到100之间');
  });
});

describe('hotRead/selectHotReadList', () => {
  it('lists hot reads with card fields that point at real, published rows', async () => {
    const res = await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 });
    assert.equal(res.body.code, 0);
    const items = res.body.data.results as { id: number; relationType: number; permalinks: string; title: string }[];
    assert.ok(items.length >= 6, `${items.length} hot reads`);
    // The courses seed writes conferences, so every relation type is present.
    assert.deepEqual([...new Set(items.map((i) => i.relationType))].sort(), [10, 20, 30, 40]);
    for (const item of items) {
      assert.ok(item.title);
      if (item.relationType === 40) {
        const [a] = await ctx.app.db.select().from(articles).where(eq(articles.id, item.id));
        assert.equal(a?.permalinks, item.permalinks);
      }
      if (item.relationType === 10) {
        const [l] = await ctx.app.db.select().from(lessons).where(eq(lessons.lessonResId, item.id));
        assert.equal(l?.title, item.title);
      }
      if (item.relationType === 20 || item.relationType === 30) {
        const [c] = await ctx.app.db.select().from(conferences).where(eq(conferences.id, item.id));
        assert.equal(c?.title, item.title);
        assert.equal(c?.status, item.relationType === 20 ? 2 : 1, 'a notice is upcoming, a review past');
      }
    }
  });

  it('pages 4 at a time', async () => {
    const all = (await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).body.data;
    const first = (await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 4 })).body.data;
    const second = (await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 2, pageSize: 4 })).body.data;
    assert.equal(first.results.length, 4);
    assert.equal(first.page.total, all.results.length);
    assert.deepEqual([...first.results, ...second.results], all.results.slice(0, first.results.length + second.results.length));
  });

  it('leaves out an item whose article was unpublished', async () => {
    const [row] = await ctx.app.db.select().from(hotReads).where(eq(hotReads.relationType, 40)).limit(1);
    const before = (await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).body.data.page.total;
    await ctx.app.db.update(articles).set({ status: 0 }).where(eq(articles.id, row!.relationId));
    try {
      const res = (await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).body.data;
      assert.equal(res.page.total, before - 1);
      assert.ok(!res.results.some((i: { relationType: number; id: number }) => i.relationType === 40 && i.id === row!.relationId));
    } finally {
      await ctx.app.db.update(articles).set({ status: 1 }).where(eq(articles.id, row!.relationId));
    }
  });

  it('refuses a bad page number', async () => {
    const res = await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 0, pageSize: 4 });
    assert.equal(res.body.code, 10001);
    assert.equal(res.body.msg, '页码需为1到10000之间的整数');
  });
});

describe('periodicals', () => {
  it('newestArticle gives the newest issue with journal articles and the source keys', async () => {
    const res = await ctx.post('/api/article/newestArticle', {});
    assert.equal(res.body.code, 0);
    const { articleWeeklyPo, articleMap } = res.body.data;
    const [newest] = await ctx.app.db.select().from(weeklyIssues).orderBy(weeklyIssues.thedate);
    assert.ok(newest);
    assert.match(articleWeeklyPo.thedate, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(articleWeeklyPo.title);
    for (const key of ['0', '1', '5', '6', '7']) assert.ok(Array.isArray(articleMap[key]), key);
    const all = [...articleMap['5'], ...articleMap['6'], ...articleMap['7']];
    assert.ok(all.length > 0);
    for (const a of all) {
      assert.equal('content' in a, false, 'no article body in a periodical list');
      assert.equal('videoUrl' in a, false, 'no media URL in a periodical list');
    }
  });

  it('getMonthOfQiKanYear lists months with issues, ending at the current month this year', async () => {
    const now = ctx.clock.now();
    const local = new Date(now.getTime() + 8 * 3_600_000);
    const year = local.getUTCFullYear();
    const res = await ctx.post('/api/article/getMonthOfQiKanYear', { year });
    assert.equal(res.body.code, 0);
    const months: number[] = res.body.data;
    assert.ok(months.length > 0);
    assert.ok(months.every((m) => m >= 1 && m <= local.getUTCMonth() + 1));
    assert.deepEqual(months, [...months].sort((a, b) => a - b));
    const last = await ctx.post('/api/article/getMonthOfQiKanYear', { year: year - 1 });
    assert.ok(last.body.data.length > 0, 'the demo spans last year too');
    const future = await ctx.post('/api/article/getMonthOfQiKanYear', { year: year + 1 });
    assert.deepEqual(future.body.data, []);
  });

  it('selectQiKanList gives the weekly groups of a month, newest first', async () => {
    const now = ctx.clock.now();
    const local = new Date(now.getTime() + 8 * 3_600_000);
    const year = local.getUTCFullYear();
    const months: number[] = (await ctx.post('/api/article/getMonthOfQiKanYear', { year })).body.data;
    const month = `${year}${String(months.at(-1)).padStart(2, '0')}`;
    const res = await ctx.post('/api/article/selectQiKanList', { month, pageNo: 1, pageSize: 20 });
    assert.equal(res.body.code, 0);
    const groups = res.body.data.results;
    assert.ok(groups.length > 0);
    assert.equal(res.body.data.page.total, groups.length);
    const dates = groups.map((g: { articleWeeklyPo: { thedate: string } }) => g.articleWeeklyPo.thedate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    for (const d of dates) assert.equal(d.slice(0, 7).replace('-', ''), month);
  });

  it('refuses a malformed month or year', async () => {
    for (const month of ['2026-01', '202613', 'abc', '']) {
      const res = await ctx.post('/api/article/selectQiKanList', { month, pageNo: 1, pageSize: 20 });
      assert.equal(res.body.code, 10001, month);
      assert.equal(res.body.msg, '月份格式应为YYYYMM');
    }
    const year = await ctx.post('/api/article/getMonthOfQiKanYear', { year: 'twenty' });
    assert.equal(year.body.code, 10001);
    assert.equal(year.body.msg, '年份不正确');
  });
});

describe('weekly catalogues', () => {
  it('recent issues link a catalogue that is read and collected by its link and never listed', async () => {
    const newest = await ctx.post('/api/article/newestArticle', {});
    const catalogue = newest.body.data.articleMap['0'][0];
    assert.ok(catalogue, JSON.stringify(newest.body.data.articleWeeklyPo));
    assert.equal(newest.body.data.articleWeeklyPo.catalogPermalinks, catalogue.permalinks);

    const detail = await ctx.post('/api/article/getArticleDetail', { permalinks: catalogue.permalinks });
    assert.equal(detail.body.code, 0);
    assert.match(detail.body.data.title, /目录$/);
    // Its keywords are the issue's disease areas; 本期目录 is the page's name, not a keyword.
    assert.ok(!detail.body.data.keyword.split(',').includes('本期目录'));
    // Its body links the issue's journal articles.
    for (const a of newest.body.data.articleMap['5']) assert.ok(detail.body.data.content.includes(`permalinks=${a.permalinks}`));

    const token = await ctx.login('demo_reader');
    assert.equal((await ctx.post('/api/user/collectArticle', { id: detail.body.data.id }, token)).body.code, 0);
    const favourites = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 50 }, token);
    assert.ok(favourites.body.data.results.some((r: { permalinks: string }) => r.permalinks === catalogue.permalinks));

    const catalogues = new Set(
      (await ctx.app.db.select({ permalinks: articles.permalinks }).from(articles).where(eq(articles.status, 2))).map((r) => r.permalinks),
    );
    assert.ok(catalogues.size > 50, `${catalogues.size} catalogues`);
    for (const body of [{ pageSize: 100 }, { sourceIds: [5], pageSize: 100 }]) {
      const list = await ctx.post('/api/article/selectArticleList', body);
      assert.ok(!list.body.data.results.some((r: { permalinks: string }) => catalogues.has(r.permalinks)), JSON.stringify(body));
      const [{ listed }] = (await ctx.app.db
        .select({ listed: sql<number>`count(*)::int` })
        .from(articles)
        .where(and(eq(articles.status, 1), ...(body.sourceIds ? [eq(articles.sourceId, 5)] : [])))) as { listed: number }[];
      assert.equal(list.body.data.page.total, listed);
    }
  });
});

describe('article/selectAbout', () => {
  it('lists the thirteen about sections in sidebar order, with service keys 2 and 9', async () => {
    const res = await ctx.post('/api/article/selectAbout', {});
    assert.equal(res.body.code, 0);
    const pages = res.body.data as { type: string; title: string; content: string; serviceKey: number }[];
    assert.equal(pages.length, 13);
    assert.equal(pages[0]!.title, '关于我们');
    assert.equal(pages.at(-1)!.title, 'APP下载');
    assert.equal(pages.find((p) => p.serviceKey === 2)?.type, 'terms');
    // The registration links: 《服务条款与隐私政策》 stores 2, 《用户协议》 stores 9.
    assert.equal(pages.find((p) => p.serviceKey === 9)?.type, 'agreement');
    assert.match(pages.find((p) => p.serviceKey === 2)!.content, /href="\/about\?type=privacy"/);
    for (const p of pages) assert.ok(p.content.length > 20, p.type);
  });
});

describe('user/addVideoCount', () => {
  it('needs a session', async () => {
    const res = await ctx.post('/api/user/addVideoCount', { relationId: 1, relationType: 10 });
    assert.equal(res.body.code, 10002);
  });

  it('counts plays of an animation', async () => {
    const token = await ctx.login('demo_member');
    const [animation] = await ctx.app.db.select().from(articles).where(eq(articles.sourceId, 7)).limit(1);
    const one = await ctx.post('/api/user/addVideoCount', { relationId: animation!.id, relationType: 10 }, token);
    assert.equal(one.body.code, 0);
    const two = await ctx.post('/api/user/addVideoCount', { relationId: animation!.id, relationType: 10 }, token);
    assert.equal(two.body.data.plays, one.body.data.plays + 1);
    const [row] = await ctx.app.db
      .select()
      .from(videoPlays)
      .where(and(eq(videoPlays.relationType, 10), eq(videoPlays.relationId, animation!.id)));
    assert.equal(row?.plays, two.body.data.plays);
  });

  it('refuses bad parameters and unknown items', async () => {
    const token = await ctx.login('demo_member');
    const type = await ctx.post('/api/user/addVideoCount', { relationId: 1, relationType: 99 }, token);
    assert.equal(type.body.code, 10001);
    assert.equal(type.body.msg, '视频类型不正确');
    const id = await ctx.post('/api/user/addVideoCount', { relationId: 'x', relationType: 10 }, token);
    assert.equal(id.body.code, 10001);
    assert.equal(id.body.msg, '视频编号不正确');
    const missing = await ctx.post('/api/user/addVideoCount', { relationId: 2_000_000_000, relationType: 10 }, token);
    assert.equal(missing.body.code, 10004);
    assert.equal(missing.body.msg, '视频不存在');
  });
});

describe('media', () => {
  // Free items' media (public files); gated items' media are tested in media-access.test.ts.
  it('serves the media files of free animations and journal videos with range requests (206)', async () => {
    const free = and(eq(articles.accessLevel, 'public'), ne(articles.videoUrl, ''));
    const [animation] = await ctx.app.db.select().from(articles).where(and(free, eq(articles.sourceId, 7))).limit(1);
    const [video] = await ctx.app.db.select().from(articles).where(and(free, eq(articles.sourceId, 5))).limit(1);
    assert.match(animation!.videoUrl, /^\/api\/static\/media\/animation-\d\.mp4/);
    assert.match(video!.videoUrl, /^\/api\/static\/media\/demo-tone\.wav/);
    for (const url of [animation!.videoUrl, video!.videoUrl]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
      assert.equal(res.statusCode, 206, url);
      assert.match(String(res.headers['content-range']), /^bytes 0-99\/\d+$/);
      assert.equal(res.rawPayload.length, 100);
    }
  });
});

describe('home replies with two instances on one database', { skip: !process.env.TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process' }, () => {
  // Each instance keeps the home page's replies per content version (modules/portal/service.ts); a
  // change committed through one is on the other's very next call, without waiting.
  let other: App;
  before(async () => {
    other = await buildApp(ctx.config, { logger: false });
    await other.ready();
  });
  after(() => other?.close());
  const ask = async (url: string, payload: object) => (await other.inject({ method: 'POST', url, payload })).json().data;

  it('banners, switches, adverts, hot reads and the newest issue', async () => {
    const banner = () => ask('/api/base/getBanner', { code: 'home' });
    const onSwitch = () => ask('/api/base/getModularSwitch', { moduleName: 'advert' });
    const bottom = () => ask('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 10, advertPosition: 'bottom' });
    const hot = () => ask('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 });
    const newest = () => ask('/api/article/newestArticle', {});
    const [b0, s0, a0, h0, n0] = await Promise.all([banner(), onSwitch(), bottom(), hot(), newest()]);
    assert.deepEqual(await banner(), b0, 'the same reply from the kept one');
    const [home] = await ctx.app.db.select().from(banners).where(eq(banners.code, 'home'));
    const [firstHot] = await ctx.app.db.select().from(hotReads).orderBy(hotReads.sort, hotReads.id).limit(1);
    const [issue] = await ctx.app.db.select().from(weeklyIssues).where(eq(weeklyIssues.title, n0.articleWeeklyPo.title));
    const shownAds = await ctx.app.db.select({ id: adverts.id }).from(adverts).where(and(eq(adverts.advertPosition, 'bottom'), eq(adverts.ifPublish, 1)));
    try {
      await ctx.app.db.update(banners).set({ content: '[]' }).where(eq(banners.code, 'home'));
      assert.deepEqual((await banner()).content, []);
      await ctx.app.db.update(moduleSwitches).set({ switchValue: 0 }).where(eq(moduleSwitches.moduleName, 'advert'));
      assert.equal((await onSwitch()).switchValue, 0);
      await ctx.app.db.update(adverts).set({ ifPublish: 0 }).where(eq(adverts.advertPosition, 'bottom'));
      assert.equal((await bottom()).page.total, 0);
      await ctx.app.db.delete(hotReads).where(eq(hotReads.id, firstHot!.id));
      assert.equal((await hot()).page.total, h0.page.total - 1);
      await ctx.app.db.update(weeklyIssues).set({ title: '改过的标题' }).where(eq(weeklyIssues.id, issue!.id));
      assert.equal((await newest()).articleWeeklyPo.title, '改过的标题');
    } finally {
      await ctx.app.db.update(banners).set({ content: home!.content }).where(eq(banners.code, 'home'));
      await ctx.app.db.update(moduleSwitches).set({ switchValue: s0.switchValue }).where(eq(moduleSwitches.moduleName, 'advert'));
      await ctx.app.db.update(adverts).set({ ifPublish: 1 }).where(inArray(adverts.id, shownAds.map((a) => a.id)));
      await ctx.app.db.insert(hotReads).values(firstHot!);
      await ctx.app.db.update(weeklyIssues).set({ title: issue!.title }).where(eq(weeklyIssues.id, issue!.id));
    }
    assert.deepEqual(await banner(), b0);
    assert.deepEqual(await bottom(), a0);
    assert.deepEqual(await hot(), h0);
    assert.deepEqual(await newest(), n0);
  });

  it("a lesson's change reaches the hot reads of the other instance, and its search vector alone raises no version", async () => {
    const hot = () => ask('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 });
    const [ref] = await ctx.app.db.select().from(hotReads).where(eq(hotReads.relationType, 10)).limit(1);
    const [lesson] = await ctx.app.db.select().from(lessons).where(eq(lessons.lessonResId, ref!.relationId));
    const version = async () => (await ctx.app.db.select().from(contentVersion))[0]!.version;
    const v0 = await version();
    await ctx.app.db.execute(sql`update lessons set search_vector = search_vector where id = ${lesson!.id}`);
    assert.equal(await version(), v0, 'rewriting the search vector changes nothing readers see');
    try {
      await ctx.app.db.update(lessons).set({ title: '改过的课程' }).where(eq(lessons.id, lesson!.id));
      assert.ok((await hot()).results.some((r: { title: string }) => r.title === '改过的课程'));
    } finally {
      await ctx.app.db.update(lessons).set({ title: lesson!.title }).where(eq(lessons.id, lesson!.id));
    }
  });
});
