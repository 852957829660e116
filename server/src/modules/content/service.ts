import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { articleClasses, articleFilters, articleSources, articles, articleTypes } from '../../db/schema/index.js';
import { dayRange } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging, toIdList } from '../../lib/lists.js';
import { TtlCache } from '../../lib/ttlCache.js';
import type { AccountService } from '../account/service.js';
import type { CoursesService } from '../courses/service.js';
import type { ArticleClass, ArticleListBody, ArticleListItem } from './schemas.js';

export type ContentService = ReturnType<typeof createContentService>;

/** How long a list total is reused (content changes a few times a day). */
const TOTALS_TTL_MS = 30_000;

/** Comma list of the class names of a row's class_ids, in display order. */
export const classNamesOf = (classIds: SQL | PgColumn) =>
  sql<string>`(select coalesce(string_agg(${articleClasses.classname}, ',' order by ${articleClasses.sort}), '') from ${articleClasses} where ${articleClasses.id} = any(${classIds}))`;

export function createContentService(deps: { db: Db; account: AccountService; courses: CoursesService }) {
  const { db } = deps;
  const totals = new TtlCache<number>(TOTALS_TTL_MS);

  return {
    /** The seven disease areas with their field codes and number of published courses. */
    async articleClasses(): Promise<ArticleClass[]> {
      const [classes, lessonCounts] = await Promise.all([
        db.select().from(articleClasses).orderBy(asc(articleClasses.sort), asc(articleClasses.id)),
        deps.courses.publishedCountByClass(),
      ]);
      return classes.map((c) => ({
        id: c.id,
        classname: c.classname,
        code: c.code,
        num: lessonCounts.get(c.id) ?? 0,
        xcxIconSe: c.xcxIconSe,
      }));
    },

    /**
     * A page of published articles. Items carry list fields only: never the body, commentary or
     * media URLs (ARCHITECTURE §3.3). ifCollect comes from the caller's own favourites.
     */
    async listArticles(query: ArticleListBody, memberId: number | undefined) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const sourceIds = toIdList(query.sourceIds);
      const range = dayRange(query.startDate, query.endDate);

      if (sourceIds.length > 0) {
        const known = await db.select({ id: articleSources.id }).from(articleSources).where(inArray(articleSources.id, sourceIds));
        const unknown = sourceIds.filter((id) => !known.some((k) => k.id === id));
        if (unknown.length > 0) throw AppError.badParameter(`来源不存在：${unknown.join(',')}`);
      }

      const conditions: SQL[] = [eq(articles.status, 1)];
      if (sourceIds.length) conditions.push(inArray(articles.sourceId, sourceIds));
      const classIds = toIdList(query.articleClassIds);
      if (classIds.length) conditions.push(arrayOverlaps(articles.classIds, classIds));
      const filterIds = toIdList(query.articleFilterIds);
      if (filterIds.length) conditions.push(inArray(articles.filterId, filterIds));
      const typeIds = toIdList(query.articleTypeIds);
      if (typeIds.length) conditions.push(inArray(articles.typeId, typeIds));
      const articleIds = toIdList(query.articleIds);
      if (articleIds.length) conditions.push(inArray(articles.id, articleIds));
      if (query.haswantsay === 1) conditions.push(eq(articles.haswantsay, 1));
      if (range) conditions.push(gte(articles.postdate, range.from), lt(articles.postdate, range.to));
      const where = and(...conditions);

      const order =
        query.sortType === 1
          ? [asc(articles.postdate), asc(articles.id)]
          : query.sortType === 2
            ? [desc(articles.readCount), desc(articles.postdate), desc(articles.id)]
            : [desc(articles.postdate), desc(articles.id)];

      // The page's ids come from `articles` alone, so PostgreSQL walks the (source, postdate) or
      // (postdate) index and stops after one page; names are joined onto those rows only.
      const pageIds = db
        .select({ id: articles.id })
        .from(articles)
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset)
        .as('page_ids');
      const [rows, total] = await Promise.all([
        db
          .select({
            id: articles.id,
            title: articles.title,
            outtitle: articles.outtitle,
            author: articles.author,
            pcauthor: articles.pcauthor,
            intro: articles.intro,
            postdate: articles.postdate,
            pubdate: articles.pubdate,
            classNames: classNamesOf(articles.classIds),
            typeName: articleTypes.typename,
            filterName: articleFilters.filtername,
            typeid: articles.typeId,
            sourceid: articles.sourceId,
            sourceName: articleSources.name,
            permalinks: articles.permalinks,
            thumb: articles.thumb,
            haswantsay: articles.haswantsay,
            accessLevel: articles.accessLevel,
          })
          .from(pageIds)
          .innerJoin(articles, eq(articles.id, pageIds.id))
          .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
          .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
          .leftJoin(articleTypes, eq(articleTypes.id, articles.typeId))
          .orderBy(...order),
        // Counting every match is the expensive part of a list; the total may lag by a few seconds.
        totals.getOrLoad(JSON.stringify([sourceIds, classIds, filterIds, typeIds, articleIds, query.haswantsay === 1, range]), async () => {
          const [row] = await db.select({ n: count() }).from(articles).where(where);
          return Number(row?.n ?? 0);
        }),
      ]);

      const collected = await deps.account.collectedIds(memberId, 'article', rows.map((r) => r.id));
      const results: ArticleListItem[] = rows.map((r) => ({
        ...r,
        postdate: r.postdate.toISOString(),
        pubdate: r.pubdate ?? '',
        typeName: r.typeName ?? '',
        filterName: r.filterName ?? '',
        typeid: r.typeid ?? 0,
        haswantsay: r.haswantsay === 1 ? 1 : 0,
        accessLevel: r.accessLevel as ArticleListItem['accessLevel'],
        ifCollect: collected.has(r.id) ? 1 : 0,
      }));
      return { results, page: pageOf(total, pageNo, pageSize) };
    },
  };
}
