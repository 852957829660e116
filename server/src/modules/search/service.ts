// Search over articles and lessons (issue "Search", docs/decisions.md "Search"). The content and
// courses services hand a list request with a non-blank searchInfo to this module; it finds the
// ids of the page, the total and the highlights, and they build the reply as for any list.
import { and, arrayOverlaps, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, lessons } from '../../db/schema/index.js';
import type { ListFilter } from '../content/listIndex.js';
import { highlightOf, type Highlight } from './highlight.js';
import { parseQuery, toTsquery, type ParsedQuery } from './segment.js';
import { indexStaleArticles, indexStaleLessons } from './vectors.js';

/**
 * The ranked window: a search ranks at most this many of the newest matches of the whole text,
 * plus as many of the newest matches in the titles; its total counts up to this many. Bounds the
 * cost of a word that half the corpus contains (docs/decisions.md "Search").
 */
export const SEARCH_WINDOW = 500;

/** sortType in a search: 3 (or absent) relevance, 0 newest first, 1 oldest first, 2 most read. */
export const RELEVANCE = 3;

/** Whether a list request's searchInfo asks for a search (a non-blank text). */
export const isSearch = (searchInfo: unknown): searchInfo is string | number =>
  (typeof searchInfo === 'string' && searchInfo.trim() !== '') || typeof searchInfo === 'number';

export interface ArticleSearch {
  searchInfo: string | number;
  sortType?: number;
  offset: number;
  pageSize: number;
  filter: ListFilter;
  /** The content version the caller read (articles are indexed again only when it changed). */
  version?: number;
}

export interface SearchPage {
  /** The page's article (or lesson) ids, in order. */
  ids: number[];
  total: number;
  highlights: Map<number, Highlight>;
}

export type SearchService = ReturnType<typeof createSearchService>;

/** The tsquery literals of a query: any field, title only, title to keywords, title to intro. */
function queries(parsed: ParsedQuery) {
  return { all: toTsquery(parsed), a: toTsquery(parsed, 'A'), abc: toTsquery(parsed, 'ABC') };
}

/** Rows of a raw query (both drivers reply { rows }). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// The free part of a commentary (ARCHITECTURE §3.3): before its first <hr>; none without the marker.
const HR_MARKER = /<hr\b[^>]*>/i;
const freePart = (wantsay: string) => {
  const marker = HR_MARKER.exec(wantsay);
  return marker ? wantsay.slice(0, marker.index) : '';
};

export function createSearchService(deps: { db: Db }) {
  const { db } = deps;

  // Rows written without vectors (or whose text changed since) are indexed before a search reads
  // them: articles once per content version (any such write raises it), lessons on every lesson
  // search (a lookup on an index that is empty but for such rows). One pass at a time.
  let indexedVersion: number | undefined;
  let indexing: Promise<unknown> | undefined;
  async function freshArticles(version: number | undefined): Promise<void> {
    if (version !== undefined && version === indexedVersion) return;
    indexing ??= indexStaleArticles(db).finally(() => {
      indexing = undefined;
    });
    await indexing;
    indexedVersion = version;
  }
  let indexingLessons: Promise<unknown> | undefined;
  function freshLessons(): Promise<unknown> {
    indexingLessons ??= indexStaleLessons(db).finally(() => {
      indexingLessons = undefined;
    });
    return indexingLessons;
  }

  /** The SQL form of a list filter on published articles (as the content service's list query). */
  function articleWhere(f: ListFilter): SQL {
    const conditions: SQL[] = [eq(articles.status, 1)];
    if (f.sourceIds.length) conditions.push(inArray(articles.sourceId, f.sourceIds));
    if (f.classIds.length) conditions.push(arrayOverlaps(articles.classIds, f.classIds));
    if (f.filterIds.length) conditions.push(inArray(articles.filterId, f.filterIds));
    if (f.typeIds.length) conditions.push(inArray(articles.typeId, f.typeIds));
    if (f.articleIds.length) conditions.push(inArray(articles.id, f.articleIds));
    if (f.haswantsay) conditions.push(eq(articles.haswantsay, 1));
    if (f.range) conditions.push(gte(articles.postdate, f.range.from), lt(articles.postdate, f.range.to));
    return and(...conditions)!;
  }

  /** Highlights of the page's articles, from text any reader may see (never a gated body). */
  async function articleHighlights(parsed: ParsedQuery, ids: number[]): Promise<Map<number, Highlight>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: articles.id,
        title: articles.title,
        intro: articles.intro,
        keyword: articles.keyword,
        outtitle: articles.outtitle,
        pcauthor: articles.pcauthor,
        wantsay: articles.wantsay,
        // The body is read only for public articles: a gated body never reaches a snippet.
        content: sql<string>`case when ${articles.accessLevel} = 'public' then ${articles.content} else '' end`,
        accessLevel: articles.accessLevel,
      })
      .from(articles)
      .where(inArray(articles.id, ids));
    return new Map(
      rows.map((r) => {
        const open = r.accessLevel === 'public';
        const others = [
          { text: r.keyword },
          { text: r.pcauthor },
          { text: r.outtitle },
          { text: open ? r.wantsay : freePart(r.wantsay), html: true },
          ...(open ? [{ text: r.content, html: true }] : []),
        ];
        return [r.id, highlightOf(parsed, { title: r.title, intro: r.intro, others })];
      }),
    );
  }

  return {
    /**
     * A page of articles matching searchInfo and the list filter. Relevance: all query terms in the
     * title first, then in the title, keywords, English title or authors, then up to the intro,
     * then anywhere (body and commentary); newest first within each. Other sorts as in lists.
     */
    async articles(input: ArticleSearch): Promise<SearchPage> {
      const parsed = parseQuery(String(input.searchInfo));
      if (parsed.terms.length === 0) return { ids: [], total: 0, highlights: new Map() };
      await freshArticles(input.version);
      const q = queries(parsed);
      const where = articleWhere(input.filter);
      const { offset, pageSize } = input;
      if (offset >= SEARCH_WINDOW) return { ids: [], total: await countArticles(where, q.all), highlights: new Map() };
      const limit = Math.min(pageSize, SEARCH_WINDOW - offset);
      const sortType = input.sortType ?? RELEVANCE;

      // Candidates: the newest SEARCH_WINDOW matches anywhere (and, for relevance, the newest
      // SEARCH_WINDOW matches in the titles). Either scan walks a postdate (or read count) index and
      // stops at the window, or, for a rarer query, reads the GIN index's matches and sorts them.
      const match = (column: typeof articles.searchVector | typeof articles.searchTitle, query: string, order: SQL) =>
        sql`select ${articles.id} as id, ${articles.postdate} as postdate, ${articles.readCount} as read_count from ${articles}
          where ${where} and ${column} @@ ${query}::tsquery order by ${order} limit ${SEARCH_WINDOW}`;
      const newest = sql`${articles.postdate} desc, ${articles.id} desc`;
      let rows: { id: number; n: number | string }[];
      if (sortType === RELEVANCE) {
        rows = rowsOf(
          await db.execute(sql`
            with c as ((${match(articles.searchTitle, q.all, newest)}) union (${match(articles.searchVector, q.all, newest)})),
            r as (
              select c.id, c.postdate,
                case when h.search_title @@ ${q.all}::tsquery then 1
                     when h.search_head @@ ${q.all}::tsquery then 2
                     when h.search_vector @@ ${q.abc}::tsquery then 3
                     else 4 end as tier
              from c join articles h on h.id = c.id
            )
            select id, count(*) over () as n from r
            order by tier, postdate desc, id desc
            limit ${limit} offset ${offset}`),
        );
      } else {
        const order =
          sortType === 1
            ? sql`${articles.postdate} asc, ${articles.id} asc`
            : sortType === 2
              ? sql`${articles.readCount} desc, ${articles.postdate} desc, ${articles.id} desc`
              : newest;
        const outer = sortType === 1 ? sql`postdate asc, id asc` : sortType === 2 ? sql`read_count desc, postdate desc, id desc` : sql`postdate desc, id desc`;
        rows = rowsOf(
          await db.execute(sql`
            with c as (${match(articles.searchVector, q.all, order)})
            select id, count(*) over () as n from c order by ${outer} limit ${limit} offset ${offset}`),
        );
      }
      const ids = rows.map((r) => Number(r.id));
      const total = rows.length > 0 ? Math.min(Number(rows[0]!.n), SEARCH_WINDOW) : await countArticles(where, q.all);
      return { ids, total, highlights: await articleHighlights(parsed, ids) };
    },

    /**
     * The search form of a lesson list: the condition a lesson must meet, its relevance order, and
     * the highlights of the page's rows. null when the query has no words (nothing matches).
     */
    lessonSearch(searchInfo: string | number) {
      const parsed = parseQuery(String(searchInfo));
      if (parsed.terms.length === 0) return null;
      const q = queries(parsed);
      const v = lessons.searchVector;
      return {
        ready: freshLessons,
        where: sql`${v} @@ ${q.all}::tsquery`,
        /** Title matches first, then subtitle, then description; the caller adds newest first. */
        tier: sql`case when ${v} @@ ${q.a}::tsquery then 1 when ${v} @@ ${q.abc}::tsquery then 2 else 3 end`,
        /**
         * Highlights of the page's lessons (by id). A lesson's description is gated but for a series
         * (2, 5), whose description is the course intro any reader sees (courses service,
         * lessonDetail): only then may it give a snippet.
         */
        async highlights(ids: number[]): Promise<Map<number, Highlight>> {
          if (ids.length === 0) return new Map();
          const rows = await db
            .select({
              id: lessons.id,
              title: lessons.title,
              subhead: lessons.subhead,
              content: sql<string>`case when ${lessons.subjectSerType} in (2, 5) then ${lessons.content} else '' end`,
            })
            .from(lessons)
            .where(inArray(lessons.id, ids));
          return new Map(
            rows.map((r) => [r.id, highlightOf(parsed, { title: r.title, intro: r.subhead, others: [{ text: r.content, html: true }] })]),
          );
        },
      };
    },
  };

  /** Matches of a query under a filter, counted up to SEARCH_WINDOW. */
  async function countArticles(where: SQL, query: string): Promise<number> {
    const rows = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from (select 1 from ${articles}
        where ${where} and ${articles.searchVector} @@ ${query}::tsquery limit ${SEARCH_WINDOW}) x`),
    );
    return Number(rows[0]?.n ?? 0);
  }
}
