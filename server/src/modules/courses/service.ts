import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { articleClasses, conferences, lessons, videoPlays } from '../../db/schema/index.js';
import { dayRange } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging, toIdList } from '../../lib/lists.js';
import type { AccountService, MemberItemList } from '../account/service.js';
import type { MediaUrls } from '../media/urls.js';
import { isActiveMember, type MembershipService } from '../membership/service.js';
// Class names come from the content module's own SQL helper; this module never names its tables.
import { classNamesOf } from '../content/service.js';
import { createSearchService, isSearch, RELEVANCE } from '../search/service.js';
import type {
  ChildLesson,
  ConferenceCard,
  ConferenceDetail,
  ConferenceListBody,
  LessonCard,
  LessonDetail,
  LessonListBody,
  MyLessonListQuery,
} from './schemas.js';

/** relationType of user/addVideoCount (portal module, §4 video start) for a lesson video; relationId is its lessonResId. */
export const VIDEO_COUNT_LESSON = 20;

export const CourseMessages = {
  lessonNotFound: '课程不存在或已下线',
  conferenceNotFound: '会议不存在或已下线',
  loginToWatch: '登录即可观看',
  profileIncomplete: '需要资料补齐才能浏览',
} as const;

/** Why a reader may not watch a lesson, or '' when they may (ARCHITECTURE §3.3). */
export type LessonBlock = '' | 'login' | 'profile' | 'member';

/**
 * The lesson access rules (spec §4): ifViewAuth 1 needs login and a completed profile (a real name),
 * 2 needs login; a member-only lesson also needs an active membership or a free read claimed on it.
 */
export function lessonBlock(
  lesson: { ifViewAuth: number; memberOnly: number },
  reader: { loggedIn: boolean; hasTruename: boolean; activeMember: boolean; freeReadClaimed: boolean },
): LessonBlock {
  if (!reader.loggedIn) return 'login';
  if (lesson.ifViewAuth === 1 && !reader.hasTruename) return 'profile';
  if (lesson.memberOnly === 1 && !reader.activeMember && !reader.freeReadClaimed) return 'member';
  return '';
}

const iso = (d: Date) => d.toISOString();

/** The columns of a lesson card (spec §3 Lesson card); toCard makes the card of a row. */
const cardColumns = () => ({
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
});

type CardRow = SelectResultFields<ReturnType<typeof cardColumns>>;
type CardFields = 'publishdate' | 'createTime' | 'subjectSerType' | 'ifViewAuth' | 'ifFav';

/**
 * The card of a row selected with cardColumns (and any more columns, kept as they are); `collected`
 * holds the lessonResIds the reader collected (lesson favourites are keyed by them, spec §7.3).
 */
function toCard<R extends CardRow>(r: R, collected: Set<number>): Omit<R, CardFields> & Pick<LessonCard, CardFields> {
  return {
    ...r,
    publishdate: iso(r.publishdate),
    createTime: iso(r.createTime),
    subjectSerType: r.subjectSerType as LessonCard['subjectSerType'],
    ifViewAuth: r.ifViewAuth === 1 ? 1 : 2,
    ifFav: collected.has(r.lessonResId) ? 1 : 0,
  };
}
/** The first `url` of a JSON text list of {url} (covers), if any. */
function firstUrl(list: string): string | undefined {
  try {
    const parsed = JSON.parse(list) as unknown;
    const url = Array.isArray(parsed) ? (parsed[0] as { url?: unknown } | undefined)?.url : undefined;
    return typeof url === 'string' && url ? url : undefined;
  } catch {
    return undefined;
  }
}
const isSeries = (subjectSerType: number) => subjectSerType === 2 || subjectSerType === 5;

export type CoursesService = ReturnType<typeof createCoursesService>;

export function createCoursesService(deps: { db: Db; account: AccountService; membership: MembershipService; media: MediaUrls }) {
  const { db } = deps;
  // Only top-level published lessons are listed; a series' children show on the series page.
  const listed = and(eq(lessons.status, 1), isNull(lessons.parentId));
  // Readers see published conferences only (drafts, scheduled and withdrawn ones are the console's).
  const conferenceLive = eq(conferences.editorialState, 'published');
  const search = createSearchService({ db });

  return {
    /**
     * What a lesson page's head may say to anyone (search engines, share cards): its title,
     * subtitle, first cover and date, never its text or media. Counts no view.
     */
    async lessonHead(lessonResId: number) {
      const [row] = await db
        .select({ title: lessons.title, subhead: lessons.subhead, coverPc: lessons.coverPc, publishdate: lessons.publishdate, memberOnly: lessons.memberOnly, subjectSerType: lessons.subjectSerType })
        .from(lessons)
        .where(and(eq(lessons.lessonResId, lessonResId), eq(lessons.status, 1)))
        .limit(1);
      return row ? { ...row, cover: firstUrl(row.coverPc) } : undefined;
    },

    /** What a conference page's head may say to anyone: title, subtitle, sponsor, picture and times. */
    async conferenceHead(id: number) {
      const [row] = await db
        .select({ title: conferences.title, subhead: conferences.subhead, sponsor: conferences.sponsor, imgPc: conferences.imgPc, beginTime: conferences.beginTime, endTime: conferences.endTime, status: conferences.status })
        .from(conferences)
        .where(and(eq(conferences.id, id), conferenceLive))
        .limit(1);
      return row ? { ...row, cover: firstUrl(row.imgPc) ?? (row.imgPc.startsWith('/') || row.imgPc.startsWith('http') ? row.imgPc : undefined) } : undefined;
    },

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
      // --- Search: a non-blank searchInfo (server/src/modules/search); 3 or no sortType is relevance. ---
      const found = isSearch(query.searchInfo) ? search.lessonSearch(query.searchInfo) : undefined;
      if (found === null) return { results: [], page: pageOf(0, pageNo, pageSize) };
      if (found) {
        await found.ready();
        conditions.push(found.where);
      }
      // --- End of search. ---
      const where = and(...conditions);

      const order =
        found && (query.sortType ?? RELEVANCE) === RELEVANCE
          ? [found.tier, desc(lessons.publishdate), desc(lessons.id)]
          : query.sortType === 0
          ? [desc(lessons.publishdate), desc(lessons.id)]
          : query.sortType === 1
            ? [asc(lessons.publishdate), asc(lessons.id)]
            : query.sortType === 2
              ? [desc(lessons.viewCount), desc(lessons.publishdate), desc(lessons.id)]
              : [desc(lessons.sort), desc(lessons.publishdate), desc(lessons.id)];

      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select(cardColumns())
          .from(lessons)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset),
        db.select({ total: count() }).from(lessons).where(where),
      ]);

      // Lesson favourites are keyed by the lesson resource id (spec §7.3).
      const [collected, highlights] = await Promise.all([
        deps.account.collectedIds(memberId, 'lesson', rows.map((r) => r.lessonResId)),
        found?.highlights(rows.map((r) => r.id)),
      ]);
      const results: LessonCard[] = rows.map((r) => ({
        ...toCard(r, collected),
        ...(highlights ? { highlight: highlights.get(r.id) } : {}),
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
      if (list === 'reading') await deps.account.settleReadings(memberId);
      const items = deps.account.memberItems(memberId, 'lesson', list, dayRange(query.startDate, query.endDate));
      const conditions: SQL[] = [eq(lessons.status, 1)];
      if (serTypes.length) conditions.push(inArray(lessons.subjectSerType, serTypes));
      if (classIds.length) conditions.push(arrayOverlaps(lessons.classIds, classIds));
      const where = and(...conditions);

      const [rows, [counted]] = await Promise.all([
        db
          .select(cardColumns())
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
      const results = rows.map((r) => toCard(r, collected));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },
      /** Published top-level lessons by kind (selectLessonCount). */
    async lessonCount() {
      const rows = await db
        .select({ t: lessons.subjectSerType, n: count() })
        .from(lessons)
        .where(listed)
        .groupBy(lessons.subjectSerType);
      const of = (...types: number[]) => rows.filter((r) => types.includes(r.t)).reduce((a, r) => a + Number(r.n), 0);
      return { total: of(1, 2, 3, 4, 5), video: of(1, 2), imageText: of(4, 5), list: of(3) };
    },

    /**
     * A published lesson by lessonResId with the reader's access flags (selectLessonDetail). A reader
     * who may not watch gets neither the media nor the content (ARCHITECTURE §3.3); one who may, and is
     * logged in, gets a reading record.
     */
    async lessonDetail(lessonResId: number, memberId: number | undefined): Promise<LessonDetail> {
      const [row] = await db
        .select({
          ...cardColumns(),
          parentId: lessons.parentId,
          memberOnly: lessons.memberOnly,
          classIds: lessons.classIds,
          media: lessons.media,
          content: lessons.content,
          aboutcontent: lessons.aboutcontent,
          // The seeded count plus the plays counted by user/addVideoCount (relation type 20).
          viewCount: sql<number>`(${lessons.viewCount} + coalesce((select ${videoPlays.plays} from ${videoPlays} where ${videoPlays.relationType} = ${VIDEO_COUNT_LESSON} and ${videoPlays.relationId} = ${lessons.lessonResId}), 0))::int`,
        })
        .from(lessons)
        .where(and(eq(lessons.lessonResId, lessonResId), eq(lessons.status, 1)))
        .limit(1);
      if (!row) throw AppError.notFound(CourseMessages.lessonNotFound);

      const [user, sub, monthChance, claimed, collected, children, parent] = await Promise.all([
        memberId === undefined ? undefined : deps.account.memberInfo(memberId),
        memberId === undefined ? undefined : deps.membership.subscriptionOf(memberId),
        memberId === undefined ? false : deps.membership.hasMonthChance(memberId),
        deps.membership.lessonFreeReadClaimed(memberId, row.lessonResId),
        deps.account.collectedIds(memberId, 'lesson', [row.lessonResId]),
        db
          .select({
            id: lessons.id,
            lessonResId: lessons.lessonResId,
            title: lessons.title,
            subhead: lessons.subhead,
            publishdate: lessons.publishdate,
            subjectSerType: lessons.subjectSerType,
            subjectType: lessons.subjectType,
            coverPc: lessons.coverPc,
            coverMobile: lessons.coverMobile,
          })
          .from(lessons)
          .where(and(eq(lessons.parentId, row.id), eq(lessons.status, 1)))
          // The series' order set in the console (sort), then by date.
          .orderBy(asc(lessons.sort), asc(lessons.publishdate), asc(lessons.id)),
        row.parentId === null
          ? []
          : db.select({ resId: lessons.lessonResId, status: lessons.status }).from(lessons).where(eq(lessons.id, row.parentId)).limit(1),
      ]);
      // A lesson of a series that is not published (a draft, withdrawn) is not published either.
      if (row.parentId !== null && parent[0]?.status !== 1) throw AppError.notFound(CourseMessages.lessonNotFound);
      const activeMember = sub ? isActiveMember(sub.serviceType) : false;
      const blockedBy = lessonBlock(row, {
        loggedIn: memberId !== undefined,
        hasTruename: !!user?.truename?.trim(),
        activeMember,
        freeReadClaimed: claimed,
      });
      const canView = blockedBy === '';
      if (memberId !== undefined && canView) deps.account.recordReading(memberId, 'lesson', row.lessonResId);
      const classRows = row.classIds.length
        ? await db
            .select({ id: articleClasses.id, classname: articleClasses.classname })
            .from(articleClasses)
            .where(inArray(articleClasses.id, row.classIds))
            .orderBy(asc(articleClasses.sort), asc(articleClasses.id))
        : [];
      const { parentId: _p, classIds, media, content, ...card } = row;
      return {
        ...toCard(card, collected),
        media: canView ? deps.media.listForReply(media) : '[]',
        // A series (2, 5) has no media: its content is the course intro shown on the series page,
        // and each chapter is gated on its own.
        content: canView || isSeries(row.subjectSerType) ? content : '',
        parentLessonResId: parent[0]?.resId ?? null,
        articalClassIds: classIds,
        items: classRows.map((c) => ({ articalClassId: c.id, classname: c.classname })),
        childLessonList: children.map((c): ChildLesson => ({ ...c, publishdate: iso(c.publishdate) })),
        blockedBy,
        is_subscribe: activeMember ? 2 : 1,
        is_have_view_auth: canView ? 1 : 2,
        is_month_chance: monthChance ? 2 : 1,
      };
    },

    /**
     * The month's free read on a lesson (articleUseMonthChance with type=1). Readers the lesson is
     * already open to get it without using their chance; the login and profile rules still apply.
     */
    async useLessonMonthChance(memberId: number, lessonResId: number): Promise<{ granted: boolean; block?: LessonBlock }> {
      const [row] = await db
        .select({ ifViewAuth: lessons.ifViewAuth, memberOnly: lessons.memberOnly })
        .from(lessons)
        .where(and(eq(lessons.lessonResId, lessonResId), eq(lessons.status, 1)))
        .limit(1);
      if (!row) throw AppError.notFound(CourseMessages.lessonNotFound);
      const [user, sub, claimed] = await Promise.all([
        deps.account.memberInfo(memberId),
        deps.membership.subscriptionOf(memberId),
        deps.membership.lessonFreeReadClaimed(memberId, lessonResId),
      ]);
      const block = lessonBlock(row, {
        loggedIn: true,
        hasTruename: !!user.truename?.trim(),
        activeMember: isActiveMember(sub.serviceType),
        freeReadClaimed: claimed,
      });
      if (block === '') return { granted: true };
      if (block !== 'member') return { granted: false, block };
      if ((await deps.membership.claimLessonFreeRead(memberId, lessonResId)) === 'granted') return { granted: true };
      // A concurrent claim of this same lesson may have used the chance on it.
      return (await deps.membership.lessonFreeReadClaimed(memberId, lessonResId)) ? { granted: true } : { granted: false, block };
    },

    /** Conference notices (lessAdvStatus 2, soonest first) or reviews (1, newest first), or all. */
    async conferenceList(query: ConferenceListBody, memberId: number | undefined) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const classIds = toIdList(query.articalClassIds);
      const conditions: SQL[] = [conferenceLive];
      if (query.lessAdvStatus) conditions.push(eq(conferences.status, query.lessAdvStatus));
      if (classIds.length) conditions.push(arrayOverlaps(conferences.classIds, classIds));
      const where = and(...conditions);
      const order =
        query.lessAdvStatus === 2 ? [asc(conferences.beginTime), asc(conferences.id)] : [desc(conferences.beginTime), desc(conferences.id)];
      const [rows, [counted]] = await Promise.all([
        db.select(conferenceColumns).from(conferences).where(where).orderBy(...order).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(conferences).where(where),
      ]);
      const collected = await deps.account.collectedIds(memberId, 'meeting', rows.map((r) => r.id));
      return { results: rows.map((r) => toConferenceCard(r, collected)), page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /** A conference with its content; its media only for a logged-in reader (§6: watching needs login). */
    async conferenceDetail(id: number, memberId: number | undefined): Promise<ConferenceDetail> {
      const [row] = await db
        .select({ ...conferenceColumns, content: conferences.content, media: conferences.media })
        .from(conferences)
        .where(and(eq(conferences.id, id), conferenceLive))
        .limit(1);
      if (!row) throw AppError.notFound(CourseMessages.conferenceNotFound);
      const collected = await deps.account.collectedIds(memberId, 'meeting', [row.id]);
      return { ...toConferenceCard(row, collected), content: row.content, media: memberId === undefined ? '[]' : deps.media.listForReply(row.media) };
    },

    /** Disease areas with conferences and how many each has (ConferenceAdvance/subject). */
    async conferenceSubjects() {
      const perClass = db
        .select({ classId: sql<number>`unnest(${conferences.classIds})`.as('class_id') })
        .from(conferences)
        .where(conferenceLive)
        .as('per_class');
      const rows = await db
        .select({ id: articleClasses.id, classname: articleClasses.classname, num: count() })
        .from(perClass)
        .innerJoin(articleClasses, eq(articleClasses.id, perClass.classId))
        .groupBy(articleClasses.id, articleClasses.classname, articleClasses.sort)
        .orderBy(asc(articleClasses.sort), asc(articleClasses.id));
      return rows.map((r) => ({ id: r.id, classname: r.classname, num: Number(r.num) }));
    },

    /** Collects a conference (collectRelease); collecting it again changes nothing. */
    async collectRelease(memberId: number, id: number): Promise<true> {
      const [row] = await db.select({ id: conferences.id }).from(conferences).where(and(eq(conferences.id, id), conferenceLive)).limit(1);
      if (!row) throw AppError.notFound(CourseMessages.conferenceNotFound);
      await deps.account.collect(memberId, 'meeting', id);
      return true;
    },

    /** Removes a conference from the favourites (cancelRelease); harmless when it is not there. */
    async cancelRelease(memberId: number, id: number): Promise<true> {
      await deps.account.cancelCollect(memberId, 'meeting', id);
      return true;
    },
  };
}

const conferenceColumns = {
  id: conferences.id,
  title: conferences.title,
  subhead: conferences.subhead,
  sponsor: conferences.sponsor,
  imgPc: conferences.imgPc,
  articelClassName: classNamesOf(conferences.classIds),
  beginTime: conferences.beginTime,
  endTime: conferences.endTime,
  status: conferences.status,
};

function toConferenceCard(
  r: { id: number; title: string; subhead: string; sponsor: string; imgPc: string; articelClassName: string; beginTime: Date; endTime: Date; status: number },
  collected: Set<number>,
): ConferenceCard {
  return {
    lessonAdvId: r.id,
    id: r.id,
    title: r.title,
    subhead: r.subhead,
    sponsor: r.sponsor,
    imgPc: r.imgPc,
    articelClassName: r.articelClassName,
    beginTime: iso(r.beginTime),
    endTime: iso(r.endTime),
    lessAdvStatus: r.status === 2 ? 2 : 1,
    ifFav: collected.has(r.id) ? 1 : 0,
  };
}
