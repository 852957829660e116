import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  aboutPages,
  adverts,
  articleFilters,
  articles,
  banners,
  conferences,
  hotReads,
  lessons,
  moduleSwitches,
  videoPlays,
  weeklyIssues,
} from '../../db/schema/index.js';
import { shanghaiDate } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { classNamesOf } from '../content/service.js';
import { VersionedCache } from '../content/versionedCache.js';
import type {
  AboutPage,
  Advert,
  AdvertListBody,
  BannerPicture,
  BannerReply,
  HotReadItem,
  HotReadListBody,
  ModularSwitchReply,
  PeriodicalArticle,
  QiKanListBody,
  VideoCountBody,
  WeeklyRecord,
} from './schemas.js';

export type PortalService = ReturnType<typeof createPortalService>;

/** Reads a JSON list column; a malformed value reads as an empty list rather than failing the page. */
function jsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const firstUrl = (text: string): string => {
  const first = jsonList<{ url?: unknown; path?: unknown }>(text)[0];
  const url = first?.url ?? first?.path;
  return typeof url === 'string' ? url : '';
};

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

/**
 * A weekly issue readers see: published by the editors (modules/editorial/issues.ts; issues from
 * before the console are published) and holding at least one published article.
 */
const shownIssue = and(
  eq(weeklyIssues.state, 'published'),
  sql`exists (select 1 from ${articles} where ${articles.weeklyIssueId} = ${weeklyIssues.id} and ${articles.status} = 1)`,
)!;

/**
 * Home page replies kept per content version: the banners, switches and adverts of a few codes,
 * positions and modules, the hot reads and the newest issue. A caller asking for many unknown codes
 * only pushes the least recently used out.
 */
const CACHED_HOME_REPLIES = 64;

export function createPortalService(deps: {
  db: Db;
  now: () => Date;
  /**
   * The current content version (content service): banners, switches, adverts, hot reads, weekly
   * issues, lessons and conferences raise it as articles do (migration 0030), so a reply kept under
   * a version is exactly what the database gives while that version lasts. Every instance sees a
   * change as soon as it is committed, and most home page calls cost no statement.
   */
  version: () => Promise<number>;
}) {
  const { db } = deps;
  const homeReplies = new VersionedCache<unknown>(CACHED_HOME_REPLIES);
  /** The value of `load` kept under the current content version (concurrent callers share one load). */
  const kept = async <T>(key: string, load: () => Promise<T>): Promise<T> => (await homeReplies.get(await deps.version(), key, load)) as T;

  const periodicalColumns = {
    id: articles.id,
    title: articles.title,
    outtitle: articles.outtitle,
    author: articles.author,
    intro: articles.intro,
    permalinks: articles.permalinks,
    sourceid: articles.sourceId,
    filterName: sql<string>`coalesce(${articleFilters.filtername}, '')`,
    classNames: classNamesOf(articles.classIds),
    thumb: articles.thumb,
    postdate: articles.postdate,
    haswantsay: articles.haswantsay,
    accessLevel: articles.accessLevel,
    weeklyIssueId: articles.weeklyIssueId,
  };

  /** The weekly records of these issues: journal (5), digest (6), animations (7), commentaries (1), catalogue (0). */
  async function weeklyRecords(issues: (typeof weeklyIssues.$inferSelect)[]): Promise<WeeklyRecord[]> {
    if (issues.length === 0) return [];
    const rows = await db
      .select(periodicalColumns)
      .from(articles)
      .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
      .innerJoin(weeklyIssues, eq(weeklyIssues.id, articles.weeklyIssueId))
      .where(and(inArray(articles.weeklyIssueId, issues.map((i) => i.id)), eq(articles.status, 1)))
      // The editors' order (modules/editorial/issues.ts); articles they did not place follow, newest first.
      .orderBy(asc(articles.sourceId), sql`array_position(${weeklyIssues.articleOrder}, ${articles.id}) nulls last`, desc(articles.postdate), desc(articles.id));
    const catalogs = issues.map((i) => i.catalogPermalinks).filter((p): p is string => !!p);
    const catalogRows = catalogs.length
      ? await db
          .select(periodicalColumns)
          .from(articles)
          .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
          // Catalogues are published by link only (status 2); a withdrawn one (0) is not shown.
          .where(and(inArray(articles.permalinks, catalogs), inArray(articles.status, [1, 2])))
      : [];
    return issues.map((issue) => {
      const mine = rows.filter((r) => r.weeklyIssueId === issue.id).map(toPeriodical);
      const map: Record<string, PeriodicalArticle[]> = {
        '0': catalogRows.filter((r) => r.permalinks === issue.catalogPermalinks).map(toPeriodical),
        '5': mine.filter((a) => a.sourceid === 5),
        '6': mine.filter((a) => a.sourceid === 6),
        '7': mine.filter((a) => a.sourceid === 7),
        '1': mine.filter((a) => a.sourceid === 5 && a.haswantsay === 1),
      };
      return {
        articleWeeklyPo: { id: issue.id, title: issue.title, thedate: issue.thedate, catalogPermalinks: issue.catalogPermalinks ?? '' },
        articleMap: map,
      };
    });
  }

  /**
   * The hot reads in their sort order with what a card shows, leaving out items whose target is gone
   * or unpublished (so every card opens a real page).
   */
  async function hotReadItems(): Promise<HotReadItem[]> {
    const all = await db.select().from(hotReads).orderBy(asc(hotReads.sort), asc(hotReads.id));
    const ids = (type: number) => all.filter((h) => h.relationType === type).map((h) => h.relationId);
    const lessonIds = ids(10);
    const conferenceIds = [...ids(20), ...ids(30)];
    const articleIds = ids(40);
    const [lessonRows, conferenceRows, articleRows] = await Promise.all([
      lessonIds.length
        ? db
            .select({
              lessonResId: lessons.lessonResId,
              title: lessons.title,
              subhead: lessons.subhead,
              coverPc: lessons.coverPc,
              ifViewAuth: lessons.ifViewAuth,
              classNames: classNamesOf(lessons.classIds),
              date: lessons.publishdate,
            })
            .from(lessons)
            .where(and(inArray(lessons.lessonResId, lessonIds), eq(lessons.status, 1)))
        : [],
      conferenceIds.length
        ? db
            .select({
              id: conferences.id,
              title: conferences.title,
              subhead: conferences.subhead,
              imgPc: conferences.imgPc,
              classNames: classNamesOf(conferences.classIds),
              date: conferences.beginTime,
              status: conferences.status,
            })
            .from(conferences)
            .where(and(inArray(conferences.id, conferenceIds), eq(conferences.editorialState, 'published')))
        : [],
      articleIds.length
        ? db
            .select({
              id: articles.id,
              permalinks: articles.permalinks,
              title: articles.title,
              intro: articles.intro,
              thumb: articles.thumb,
              classNames: classNamesOf(articles.classIds),
              date: articles.postdate,
              accessLevel: articles.accessLevel,
            })
            .from(articles)
            .where(and(inArray(articles.id, articleIds), eq(articles.status, 1)))
        : [],
    ]);
    const items: HotReadItem[] = [];
    for (const h of all) {
      if (h.relationType === 10) {
        const l = lessonRows.find((r) => r.lessonResId === h.relationId);
        if (l)
          items.push({
            id: l.lessonResId,
            relationType: 10,
            permalinks: '',
            title: l.title,
            intro: l.subhead,
            cover: firstUrl(l.coverPc),
            classNames: l.classNames,
            date: shanghaiDate(l.date),
            ifViewAuth: l.ifViewAuth,
            accessLevel: '',
          });
      } else if (h.relationType === 20 || h.relationType === 30) {
        // A notice is an upcoming conference (status 2), a review a past one (status 1).
        const c = conferenceRows.find((r) => r.id === h.relationId && r.status === (h.relationType === 20 ? 2 : 1));
        if (c)
          items.push({
            id: c.id,
            relationType: h.relationType,
            permalinks: '',
            title: c.title,
            intro: c.subhead,
            cover: c.imgPc,
            classNames: c.classNames,
            date: shanghaiDate(c.date),
            ifViewAuth: 0,
            accessLevel: '',
          });
      } else if (h.relationType === 40) {
        const a = articleRows.find((r) => r.id === h.relationId);
        if (a)
          items.push({
            id: a.id,
            relationType: 40,
            permalinks: a.permalinks,
            title: a.title,
            intro: stripHtml(a.intro).slice(0, 120),
            cover: a.thumb,
            classNames: a.classNames,
            date: shanghaiDate(a.date),
            ifViewAuth: 0,
            accessLevel: a.accessLevel,
          });
      }
    }
    return items;
  }

  function toPeriodical(r: { postdate: Date; weeklyIssueId: number | null } & Omit<PeriodicalArticle, 'postdate'>): PeriodicalArticle {
    const { weeklyIssueId: _w, postdate, ...rest } = r;
    return { ...rest, postdate: postdate.toISOString() };
  }

  return {
    /** The banner pictures of a code (home, classroom); an unknown code has none. */
    banner(code: string): Promise<BannerReply> {
      return kept(`banner:${code}`, async () => {
        const [row] = await db.select({ content: banners.content }).from(banners).where(eq(banners.code, code)).limit(1);
        const content = jsonList<Partial<BannerPicture>>(row?.content ?? '[]')
          .filter((p) => typeof p?.pic === 'string' && p.pic !== '')
          .map((p) => ({ pic: p.pic!, title: String(p.title ?? ''), intro: String(p.intro ?? ''), url: String(p.url ?? '') }));
        return { code, content };
      });
    },

    /** A module switch; a module that has no row is off. */
    modularSwitch(moduleName: string): Promise<ModularSwitchReply> {
      return kept(`switch:${moduleName}`, async () => {
        const [row] = await db
          .select({ value: moduleSwitches.switchValue })
          .from(moduleSwitches)
          .where(eq(moduleSwitches.moduleName, moduleName))
          .limit(1);
        return { moduleName, switchValue: row?.value === 1 ? 1 : 0 };
      });
    },

    /**
     * Published adverts of one position within their start and end times (by the app's clock), in
     * their sort order. The position's published adverts are kept per content version; their times
     * are checked on every call, so an advert appears and goes at its instants.
     */
    async adverts(body: AdvertListBody) {
      const { pageNo, pageSize, offset } = paging(body.pageNo, body.pageSize);
      const published = await kept(`adverts:${body.advertPosition}`, () =>
        db
          .select()
          .from(adverts)
          .where(and(eq(adverts.advertPosition, body.advertPosition), eq(adverts.ifPublish, 1)))
          .orderBy(asc(adverts.sort), asc(adverts.id)),
      );
      const at = deps.now().getTime();
      const live = published.filter((r) => (r.startAt === null || r.startAt.getTime() <= at) && (r.endAt === null || r.endAt.getTime() > at));
      const results: Advert[] = live.slice(offset, offset + pageSize).map((r) => ({
        id: r.id,
        name: r.name,
        adUrl: r.adUrl,
        imgUrl: r.imgUrl,
        advertPosition: r.advertPosition,
        ifPublish: r.ifPublish,
      }));
      return { results, page: pageOf(live.length, pageNo, pageSize) };
    },

    /**
     * Hot reads in their sort order, with what a card shows. Items whose target is gone or
     * unpublished are left out (and not counted), so every card opens a real page.
     */
    async hotReads(body: HotReadListBody) {
      const { pageNo, pageSize, offset } = paging(body.pageNo, body.pageSize);
      const items = await kept('hotReads', hotReadItems);
      return { results: items.slice(offset, offset + pageSize), page: pageOf(items.length, pageNo, pageSize) };
    },

    /** The newest weekly issue with its articles; null when there is none. */
    newestWeekly(): Promise<WeeklyRecord | null> {
      return kept('newestWeekly', async () => {
        const [issue] = await db
          .select()
          .from(weeklyIssues)
          .where(shownIssue)
          .orderBy(desc(weeklyIssues.thedate))
          .limit(1);
        if (!issue) return null;
        return (await weeklyRecords([issue]))[0] ?? null;
      });
    },

    /**
     * Months (1..12) of a year that have an issue with articles. The current year's list ends at the
     * current month (spec §4 Periodical), so a future-dated issue never opens an empty month.
     */
    async monthsOfYear(year: number): Promise<number[]> {
      const today = shanghaiDate(deps.now());
      const last = Number(today.slice(0, 4)) === year ? Number(today.slice(5, 7)) : 12;
      if (year > Number(today.slice(0, 4))) return [];
      const rows = await db
        .selectDistinct({ month: sql<number>`extract(month from ${weeklyIssues.thedate})::int` })
        .from(weeklyIssues)
        .where(
          and(
            gte(weeklyIssues.thedate, `${year}-01-01`),
            lt(weeklyIssues.thedate, `${year + 1}-01-01`),
            shownIssue,
          ),
        );
      return rows
        .map((r) => Number(r.month))
        .filter((m) => m <= last)
        .sort((a, b) => a - b);
    },

    /** The weekly issues of a month (YYYYMM), newest first, with their articles. */
    async weeklyOfMonth(body: QiKanListBody) {
      const month = String(body.month);
      const year = Number(month.slice(0, 4));
      const m = Number(month.slice(4, 6));
      if (!(m >= 1 && m <= 12)) throw AppError.badParameter('月份格式应为YYYYMM');
      const { pageNo, pageSize, offset } = paging(body.pageNo, body.pageSize);
      const from = `${year}-${String(m).padStart(2, '0')}-01`;
      const to = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
      const where = and(
        gte(weeklyIssues.thedate, from),
        lt(weeklyIssues.thedate, to),
        shownIssue,
      );
      const [issues, [total]] = await Promise.all([
        db.select().from(weeklyIssues).where(where).orderBy(desc(weeklyIssues.thedate)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(weeklyIssues).where(where),
      ]);
      return { results: await weeklyRecords(issues), page: pageOf(Number(total?.n ?? 0), pageNo, pageSize) };
    },

    /** The published about pages in sidebar order. */
    async aboutPages(): Promise<AboutPage[]> {
      const rows = await db.select().from(aboutPages).where(eq(aboutPages.ifPublish, 1)).orderBy(asc(aboutPages.sort), asc(aboutPages.id));
      return rows.map((r) => ({ id: r.id, type: r.type, title: r.title, content: r.content, serviceKey: r.serviceKey ?? 0 }));
    },

    /**
     * Counts one play of an article's media (10; animations and audio) or a lesson video (20). The
     * item must exist and carry media, so made-up ids are refused rather than counted.
     */
    async addVideoCount(body: VideoCountBody): Promise<{ plays: number }> {
      if (body.relationType === 10) {
        const [row] = await db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.id, body.relationId), eq(articles.status, 1), sql`${articles.videoUrl} <> ''`))
          .limit(1);
        if (!row) throw AppError.notFound('视频不存在');
      } else {
        const [row] = await db
          .select({ id: lessons.id })
          .from(lessons)
          .where(and(eq(lessons.lessonResId, body.relationId), eq(lessons.status, 1), isNotNull(lessons.media)))
          .limit(1);
        if (!row) throw AppError.notFound('视频不存在');
      }
      const at = deps.now();
      const [row] = await db
        .insert(videoPlays)
        .values({ relationType: body.relationType, relationId: body.relationId, plays: 1, lastPlayedAt: at })
        .onConflictDoUpdate({
          target: [videoPlays.relationType, videoPlays.relationId],
          set: { plays: sql`${videoPlays.plays} + 1`, lastPlayedAt: at },
        })
        .returning({ plays: videoPlays.plays });
      return { plays: row!.plays };
    },
  };
}
