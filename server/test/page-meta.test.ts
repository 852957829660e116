import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { articles, conferences, lessons, weeklyIssues } from '../src/db/schema/index.js';
import { sitemap, SITEMAP_LIMIT } from '../src/plugins/pageMeta.js';
import { createTestApp, type TestContext } from './helpers.js';

// Pages that search engines and share cards can show (issue: pages that can be found and shared):
// each article page's own head, drawn by the server with scripts off, and never its paid text.

let ctx: TestContext;
let dir: string;
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="description" content="千言医学：医学期刊中文版、专家述评、动画解读与医学课程" /><title>千言医学 · 医学前沿</title><script defer src="/main.3f9a1c2b.js"></script></head><body><main id=qy-main></main></body></html>';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-meta-'));
  await mkdir(join(dir, 'web'), { recursive: true });
  await writeFile(join(dir, 'web', 'index.html'), INDEX);
  ctx = await createTestApp({ config: { webRoot: join(dir, 'web'), releasesDir: join(dir, 'releases') } });
});
after(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, any>) : undefined;
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
/** The words of an HTML text, 40 characters at a time, across it: none of them may be in a page. */
function assertNoneOf(html: string, paidHtml: string, what: string) {
  const text = paidHtml.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  assert.ok(text.length > 40, `${what} has text`);
  for (let at = 0; at + 40 < text.length; at += Math.max(40, Math.floor(text.length / 20))) {
    const piece = text.slice(at, at + 40);
    assert.ok(!html.includes(piece), `${what} must not be in the page: ${piece}`);
  }
}
const escapeRe = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
async function oneArticle(level: 'public' | 'member') {
  const [row] = await ctx.app.db
    .select()
    .from(articles)
    .where(and(eq(articles.accessLevel, level), inArray(articles.status, [1]), ne(articles.content, ''), inArray(articles.sourceId, [5, 6])))
    .limit(1);
  assert.ok(row, `the seed has a published ${level} article`);
  return row;
}

describe("an article page's head", () => {
  it('carries the title, description, canonical address, Open Graph tags and JSON-LD of a free article', async () => {
    const a = await oneArticle('public');
    const html = await page(`/article-info?permalinks=${a.permalinks}&share=1`);
    assert.match(html, new RegExp(`<title>${a.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - 千言医学</title>`));
    assert.equal((html.match(/<title>/g) ?? []).length, 1, 'one title');
    assert.equal(meta(html, 'og:title'), `${a.title} - 千言医学`);
    assert.equal(meta(html, 'og:type'), 'article');
    assert.ok(meta(html, 'description'), 'a description');
    const canonical = `http://localhost/article-info?permalinks=${a.permalinks}`;
    assert.match(html, new RegExp(`<link rel="canonical" href="${canonical.replace(/[?.]/g, '\\$&')}">`), 'the canonical address drops share=1');
    assert.match(meta(html, 'og:image') ?? '', /^http:\/\/localhost\//);
    const ld = jsonLd(html)!;
    assert.equal(ld['@type'], 'MedicalScholarlyArticle');
    assert.equal(ld.headline, a.title.slice(0, 110));
    assert.equal(ld.isAccessibleForFree, true);
    assert.equal(ld.hasPart, undefined);
    // Its authors are people: the names alone, never the degrees of the author line.
    assert.deepEqual(ld.author, a.pcauthor.split(/[,，、;；]\s*/).filter(Boolean).slice(0, 20).map((name) => ({ '@type': 'Person', name })));
    assert.ok(!ld.author.some((p: { name: string }) => /^(?:M\.D\.|Ph\.D\.|M\.P\.H\.)/.test(p.name)));
  });

  it('marks a member article as paywalled, and the page holds none of its text', async () => {
    const a = await oneArticle('member');
    const html = await page(`/article-info?permalinks=${a.permalinks}`);
    const ld = jsonLd(html)!;
    assert.equal(ld.isAccessibleForFree, false);
    assert.deepEqual(ld.hasPart, { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.qy-ai-body' });
    const text = a.content.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    for (let at = 0; at + 40 < text.length; at += Math.max(40, Math.floor(text.length / 20))) {
      const piece = text.slice(at, at + 40);
      assert.ok(!html.includes(piece), `paid text must not be in the page: ${piece}`);
    }
    if (a.wantsay) assert.ok(!html.includes(a.wantsay.replace(/<[^>]*>/g, '').slice(-40)), 'nor the end of its commentary');
  });

  it("keeps the site's head for an unknown article and for pages without their own", async () => {
    for (const url of ['/article-info?permalinks=no-such-article', '/nejm-list?sortType=1']) {
      const html = await page(url);
      assert.match(html, /<title>千言医学 · 医学前沿<\/title>/);
      assert.equal(jsonLd(html), undefined);
    }
    assert.match(await page('/nejm-list?sortType=1'), /<link rel="canonical" href="http:\/\/localhost\/nejm-list">/);
  });

  it("names /index, where every link of the site goes, as the home page's address, also when it is reached at /", async () => {
    for (const url of ['/', '/index', '/index?from=share']) {
      const html = await page(url);
      assert.equal(canonicalOf(html), 'http://localhost/index', url);
      assert.equal(meta(html, 'og:url'), 'http://localhost/index', url);
    }
    const locs = [...(await ctx.get('/sitemap.xml')).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    assert.ok(locs.includes('http://localhost/index'), 'the sitemap lists the home page at /index');
    assert.ok(!locs.includes('http://localhost/'), 'and not at /');
  });
});

describe("lesson and conference pages' heads", () => {
  it('carry the lesson as a schema.org Course and the conference as an Event, with their own titles', async () => {
    const [lesson] = await ctx.app.db.select().from(lessons).where(eq(lessons.status, 1)).limit(1);
    const lessonPage = await page(`/course-video?id=${lesson!.lessonResId}&from=list`);
    assert.match(lessonPage, new RegExp(`<title>${escapeRe(lesson!.title)} - 千言医学</title>`));
    assert.match(lessonPage, new RegExp(`<link rel="canonical" href="http://localhost/course-video\\?id=${lesson!.lessonResId}">`));
    assert.equal(jsonLd(lessonPage)!['@type'], 'Course');
    const [meeting] = await ctx.app.db.select().from(conferences).limit(1);
    const meetingPage = await page(`/meeting-notice?id=${meeting!.id}`);
    const ld = jsonLd(meetingPage)!;
    assert.equal(ld['@type'], 'Event');
    assert.equal(ld.startDate, meeting!.beginTime.toISOString());
    assert.equal(meta(meetingPage, 'og:title'), `${meeting!.title} - 千言医学`);
    assert.match(await page('/course-video?id=99999999'), /<title>千言医学 · 医学前沿<\/title>/);
  });
});

describe("the commentary page's head", () => {
  it("names an article's commentary, marks it as a comment on the article and, for a member article, its text as paywalled", async () => {
    const [a] = await ctx.app.db
      .select()
      .from(articles)
      .where(and(eq(articles.accessLevel, 'member'), eq(articles.status, 1), eq(articles.haswantsay, 1), eq(articles.sourceId, 5)))
      .limit(1);
    assert.ok(a, 'the seed has a member article with a commentary');
    const html = await page(`/article-particulars?permalinks=${a.permalinks}&from=list`);
    const heading = a.wantsayTitle || `述评：${a.title}`;
    assert.equal(titleOf(html), `${heading} - 千言医学`);
    assert.equal(meta(html, 'og:title'), `${heading} - 千言医学`);
    assert.equal(meta(html, 'og:type'), 'article');
    assert.equal(canonicalOf(html), `http://localhost/article-particulars?permalinks=${a.permalinks}`);
    assert.equal(meta(html, 'og:url'), canonicalOf(html));
    const ld = jsonLd(html)!;
    assert.equal(ld['@type'], 'MedicalScholarlyArticle');
    assert.equal(ld.publicationType, 'Comment');
    assert.deepEqual(ld.isBasedOn, { '@type': 'MedicalScholarlyArticle', headline: a.title.slice(0, 110), url: `http://localhost/article-info?permalinks=${a.permalinks}` });
    assert.equal(ld.isAccessibleForFree, false);
    assert.deepEqual(ld.hasPart, { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.qy-cm-text' });
    // Neither the commentary's paid rest nor the article's body is in the page.
    const rest = a.wantsay.split(/<hr\s*\/?>/i).slice(1).join(' ');
    assertNoneOf(html, rest, 'the commentary past its free part');
    assertNoneOf(html, a.content, 'the article body');
  });

  it('is free for a public article, and unknown commentary keeps the site head', async () => {
    const [a] = await ctx.app.db
      .select()
      .from(articles)
      .where(and(eq(articles.accessLevel, 'public'), eq(articles.status, 1), eq(articles.haswantsay, 1)))
      .limit(1);
    assert.ok(a, 'the seed has a public article with a commentary');
    const ld = jsonLd(await page(`/article-particulars?permalinks=${a.permalinks}`))!;
    assert.equal(ld.isAccessibleForFree, true);
    assert.equal(ld.hasPart, undefined);
    const unknown = await page('/article-particulars?permalinks=no-such-article');
    assert.equal(titleOf(unknown), '千言医学 · 医学前沿');
    assert.equal(jsonLd(unknown), undefined);
  });
});

describe("the periodical pages' heads", () => {
  it('/latest-periodical names the newest issue readers see, with its articles as parts', async () => {
    const newest = await ctx.app.inject({ method: 'POST', url: '/api/article/newestArticle', payload: {} });
    const record = newest.json().data as { articleWeeklyPo: { title: string; thedate: string }; articleMap: Record<string, { title: string; permalinks: string; accessLevel: string }[]> };
    assert.ok(record, 'the seed has a weekly issue');
    const html = await page('/latest-periodical');
    const { title, thedate } = record.articleWeeklyPo;
    assert.equal(titleOf(html), `最新一期：${title} - 千言医学`);
    assert.equal(canonicalOf(html), 'http://localhost/latest-periodical');
    assert.ok(meta(html, 'description')!.startsWith(`${title}：`));
    const ld = jsonLd(html)!;
    assert.equal(ld['@type'], 'PublicationIssue');
    assert.equal(ld.name, title);
    assert.equal(ld.datePublished, thedate);
    assert.deepEqual(ld.isPartOf, { '@type': 'Periodical', name: '千言医学' });
    const listed = [...(record.articleMap['5'] ?? []), ...(record.articleMap['6'] ?? []), ...(record.articleMap['7'] ?? [])];
    assert.ok(listed.length > 0);
    assert.deepEqual(
      ld.hasPart.map((p: Record<string, unknown>) => [p.headline, p.isAccessibleForFree]),
      listed.map((a) => [a.title.slice(0, 110), a.accessLevel === 'public']),
    );
    const [first] = listed;
    assert.ok(ld.hasPart.some((p: { url: string }) => p.url.endsWith(`permalinks=${encodeURIComponent(first!.permalinks)}`)));
  });

  it('/period-article?year&month names the month and lists its issues; a month without issues keeps the site head', async () => {
    const [latest] = await ctx.app.db.select().from(weeklyIssues).where(eq(weeklyIssues.state, 'published')).orderBy(desc(weeklyIssues.thedate)).limit(1);
    const [year, month] = [Number(latest!.thedate.slice(0, 4)), Number(latest!.thedate.slice(5, 7))];
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/article/selectQiKanList', payload: { month: year * 100 + month, pageNo: 1, pageSize: 20 } });
    const issues = (reply.json().data.results as { articleWeeklyPo: { title: string; thedate: string } }[]).map((r) => r.articleWeeklyPo);
    assert.ok(issues.length > 0);
    const html = await page(`/period-article?month=${month}&year=${year}`);
    assert.equal(titleOf(html), `往期期刊：${year}年${month}月 - 千言医学`);
    assert.equal(canonicalOf(html), `http://localhost/period-article?year=${year}&amp;month=${month}`);
    const ld = jsonLd(html)!;
    assert.equal(ld['@type'], 'CollectionPage');
    assert.deepEqual(
      ld.hasPart.map((p: Record<string, unknown>) => [p['@type'], p.name, p.datePublished]),
      issues.map((i) => ['PublicationIssue', i.title, i.thedate]),
    );
    for (const url of ['/period-article', '/period-article?year=1999&month=1', `/period-article?year=${year + 1}&month=${month}`, '/period-article?year=abc&month=13']) {
      const other = await page(url);
      assert.equal(titleOf(other), '千言医学 · 医学前沿', url);
      assert.equal(jsonLd(other), undefined, url);
    }
  });

  it("/nejm-catalog names a weekly issue's catalogue as a PublicationIssue", async () => {
    const [issue] = await ctx.app.db.select().from(weeklyIssues).where(isNotNull(weeklyIssues.catalogPermalinks)).limit(1);
    assert.ok(issue, 'the seed gives issues a catalogue');
    const [catalogue] = await ctx.app.db.select().from(articles).where(eq(articles.permalinks, issue.catalogPermalinks!));
    const html = await page(`/nejm-catalog?permalinks=${catalogue!.permalinks}&month=1&catalogIndex=2`);
    assert.equal(titleOf(html), `${catalogue!.title} - 千言医学`);
    assert.equal(canonicalOf(html), `http://localhost/nejm-catalog?permalinks=${catalogue!.permalinks}`);
    const ld = jsonLd(html)!;
    assert.equal(ld['@type'], 'PublicationIssue');
    assert.equal(ld.name, catalogue!.title);
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of the API and personal pages and names the sitemap', async () => {
    const res = await ctx.get('/robots.txt');
    assert.equal(res.status, 200);
    assert.match(res.text, /^User-agent: \*$/m);
    assert.match(res.text, /^Disallow: \/api\/$/m);
    assert.match(res.text, /^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);
  });

  it('lists every published article with its last change, and no withdrawn one', async () => {
    const res = await ctx.get('/sitemap.xml');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /application\/xml/);
    const published = await ctx.app.db.select({ permalinks: articles.permalinks, haswantsay: articles.haswantsay }).from(articles).where(inArray(articles.status, [1, 2]));
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const articleLocs = locs.filter((l) => /(?:animation|audio)-particulars|article-info/.test(l));
    assert.equal(articleLocs.length, published.length);
    // And the commentary page of each article with a commentary.
    const commentaryLocs = locs.filter((l) => l.includes('/article-particulars?'));
    const withCommentary = published.filter((p) => p.haswantsay === 1);
    assert.ok(withCommentary.length > 0);
    assert.deepEqual(new Set(commentaryLocs), new Set(withCommentary.map((p) => `http://localhost/article-particulars?permalinks=${encodeURIComponent(p.permalinks)}`)));
    assert.match(res.text, /<url><loc>http:\/\/localhost\/article-info\?permalinks=[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><\/url>/);
    const unpublished = await ctx.app.db.select({ permalinks: articles.permalinks }).from(articles).where(eq(articles.status, 0)).limit(5);
    for (const u of unpublished) assert.ok(!res.text.includes(`permalinks=${encodeURIComponent(u.permalinks)}<`), `${u.permalinks} is not published`);
  });

  it('becomes an index of parts past 50,000 addresses', async () => {
    const many = Array.from({ length: SITEMAP_LIMIT + 10 }, (_, i) => ({ permalinks: `p${i}`, sourceid: 5, updatedAt: new Date('2026-01-01T00:00:00Z') }));
    const fake = async (limit: number) => many.slice(0, limit);
    const index = await sitemap(ctx.app, 'https://qianyan.example.com', undefined, fake);
    assert.match(index!, /<sitemapindex[^>]*><sitemap><loc>https:\/\/qianyan\.example\.com\/sitemap-1\.xml<\/loc><\/sitemap><sitemap><loc>https:\/\/qianyan\.example\.com\/sitemap-2\.xml<\/loc><\/sitemap><\/sitemapindex>/);
    const first = await sitemap(ctx.app, 'https://qianyan.example.com', 1, fake);
    const second = await sitemap(ctx.app, 'https://qianyan.example.com', 2, fake);
    assert.equal((first!.match(/<url>/g) ?? []).length, SITEMAP_LIMIT);
    assert.equal((second!.match(/<url>/g) ?? []).length, 10 + 13, 'the rest, the list pages first');
    assert.equal(await sitemap(ctx.app, 'https://qianyan.example.com', 3, fake), undefined);
    const res = await ctx.get('/sitemap-2.xml');
    assert.equal(res.status, 404, 'the demo site fits in one sitemap');
  });
});
