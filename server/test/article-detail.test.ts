import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq, ne, sql } from 'drizzle-orm';
import { articles, members, readingRecords } from '../src/db/schema/index.js';
import { paidMarkers } from '../src/db/seed/generate.js';
import { freeCommentary } from '../src/modules/content/service.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let readerToken: string;
let doctorToken: string;
let memberToken: string;

type ArticleRow = typeof articles.$inferSelect;
/** Seeded articles picked by access level: each with a commentary, the member one also with a video. */
let publicArticle: ArticleRow;
let loginArticle: ArticleRow;
let memberArticle: ArticleRow;
let memberArticles: ArticleRow[];

const DETAIL_PATHS = ['/api/article/getArticleDetail', '/api/article/getArticle', '/api/article/getArticleDetail2'];

before(async () => {
  ctx = await createTestApp();
  [readerToken, doctorToken, memberToken] = await Promise.all([
    ctx.login('demo_reader'),
    ctx.login('demo_doctor'),
    ctx.login('demo_member'),
  ]);
  const all = await ctx.app.db.select().from(articles).orderBy(asc(articles.id));
  const withCommentary = (level: string) => all.find((a) => a.accessLevel === level && a.haswantsay === 1)!;
  publicArticle = withCommentary('public');
  loginArticle = withCommentary('login');
  memberArticle = all.find((a) => a.accessLevel === 'member' && a.haswantsay === 1 && a.videoUrl !== '')!;
  memberArticles = all.filter((a) => a.accessLevel === 'member');
  assert.ok(publicArticle && loginArticle && memberArticle, 'the seed has a commentary at every level and a member video');
});
after(() => ctx?.close());

const detail = async (permalinks: string, token?: string) => (await ctx.post('/api/article/getArticleDetail', { permalinks }, token)).body;

/** The reply shows the whole article. */
function assertFull(data: any, row: ArticleRow) {
  assert.equal(data.content, row.content);
  assert.equal(data.wantsay, row.wantsay);
  // A gated item's media path comes signed (media-access.test.ts); a free item's as stored.
  if (row.accessLevel === 'public' || !row.videoUrl) assert.equal(data.videoUrl, row.videoUrl);
  else assert.ok(data.videoUrl.startsWith(`${row.videoUrl}&exp=`), data.videoUrl);
  assert.equal(data.contentLocked, false);
  assert.equal(data.wantsayTruncated, false);
  assert.equal(data.is_have_view_auth, 1);
}

/** The reply shows only the intro, the commentary's free part and the access flags. */
function assertLocked(data: any, row: ArticleRow) {
  const markers = paidMarkers(row.permalinks);
  assert.equal(data.content, '');
  assert.equal(data.contentLocked, true);
  assert.equal(data.intro, row.intro);
  assert.equal(data.videoUrl, '');
  assert.equal(data.wantsay, freeCommentary(row.wantsay));
  assert.ok(data.wantsay.length > 0, 'the free part of the commentary is sent');
  assert.ok(!/<hr/i.test(data.wantsay));
  assert.equal(data.wantsayTruncated, true);
  assert.ok(!JSON.stringify(data).includes(markers.commentary));
  assert.ok(!JSON.stringify(data).includes(markers.body));
  assert.equal(data.is_have_view_auth, 2);
}

describe('article detail reply', () => {
  it('carries every list field plus the detail fields and access flags', async () => {
    const res = await detail(publicArticle.permalinks);
    assert.equal(res.code, 0);
    assert.deepEqual(Object.keys(res.data).sort(), [
      'aboutcontent',
      'accessLevel',
      'appendix',
      'author',
      'classNames',
      'coi',
      'content',
      'contentLocked',
      'enAbstract',
      'enAuthors',
      'enBody',
      'enReferences',
      'enWantsay',
      'enWantsayTruncated',
      'filterName',
      'hasEnglish',
      'hascoi',
      'haswantsay',
      'id',
      'ifCollect',
      'intro',
      'is_have_view_auth',
      'is_month_chance',
      'is_subscribe',
      'keyword',
      'outlink',
      'outtitle',
      'pcauthor',
      'permalinks',
      'postdate',
      'professionalTitle',
      'pubdate',
      'relationArticleIds',
      'sourceName',
      'sourceid',
      'thank',
      'thumb',
      'title',
      'typeName',
      'typeid',
      'videoUrl',
      'wantsay',
      'wantsayTitle',
      'wantsayTruncated',
    ]);
    const d = res.data;
    assert.equal(d.id, publicArticle.id);
    assert.equal(d.keyword, publicArticle.keyword);
    assert.equal(d.aboutcontent, publicArticle.aboutcontent);
    assert.equal(d.relationArticleIds, publicArticle.relationArticleIds.join(','));
    assert.equal(d.hascoi, publicArticle.coi.trim() ? 1 : 0);
    assert.ok(d.professionalTitle.length > 0 && d.classNames.split(',').includes(d.professionalTitle));
    assert.equal(d.sourceName, '期刊');
  });

  it('answers the same article on all four detail calls', async () => {
    const byPermalinks = await Promise.all(DETAIL_PATHS.map((p) => ctx.post(p, { permalinks: memberArticle.permalinks }, readerToken)));
    const byId = await ctx.post('/api/article/getArticleDetailById', { id: memberArticle.id, memberId: 1 }, readerToken);
    for (const res of [...byPermalinks, byId]) {
      assert.equal(res.body.code, 0);
      assert.deepEqual(res.body.data, byId.body.data);
    }
    assertLocked(byId.body.data, memberArticle);
  });
});

describe('article access by reader', () => {
  it('a visitor reads public articles in full and sees only the free parts of login and member articles', async () => {
    const pub = await detail(publicArticle.permalinks);
    assertFull(pub.data, publicArticle);
    for (const row of [loginArticle, memberArticle]) {
      const res = await detail(row.permalinks);
      assertLocked(res.data, row);
      assert.equal(res.data.aboutcontent, row.aboutcontent, 'references are not paid content');
    }
    assert.deepEqual([pub.data.is_subscribe, pub.data.is_month_chance, pub.data.ifCollect], [1, 1, 0]);
  });

  it('a logged-in non-member reads public and login articles, and has one free read left for member ones', async () => {
    for (const row of [publicArticle, loginArticle]) assertFull((await detail(row.permalinks, readerToken)).data, row);
    const locked = (await detail(memberArticle.permalinks, readerToken)).data;
    assertLocked(locked, memberArticle);
    assert.deepEqual([locked.is_subscribe, locked.is_have_view_auth, locked.is_month_chance], [1, 2, 2]);
  });

  it('a doctor with a complete profile but no membership is gated like any non-member', async () => {
    assertFull((await detail(loginArticle.permalinks, doctorToken)).data, loginArticle);
    const locked = (await detail(memberArticle.permalinks, doctorToken)).data;
    assertLocked(locked, memberArticle);
    assert.equal(locked.is_subscribe, 1);
  });

  it('an active member reads everything', async () => {
    for (const row of [publicArticle, loginArticle, memberArticle]) {
      const res = await detail(row.permalinks, memberToken);
      assertFull(res.data, row);
      assert.equal(res.data.is_subscribe, 2);
    }
  });

  it('an expired member is gated again', async () => {
    const saved = ctx.clock.current;
    try {
      ctx.clock.advance(400 * 86_400_000);
      const token = await ctx.login('demo_member');
      const res = await detail(memberArticle.permalinks, token);
      assertLocked(res.data, memberArticle);
      assert.equal(res.data.is_subscribe, 1);
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('sends the commentary before the first <hr> whatever its spelling, and nothing when there is no marker', () => {
    for (const hr of ['<hr>', '<hr/>', '<hr />', '<HR>', '<Hr class="x">']) {
      assert.equal(freeCommentary(`<p>free</p>${hr}<p>paid</p><hr><p>more</p>`), '<p>free</p>');
    }
    assert.equal(freeCommentary('<p>no marker</p>'), '');
    assert.equal(freeCommentary(''), '');
    assert.equal(freeCommentary('<hr><p>paid</p>'), '');
  });

  it('every seeded spelling of the marker is honoured', async () => {
    const spellings = new Set<string>();
    for (const row of memberArticles.filter((a) => a.haswantsay === 1)) {
      spellings.add(/<hr[^>]*>/i.exec(row.wantsay)![0]);
      assertLocked((await detail(row.permalinks, readerToken)).data, row);
    }
    assert.deepEqual([...spellings].sort(), ['<HR>', '<hr />', '<hr/>', '<hr>']);
  });
});

describe('reading records', () => {
  const recordsOf = async (username: string) => {
    const [m] = await ctx.app.db.select({ id: members.id }).from(members).where(eq(members.username, username));
    await ctx.app.flushReadings();
    return ctx.app.db.select().from(readingRecords).where(eq(readingRecords.memberId, m!.id));
  };

  it('records a logged-in reader who may view the article, once per article with the last time', async () => {
    await detail(loginArticle.permalinks, doctorToken);
    const first = (await recordsOf('demo_doctor')).find((r) => r.itemId === loginArticle.id);
    assert.ok(first);
    ctx.clock.advance(60_000);
    await ctx.post('/api/article/getArticleDetailById', { id: loginArticle.id }, doctorToken);
    const again = (await recordsOf('demo_doctor')).filter((r) => r.itemId === loginArticle.id);
    assert.equal(again.length, 1);
    assert.equal(again[0]!.readAt.getTime() - first.readAt.getTime(), 60_000);
    assert.equal(again[0]!.kind, 'article');
  });

  it('does not record a locked view or a visitor', async () => {
    const before = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(readingRecords);
    await detail(memberArticle.permalinks, doctorToken);
    await detail(loginArticle.permalinks);
    await ctx.app.flushReadings();
    const afterViews = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(readingRecords);
    assert.equal(afterViews[0]!.n, before[0]!.n);
    assert.ok(!(await recordsOf('demo_doctor')).some((r) => r.itemId === memberArticle.id));
  });
});

describe('detail parameters', () => {
  it('asks for the permalinks when they are missing or blank', async () => {
    for (const body of [{}, { permalinks: '' }, { permalinks: '   ' }, undefined]) {
      for (const path of [...DETAIL_PATHS, '/api/article/getRelationVideo']) {
        const res = await ctx.post(path, body);
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { code: 10001, msg: '请输入文章标识', data: null }, `${path} ${JSON.stringify(body)}`);
      }
    }
    const wrongType = await ctx.post('/api/article/getArticleDetail', { permalinks: { a: 1 } });
    assert.deepEqual(wrongType.body, { code: 10001, msg: '文章标识格式不正确', data: null });
  });

  it('answers 10004 内容不存在 for unknown permalinks, unknown ids and drafts', async () => {
    for (const path of [...DETAIL_PATHS, '/api/article/getRelationVideo']) {
      const res = await ctx.post(path, { permalinks: 'NO-SUCH-1' });
      assert.deepEqual(res.body, { code: 10004, msg: '内容不存在', data: null });
    }
    const byId = await ctx.post('/api/article/getArticleDetailById', { id: 99_999_999 });
    assert.deepEqual(byId.body, { code: 10004, msg: '内容不存在', data: null });

    const [draft] = await ctx.app.db.select().from(articles).where(ne(articles.id, publicArticle.id)).limit(1);
    await ctx.app.db.update(articles).set({ status: 0 }).where(eq(articles.id, draft!.id));
    try {
      assert.equal((await detail(draft!.permalinks, memberToken)).code, 10004);
      assert.equal((await ctx.post('/api/article/getArticleDetailById', { id: draft!.id }, memberToken)).body.code, 10004);
    } finally {
      await ctx.app.db.update(articles).set({ status: 1 }).where(eq(articles.id, draft!.id));
    }
  });

  it('asks for a valid id on getArticleDetailById, never a 500', async () => {
    const missing = await ctx.post('/api/article/getArticleDetailById', {});
    assert.deepEqual(missing.body, { code: 10001, msg: '请输入文章编号', data: null });
    for (const id of ['abc', -1, 0, 1e12, 2_147_483_648, { x: 1 }]) {
      const res = await ctx.post('/api/article/getArticleDetailById', { id });
      assert.equal(res.status, 200, String(id));
      assert.deepEqual(res.body, { code: 10001, msg: '文章编号格式不正确', data: null }, String(id));
    }
  });
});

describe('related media, sources and filters', () => {
  it('lists the animation and audio items among the related articles, without media URLs', async () => {
    const all = await ctx.app.db.select().from(articles);
    const byId = new Map(all.map((a) => [a.id, a]));
    const withMedia = all.find((a) => a.relationArticleIds.some((id) => [7, 8].includes(byId.get(id)!.sourceId)))!;
    assert.ok(withMedia, 'some article is related to an animation or audio item');
    const res = await ctx.post('/api/article/getRelationVideo', { permalinks: withMedia.permalinks, memberId: 3 });
    assert.equal(res.body.code, 0);
    const expected = withMedia.relationArticleIds.filter((id) => [7, 8].includes(byId.get(id)!.sourceId));
    assert.deepEqual(res.body.data.map((i: { id: number }) => i.id).sort(), [...expected].sort());
    for (const item of res.body.data) {
      assert.ok([7, 8].includes(item.sourceid));
      assert.equal('videoUrl' in item, false);
      const row = byId.get(item.id)!;
      if (row.videoUrl) assert.ok(!JSON.stringify(item).includes(row.videoUrl));
    }
    const none = all.find((a) => a.relationArticleIds.every((id) => ![7, 8].includes(byId.get(id)!.sourceId)))!;
    assert.deepEqual((await ctx.post('/api/article/getRelationVideo', { permalinks: none.permalinks })).body.data, []);
  });

  it('lists the sources with their logos', async () => {
    const res = await ctx.post('/api/article/selectArticleSource');
    assert.equal(res.body.code, 0);
    const byId = Object.fromEntries(res.body.data.map((s: { id: number }) => [s.id, s]));
    assert.deepEqual(Object.keys(byId).map(Number).sort((a, b) => a - b), [1, 5, 6, 7, 8, 9, 10, 11]);
    assert.deepEqual(byId[5], { id: 5, name: '期刊', logo: '/api/static/logos/source-5.svg' });
    for (const id of [5, 6, 10, 11]) assert.ok(byId[id].logo, `source ${id} has a logo`);
  });

  it('lists the filter tabs of a source, or of the source of a filter', async () => {
    const bySource = await ctx.post('/api/article/selectArticleFilter', { sourceId: 6 });
    assert.deepEqual(bySource.body.data.map((f: { id: number }) => f.id), [6, 7, 8, 15, 16]);
    assert.deepEqual(Object.keys(bySource.body.data[0]).sort(), ['filtername', 'id']);
    assert.equal(bySource.body.data[0].filtername, '临床指南');
    const byFilter = await ctx.post('/api/article/selectArticleFilter', { filterId: 21 });
    assert.deepEqual(byFilter.body.data.map((f: { id: number }) => f.id), [19, 20, 21, 22]);
    assert.deepEqual((await ctx.post('/api/article/selectArticleFilter', { sourceId: 7 })).body.data, []);
  });

  it('rejects a missing or unknown source or filter with 10001', async () => {
    const cases: [unknown, string][] = [
      [{}, '请选择来源或文章分类'],
      [{ sourceId: 99 }, '来源不存在：99'],
      [{ filterId: 99 }, '文章分类不存在：99'],
      [{ sourceId: 'x' }, '来源编号格式不正确'],
      [{ filterId: 1e12 }, '文章分类编号格式不正确'],
    ];
    for (const [body, msg] of cases) {
      assert.deepEqual((await ctx.post('/api/article/selectArticleFilter', body)).body, { code: 10001, msg, data: null });
    }
  });
});

describe('paid content never leaks', () => {
  /** Every reply a caller can get that mentions articles, as one text. */
  async function everyReply(token: string | undefined): Promise<string> {
    const texts: string[] = [];
    const keep = async (path: string, body: unknown) => {
      const res = await ctx.post(path, body, token);
      assert.equal(res.status, 200, path);
      texts.push(JSON.stringify(res.body));
      return res.body;
    };
    const all = await ctx.app.db.select({ id: articles.id, permalinks: articles.permalinks }).from(articles);
    for (let page = 1; page <= Math.ceil(all.length / 100); page++) {
      await keep('/api/article/selectArticleList', { pageNo: page, pageSize: 100 });
      await keep('/api/article/selectArticleList', { pageNo: page, pageSize: 100, haswantsay: 1 });
    }
    // Every member article on the main call and by id; those with a commentary or video on all four.
    for (const row of memberArticles) {
      const paths = row.haswantsay || row.videoUrl ? DETAIL_PATHS : DETAIL_PATHS.slice(0, 1);
      for (const path of paths) await keep(path, { permalinks: row.permalinks });
      await keep('/api/article/getArticleDetailById', { id: row.id });
    }
    // Related media of the member articles and of a spread of others (every fifth article).
    const relationPages = all.filter((row, i) => i % 5 === 0 || memberArticles.some((m) => m.id === row.id));
    for (const row of relationPages) await keep('/api/article/getRelationVideo', { permalinks: row.permalinks });
    if (token) {
      for (const row of memberArticles) await keep('/api/user/collectArticle', { id: row.id });
      for (const path of ['/api/user/selectMyFavArticle', '/api/user/selectMyReadArticle']) {
        for (let page = 1; page <= 3; page++) await keep(path, { pageNo: page, pageSize: 50 });
      }
    }
    return texts.join('\n');
  }

  const secretsOf = (row: ArticleRow) => {
    const markers = paidMarkers(row.permalinks);
    return [markers.body, ...(row.haswantsay ? [markers.commentary] : []), ...(row.videoUrl ? [row.videoUrl] : [])];
  };

  it('the seed puts markers in the paid parts of member articles', () => {
    assert.ok(memberArticles.length >= 50);
    for (const row of memberArticles) {
      for (const secret of secretsOf(row)) {
        assert.ok([row.content, row.wantsay, row.videoUrl].some((part) => part.includes(secret)), secret);
      }
    }
    assert.ok(memberArticles.filter((a) => a.haswantsay === 1).length >= 10);
    assert.ok(memberArticles.filter((a) => a.videoUrl !== '').length >= 3);
  });

  for (const who of ['visitor', 'demo_reader', 'demo_doctor'] as const) {
    it(`no endpoint sends a member article's body, paid commentary or video URL to ${who}`, async () => {
      const token = who === 'visitor' ? undefined : who === 'demo_reader' ? readerToken : doctorToken;
      const text = await everyReply(token);
      for (const row of memberArticles) {
        for (const secret of secretsOf(row)) assert.ok(!text.includes(secret), `${secret} reached ${who}`);
      }
    });
  }

  it('the same scan finds them all for an active member (the scan is able to see a leak)', async () => {
    const text = await everyReply(memberToken);
    for (const row of memberArticles) {
      for (const secret of secretsOf(row)) assert.ok(text.includes(secret), `${secret} missing for a member`);
    }
  });
});
