import { and, arrayOverlaps, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lessons } from '../../db/schema/index.js';
import { dayRange } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging, toIdList } from '../../lib/lists.js';
import type { AccountService, MemberItemList } from '../account/service.js';
// Class names come from the content module's own SQL helper; this module never names its tables.
import { classNamesOf } from '../content/service.js';
import type { LessonCard, LessonListBody, MyLessonListQuery } from './schemas.js';

export type CoursesService = ReturnType<typeof createCoursesService>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createCoursesService(deps: { db: Db; account: AccountService }) {
  const { db } = deps;
  // Only top-level published lessons are listed; a series' children show on the series page.
  const listed = and(eq(lessons.status, 1), isNull(lessons.parentId));

  return {
    /** Adds a published lesson (by lessonResId) to the favourites; collecting it again changes nothing. */
    async collectLesson(memberId: number, lessonResId: number): Promise<true> {
      const [row] = await db
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.lessonResId, lessonResId), eq(lessons.status, 1)))
        .limit(1);
      if (!row) throw AppError.notFound('课程不存在或已下线');
      await deps.account.collect(memberId, 'lesson', lessonResId);
      return true;
    },

    /** Removes a lesson (by lessonResId) from the favourites; removing one that is not there is harmless. */
    async cancelCollectLesson(memberId: number, lessonResId: number): Promise<true> {
      await deps.account.cancelCollect(memberId, 'lesson', lessonResId);
      return true;
    },

    /** Published top-level lessons per disease-area class id. */
    async publishedCountByClass(): Promise<Map<number, number>> {
      const perClass = db
        .select({ classId: sql<number>`unnest(${lessons.classIds})`.as('class_id') })
        .from(lessons)
        .where(listed)
        .as('per_class');
      const rows = await db.select({ classId: perClass.classId, n: count() }).from(perClass).groupBy(perClass.classId);
      return new Map(rows.map((r) => [Number(r.classId), Number(r.n)]));
    },

    async listLessons(query: LessonListBody, memberId: number | undefined) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const serTypes = toIdList(query.subjectSerType);
      if (serTypes.some((t) => t < 1 || t > 5)) throw AppError.badParameter('课程类型不正确');
      const range = dayRange(query.startDate, query.endDate);

      const conditions: SQL[] = [listed!];
      if (serTypes.length) conditions.push(inArray(lessons.subjectSerType, serTypes));
      const classIds = [...toIdList(query.articalClassIds), ...(query.articalClassId ? [query.articalClassId] : [])];
      if (classIds.length) conditions.push(arrayOverlaps(lessons.classIds, classIds));
      if (range) conditions.push(gte(lessons.publishdate, range.from), lt(lessons.publishdate, range.to));
      const words = query.searchInfo?.trim();
      if (words) {
        const pattern = `%${escapeLike(words)}%`;
        conditions.push(or(ilike(lessons.title, pattern), ilike(lessons.subhead, pattern))!);
      }
      const where = and(...conditions);

      const order =
        query.sortType === 0
          ? [desc(lessons.publishdate), desc(lessons.id)]
          : query.sortType === 1
            ? [asc(lessons.publishdate), asc(lessons.id)]
            : query.sortType === 2
              ? [desc(lessons.viewCount), desc(lessons.publishdate), desc(lessons.id)]
              : [desc(lessons.sort), desc(lessons.publishdate), desc(lessons.id)];

      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select({
            id: lessons.id,
            lessonResId: lessons.lessonResId,
            title: lessons.title,
            subhead: lessons.subhead,
            publishdate: lessons.publishdate,
            createTime: lessons.createdAt,
            subjectSerType: lessons.subjectSerType,
            subjectType: lessons.subjectType,
            ifViewAuth: lessons.ifViewAuth,
            coverPc: lessons.coverPc,
            coverMobile: lessons.coverMobile,
            classNames: classNamesOf(lessons.classIds),
            outsideChain: lessons.outsideChain,
          })
          .from(lessons)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset),
        db.select({ total: count() }).from(lessons).where(where),
      ]);

      // Lesson favourites are keyed by the lesson resource id (spec §7.3).
      const collected = await deps.account.collectedIds(memberId, 'lesson', rows.map((r) => r.lessonResId));
      const results: LessonCard[] = rows.map((r) => ({
        ...r,
        publishdate: r.publishdate.toISOString(),
        createTime: r.createTime.toISOString(),
        subjectSerType: r.subjectSerType as LessonCard['subjectSerType'],
        ifViewAuth: r.ifViewAuth === 1 ? 1 : 2,
        ifFav: collected.has(r.lessonResId) ? 1 : 0,
      }));
      return { results, page: pageOf(Number(total), pageNo, pageSize) };
    },

    /**
     * The member's favourite lessons (newest collected first) or lessons viewed (newest first), both
     * keyed by lessonResId. The date range applies to the collect or view time; drafts are left out.
     */
    async myLessons(memberId: number, list: MemberItemList, query: MyLessonListQuery) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const serTypes = toIdList(query.subjectSerType);
      if (serTypes.some((t) => t < 1 || t > 5)) throw AppError.badParameter('课程类型不正确');
      const classIds = toIdList(query.articleClassIds);
      const items = deps.account.memberItems(memberId, 'lesson', list, dayRange(query.startDate, query.endDate));
      const conditions: SQL[] = [eq(lessons.status, 1)];
      if (serTypes.length) conditions.push(inArray(lessons.subjectSerType, serTypes));
      if (classIds.length) conditions.push(arrayOverlaps(lessons.classIds, classIds));
      const where = and(...conditions);

      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: lessons.id,
            lessonResId: lessons.lessonResId,
            title: lessons.title,
            subhead: lessons.subhead,
            publishdate: lessons.publishdate,
            createTime: lessons.createdAt,
            subjectSerType: lessons.subjectSerType,
            subjectType: lessons.subjectType,
            ifViewAuth: lessons.ifViewAuth,
            coverPc: lessons.coverPc,
            coverMobile: lessons.coverMobile,
            classNames: classNamesOf(lessons.classIds),
            outsideChain: lessons.outsideChain,
          })
          .from(items)
          .innerJoin(lessons, eq(lessons.lessonResId, items.itemId))
          .where(where)
          .orderBy(desc(items.at), desc(lessons.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(items).innerJoin(lessons, eq(lessons.lessonResId, items.itemId)).where(where),
      ]);
      const collected =
        list === 'favourites'
          ? new Set(rows.map((r) => r.lessonResId))
          : await deps.account.collectedIds(memberId, 'lesson', rows.map((r) => r.lessonResId));
      const results: LessonCard[] = rows.map((r) => ({
        ...r,
        publishdate: r.publishdate.toISOString(),
        createTime: r.createTime.toISOString(),
        subjectSerType: r.subjectSerType as LessonCard['subjectSerType'],
        ifViewAuth: r.ifViewAuth === 1 ? 1 : 2,
        ifFav: collected.has(r.lessonResId) ? 1 : 0,
      }));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },
  };
}
