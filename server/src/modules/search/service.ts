// Search over articles and lessons (issue "Search", docs/decisions.md "Search"). The content and
// courses services hand a list request with a non-blank searchInfo to this module; it finds the
// ids of the page, the total and the highlights, and they build the reply as for any list.
import { and, arrayOverlaps, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articleReads, articles, lessons } from '../../db/schema/index.js';
import type { ListFilter } from '../content/listIndex.js';
import { readCountOf } from '../content/readCounts.js';
import { VersionedCache } from '../content/versionedCache.js';
import { glossaryStore } from '../glossary/store.js';
import { headMatches, highlightOf, type Highlight } from './highlight.js';
import { parseQuery, toTsquery, type ParsedQuery } from './segment.js';
import type { Expansion } from './synonyms.js';
import { indexStaleArticles, indexStaleLessons, monthLexeme, yearLexeme } from './vectors.js';

/**
 * The ranked window: a search ranks at most this many matches (the newest ones of each level, see
 * articles) and its total counts up to this many. Bounds the cost of a word that half the corpus
 * contains (docs/decisions.md "Search").
 */
export const SEARCH_WINDOW = 200;
/**
 * Articles of the filter checked one by one, newest first, before the GIN index is asked: every
 * match among them gets its tier, and they hold the window when the word is in a third of them.
 */
const FIRST_RUNG_ROWS = 600;

/** sortType in a search: 3 (or absent) relevance, 0 newest first, 1 oldest first, 2 most read. */
export const RELEVANCE = 3;

/** Whether a list request's searchInfo asks for a search (a non-blank text). */
export const isSearch = (searchInfo: unknown): searchInfo is string | number =>
  (typeof searchInfo === 'string' && searchInfo.trim() !== '') || typeof searchInfo === 'number';

/**
 * How a search that found nothing is kept for the dashboard: trimmed, blanks folded, lower-cased
 * and cut to 64 characters ('' when nothing is left).
 */
export const missQuery = (searchInfo: string | number): string =>
  String(searchInfo).trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 64);

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
  /** For a misspelled English term: the glossary's nearest English term or abbreviation. */
  didYouMean?: string;
}

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * The tsquery literals of a query: any field, title only, title to keywords, title to intro. With a
 * glossary expansion (synonyms.ts), `all` matches the query as typed or as expanded, and `exact` /
 * `exactAbc` the query as typed only (what ranks first).
 */
function queries(parsed: ParsedQuery, expansion?: Expansion) {
  const exact = toTsquery(parsed);
  const exactAbc = toTsquery(parsed, 'ABC');
  return {
    all: expansion ? `(${exact}) | (${expansion.all})` : exact,
    a: toTsquery(parsed, 'A'),
    abc: exactAbc,
    exact,
    exactAbc,
    expanded: expansion?.all,
    expandedAbc: expansion ? `(${exactAbc}) | (${expansion.abc})` : undefined,
  };
}

/** The text of an article that its highlight reads (the body only for a public article). */
interface HighlightRow {
  title: string;
  intro: string;
  keyword: string;
  outtitle: string;
  pcauthor: string;
  wantsay: string;
  content: string;
  access_level: string;
}

/**
 * The recency lexemes of the ladder's first two rungs at `now` (see vectors.ts recencyLexemes): the
 * months from six months ago to the end of this year, and this and the two previous years; both
 * with the next five years (articles dated ahead).
 */
export function recencyRungs(now: Date): [string[], string[]] {
  const year = now.getUTCFullYear();
  const ahead = [1, 2, 3, 4, 5].map((k) => yearLexeme(year + k));
  const months: string[] = [];
  for (let m = now.getUTCMonth() - 6; m <= 11; m++) months.push(monthLexeme(new Date(Date.UTC(year, m, 1))));
  return [
    [...months, ...ahead],
    [yearLexeme(year - 2), yearLexeme(year - 1), yearLexeme(year), ...ahead],
  ];
}

/** A tsquery disjunction of lexemes: `'_m202611' | '_m202612'`. */
const anyOf = (lexemes: string[]) => lexemes.map((l) => `'${l}'`).join(' | ');

/** A tsquery restricted to the rows holding one of the recency lexemes `scope` (a disjunction), or as it is without one. */
const within = (query: string, scope?: string) => (scope ? `(${query}) & (${scope})` : query);

/** Rows of a raw query (both drivers reply { rows }). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// The free part of a commentary (ARCHITECTURE §3.3): before its first <hr>; none without the marker.
const HR_MARKER = /<hr\b[^>]*>/i;
const freePart = (wantsay: string) => {
  const marker = HR_MARKER.exec(wantsay);
  return marker ? wantsay.slice(0, marker.index) : '';
};

interface FirstRung {
  /** The last article of rung 0: its postdate as PostgreSQL's text, and its id. */
  edge?: { postdate: string; id: number };
  lexemes: string;
}

/**
 * The recency lexemes (vectors.ts) of every article dated from `from` to `to`, as a tsquery
 * disjunction: each month's, or each year's when that is more than three years of months.
 */
export function spanLexemes(from: Date, to: Date): string {
  const out: string[] = [];
  const [y0, y1] = [from.getUTCFullYear(), to.getUTCFullYear()];
  if (y1 - y0 >= 3) for (let y = y0; y <= y1; y++) out.push(yearLexeme(y));
  else for (let m = from.getUTCMonth(); Date.UTC(y0, m, 1) <= to.getTime(); m++) out.push(monthLexeme(new Date(Date.UTC(y0, m, 1))));
  return anyOf(out);
}

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

  /**
   * Where rung 0 of a filter's ladder ends, per content version and filter: the last of the newest
   * FIRST_RUNG_ROWS articles (`edge`; none when the filter has fewer) and the recency lexemes of
   * every article from there to the newest (vectors.ts: each vector holds its month and year), as
   * a tsquery disjunction; null when the filter holds no article. With the words ANDed to those
   * lexemes the GIN index finds rung 0's matches without reading any other article's vector, and
   * the cut at `edge` makes them exactly the matches among those articles.
   */
  const firstRungs = new VersionedCache<FirstRung | null>(256);
  async function firstRungOf(filter: ListFilter, where: SQL, version: number | undefined): Promise<FirstRung | null> {
    const load = async () => {
      // The edge's time as text (microseconds, which a JS Date would drop); the others in ms.
      const ms = (column: string) => sql.raw(`extract(epoch from ${column}.postdate) * 1000`);
      const [row] = rowsOf<{ edge_date: string | null; edge_id: number | null; edge_ms: number | null; oldest_ms: number | null; newest_ms: number | null }>(
        await db.execute(sql`
          select e.postdate::text as edge_date, e.id as edge_id, ${ms('e')} as edge_ms, ${ms('o')} as oldest_ms, ${ms('n')} as newest_ms
          from (select 1) one
          left join lateral (select ${articles.postdate} as postdate, ${articles.id} as id from ${articles} where ${where}
            order by ${articles.postdate} desc, ${articles.id} desc offset ${FIRST_RUNG_ROWS - 1} limit 1) e on true
          left join lateral (select ${articles.postdate} as postdate from ${articles} where ${where}
            order by ${articles.postdate} asc, ${articles.id} asc limit 1) o on true
          left join lateral (select ${articles.postdate} as postdate from ${articles} where ${where}
            order by ${articles.postdate} desc, ${articles.id} desc limit 1) n on true`),
      );
      if (row?.newest_ms == null || row.oldest_ms == null) return null;
      const edge = row.edge_date !== null ? { postdate: row.edge_date, id: Number(row.edge_id) } : undefined;
      const from = new Date(Number(edge ? row.edge_ms : row.oldest_ms));
      return { edge, lexemes: spanLexemes(from, new Date(Number(row.newest_ms))) };
    };
    return version === undefined ? load() : firstRungs.get(version, JSON.stringify(filter), load);
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

  /** The highlight of an article of the page, from text any reader may see (never a gated body). */
  function articleHighlight(parsed: ParsedQuery, r: HighlightRow): Highlight {
    const open = r.access_level === 'public';
    const others = [
      { text: r.keyword },
      { text: r.pcauthor },
      { text: r.outtitle },
      { text: open ? r.wantsay : freePart(r.wantsay), html: true },
      ...(open ? [{ text: r.content, html: true }] : []),
    ];
    return highlightOf(parsed, { title: r.title, intro: r.intro, others });
  }

  return {
    /**
     * Readies the first search of a content version: the segmenter (its dictionary is loaded on first
     * use), the glossary's synonyms and the articles' vectors.
     */
    async warm(version: number): Promise<void> {
      parseQuery('心力衰竭');
      await Promise.all([freshArticles(version), glossaryStore(db).snapshot(version)]);
    },

    /**
     * A page of articles matching searchInfo and the list filter. Relevance: all query terms in the
     * title first, then in the title, keywords, English title or authors, then up to the intro,
     * then anywhere (body and commentary); newest first within each. Other sorts as in lists.
     *
     * One statement per search (on PGlite every statement blocks the request thread): the ranked
     * window, its size (the total, up to the window) and the page's rows with the text of their
     * highlights.
     */
    async articles(input: ArticleSearch): Promise<SearchPage> {
      const text = String(input.searchInfo);
      const parsed = parseQuery(text);
      if (parsed.terms.length === 0) return { ids: [], total: 0, highlights: new Map() };
      const [, glossary] = await Promise.all([freshArticles(input.version), glossaryStore(db).snapshot(input.version)]);
      const expansion = glossary.synonyms.expand(text);
      const didYouMean = glossary.synonyms.suggest(text);
      const q = queries(parsed, expansion);
      const where = articleWhere(input.filter);
      const { offset, pageSize } = input;
      const sortType = input.sortType ?? RELEVANCE;

      // Bounded cost (docs/decisions.md "Search"): every scan stops at SEARCH_WINDOW rows or at
      // FIRST_RUNG_ROWS articles (index-only walks: read_count is read only for the most-read order).
      type Order = 'newest' | 'oldest' | 'read';
      const orders: Record<Order, { inner: SQL; outer: SQL }> = {
        newest: { inner: sql`${articles.postdate} desc, ${articles.id} desc`, outer: sql`postdate desc, id desc` },
        oldest: { inner: sql`${articles.postdate} asc, ${articles.id} asc`, outer: sql`postdate asc, id asc` },
        read: {
          inner: sql`${readCountOf} desc, ${articles.postdate} desc, ${articles.id} desc`,
          outer: sql`read_count desc, postdate desc, id desc`,
        },
      };
      // The tier of a row `a`: all terms in the title 1, in the head 2, up to the intro 3, else 4.
      // With glossary synonyms (synonyms.ts), a row the query as typed does not match, found only
      // through a synonym, ranks just below the rows the query as typed matches in the same field:
      // title 1 / 2, head 3 / 4, up to the intro 5 / 6, anywhere 7 / 8 (docs/decisions.md "Search
      // synonyms": a title naming 心力衰竭 answers 心衰 better than a body mentioning 心衰).
      // The title-to-intro tiers read search_abc (those lexemes of search_vector alone). 7 or 8, for
      // a row no field up to the intro matches, is asked of the GIN index (the query as typed AND
      // the rung's recency lexemes `scope`, which every row of the rung holds): reading each such
      // row's whole-text vector took 11 ms of 哮喘's 30 (157 rows) on PGlite at 100 000 articles.
      const tierOf = (scope?: string) =>
        q.expanded
          ? sql`case when a.search_title @@ ${q.exact}::tsquery then 1 when a.search_title @@ ${q.all}::tsquery then 2
            when a.search_head @@ ${q.exact}::tsquery then 3 when a.search_head @@ ${q.all}::tsquery then 4
            when a.search_abc @@ ${q.exactAbc}::tsquery then 5 when a.search_abc @@ ${q.expandedAbc}::tsquery then 6
            when a.id = any(array(select ${articles.id} from ${articles} where ${articles.status} = 1 and ${articles.searchVector} @@ ${within(q.exact, scope)}::tsquery)) then 7
            else 8 end`
          : sql`case when a.search_title @@ ${q.all}::tsquery then 1 when a.search_head @@ ${q.all}::tsquery then 2
            when a.search_abc @@ ${q.abc}::tsquery then 3 else 4 end`;
      // Rung 0 of the ladder: the matches among the newest FIRST_RUNG_ROWS articles of the filter,
      // asked of the GIN index as the words AND the month lexemes those articles span, then cut
      // at the last of them (see firstRungOf). The cut is written so that no index serves it
      // (postdate + 0 seconds): on the postdate index alone (the planner's choice, 600 rows being
      // few) every one of the newest articles had its whole-text vector read and decompressed to
      // be checked, 7 ms of a 14 ms search at 100 000 articles on PostgreSQL; the GIN index answers
      // the words AND the months from its posting lists, 1.4 ms.
      const rung0 = await firstRungOf(input.filter, where, input.version);
      const newestRungMatches = rung0
        ? sql`select ${articles.id} as id, ${articles.postdate} as postdate from ${articles}
          where ${where} and ${articles.searchVector} @@ ${within(q.all, rung0.lexemes)}::tsquery
            ${rung0.edge ? sql`and ${articles.postdate} + interval '0 seconds' >= ${rung0.edge.postdate}::timestamptz and (${articles.postdate} > ${rung0.edge.postdate}::timestamptz or ${articles.id} >= ${rung0.edge.id})` : sql``}`
        : sql`select 0 as id, now() as postdate where false`;

      /**
       * The first SEARCH_WINDOW matches in the whole text in the sort's order: the planner walks the
       * order's index while checking (a common word) or sorts the GIN index's matches (a rarer one).
       * With `tiers`, each of those rows (only) gets its tier: all terms in the title 1, in the head
       * 2, up to the intro 3, else 4. Without `walk`, the order is one no index gives, so the planner
       * cannot walk the postdate index checking every article's whole-text vector: the GIN index's
       * matches are read and sorted. The ladder's last rung asks so: it runs only for a query with
       * fewer than the window's matches in the last years, where such a walk would read the whole
       * table (a phrase that matched nothing, as the synonyms of ICH, took 3.6 s at 100 000 articles).
       */
      const matchesIn = (order: Order, tiers: boolean, gate: SQL = sql`true`, match: string = q.all, walk = true, scope?: string) => sql`
        select x.id, x.postdate, ${order === 'read' ? sql`x.read_count` : sql`0`} as read_count, ${tiers ? tierOf(scope) : sql`0`} as tier
        from (select ${articles.id} as id, ${articles.postdate} as postdate${order === 'read' ? sql`, ${readCountOf} as read_count` : sql``}
          from ${articles} where ${where} and ${articles.searchVector} @@ ${match}::tsquery and ${gate}
          order by ${walk ? orders[order].inner : sql`${articles.postdate} + interval '0 seconds' desc, ${articles.id} desc`} limit ${SEARCH_WINDOW}) x
        ${tiers ? sql`join articles a on a.id = x.id` : sql``}`;

      /**
       * The newest SEARCH_WINDOW matches in the whole text, read as a ladder: among the newest
       * FIRST_RUNG_ROWS articles, then the articles of the last months, then of the last years,
       * then all, each rung run (a one-time filter) only when the one before found fewer than the
       * window. A rung asks the GIN index for the words
       * AND its recency lexemes (vectors.ts), so the index intersects the posting lists and only
       * the rung's matches are read from the table: a word in 8 % of 100 000 articles reads a few
       * hundred rows, not 8 000. Every match outside a rung is older than every match in it, so a
       * full rung is exactly the newest matches. `gate` runs the whole ladder or none of it.
       * No rung may be read by walking the postdate index (`walk` false): a rung after the first
       * runs only for a word in fewer than a third of the newest articles, and the walk checked
       * every article it passed by reading its whole-text vector (哮喘 with its synonyms: 769
       * vectors, 13 ms of 30 on PGlite at 100 000 articles), where the index gives the rung's
       * matches from its posting lists.
       */
      const newestMatches = (tiers: boolean, gate: SQL, firstRung?: SQL) => {
        const [months, years] = recencyRungs(new Date());
        const rung = (lexemes: string[]) => within(q.all, anyOf(lexemes));
        const gate1 = sql`${gate} and (select count(*) from r0) < ${SEARCH_WINDOW}`;
        const gate2 = sql`${gate1} and (select count(*) from r1) < ${SEARCH_WINDOW}`;
        const gate3 = sql`${gate2} and (select count(*) from r2) < ${SEARCH_WINDOW}`;
        // Rung 0, for a word many articles contain: the matches among the newest FIRST_RUNG_ROWS
        // articles of the filter (newestRungMatches); it holds the window when the word is in a
        // third of them, where the next rungs would read thousands of matches.
        return sql`r0 as materialized (${firstRung ?? sql`
            select x.id, x.postdate, 0 as read_count, ${tiers ? tierOf(rung0?.lexemes) : sql`0`} as tier
            from (${newestRungMatches} and ${gate} order by ${orders.newest.inner} limit ${SEARCH_WINDOW}) x
            join articles a on a.id = x.id`}),
          r1 as materialized (${matchesIn('newest', tiers, gate1, rung(months), false, anyOf(months))}),
          r2 as materialized (${matchesIn('newest', tiers, gate2, rung(years), false, anyOf(years))}),
          r3 as materialized (${matchesIn('newest', tiers, gate3, q.all, false)}),
          rest as (select * from r0 union all select * from r1 union all select * from r2 union all select * from r3)`;
      };

      /**
       * The first SEARCH_WINDOW matches in the most-read order. Read counts live in article_reads
       * (an article never read has no row): its index on the count lets the planner walk the counts
       * from the top, checking each article (a common word fills the window within a few hundred
       * articles), or sort the GIN index's matches (a rarer one). The matches never read follow,
       * newest first, only when the read ones are fewer than the window.
       */
      const mostReadWindow = () => sql`
        rr as materialized (
          select ${articles.id} as id, ${articles.postdate} as postdate, ${articleReads.readCount} as read_count, 0 as tier
          from ${articleReads} join ${articles} on ${articles.id} = ${articleReads.articleId}
          where ${where} and ${articles.searchVector} @@ ${q.all}::tsquery
          order by ${articleReads.readCount} desc, ${articles.postdate} desc, ${articles.id} desc limit ${SEARCH_WINDOW}),
        ru as materialized (
          select ${articles.id} as id, ${articles.postdate} as postdate, 0 as read_count, 0 as tier from ${articles}
          where ${where} and ${articles.searchVector} @@ ${q.all}::tsquery and (select count(*) from rr) < ${SEARCH_WINDOW}
            and not exists (select 1 from ${articleReads} where ${articleReads.articleId} = ${articles.id})
          order by ${orders.newest.inner} limit ${SEARCH_WINDOW}),
        w as materialized (select * from rr union all select * from ru order by read_count desc, postdate desc, id desc limit ${SEARCH_WINDOW})`;

      let window: SQL;
      let order: SQL;
      if (sortType !== RELEVANCE) {
        const o: Order = sortType === 1 ? 'oldest' : sortType === 2 ? 'read' : 'newest';
        window =
          o === 'newest'
            ? sql`${newestMatches(false, sql`true`)},
              w as materialized (select distinct on (postdate, id) * from rest order by postdate desc, id desc limit ${SEARCH_WINDOW})`
            : o === 'read'
              ? mostReadWindow()
              : sql`w as materialized (${matchesIn(o, false)})`;
        order = orders[o].outer;
      } else {
        // Every match among the newest FIRST_RUNG_ROWS articles of the filter with its tier, joined
        // by primary key: rung 0 of the ladder (newestRungMatches). When they are
        // fewer than the window, the rest of the ladder (one-time filters: a rung runs only then),
        // each row with its tier. A row found twice keeps its better tier.
        window = sql`recent as materialized (
            select x.id, x.postdate, 0 as read_count, ${tierOf(rung0?.lexemes)} as tier
            from (${newestRungMatches}) x
            join articles a on a.id = x.id),
          ${newestMatches(true, sql`true`, sql`select * from recent`)},
          w as materialized (
            select id, postdate, read_count, min(tier) as tier from (select * from recent union all select * from rest) u
            group by id, postdate, read_count order by min(tier), postdate desc, id desc limit ${SEARCH_WINDOW})`;
        order = sql`tier, postdate desc, id desc`;
      }
      // The page's short fields only: the commentary and the body (kilobytes each to fetch and
      // decompress) are read afterwards, and only for the rows whose snippet has to come from them.
      const rows = rowsOf<Omit<HighlightRow, 'wantsay' | 'content'> & { total: number | string; id: number | null }>(
        await db.execute(sql`
          with ${window},
            ranked as (select id, row_number() over (order by ${order}) as n from w),
            page as (select id, n from ranked where n > ${offset} order by n limit ${pageSize})
          select (select count(*) from w) as total, a.id, a.title, a.intro, a.keyword, a.outtitle, a.pcauthor, a.access_level
          from (select 1) one
          left join (page join articles a on a.id = page.id) on true
          order by page.n`),
      );
      const total = Number(rows[0]?.total ?? 0);
      const found = rows.filter((r) => r.id !== null);
      // A synonym's words are marked too (a result found through HF shows 心力衰竭 marked).
      const marked = expansion?.highlight ?? parsed;
      const highlights = new Map(found.map((r) => [Number(r.id), articleHighlight(marked, { ...r, wantsay: '', content: '' })]));
      const needText = found.filter((r) => !highlights.get(Number(r.id))!.snippet && !headMatches(marked, r));
      if (needText.length > 0) {
        const texts = rowsOf<{ id: number; wantsay: string; content: string }>(
          await db.execute(sql`select id, wantsay, case when access_level = 'public' then content else '' end as content
            from articles where id in (${sql.join(
              needText.map((r) => sql`${Number(r.id)}`),
              sql`, `,
            )})`),
        );
        const byId = new Map(texts.map((t) => [Number(t.id), t]));
        for (const r of needText) {
          const t = byId.get(Number(r.id));
          if (t) highlights.set(Number(r.id), articleHighlight(marked, { ...r, wantsay: t.wantsay, content: t.content }));
        }
      }
      return {
        ids: found.map((r) => Number(r.id)),
        total,
        highlights,
        ...(didYouMean ? { didYouMean } : {}),
      };
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
