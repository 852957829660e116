import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, eq, sql } from 'drizzle-orm';
import { articles, favourites, members } from '../src/db/schema/index.js';
import { corpusCounts, corpusIssues, generateCorpus } from '../src/db/seed/corpus.js';
import { seed } from '../src/db/seed/index.js';
import { ARTICLE_TYPES, CLASSES, FILTERS, SOURCES } from '../src/db/seed/reference.js';
import { shanghaiDate } from '../src/lib/dates.js';
import { createTestApp, type TestContext } from './helpers.js';

const NOW = new Date('2026-03-05T02:00:00Z');

describe('scale corpus (seed --articles N)', () => {
  const corpus = [...generateCorpus(NOW, 1_000)];

  it('splits N over the sources exactly and refuses fewer than 100', () => {
    const counts = corpusCounts(100_000);
    assert.equal([...counts.values()].reduce((a, b) => a + b, 0), 100_000);
    assert.equal(corpus.length, 1_000);
    assert.throws(() => corpusCounts(99), RangeError);
    assert.throws(() => corpusCounts(150.5), RangeError);
  });

  it('is deterministic for a seed date and N', () => {
    assert.equal(JSON.stringify([...generateCorpus(NOW, 1_000)]), JSON.stringify(corpus));
  });

  it('represents every source, class, filter, type and access level', () => {
    assert.deepEqual(new Set(corpus.map((a) => a.sourceId)), new Set(SOURCES.map((s) => s.id)));
    assert.deepEqual(new Set(corpus.flatMap((a) => a.classIds)), new Set(CLASSES.map((c) => c.id)));
    assert.deepEqual(new Set(corpus.map((a) => a.filterId).filter((f) => f !== null)), new Set(FILTERS.map((f) => f.id)));
    assert.deepEqual(new Set(corpus.map((a) => a.typeId).filter((t) => t !== null)), new Set(ARTICLE_TYPES.map((t) => t.id)));
    assert.deepEqual(new Set(corpus.map((a) => a.accessLevel)), new Set(['public', 'login', 'member']));
    for (const a of corpus) {
      if (a.filterId !== null) assert.equal(FILTERS.find((f) => f.id === a.filterId)!.sourceId, a.sourceId);
      if (a.typeId !== null) assert.equal(a.sourceId, 9);
    }
    assert.equal(new Set(corpus.map((a) => a.permalinks)).size, corpus.length);
  });

  it('spreads weekly issues and posts over the last 11 calendar years', () => {
    const issues = corpusIssues(NOW);
    const dates = new Set(issues.map((i) => i.thedate));
    assert.ok(issues.length >= 52 * 10, `${issues.length} issues`);
    assert.equal(issues[0]!.thedate.slice(0, 4), '2016');
    for (const i of issues) assert.equal(new Date(`${i.thedate}T00:00:00Z`).getUTCDay(), 4, i.thedate);
    for (const a of corpus) {
      assert.ok(a.postdate < NOW && shanghaiDate(a.postdate) >= '2016-01-01', a.permalinks);
      if ([5, 6, 7].includes(a.sourceId)) assert.ok(a.weeklyDate && dates.has(a.weeklyDate), a.permalinks);
      else assert.equal(a.weeklyDate, null);
    }
    const years = new Set(corpus.map((a) => shanghaiDate(a.postdate).slice(0, 4)));
    assert.equal(years.size, 11);
  });

  it('relates articles to earlier ones; some commentaries to more than ten', () => {
    corpus.forEach((a, i) => a.related.forEach((r) => assert.ok(r < i, `${a.permalinks} → ${r}`)));
    const commentaries = corpus.filter((a) => a.sourceId === 1);
    assert.ok(commentaries.some((a) => a.related.length > 10));
    assert.ok(commentaries.every((a) => a.related.every((r) => corpus[r]!.sourceId === 5)));
  });
});

describe('seeding the scale corpus', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp();
  });
  after(() => ctx?.close());

  it('writes N articles beside the demo content, once, and lists them', async () => {
    const db = ctx.app.db;
    const summary = await seed(db, { now: ctx.clock.now(), articles: 400 });
    assert.equal(summary?.articles, 400);
    // Corpus permalinks have six digits (QYJ000001), the demo's four (QYJ0001).
    const corpusRows = async () =>
      Number((await db.select({ n: count() }).from(articles).where(sql`length(${articles.permalinks}) = 9`))[0]!.n);
    assert.equal(await corpusRows(), 400);

    // A second run adds nothing.
    await seed(db, { now: ctx.clock.now(), articles: 400 });
    assert.equal(await corpusRows(), 400);

    // Commentaries (source 1) exist only in the corpus: 8 % of 400.
    const list = await ctx.post('/api/article/selectArticleList', { sourceIds: [1], pageSize: 5 });
    assert.equal(list.body.code, 0);
    assert.equal(list.body.data.page.total, 32);

    // demo_member collected 60 corpus articles (besides the demo seed's own few favourites).
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_member'));
    const favs = (corpusOnly: boolean) =>
      db
        .select({ n: count() })
        .from(favourites)
        .innerJoin(articles, eq(articles.id, favourites.itemId))
        .where(
          and(
            eq(favourites.memberId, member!.id),
            eq(favourites.kind, 'article'),
            corpusOnly ? sql`length(${articles.permalinks}) = 9` : undefined,
          ),
        );
    // (The demo seed's own activity, which runs again, may pick a corpus article too.)
    const corpusFavs = Number((await favs(true))[0]!.n);
    assert.ok(corpusFavs >= 60 && corpusFavs <= 66, String(corpusFavs));
    const token = await ctx.login('demo_member');
    const mine = await ctx.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20 }, token);
    assert.equal(mine.body.data.page.total, Number((await favs(false))[0]!.n));
  });
});
