import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { articles, conferences, lessons } from '../src/db/schema/index.js';
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
    const published = await ctx.app.db.select({ permalinks: articles.permalinks }).from(articles).where(inArray(articles.status, [1, 2]));
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const articleLocs = locs.filter((l) => /particulars|article-info/.test(l));
    assert.equal(articleLocs.length, published.length);
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
