import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageHead } from './firstView.js';

/** The site's name, as the pages' own titles end (`<name> - 千言医学`). */
export const SITE_NAME = '千言医学';
const SITE_DESCRIPTION = '千言医学：医学期刊中文版、专家述评、动画解读与医学课程';
const DEFAULT_IMAGE = '/api/static/og/qianyan.jpg';

/**
 * The home page's address: `/` draws it too, but every link of the site goes to /index, so that is the
 * address its head names as canonical and the sitemap lists (a canonical `/` from /index is the
 * "points to the domain's root" mistake search engines and Lighthouse flag).
 */
export const HOME_PATH = '/index';

/** Detail routes of articles, by the page that shows them (spec §2.1; 7 and 8 open the media pages). */
const ARTICLE_ROUTES = new Set(['/article-info', '/animation-particulars', '/audio-particulars']);
/** The expert commentary page (spec §2.1): a commentary item's own text, or an article's 述评. */
const COMMENTARY_ROUTE = '/article-particulars';
/** The journal catalogue page (spec §2.12): a weekly issue's table of contents, an article by permalinks. */
const CATALOGUE_ROUTE = '/nejm-catalog';
/** The periodical pages (spec §2.12): the latest week's issue, and the issues of a month. */
const LATEST_ISSUE_ROUTE = '/latest-periodical';
const MONTH_ISSUES_ROUTE = '/period-article';
/** The commentary item source (spec: sourceid 1), whose page is the commentary page. */
const COMMENTARY_SOURCE = 1;
/** Headings of the periodical and commentary pages' heads (as the pages name themselves). */
export const PAGE_META_TEXT = {
  commentary: '述评',
  latestIssue: '最新一期',
  pastIssues: '往期期刊',
  month: (year: number, month: number) => `${year}年${month}月`,
} as const;

/** An article's public card, as the content service gives it for a page's head (never its text). */
export interface ArticleCard {
  id: number;
  title: string;
  outtitle: string;
  author: string;
  /** The author line without degrees ("Name, Name"), when the content service gives it. */
  pcauthor?: string;
  intro: string;
  postdate: string;
  sourceid: number;
  sourceName: string;
  permalinks: string;
  thumb: string;
  classNames: string;
  accessLevel: 'public' | 'login' | 'member';
  /** 1 when the article has an expert commentary (its /article-particulars page shows it). */
  haswantsay?: number;
  /** The commentary's heading, when the editors gave one. */
  wantsayTitle?: string;
}

/** What a page's head says of it: <title>, description, canonical URL, share picture, JSON-LD. */
export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string;
  type: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The site's address as the reader reached it (behind a trusted proxy: its forwarded host and scheme). */
export function originOf(request: FastifyRequest): string {
  const raw = `${request.protocol}://${request.host}`;
  try {
    return new URL(raw).origin;
  } catch {
    return raw;
  }
}

/** The article page's address, the one search engines should keep: its permalink, nothing else. */
export function articlePath(card: Pick<ArticleCard, 'sourceid' | 'permalinks'>): string {
  const page = card.sourceid === 7 ? '/animation-particulars' : card.sourceid === 8 ? '/audio-particulars' : '/article-info';
  return `${page}?permalinks=${encodeURIComponent(card.permalinks)}`;
}

/**
 * schema.org for an article page: a MedicalScholarlyArticle, free or not. A paid one marks its
 * locked part the way the search engines' paywall guidance asks (hasPart with
 * isAccessibleForFree false and the selector of the page's locked body); the text is never here.
 */
export function articleJsonLd(card: ArticleCard, origin: string): Record<string, unknown> {
  const free = card.accessLevel === 'public';
  const image = absolute(card.thumb || DEFAULT_IMAGE, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalScholarlyArticle',
    headline: clip(card.title, 110),
    ...(card.outtitle ? { alternativeHeadline: card.outtitle } : {}),
    ...(card.intro ? { description: clip(plain(card.intro), 300) } : {}),
    ...(card.author ? { author: authorsOf(card) } : {}),
    datePublished: card.postdate,
    inLanguage: 'zh-CN',
    image: [image],
    ...(card.classNames ? { about: card.classNames.split(',').filter(Boolean).map((name) => ({ '@type': 'MedicalSpecialty', name })) } : {}),
    mainEntityOfPage: `${origin}${articlePath(card)}`,
    publisher: publisherOf(origin),
    isAccessibleForFree: free,
    ...(free ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.qy-ai-body' } }),
  };
}

/** schema.org authors of an article (at most 20): its names alone, without the degrees of its author line. */
const authorsOf = (card: Pick<ArticleCard, 'author' | 'pcauthor'>) =>
  (card.pcauthor?.trim() || card.author)
    .split(/[,，、;；]\s*/)
    .filter(Boolean)
    .slice(0, 20)
    .map((name) => ({ '@type': 'Person', name }));

/** The site as the publisher schema.org names. */
const publisherOf = (origin: string) => ({ '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: `${origin}/favicon.ico` } });

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, `${origin}/`).href;
  } catch {
    return `${origin}${DEFAULT_IMAGE}`;
  }
}

/** A lesson's public head (courses service `lessonHead`). */
export interface LessonCard {
  title: string;
  subhead: string;
  cover?: string;
  publishdate: Date;
  memberOnly: number;
}

/** A conference's public head (courses service `conferenceHead`). */
export interface ConferenceCard {
  title: string;
  subhead: string;
  sponsor: string;
  cover?: string;
  beginTime: Date;
  endTime: Date;
}

/** An article of a weekly issue, as the periodical pages list it (its card, never its text). */
export interface IssueArticle {
  title: string;
  permalinks: string;
  sourceid: number;
  thumb: string;
  accessLevel: string;
}

/** A weekly issue readers see (portal service's weekly records): its title, date and articles. */
export interface IssueCard {
  title: string;
  /** YYYY-MM-DD */
  thedate: string;
  /** Journal articles, then digests, then animations, in the issue's order. */
  articles: IssueArticle[];
}

/** Where a page's own head comes from: the public cards of the content the server owns. */
export interface PageSources {
  article(key: { by: 'permalinks'; permalinks: string } | { by: 'id'; id: number }): Promise<ArticleCard | undefined>;
  lesson(lessonResId: number): Promise<LessonCard | undefined>;
  conference(id: number): Promise<ConferenceCard | undefined>;
  /** The newest weekly issue readers see (/latest-periodical). */
  newestIssue(): Promise<IssueCard | undefined>;
  /** The issues /period-article shows for a month, newest first; none for a month it does not offer. */
  issuesOfMonth(year: number, month: number): Promise<IssueCard[]>;
}

export const NO_SOURCES: PageSources = {
  article: async () => undefined,
  lesson: async () => undefined,
  conference: async () => undefined,
  newestIssue: async () => undefined,
  issuesOfMonth: async () => [],
};

/** A weekly record of the portal service (newestArticle, selectQiKanList) as an issue's card. */
export function issueCardOf(record: {
  articleWeeklyPo: { title: string; thedate: string };
  articleMap: Partial<Record<string, IssueArticle[]>>;
}): IssueCard {
  const { title, thedate } = record.articleWeeklyPo;
  const articles = ['5', '6', '7'].flatMap((key) =>
    (record.articleMap[key] ?? []).map(({ title: t, permalinks, sourceid, thumb, accessLevel }) => ({ title: t, permalinks, sourceid, thumb, accessLevel })),
  );
  return { title, thedate, articles };
}

const LESSON_ROUTES = new Set(['/course-video', '/series-courses']);
const CONFERENCE_ROUTES = new Set(['/meeting-notice', '/meeting-review']);

function idOf(url: URL): number | undefined {
  const id = Number(url.searchParams.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The head of a lesson or conference page: title, subtitle, cover, schema.org Course or Event. */
async function coursePageMeta(path: string, url: URL, origin: string, sources: PageSources): Promise<PageMeta | undefined> {
  const id = idOf(url);
  if (id === undefined) return undefined;
  const canonical = `${origin}${path}?id=${id}`;
  if (LESSON_ROUTES.has(path)) {
    const lesson = await sources.lesson(id);
    if (!lesson) return undefined;
    const image = absolute(lesson.cover ?? DEFAULT_IMAGE, origin);
    return {
      title: `${lesson.title} - ${SITE_NAME}`,
      description: clip(lesson.subhead || lesson.title, 160),
      canonical,
      image,
      type: 'article',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: lesson.title,
        description: clip(lesson.subhead || lesson.title, 300),
        inLanguage: 'zh-CN',
        image: [image],
        datePublished: lesson.publishdate.toISOString(),
        url: canonical,
        provider: { '@type': 'Organization', name: SITE_NAME },
        isAccessibleForFree: lesson.memberOnly !== 1,
      },
    };
  }
  if (CONFERENCE_ROUTES.has(path)) {
    const meeting = await sources.conference(id);
    if (!meeting) return undefined;
    const image = absolute(meeting.cover ?? DEFAULT_IMAGE, origin);
    return {
      title: `${meeting.title} - ${SITE_NAME}`,
      description: clip([meeting.subhead, meeting.sponsor].filter(Boolean).join(' · ') || meeting.title, 160),
      canonical,
      image,
      type: 'article',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: meeting.title,
        ...(meeting.subhead ? { description: meeting.subhead } : {}),
        startDate: meeting.beginTime.toISOString(),
        endDate: meeting.endTime.toISOString(),
        image: [image],
        url: canonical,
        ...(meeting.sponsor ? { organizer: { '@type': 'Organization', name: meeting.sponsor } } : {}),
      },
    };
  }
  return undefined;
}

/** The card of the article a detail page names by permalinks (or id). */
async function cardOf(url: URL, sources: PageSources): Promise<ArticleCard | undefined> {
  const permalinks = url.searchParams.get('permalinks');
  const id = idOf(url);
  if (permalinks) return sources.article({ by: 'permalinks', permalinks: permalinks.slice(0, 64) });
  return id !== undefined ? sources.article({ by: 'id', id }) : undefined;
}

/**
 * The commentary page's head: a commentary item (source 1) is the page's own text; an article's 述评
 * is a comment on it (publicationType Comment, isBasedOn the article). Paid or not as the article;
 * a paid one marks the page's commentary text (.qy-cm-text) as the locked part.
 */
export function commentaryPageMeta(card: ArticleCard, origin: string): PageMeta {
  const canonical = `${origin}${COMMENTARY_ROUTE}?permalinks=${encodeURIComponent(card.permalinks)}`;
  const own = card.sourceid === COMMENTARY_SOURCE || card.haswantsay !== 1;
  const heading = own ? card.title : card.wantsayTitle?.trim() || `${PAGE_META_TEXT.commentary}：${card.title}`;
  const free = card.accessLevel === 'public';
  const image = absolute(card.thumb || DEFAULT_IMAGE, origin);
  return {
    title: `${heading} - ${SITE_NAME}`,
    description: clip(plain(card.intro) || card.outtitle || card.title, 160),
    canonical,
    image,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'MedicalScholarlyArticle',
      headline: clip(heading, 110),
      ...(own ? {} : { publicationType: 'Comment', isBasedOn: { '@type': 'MedicalScholarlyArticle', headline: clip(card.title, 110), url: `${origin}${articlePath(card)}` } }),
      ...(own && card.author ? { author: authorsOf(card) } : {}),
      datePublished: card.postdate,
      inLanguage: 'zh-CN',
      image: [image],
      ...(card.classNames ? { about: card.classNames.split(',').filter(Boolean).map((name) => ({ '@type': 'MedicalSpecialty', name })) } : {}),
      mainEntityOfPage: canonical,
      publisher: publisherOf(origin),
      isAccessibleForFree: free,
      ...(free ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.qy-cm-text' } }),
    },
  };
}

/** The catalogue page's head: the weekly catalogue as a schema.org PublicationIssue of its journal. */
function cataloguePageMeta(card: ArticleCard, origin: string): PageMeta {
  const canonical = `${origin}${CATALOGUE_ROUTE}?permalinks=${encodeURIComponent(card.permalinks)}`;
  const image = absolute(card.thumb || DEFAULT_IMAGE, origin);
  return {
    title: `${card.title} - ${SITE_NAME}`,
    description: clip(plain(card.intro) || card.outtitle || card.title, 160),
    canonical,
    image,
    type: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'PublicationIssue',
      name: card.title,
      datePublished: card.postdate,
      inLanguage: 'zh-CN',
      url: canonical,
      image: [image],
      ...(card.sourceName ? { isPartOf: { '@type': 'Periodical', name: card.sourceName } } : {}),
      publisher: publisherOf(origin),
      isAccessibleForFree: card.accessLevel === 'public',
    },
  };
}

/** An issue as schema.org: a PublicationIssue whose parts are its articles (title, address, free or not). */
function issueJsonLd(issue: IssueCard, origin: string, url?: string): Record<string, unknown> {
  return {
    '@type': 'PublicationIssue',
    name: issue.title,
    datePublished: issue.thedate,
    ...(url ? { url } : {}),
    isPartOf: { '@type': 'Periodical', name: SITE_NAME },
    hasPart: issue.articles.map((a) => ({
      '@type': 'MedicalScholarlyArticle',
      headline: clip(a.title, 110),
      url: `${origin}${articlePath(a)}`,
      isAccessibleForFree: a.accessLevel === 'public',
    })),
  };
}

/** What an issue holds, for a description: its title and its first articles' titles. */
const issueDescription = (issue: IssueCard) => clip(`${issue.title}：${issue.articles.map((a) => a.title).join('；')}`, 160);
/** An issue's share picture: its first article's that has one. */
const issueImage = (issues: IssueCard[], origin: string) =>
  absolute(issues.flatMap((i) => i.articles).find((a) => a.thumb)?.thumb || DEFAULT_IMAGE, origin);

/**
 * The periodical pages' heads: /latest-periodical names the week's issue; /period-article?year&month
 * the month's issues (a month the page does not offer, or no month, keeps the site's head).
 */
async function periodicalPageMeta(path: string, url: URL, origin: string, sources: PageSources): Promise<PageMeta | undefined> {
  if (path === LATEST_ISSUE_ROUTE) {
    const issue = await sources.newestIssue();
    if (!issue) return undefined;
    const canonical = `${origin}${LATEST_ISSUE_ROUTE}`;
    return {
      title: `${PAGE_META_TEXT.latestIssue}：${issue.title} - ${SITE_NAME}`,
      description: issueDescription(issue),
      canonical,
      image: issueImage([issue], origin),
      type: 'website',
      jsonLd: { '@context': 'https://schema.org', ...issueJsonLd(issue, origin, canonical), inLanguage: 'zh-CN', publisher: publisherOf(origin) },
    };
  }
  if (path !== MONTH_ISSUES_ROUTE) return undefined;
  const year = Number(url.searchParams.get('year'));
  const month = Number(url.searchParams.get('month'));
  if (!Number.isInteger(year) || year < 2000 || year > 2100 || !Number.isInteger(month) || month < 1 || month > 12) return undefined;
  const issues = await sources.issuesOfMonth(year, month);
  if (issues.length === 0) return undefined;
  const canonical = `${origin}${MONTH_ISSUES_ROUTE}?year=${year}&month=${month}`;
  const name = `${PAGE_META_TEXT.pastIssues}：${PAGE_META_TEXT.month(year, month)}`;
  return {
    title: `${name} - ${SITE_NAME}`,
    description: clip(issues.map((i) => i.title).join('、') + (issues[0] ? `。${issueDescription(issues[0])}` : ''), 160),
    canonical,
    image: issueImage(issues, origin),
    type: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name,
      url: canonical,
      inLanguage: 'zh-CN',
      publisher: publisherOf(origin),
      hasPart: issues.map((issue) => issueJsonLd(issue, origin)),
    },
  };
}

/**
 * The head of the page at `url`: an article's, lesson's or conference's own (title, its public
 * intro, its picture, JSON-LD), a page whose remote ships a heading (page-heads.json), or the site's.
 */
export async function pageMetaFor(url: URL, origin: string, head: PageHead | undefined, sources: PageSources): Promise<PageMeta> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === COMMENTARY_ROUTE || path === CATALOGUE_ROUTE) {
    const card = await cardOf(url, sources);
    if (card) return path === COMMENTARY_ROUTE ? commentaryPageMeta(card, origin) : cataloguePageMeta(card, origin);
  }
  const periodical = await periodicalPageMeta(path, url, origin, sources);
  if (periodical) return periodical;
  if (ARTICLE_ROUTES.has(path)) {
    const card = await cardOf(url, sources);
    if (card) {
      return {
        title: `${card.title} - ${SITE_NAME}`,
        description: clip(plain(card.intro) || card.outtitle || card.title, 160),
        canonical: `${origin}${articlePath(card)}`,
        image: absolute(card.thumb || DEFAULT_IMAGE, origin),
        type: 'article',
        jsonLd: articleJsonLd(card, origin),
      };
    }
  }
  const course = await coursePageMeta(path, url, origin, sources);
  if (course) return course;
  const home = path === '/' || path === HOME_PATH;
  // Query strings of list pages are filters: the list itself is the page to keep.
  const canonical = `${origin}${home ? HOME_PATH : path}`;
  return {
    title: head ? `${head.title} - ${SITE_NAME}` : `${SITE_NAME} · 医学前沿`,
    description: head?.intro ? clip(head.intro, 160) : SITE_DESCRIPTION,
    canonical,
    image: `${origin}${DEFAULT_IMAGE}`,
    type: 'website',
  };
}

/** JSON for an inline <script type="application/ld+json">: nothing in it can close the tag. */
const ldJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The page's own head in place of the shell's: <title>, description, canonical, Open Graph, JSON-LD. */
export function applyPageMeta(html: string, meta: PageMeta): string {
  const tags =
    `<link rel="canonical" href="${escapeAttr(meta.canonical)}">` +
    `<meta property="og:site_name" content="${SITE_NAME}">` +
    `<meta property="og:type" content="${meta.type}">` +
    `<meta property="og:title" content="${escapeAttr(meta.title)}">` +
    `<meta property="og:description" content="${escapeAttr(meta.description)}">` +
    `<meta property="og:url" content="${escapeAttr(meta.canonical)}">` +
    `<meta property="og:image" content="${escapeAttr(meta.image)}">` +
    `<meta property="og:locale" content="zh_CN">` +
    `<meta name="twitter:card" content="summary_large_image">` +
    (meta.jsonLd ? `<script type="application/ld+json">${ldJson(meta.jsonLd)}</script>` : '');
  const out = html.replace(/<meta name="?description"?[^>]*>/i, `<meta name="description" content="${escapeAttr(meta.description)}">`);
  // Right after the title: what the server adds last before </head> (config, hints) stays there.
  const title = /<title>[^<]*<\/title>/i;
  if (title.test(out)) return out.replace(title, () => `<title>${escapeAttr(meta.title)}</title>${tags}`);
  // No title: at the top of the head (after its charset), ahead of the scripts.
  const open = /<meta charset[^>]*>|<head[^>]*>/i.exec(out);
  if (!open) return out;
  const at = open.index + open[0].length;
  return out.slice(0, at) + `<title>${escapeAttr(meta.title)}</title>${tags}` + out.slice(at);
}

/** robots.txt: everything readable but the API, the staff console and the payment pages; the sitemap. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /editor', 'Disallow: /personal', 'Disallow: /qrcode-member-ali-pay/', 'Allow: /api/static/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** Most URLs in one sitemap file (the protocol's limit). */
export const SITEMAP_LIMIT = 50_000;

const LIST_PAGES = [HOME_PATH, '/nejm-list', '/nejm-periodical-list', '/nejm-catalyst-list', '/nejm-evidence-list', '/clinical-research-list', '/commentary', '/animation-list', '/audio-list', '/latest-periodical', '/period-article', '/course-resources', '/about'];

const xmlEscape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A published article as the sitemap lists it; haswantsay 1 adds its commentary page. */
export interface SitemapArticle {
  permalinks: string;
  sourceid: number;
  haswantsay?: number;
  updatedAt: Date;
}

/**
 * sitemap.xml: the list pages and every published article with its last change (and the commentary
 * page of an article that has one); past SITEMAP_LIMIT URLs it is an index of numbered parts
 * (/sitemap-1.xml …).
 */
export async function sitemap(
  app: FastifyInstance,
  origin: string,
  part: number | undefined,
  articles: (limit: number) => Promise<SitemapArticle[]>,
): Promise<string | undefined> {
  const all = [
    ...LIST_PAGES.map((p) => ({ loc: `${origin}${p}`, lastmod: undefined as string | undefined })),
    ...(await articles(SITEMAP_LIMIT * 20)).flatMap((a) => {
      const lastmod = a.updatedAt.toISOString();
      const page = { loc: `${origin}${articlePath(a)}`, lastmod };
      return a.haswantsay === 1 ? [page, { loc: `${origin}${COMMENTARY_ROUTE}?permalinks=${encodeURIComponent(a.permalinks)}`, lastmod }] : [page];
    }),
  ];
  app.log.debug({ urls: all.length }, 'sitemap');
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const parts = Math.ceil(all.length / SITEMAP_LIMIT);
  if (part === undefined && parts > 1) {
    const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>\n`;
  }
  const index = part ?? 1;
  if (index < 1 || index > Math.max(parts, 1)) return undefined;
  const slice = all.slice((index - 1) * SITEMAP_LIMIT, index * SITEMAP_LIMIT);
  const urls = slice.map((u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`);
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}
