// Reader features (issue 21): a term's card by tap on a phone and by keyboard on a desktop, read out
// to a screen reader; a search for 心衰 finds the heart-failure articles; the GB/T 7714-2015
// citation in the standard's form; and what a page's HTML says with scripts off — its title, Open
// Graph tags and JSON-LD, and none of a member article's paid text.
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import LIST_HEADS from '../../mf-content/src/pageHeads.json';
import { isMobile, loginThroughDialog, PASSWORD, test } from './support';

interface Item {
  id: number;
  title: string;
  permalinks: string;
  sourceid: number;
  accessLevel: string;
  haswantsay: number;
}

interface Detail extends Item {
  pcauthor: string;
  wantsayTitle: string;
  postdate: string;
  content: string;
  wantsay: string;
  intro: string;
}

/** Every article of the journal search tab (main journal and its digest), page by page. */
async function journalArticles(request: APIRequestContext): Promise<Item[]> {
  const all: Item[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const body = await (await request.post('/api/article/selectArticleList', { data: { pageNo, pageSize: 100, sourceIds: [5, 6] } })).json();
    expect(body.code).toBe(0);
    all.push(...(body.data.results as Item[]));
    if (all.length >= body.data.page.total || body.data.results.length === 0) return all;
  }
}

/** The API's detail of an article, as a visitor or with a session token. */
async function detailOf(request: APIRequestContext, permalinks: string, token?: string): Promise<Detail> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}`, token } : {};
  const body = await (await request.post('/api/article/getArticleDetail', { data: { permalinks }, headers })).json();
  expect(body.code).toBe(0);
  return body.data as Detail;
}

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const body = await (await request.post('/api/login/login', { data: { accountName: account, password: PASSWORD } })).json();
  expect(body.code).toBe(0);
  return body.data.token as string;
}

/** A screenshot of what is on screen (a card over the text), for review. */
async function snapViewport(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', testInfo.project.name, `${name}.png`) });
}

const escapeRe = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A glossary entry as GET /api/glossary lists it: [id, term, english, aliases, definition, classId]. */
type GlossaryRow = [number, string, string, string[], string, number];

async function glossary(request: APIRequestContext): Promise<Map<number, GlossaryRow>> {
  const body = await (await request.get('/api/glossary')).json();
  return new Map((body.data.terms as GlossaryRow[]).map((row) => [row[0], row]));
}

/** A free journal article whose body the glossary marks terms in (a visitor reads its body). */
async function freeArticle(request: APIRequestContext): Promise<Item> {
  // A seeded one (QYJ and four digits): other journeys of the run publish articles of their own.
  const open = (await journalArticles(request)).filter((a) => a.sourceid === 5 && a.accessLevel === 'public');
  const free = open.find((a) => /^QYJ\d{4}$/.test(a.permalinks)) ?? open[0];
  expect(free).toBeDefined();
  return free!;
}

/** The first marked term of the article body, once the lazy glossary chunk has marked it. */
async function firstTerm(page: Page): Promise<Locator> {
  const term = page.getByRole('region', { name: '正文' }).locator('button.qy-term').first();
  await expect(term).toBeVisible();
  return term;
}

/** What a screen reader hears for an open card: the term's description is the card's whole text. */
async function expectCardOf(page: Page, term: Locator, entries: Map<number, GlossaryRow>): Promise<Locator> {
  await expect(term).toHaveAttribute('aria-expanded', 'true');
  const [, name, english, , definition] = entries.get(Number(await term.getAttribute('data-term-id')))!;
  const card = page.locator(`[id="${await term.getAttribute('aria-controls')}"]`);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('role', 'note');
  await expect(card).toHaveAccessibleName(`术语释义：${name}`);
  await expect(card).toContainText(definition);
  if (english) await expect(card).toContainText(`英文：${english}`);
  // The term is described by the card's text: announced with its definition, not only the card's name.
  const describedBy = (await term.getAttribute('aria-describedby'))!;
  await expect(card.locator(`[id="${describedBy}"]`)).toHaveCount(1);
  await expect(term).toHaveAccessibleDescription(new RegExp(`^${escapeRe(name)}.*${escapeRe(definition)}$`));
  return card;
}

test.describe('a term card', () => {
  test('opens by keyboard on a desktop: Tab to the term, Enter or Space opens, Escape closes and keeps the focus', async ({ page, request }, testInfo) => {
    test.skip(isMobile(testInfo), 'the keyboard journey is the desktop one; the phone taps');
    const [article, entries] = await Promise.all([freeArticle(request), glossary(request)]);
    await page.goto(`/article-info?permalinks=${article.permalinks}`);
    const term = await firstTerm(page);
    await expect(term).toHaveAttribute('aria-expanded', 'false');

    // Tab from the article's 引用本文 button, above the body, to the term.
    await page.getByRole('button', { name: '引用本文' }).focus();
    for (let i = 0; i < 200 && !(await term.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(term).toBeFocused();
    await expect(term).toHaveRole('button');

    await page.keyboard.press('Enter');
    const card = await expectCardOf(page, term, entries);
    await snapViewport(page, testInfo, 'term-card-keyboard');
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(term).toHaveAttribute('aria-expanded', 'false');
    await expect(term).not.toHaveAttribute('aria-describedby', /./);
    await expect(term).toBeFocused();

    await page.keyboard.press('Space');
    await expectCardOf(page, term, entries);
    await page.keyboard.press('Escape');
    await expect(term).toHaveAttribute('aria-expanded', 'false');
    await expect(term).toBeFocused();
  });

  test('opens by a tap on a phone, inside the screen, and closes by a tap elsewhere or on the term', async ({ page, request }, testInfo) => {
    test.skip(!isMobile(testInfo), 'the tap journey is the phone one; the desktop uses the keyboard');
    const [article, entries] = await Promise.all([freeArticle(request), glossary(request)]);
    await page.goto(`/article-info?permalinks=${article.permalinks}`);
    const body = page.getByRole('region', { name: '正文' });
    const term = await firstTerm(page);

    await term.tap();
    const card = await expectCardOf(page, term, entries);
    // The card fits the phone's width: the page does not scroll sideways.
    const box = (await card.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snapViewport(page, testInfo, 'term-card-tap');

    // A tap elsewhere in the article closes it; a tap on the term opens it, a second tap closes it.
    await page.getByRole('heading', { level: 1 }).first().tap();
    await expect(card).toHaveCount(0);
    await expect(term).toHaveAttribute('aria-expanded', 'false');
    await term.tap();
    await expectCardOf(page, term, entries);
    await term.tap();
    await expect(term).toHaveAttribute('aria-expanded', 'false');
  });
});

test('a search for 心衰 finds the heart-failure articles first, the ones that say 心衰 ahead of those that say 心力衰竭', async ({ page, request }, testInfo) => {
  // The seed's heart-failure articles of the journal tab: their titles name the disease, in full or short.
  const all = await journalArticles(request);
  const literal = all.filter((a) => a.title.includes('心衰')).map((a) => a.title);
  const synonym = all.filter((a) => a.title.includes('心力衰竭')).map((a) => a.title);
  expect(literal.length).toBeGreaterThan(0);
  expect(synonym.length).toBeGreaterThan(1);
  const expected = [...literal, ...synonym];
  expect(expected.length).toBeLessThanOrEqual(20);

  await page.goto('/index');
  await page.locator('#qy-header').getByRole('button', { name: '站内搜索' }).click();
  const box = page.getByRole('textbox', { name: '搜索关键词' });
  await box.fill('心衰');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=%E5%BF%83%E8%A1%B0/);
  const results = page.getByRole('region', { name: '搜索结果列表' });
  await expect(page.getByRole('tab', { name: '期刊文章', selected: true })).toBeVisible();
  const titles = results.locator('article').getByRole('link');
  await expect(results.locator('article').first()).toBeVisible();
  // Every heart-failure article, at the top of the first page (recall at the page's own length),
  // those matching 心衰 as typed first, then its synonym's.
  const shown = (await results.locator('article h2').allInnerTexts()).map((t) => t.trim());
  expect(shown.length).toBeGreaterThanOrEqual(expected.length);
  expect(new Set(shown.slice(0, literal.length))).toEqual(new Set(literal));
  expect(new Set(shown.slice(literal.length, expected.length))).toEqual(new Set(synonym));
  for (const title of expected) await expect(titles.filter({ hasText: title }).first()).toBeVisible();
  // The match is marked as the reader typed it and as its synonym.
  await expect(results.locator('article h2 em', { hasText: /^心衰$/ }).first()).toBeVisible();
  await expect(results.locator('article h2 em', { hasText: /^心力衰竭$/ }).first()).toBeVisible();
  await snapViewport(page, testInfo, 'search-heart-failure');
});

test('the GB/T 7714-2015 citation of a seeded article has the standard form of an online journal article', async ({ page, request, baseURL }, testInfo) => {
  test.skip(isMobile(testInfo), 'the dialog is the same at both widths (articles.spec.ts opens it on a phone)');
  // An article with more than three authors, so the list ends with 等 as the standard asks.
  const candidates = (await journalArticles(request)).filter((a) => a.sourceid === 5).slice(0, 20);
  let article: Detail | undefined;
  for (const c of candidates) {
    const d = await detailOf(request, c.permalinks);
    if (d.pcauthor.split(', ').length > 3 && d.pcauthor.split(', ').some((n) => / /.test(n))) {
      article = d;
      break;
    }
  }
  expect(article, 'the seed has an article with more than three authors').toBeDefined();
  // GB/T 7714-2015: at most three authors then 等; a Latin name is the surname in capitals and the
  // initials of the given names without points; a Chinese name as written.
  const names = article!.pcauthor.split(', ').map((n) => {
    const parts = n.trim().split(/\s+/);
    if (parts.length === 1) return n.trim();
    const surname = parts.pop()!;
    return `${surname.toUpperCase()} ${parts.map((p) => p[0]!.toUpperCase()).join(' ')}`;
  });
  const authors = `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', 等' : ''}`;
  const shanghai = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const year = shanghai(new Date(article!.postdate)).slice(0, 4);
  const url = new URL(`/article-info?permalinks=${article!.permalinks}`, baseURL).href;
  // 作者. 题名[J/OL]. 刊名, 年[引用日期]. 获取和访问路径.
  const expected = `${authors}. ${article!.title}[J/OL]. 千言医学, ${year}[${shanghai(new Date())}]. ${url}.`;

  await page.goto(`/article-info?permalinks=${article!.permalinks}`);
  await page.getByRole('button', { name: '引用本文' }).click();
  const dialog = page.getByRole('dialog', { name: '引用本文' });
  await expect(dialog.getByText(`${article!.title}[J/OL]`)).toHaveText(expected);
});

/** The head of a page as its HTML has it, read in a browser with scripts off. */
async function headWithoutScripts(page: Page) {
  const meta = (property: string) => page.locator(`head meta[property="${property}"]`).getAttribute('content');
  const ld = await page.locator('head script[type="application/ld+json"]').allTextContents();
  expect(ld).toHaveLength(1);
  return {
    title: await page.title(),
    description: await page.locator('head meta[name="description"]').getAttribute('content'),
    canonical: await page.locator('head link[rel="canonical"]').getAttribute('href'),
    og: {
      title: await meta('og:title'),
      description: await meta('og:description'),
      type: await meta('og:type'),
      url: await meta('og:url'),
      image: await meta('og:image'),
    },
    jsonLd: JSON.parse(ld[0]!) as Record<string, any>,
  };
}

/** Sentences of an HTML text long enough to be unmistakable (never in a page that must not carry it). */
const sentencesOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '\n')
    .split(/[。\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 15);

test("a member article's HTML, with scripts off, carries its head and none of its paid text; the week's issue and the list pages have their own heads", async ({ browser, request, baseURL }, testInfo) => {
  test.skip(isMobile(testInfo), 'the HTML is the same for every width');
  const member = (await journalArticles(request)).find((a) => a.sourceid === 5 && a.accessLevel === 'member' && a.haswantsay === 1);
  expect(member).toBeDefined();
  // The paid text as a member reads it (the API with demo_member's session).
  const full = await detailOf(request, member!.permalinks, await tokenOf(request, 'demo_member'));
  const visitor = await detailOf(request, member!.permalinks);
  // Only what a visitor may not read: not the abstract, not the commentary's free part.
  const free = (s: string) => visitor.intro.includes(s) || visitor.wantsay.includes(s) || visitor.title.includes(s);
  const paidBody = sentencesOf(full.content).filter((s) => !free(s));
  const paidCommentary = sentencesOf(full.wantsay).filter((s) => !free(s));
  expect(paidBody.length).toBeGreaterThan(3);
  expect(paidCommentary.length).toBeGreaterThan(0);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    // The article page.
    const res = await page.goto(`/article-info?permalinks=${member!.permalinks}&share=1`);
    expect(res!.status()).toBe(200);
    const head = await headWithoutScripts(page);
    const canonical = new URL(`/article-info?permalinks=${member!.permalinks}`, baseURL).href;
    expect(head.title).toBe(`${member!.title} - 千言医学`);
    expect(head.og).toEqual({
      title: `${member!.title} - 千言医学`,
      description: head.description,
      type: 'article',
      url: canonical,
      image: expect.stringMatching(/^https?:\/\//),
    });
    expect(head.description).toBeTruthy();
    expect(head.canonical).toBe(canonical);
    expect(head.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MedicalScholarlyArticle',
      headline: member!.title,
      mainEntityOfPage: canonical,
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.qy-ai-body' },
    });
    const html = await page.content();
    for (const sentence of [...paidBody, ...paidCommentary]) expect(html, 'paid text in the page').not.toContain(sentence);

    // Its commentary page: the commentary's paid part is marked, and is not there either.
    await page.goto(`/article-particulars?permalinks=${member!.permalinks}`);
    const commentary = await headWithoutScripts(page);
    expect(commentary.title).toBe(`${full.wantsayTitle || `述评：${member!.title}`} - 千言医学`);
    expect(commentary.canonical).toBe(new URL(`/article-particulars?permalinks=${member!.permalinks}`, baseURL).href);
    expect(commentary.og.url).toBe(commentary.canonical);
    expect(commentary.jsonLd).toMatchObject({
      '@type': 'MedicalScholarlyArticle',
      publicationType: 'Comment',
      isBasedOn: { url: canonical },
      isAccessibleForFree: false,
      hasPart: { cssSelector: '.qy-cm-text' },
    });
    const commentaryHtml = await page.content();
    for (const sentence of [...paidBody, ...paidCommentary]) expect(commentaryHtml, 'paid text in the commentary page').not.toContain(sentence);

    // The week's issue.
    const newest = (await (await request.post('/api/article/newestArticle', { data: {} })).json()).data;
    await page.goto('/latest-periodical');
    const issue = await headWithoutScripts(page);
    expect(issue.title).toBe(`最新一期：${newest.articleWeeklyPo.title} - 千言医学`);
    expect(issue.jsonLd).toMatchObject({ '@type': 'PublicationIssue', name: newest.articleWeeklyPo.title, datePublished: newest.articleWeeklyPo.thedate });
    expect(issue.jsonLd.hasPart.length).toBeGreaterThan(0);

    // The list pages: their own title and description, as their release ships them, and the list
    // itself as the canonical address (its query is a filter).
    for (const [route, head] of Object.entries(LIST_HEADS)) {
      if (route === '/latest-periodical') continue;
      await page.goto(`${route}?sortType=1`);
      expect(await page.title(), route).toBe(`${head.title} - 千言医学`);
      expect(await page.locator('head meta[name="description"]').getAttribute('content'), route).toBe(head.intro);
      expect(await page.locator('head meta[property="og:title"]').getAttribute('content'), route).toBe(`${head.title} - 千言医学`);
      expect(await page.locator('head link[rel="canonical"]').getAttribute('href'), route).toBe(new URL(route, baseURL).href);
    }
  } finally {
    await context.close();
  }
});

test('the selectors the JSON-LD names as paywalled hold the paid text a member reads', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the markup is the same for every width');
  const member = (await journalArticles(request)).find((a) => a.sourceid === 5 && a.accessLevel === 'member' && a.haswantsay === 1)!;
  const full = await detailOf(request, member.permalinks, await tokenOf(request, 'demo_member'));
  const [bodySentence] = sentencesOf(full.content);
  await page.goto(`/article-info?permalinks=${member.permalinks}`);
  await loginThroughDialog(page, 'demo_member');
  await expect(page.locator('.qy-ai-body')).toContainText(bodySentence!);
  await page.goto(`/article-particulars?permalinks=${member.permalinks}`);
  const rest = sentencesOf(full.wantsay).at(-1)!;
  await expect(page.locator('.qy-cm-text')).toContainText(rest);
});
