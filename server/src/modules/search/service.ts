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
 * The ranked window: a search ranks at most this many matches (the newest ones of each level, see
 * articles) and its total counts up to this many. Bounds the cost of a word that half the corpus
 * contains (docs/decisions.md "Search").
 */
export const SEARCH_WINDOW = 200;
/** Articles of the filter checked one by one, in the sort's order, before the GIN index is asked. */
const SCAN_ROWS = 600;

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
      const limit = pageSize;
      const sortType = input.sortType ?? RELEVANCE;

      // Bounded cost (docs/decisions.md "Search"): every scan stops at SEARCH_WINDOW rows, and the
      // title and head levels look at the newest SCAN_ROWS articles of the filter only.
      type Column = 'search_title' | 'search_head' | 'search_vector';
      type Order = 'newest' | 'oldest' | 'read';
      const orders: Record<Order, { inner: SQL; outer: SQL }> = {
        newest: { inner: sql`${articles.postdate} desc, ${articles.id} desc`, outer: sql`x.postdate desc, x.id desc` },
        oldest: { inner: sql`${articles.postdate} asc, ${articles.id} asc`, outer: sql`x.postdate asc, x.id asc` },
        read: {
          inner: sql`${articles.readCount} desc, ${articles.postdate} desc, ${articles.id} desc`,
          outer: sql`x.read_count desc, x.postdate desc, x.id desc`,
        },
      };
      type Row = { id: number; postdate: Date | string; tier: number | string };
      const vector = (table: string, column: Column) => sql.raw(`${table}.${column}`);
      // The tier of a row of `table`: all terms in the title 1, in the head 2, up to the intro 3, else 4.
      const tierOf = (table: string) =>
        sql`case when ${vector(table, 'search_title')} @@ ${q.all}::tsquery then 1
          when ${vector(table, 'search_head')} @@ ${q.all}::tsquery then 2
          when ${vector(table, 'search_vector')} @@ ${q.abc}::tsquery then 3 else 4 end`;

      /** The first SEARCH_WINDOW of the newest SCAN_ROWS articles of the filter that match in `column`. */
      const recent = async (column: Column, order: Order) => {
        const { inner, outer } = orders[order];
        // The subquery's order carries through the join (a nested loop on the primary key), so the
        // scan stops at the window's last match.
        return rowsOf<Row>(
          await db.execute(sql`
            select x.id, x.postdate, 0 as tier
            from (select ${articles.id} as id, ${articles.postdate} as postdate, ${articles.readCount} as read_count
              from ${articles} where ${where} order by ${inner} limit ${SCAN_ROWS}) x
            join articles a on a.id = x.id
            where ${vector('a', column)} @@ ${q.all}::tsquery
            order by ${outer} limit ${SEARCH_WINDOW}`),
        );
      };
      /**
       * The first SEARCH_WINDOW matches in the whole text in the sort's order: the planner walks the
       * order's index while checking (a common word) or sorts the GIN index's matches (a rarer one).
       * With `tiers`, each of those rows (only) gets its tier.
       */
      const matchesIn = async (order: Order, tiers: boolean) => {
        const { inner, outer } = orders[order];
        return rowsOf<Row>(
          await db.execute(sql`
            select x.id, x.postdate, ${tiers ? tierOf('a') : sql`0`} as tier
            from (select ${articles.id} as id, ${articles.postdate} as postdate, ${articles.readCount} as read_count
              from ${articles} where ${where} and ${articles.searchVector} @@ ${q.all}::tsquery
              order by ${inner} limit ${SEARCH_WINDOW}) x
            join articles a on a.id = x.id
            order by ${outer}`),
        );
      };
      const time = (d: Date | string) => new Date(d).getTime();
      const toRanked = (rows: Row[]) => rows.map((r) => ({ id: Number(r.id), at: time(r.postdate), tier: Number(r.tier) }));
      let ranked: { id: number; at: number; tier: number }[];
      // The total counts the matches up to the window: a scan that returns fewer rows than the
      // window found them all; one that fills it (or a level that fills it) means at least as many.
      let total: number;
      if (sortType !== RELEVANCE) {
        ranked = toRanked(await matchesIn(sortType === 1 ? 'oldest' : sortType === 2 ? 'read' : 'newest', false));
        total = ranked.length;
      } else {
        // Title matches, then head matches, among the newest SCAN_ROWS articles of the filter (each
        // scan stops at the window); when they leave the window unfilled, the newest matches in the
        // whole text, each with its tier. A level that fills the window decides alone.
        const byId = new Map<number, { id: number; at: number; tier: number }>();
        const add = (rows: Row[], tier?: number) => {
          for (const r of toRanked(rows)) if (!byId.has(r.id)) byId.set(r.id, tier === undefined ? r : { ...r, tier });
        };
        add(await recent('search_title', 'newest'), 1);
        if (byId.size < SEARCH_WINDOW) add(await recent('search_head', 'newest'), 2);
        total = SEARCH_WINDOW;
        if (byId.size < SEARCH_WINDOW) {
          const all = await matchesIn('newest', true);
          add(all);
          // Every title or head match is a match in the whole text.
          total = all.length;
        }
        ranked = [...byId.values()].sort((a, b) => a.tier - b.tier || b.at - a.at || b.id - a.id).slice(0, SEARCH_WINDOW);
      }
      const ids = ranked.slice(offset, offset + limit).map((r) => r.id);
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
}
