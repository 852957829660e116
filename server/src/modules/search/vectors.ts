// The search vectors of an article or a lesson (docs/decisions.md "Search"), written with the row by
// every insert (the seeds) and by indexStale for rows whose text changed without them.
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, lessons } from '../../db/schema/index.js';
import { toTsvector, type Field } from './segment.js';

/** The text of an article that search reads. */
export interface ArticleText {
  title: string;
  outtitle: string;
  keyword: string;
  author: string;
  pcauthor: string;
  intro: string;
  content: string;
  wantsay: string;
  /** The publication time: its month and year are lexemes of search_vector (see recencyLexemes). */
  postdate: Date | string;
}

/**
 * The recency lexemes of an article published at `postdate`: its month (`_m202611`) and year
 * (`_y2026`), in UTC. No query word can produce them (a query's words have no `_`). A search asks
 * for its words AND a set of recent months or years, so the GIN index itself intersects the word's
 * posting list with the recent articles' and only those rows are read (service.ts, the ladder).
 * Migration 0012 writes them into existing vectors with the same format.
 */
export function recencyLexemes(postdate: Date | string): string {
  const d = new Date(postdate);
  return `'${monthLexeme(d)}' '${yearLexeme(d.getUTCFullYear())}'`;
}

/** The recency lexeme of a date's month (UTC), e.g. `_m202611`. */
export const monthLexeme = (d: Date) => `_m${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
/** The recency lexeme of a year, e.g. `_y2026`. */
export const yearLexeme = (year: number) => `_y${year}`;

/** Title A; keywords, English title and authors B. */
const headFields = (a: ArticleText): Field[] => [
  { text: a.title, weight: 'A' },
  { text: a.keyword, weight: 'B' },
  { text: a.outtitle, weight: 'B' },
  // pcauthor holds the names alone; author adds degrees. Both, for names written either way.
  { text: a.pcauthor === a.author ? a.author : `${a.pcauthor} ${a.author}`, weight: 'B' },
];

/**
 * search_title (the title alone: the first candidates of a ranking, found without rechecks),
 * search_head (title, keywords, authors: small, so the ranking reads it cheaply) and search_vector
 * (those, the intro C, the body and commentary D, and the recency lexemes).
 */
export function articleVectors(a: ArticleText): { searchTitle: string; searchHead: string; searchVector: string } {
  const head = headFields(a);
  return {
    searchTitle: toTsvector([{ text: a.title, weight: 'A' }]),
    searchHead: toTsvector(head),
    searchVector: `${toTsvector([
      ...head,
      { text: a.intro, weight: 'C' },
      { text: a.content, weight: 'D', html: true },
      { text: a.wantsay, weight: 'D', html: true },
    ])} ${recencyLexemes(a.postdate)}`,
  };
}

export interface LessonText {
  title: string;
  subhead: string;
  content: string;
}

/** A lesson's search_vector: title A, subtitle C, description D. */
export const lessonVector = (l: LessonText): string =>
  toTsvector([
    { text: l.title, weight: 'A' },
    { text: l.subhead, weight: 'C' },
    { text: l.content, weight: 'D', html: true },
  ]);

const STALE_BATCH = 200;

/**
 * Writes the vectors of articles and lessons that have none (inserted without them, or whose text
 * changed since: trigger of migration 0009). Returns how many rows were indexed.
 */
export async function indexStale(db: Db): Promise<number> {
  return (await indexStaleArticles(db)) + (await indexStaleLessons(db));
}

/** Writes the vectors of articles that have none; returns how many. */
export async function indexStaleArticles(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: articles.id,
        title: articles.title,
        outtitle: articles.outtitle,
        keyword: articles.keyword,
        author: articles.author,
        pcauthor: articles.pcauthor,
        intro: articles.intro,
        content: articles.content,
        wantsay: articles.wantsay,
        postdate: articles.postdate,
      })
      .from(articles)
      .where(isNull(articles.searchVector))
      .limit(STALE_BATCH);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((r) => {
        const v = articleVectors(r);
        return sql`(${r.id}::integer, ${v.searchTitle}::tsvector, ${v.searchHead}::tsvector, ${v.searchVector}::tsvector)`;
      }),
      sql`, `,
    );
    await db.execute(
      sql`update ${articles} set search_title = v.title, search_head = v.head, search_vector = v.vector
        from (values ${values}) as v(id, title, head, vector) where ${articles.id} = v.id`,
    );
    done += rows.length;
    if (rows.length < STALE_BATCH) break;
  }
  return done;
}

/** Writes the vectors of lessons that have none; returns how many. */
export async function indexStaleLessons(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: lessons.id, title: lessons.title, subhead: lessons.subhead, content: lessons.content })
      .from(lessons)
      .where(isNull(lessons.searchVector))
      .limit(STALE_BATCH);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::integer, ${lessonVector(r)}::tsvector)`),
      sql`, `,
    );
    await db.execute(sql`update ${lessons} set search_vector = v.vector from (values ${values}) as v(id, vector) where ${lessons.id} = v.id`);
    done += rows.length;
    if (rows.length < STALE_BATCH) break;
  }
  return done;
}
