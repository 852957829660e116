import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, sql } from 'drizzle-orm';
import { articleReads, articles, lessons } from '../src/db/schema/index.js';
import { htmlToText, medicalTerms, parseQuery, toTsquery } from '../src/modules/search/segment.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
const LIST = '/api/article/selectArticleList';
const LESSONS = '/api/lesson/selectLessonList';

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

interface Item {
  id: number;
  title: string;
  sourceid: number;
  haswantsay: number;
  postdate: string;
  permalinks: string;
  accessLevel: string;
  highlight?: { title?: string; intro?: string; snippet?: string };
}

async function search(body: Record<string, unknown>, token?: string) {
  const res = await ctx.post(LIST, { pageNo: 1, pageSize: 100, ...body }, token);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data as { results: Item[]; page: { total: number } };
}

/** All the text of an article that search reads, as plain lower-case text. */
async function textOf(id: number): Promise<string> {
  const [a] = await ctx.app.db.select().from(articles).where(eq(articles.id, id));
  assert.ok(a);
  return [a.title, a.keyword, a.outtitle, a.author, a.pcauthor, a.intro, htmlToText(a.content), htmlToText(a.wantsay)]
    .join(' ')
    .toLowerCase();
}

const published = () => ctx.app.db.select().from(articles).where(eq(articles.status, 1));

/** Every tag in a highlight is <em> or </em>. */
function onlyEm(html: string | undefined) {
  if (html === undefined) return;
  for (const tag of html.match(/<[^>]*>/g) ?? []) assert.ok(tag === '<em>' || tag === '</em>', `unexpected tag ${tag} in ${html}`);
}

describe('search: matching', () => {
  it('finds a one-character term anywhere, and every article whose title has it', async () => {
    const { results, page } = await search({ searchInfo: '癌' });
    assert.ok(page.total > 0);
    for (const r of results) assert.ok((await textOf(r.id)).includes('癌'), r.title);
    const titled = (await published()).filter((a) => a.title.includes('癌'));
    assert.ok(titled.length > 0);
    assert.ok(page.total >= titled.length);
    for (const r of results) onlyEm(r.highlight?.title);
  });

  it('finds a two-character term, title matches first, and marks it', async () => {
    const { results } = await search({ searchInfo: '肺癌' });
    const titled = (await published()).filter((a) => a.title.includes('肺癌')).map((a) => a.id);
    assert.ok(titled.length > 0);
    assert.deepEqual(new Set(results.slice(0, titled.length).map((r) => r.id)), new Set(titled));
    assert.match(results[0]!.highlight!.title!, /<em>肺癌<\/em>/);
  });

  it('finds English terms whole, whatever their case', async () => {
    const upper = await search({ searchInfo: 'SGLT2' });
    const lower = await search({ searchInfo: 'sglt2' });
    assert.ok(upper.page.total > 0);
    assert.equal(lower.page.total, upper.page.total);
    for (const r of upper.results) assert.ok((await textOf(r.id)).includes('sglt2'));
    const pd1 = await search({ searchInfo: 'PD-1' });
    assert.ok(pd1.page.total > 0);
    for (const r of pd1.results) assert.ok((await textOf(r.id)).includes('pd-1'));
    assert.match(pd1.results[0]!.highlight!.title!, /<em>PD-1<\/em>/);
  });

  it('finds an article by an author name, Chinese or Western', async () => {
    const rows = await published();
    const chinese = rows.find((a) => /^[\u4e00-\u9fff]{2,3}$/.test(a.pcauthor.split(', ')[0]!))!;
    const western = rows.find((a) => /^[A-Z][a-z]+ [A-Z]\. [A-Z][a-z]+$/.test(a.pcauthor.split(', ')[0]!))!;
    for (const a of [chinese, western]) {
      const name = a.pcauthor.split(', ')[0]!;
      const { results } = await search({ searchInfo: name });
      assert.ok(results.some((r) => r.id === a.id), `${name} should find ${a.permalinks}`);
    }
  });

  it('matches a quoted phrase only where its words follow each other', async () => {
    const { results, page } = await search({ searchInfo: '"随机对照试验"' });
    assert.ok(page.total > 0);
    for (const r of results) assert.ok((await textOf(r.id)).includes('随机对照试验'), r.title);
  });

  it('finds a phrase through the dictionary words inside it: exactly the articles that hold it', async () => {
    // A phrase no dictionary word spells whole is a phrase of lexemes; a dictionary word inside it
    // is one of them (far rarer than its bigrams, so the index has few articles to recheck).
    // (A glossary form is a word of its own: search-dictionary.test.ts.)
    assert.equal(toTsquery(parseQuery('"出血性脑病"')), "('出血性' <2> '性脑' <1> '脑病')");
    assert.equal(toTsquery(parseQuery('"肺透明膜变"')), "('肺透' <1> '透明膜' <2> '膜变')");
    // In the seeded text: a medical term of three or more characters and the two characters after it.
    const texts = await Promise.all((await published()).map(async (a) => ({ id: a.id, text: await textOf(a.id) })));
    const terms = medicalTerms().filter((t) => t.length >= 3);
    let phrase = '';
    for (const term of terms) {
      for (const { text } of texts) {
        const m = new RegExp(`${term}[\u4e00-\u9fff]{2}`).exec(text);
        if (m && parseQuery(`"${m[0]}"`).terms[0]!.lexemes.includes(term)) phrase = m[0];
        if (phrase) break;
      }
      if (phrase) break;
    }
    assert.ok(phrase, 'a term followed by two characters somewhere in the seeded text');
    const { results, page } = await search({ searchInfo: `"${phrase}"` });
    const holding = texts.filter((t) => t.text.includes(phrase)).map((t) => t.id);
    assert.ok(holding.length > 0);
    assert.equal(page.total, holding.length, phrase);
    assert.deepEqual(new Set(results.map((r) => r.id)), new Set(holding));
  });

  it('needs every word of a query of several words', async () => {
    const { results, page } = await search({ searchInfo: '糖尿病 患者' });
    assert.ok(page.total > 0);
    for (const r of results) {
      const text = await textOf(r.id);
      assert.ok(text.includes('糖尿病') && text.includes('患者'));
    }
  });

  it('a word found nowhere gives an empty page', async () => {
    const { results, page } = await search({ searchInfo: '量子纠缠' });
    assert.equal(page.total, 0);
    assert.deepEqual(results, []);
  });
});

describe('search: filters, paging and order', () => {
  it('combines the search with source, class, commentary and date filters', async () => {
    const all = await search({ searchInfo: '患者' });
    const digest = await search({ searchInfo: '患者', sourceIds: [6] });
    assert.ok(digest.page.total > 0 && digest.page.total < all.page.total);
    assert.ok(digest.results.every((r) => r.sourceid === 6));

    const commentary = await search({ searchInfo: '研究', haswantsay: 1 });
    assert.ok(commentary.page.total > 0);
    assert.ok(commentary.results.every((r) => r.haswantsay === 1));

    const oncology = await search({ searchInfo: '患者', articleClassIds: [2] });
    for (const r of oncology.results) {
      const [row] = await ctx.app.db.select({ classIds: articles.classIds }).from(articles).where(eq(articles.id, r.id));
      assert.ok(row!.classIds.includes(2));
    }

    const newest = all.results.map((r) => r.postdate).sort().reverse()[0]!;
    const day = new Date(newest);
    const ymd = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const ranged = await search({ searchInfo: '患者', startDate: ymd(new Date(day.getTime() - 60 * 86_400_000)), endDate: ymd(day) });
    assert.ok(ranged.page.total > 0 && ranged.page.total < all.page.total);
    for (const r of ranged.results) assert.ok(new Date(r.postdate).getTime() > day.getTime() - 62 * 86_400_000);
  });

  it('pages without overlap and keeps the total', async () => {
    const first = await search({ searchInfo: '研究', pageNo: 1, pageSize: 5 });
    const second = await search({ searchInfo: '研究', pageNo: 2, pageSize: 5 });
    const ten = await search({ searchInfo: '研究', pageNo: 1, pageSize: 10 });
    assert.equal(first.results.length, 5);
    assert.equal(first.page.total, second.page.total);
    assert.deepEqual([...first.results, ...second.results].map((r) => r.id), ten.results.map((r) => r.id));
    const beyond = await search({ searchInfo: '研究', pageNo: 1000, pageSize: 20 });
    assert.deepEqual(beyond.results, []);
    assert.equal(beyond.page.total, first.page.total);
  });

  it('sorts newest first (0) and oldest first (1) on request', async () => {
    const newest = (await search({ searchInfo: '患者', sortType: 0 })).results.map((r) => r.postdate);
    const oldest = (await search({ searchInfo: '患者', sortType: 1 })).results.map((r) => r.postdate);
    assert.deepEqual(newest, [...newest].sort().reverse());
    assert.deepEqual(oldest, [...oldest].sort());
  });

  it('sorts most read first (2): by read count, then newest; the matches never read last', async () => {
    const { results } = await search({ searchInfo: '患者', sortType: 2 });
    assert.ok(results.length > 10);
    // One match never read: its count's row removed.
    const unread = results[0]!;
    await ctx.app.db.delete(articleReads).where(eq(articleReads.articleId, unread.id));
    const again = (await search({ searchInfo: '患者', sortType: 2, _case: 'unread' })).results;
    const reads = new Map((await ctx.app.db.select().from(articleReads)).map((r) => [r.articleId, r.readCount]));
    const keyed = again.map((r) => ({ id: r.id, reads: reads.get(r.id), at: Date.parse(r.postdate) }));
    const read = keyed.filter((k) => k.reads !== undefined);
    assert.ok(read.length > 0);
    for (let k = 1; k < read.length; k++) {
      const [a, b] = [read[k - 1]!, read[k]!];
      assert.ok(a.reads! > b.reads! || (a.reads === b.reads && a.at >= b.at), `${a.id} (${a.reads}) before ${b.id} (${b.reads})`);
    }
    const firstUnread = keyed.findIndex((k) => k.reads === undefined);
    if (firstUnread >= 0) assert.ok(keyed.slice(firstUnread).every((k) => k.reads === undefined), 'never-read matches come after the read ones');
    assert.ok(!again.slice(0, read.length).some((r) => r.id === unread.id), 'the article no longer read is not ranked among the read ones');
  });

  it('newest first gives exactly the newest matches, and sees a new publication date at once', async () => {
    const matching = async () => {
      const rows = await published();
      const hits = [];
      for (const r of rows) if ((await textOf(r.id)).includes('患者')) hits.push(r);
      return hits.sort((a, b) => b.postdate.getTime() - a.postdate.getTime() || b.id - a.id);
    };
    const before = await matching();
    assert.ok(before.length > 20);
    // The oldest match is dated now (its vector, month lexeme included, is written again).
    const oldest = before[before.length - 1]!;
    const now = new Date();
    await ctx.app.db.update(articles).set({ postdate: now }).where(eq(articles.id, oldest.id));
    const [stale] = await ctx.app.db.select({ v: articles.searchVector }).from(articles).where(eq(articles.id, oldest.id));
    assert.equal(stale!.v, null);
    const expected = (await matching()).map((r) => r.id);
    const { results, page } = await search({ searchInfo: '患者', sortType: 0 });
    assert.equal(results[0]!.id, oldest.id);
    assert.deepEqual(
      results.map((r) => r.id),
      expected.slice(0, 100),
    );
    assert.equal(page.total, Math.min(expected.length, 200));
    const month = `_m${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const [fresh] = await ctx.app.db
      .select({ v: sql<string>`${articles.searchVector}::text` })
      .from(articles)
      .where(eq(articles.id, oldest.id));
    assert.ok(fresh!.v.includes(`'${month}'`), fresh!.v.slice(-80));
  });

  it('ranks a title match above a newer body match, and sees edits at once', async () => {
    const rows = await ctx.app.db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(and(eq(articles.status, 1), eq(articles.accessLevel, 'public')))
      .orderBy(desc(articles.postdate))
      .limit(20);
    const newer = rows[0]!;
    const older = rows[19]!;
    await ctx.app.db.update(articles).set({ content: `${newer.content}<p>排序测试词</p>` }).where(eq(articles.id, newer.id));
    const [o] = await ctx.app.db.select({ title: articles.title }).from(articles).where(eq(articles.id, older.id));
    await ctx.app.db.update(articles).set({ title: `${o!.title}（排序测试词）` }).where(eq(articles.id, older.id));
    const { results } = await search({ searchInfo: '排序测试词' });
    assert.deepEqual(results.map((r) => r.id), [older.id, newer.id]);
    assert.match(results[0]!.highlight!.title!, /<em>排序测试词<\/em>/);
    // The body match of a public article gives a snippet.
    assert.match(results[1]!.highlight!.snippet!, /<em>排序测试词<\/em>/);
  });
});

describe('search: highlights and gating', () => {
  it('escapes the text around the marks (a title with <script> comes back escaped)', async () => {
    const [a] = await ctx.app.db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(eq(articles.status, 1), eq(articles.accessLevel, 'public')))
      .limit(1);
    await ctx.app.db.update(articles).set({ title: `<script>alert("x")</script>标题转义测试 & <b>粗体</b>` }).where(eq(articles.id, a!.id));
    const { results } = await search({ searchInfo: '标题转义测试' });
    assert.equal(results.length, 1);
    const title = results[0]!.highlight!.title!;
    assert.equal(title, '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<em>标题转义测试</em> &amp; &lt;b&gt;粗体&lt;/b&gt;');
    onlyEm(title);
    onlyEm(results[0]!.highlight!.intro);
  });

  it("never puts a gated article's paid body or paid commentary in a snippet", async () => {
    const [member] = await ctx.app.db
      .select({ id: articles.id, content: articles.content, wantsay: articles.wantsay, permalinks: articles.permalinks })
      .from(articles)
      .where(and(eq(articles.status, 1), eq(articles.accessLevel, 'member'), eq(articles.haswantsay, 1)))
      .limit(1);
    assert.ok(member);
    await ctx.app.db
      .update(articles)
      .set({ content: `${member.content}<p>付费正文独有词出现在这里</p>`, wantsay: `${member.wantsay}<p>付费述评独有词</p>` })
      .where(eq(articles.id, member.id));
    const readerToken = await ctx.login('demo_reader');
    for (const token of [undefined, readerToken]) {
      for (const q of ['付费正文独有词', '付费述评独有词']) {
        const res = await ctx.post(LIST, { searchInfo: q, pageNo: 1, pageSize: 20 }, token);
        assert.equal(res.body.code, 0);
        const hit = (res.body.data.results as Item[]).find((r) => r.id === member.id);
        assert.ok(hit, 'the article itself is found');
        const raw = JSON.stringify(res.body);
        assert.ok(!raw.includes('付费正文独有词出现在这里') && !raw.includes('独有词</em>'), raw);
        assert.ok(!raw.includes('PAID-'), raw);
        // A snippet may come from the free part of the commentary only (before its <hr>).
        assert.ok(!(hit.highlight?.snippet ?? '').includes('独有'), hit.highlight?.snippet);
      }
    }
  });
});

describe('search: bad input', () => {
  it('a blank searchInfo is the plain list', async () => {
    const plain = (await ctx.post(LIST, { pageNo: 1, pageSize: 20 })).body.data;
    for (const blank of ['', '   ']) {
      const res = await ctx.post(LIST, { pageNo: 1, pageSize: 20, searchInfo: blank });
      assert.equal(res.body.code, 0);
      assert.equal(res.body.data.page.total, plain.page.total);
      assert.deepEqual(
        res.body.data.results.map((r: Item) => r.id),
        plain.results.map((r: Item) => r.id),
      );
      assert.ok(res.body.data.results.every((r: Item) => r.highlight === undefined));
    }
  });

  it('query syntax, SQL and very long text give a normal reply', async () => {
    for (const q of ["' OR 1=1 --", 'a & | !', '!!', '(((', ':*', '<->', "'", '\\', '"', '“”', '&', '患者 & !研究', 'x'.repeat(2000), '肺'.repeat(2000), '%_']) {
      for (const path of [LIST, LESSONS]) {
        const res = await ctx.post(path, { searchInfo: q, pageNo: 1, pageSize: 20 });
        assert.equal(res.status, 200, `${path} ${q.slice(0, 20)}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 0, `${path} ${q.slice(0, 20)}: ${JSON.stringify(res.body)}`);
      }
    }
    // A control character is refused before anything reads it (the input guard), as on every route.
    for (const path of [LIST, LESSONS]) {
      const res = await ctx.post(path, { searchInfo: '\u0000abc', pageNo: 1, pageSize: 20 });
      assert.deepEqual([res.status, res.body.code, res.body.msg], [200, 10001, '请求参数错误']);
    }
  });
});

describe('search: lessons', () => {
  it('finds lessons by title words, title matches first, with highlights', async () => {
    const res = await ctx.post(LESSONS, { searchInfo: '糖尿病', subjectSerType: [1, 2, 3], pageNo: 1, pageSize: 20, lessonStatus: 1 });
    assert.equal(res.body.code, 0);
    const { results, page } = res.body.data as { results: { id: number; title: string; subjectSerType: number; highlight?: Item['highlight'] }[]; page: { total: number } };
    assert.ok(page.total > 0);
    assert.ok(results.every((r) => [1, 2, 3].includes(r.subjectSerType)));
    assert.match(results[0]!.highlight!.title!, /<em>糖尿病<\/em>/);
    const expected = await ctx.app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.status, 1), sql`${lessons.parentId} is null`, sql`${lessons.subjectSerType} in (1, 2, 3)`, sql`${lessons.title} like '%糖尿病%'`));
    assert.deepEqual(new Set(results.slice(0, expected.length).map((r) => r.id)), new Set(expected.map((r) => r.id)));
  });

  it('a blank searchInfo is the plain lesson list; a word found nowhere gives nothing', async () => {
    const plain = await ctx.post(LESSONS, { pageNo: 1, pageSize: 20 });
    const blank = await ctx.post(LESSONS, { pageNo: 1, pageSize: 20, searchInfo: ' ' });
    assert.equal(blank.body.data.page.total, plain.body.data.page.total);
    const none = await ctx.post(LESSONS, { pageNo: 1, pageSize: 20, searchInfo: '量子纠缠' });
    assert.equal(none.body.data.page.total, 0);
  });
});
