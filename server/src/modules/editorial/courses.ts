// Courses and conferences in the business console (issue 20, item 2): single lessons, series with
// their child lessons in order, image-text, video and audio courses (subjectSerType 1–5), outside-
// chain courses, ifViewAuth and member-only, PC and mobile covers, media from the editorial media
// library; conference notices and reviews. Both go through the article workflow (contentWorkflow.ts:
// draft → in review → scheduled → published → withdrawn, revisions, the scheduler, the audit trail)
// under the article access rules (a contributor drafts their own, editors publish). Readers see
// published items only: a lesson's status is 1 exactly while it is published (the reader queries
// filter on it), a conference's editorial state is read by the reader queries.
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articleClasses, conferences, lessons, members } from '../../db/schema/index.js';
import { parseShanghaiDateTime, shanghaiDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { lessonVector } from '../search/vectors.js';
import { articleAccess, atLeast, type Staff } from './access.js';
import { createContentWorkflow, permissionsOf, stateFields, type WorkflowKind } from './contentWorkflow.js';
import { COURSE_LIMITS, CourseConsoleMessages as M } from './coursesMessages.js';
import type {
  ChildLesson,
  ConferenceDocument,
  ConferenceInput,
  ConferenceListBody,
  ConferenceListItem,
  EditorConference,
  EditorLesson,
  LessonDocument,
  LessonInput,
  LessonListBody,
  LessonListItem,
  LessonOrderBody,
} from './coursesSchemas.js';
import { STATE_LABELS } from './messages.js';
import { sanitizeEditorialHtml } from './sanitize.js';
import { allow, audit, conflict, type EditorialService, type Executor, type Transition } from './service.js';

type LessonRow = typeof lessons.$inferSelect;
type ConferenceRow = typeof conferences.$inferSelect;
type MediaItem = { url: string; fileType: string };

/** A site path (one leading slash) or an http(s) address. */
const linkShape = (v: string) => /^(\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/.test(v);
const httpShape = (v: string) => /^https?:\/\/[^\s/?#]+\S*$/.test(v);
const chars = (v: string) => [...v].length;
const isSeries = (t: number) => t === 2 || t === 5;
const MEDIA_TYPES = ['video', 'audio', 'image'];

/** The first url of a JSON text list of {url}, or ''. */
function firstUrl(list: string): string {
  try {
    const parsed = JSON.parse(list) as unknown;
    const url = Array.isArray(parsed) ? (parsed[0] as { url?: unknown } | undefined)?.url : undefined;
    return typeof url === 'string' ? url : '';
  } catch {
    return '';
  }
}
function mediaList(text: string): MediaItem[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((m): m is { url: string; fileType?: unknown } => !!m && typeof m === 'object' && typeof (m as { url?: unknown }).url === 'string')
      .map((m) => ({ url: m.url, fileType: typeof m.fileType === 'string' ? m.fileType : '' }));
  } catch {
    return [];
  }
}
const coverJson = (url: string) => (url ? JSON.stringify([{ url }]) : '[]');

function checkMedia(media: MediaItem[]): MediaItem[] {
  if (media.length > COURSE_LIMITS.media) throw AppError.badParameter(M.mediaTooMany);
  return media.map((m, i) => {
    const url = m.url.trim();
    if (!url || !linkShape(url)) throw AppError.badParameter(M.mediaUrlInvalid(i + 1));
    if (!MEDIA_TYPES.includes(m.fileType)) throw AppError.badParameter(M.mediaTypeInvalid(i + 1));
    return { url, fileType: m.fileType };
  });
}

async function checkClasses(executor: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await executor.select({ id: articleClasses.id }).from(articleClasses).where(inArray(articleClasses.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw AppError.badParameter(M.classUnknown(missing));
  return unique;
}

export const EMPTY_LESSON: LessonDocument = {
  parentId: null,
  title: '',
  subhead: '',
  subjectSerType: 1,
  subjectType: 2,
  ifViewAuth: 2,
  memberOnly: 0,
  classIds: [],
  coverPc: '',
  coverMobile: '',
  media: [],
  content: '',
  aboutcontent: '',
  outsideChain: '',
};

export const EMPTY_CONFERENCE: ConferenceDocument = {
  title: '',
  subhead: '',
  sponsor: '',
  imgPc: '',
  classIds: [],
  beginTime: '',
  endTime: '',
  content: '',
  media: [],
  status: 2,
};

const lessonDocumentOf = (r: LessonRow): LessonDocument => ({
  parentId: r.parentId,
  title: r.title,
  subhead: r.subhead,
  subjectSerType: r.subjectSerType,
  subjectType: r.subjectType,
  ifViewAuth: r.ifViewAuth,
  memberOnly: r.memberOnly,
  classIds: r.classIds,
  coverPc: firstUrl(r.coverPc),
  coverMobile: firstUrl(r.coverMobile),
  media: mediaList(r.media),
  content: r.content,
  aboutcontent: r.aboutcontent,
  outsideChain: r.outsideChain,
});

const conferenceDocumentOf = (r: ConferenceRow): ConferenceDocument => ({
  title: r.title,
  subhead: r.subhead,
  sponsor: r.sponsor,
  imgPc: r.imgPc,
  classIds: r.classIds,
  beginTime: shanghaiDateTime(r.beginTime),
  endTime: shanghaiDateTime(r.endTime),
  content: r.content,
  media: mediaList(r.media),
  status: r.status,
});

async function readLesson(executor: Executor, id: number, lock = false): Promise<LessonRow> {
  const query = executor.select().from(lessons).where(eq(lessons.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(M.lessonNotFound);
  return row;
}

async function readConference(executor: Executor, id: number, lock = false): Promise<ConferenceRow> {
  const query = executor.select().from(conferences).where(eq(conferences.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(M.conferenceNotFound);
  return row;
}

/** Checks a whole lesson document (fields, then what its type needs); returns it cleaned. */
async function validateLesson(executor: Executor, input: LessonDocument, row: LessonRow | undefined): Promise<LessonDocument> {
  const doc: LessonDocument = {
    ...input,
    title: input.title.trim(),
    subhead: input.subhead.trim(),
    coverPc: input.coverPc.trim(),
    coverMobile: input.coverMobile.trim(),
    outsideChain: input.outsideChain.trim(),
    content: sanitizeEditorialHtml(input.content),
    aboutcontent: sanitizeEditorialHtml(input.aboutcontent),
  };
  if (!doc.title) throw AppError.badParameter(M.titleRequired);
  if (chars(doc.title) > COURSE_LIMITS.title) throw AppError.badParameter(M.titleTooLong);
  if (chars(doc.subhead) > COURSE_LIMITS.subhead) throw AppError.badParameter(M.subheadTooLong);
  if (![1, 2, 3, 4, 5].includes(doc.subjectSerType)) throw AppError.badParameter(M.subjectSerType);
  if (![1, 2, 3, 4].includes(doc.subjectType)) throw AppError.badParameter(M.subjectType);
  if (![1, 2].includes(doc.ifViewAuth)) throw AppError.badParameter(M.ifViewAuth);
  if (![0, 1].includes(doc.memberOnly)) throw AppError.badParameter(M.memberOnly);
  if (doc.coverPc && !linkShape(doc.coverPc)) throw AppError.badParameter(M.coverPcInvalid);
  if (doc.coverMobile && !linkShape(doc.coverMobile)) throw AppError.badParameter(M.coverMobileInvalid);
  if (doc.outsideChain && !httpShape(doc.outsideChain)) throw AppError.badParameter(M.outsideChainInvalid);
  doc.media = checkMedia(doc.media);
  doc.classIds = await checkClasses(executor, doc.classIds);

  const series = isSeries(doc.subjectSerType);
  if (doc.parentId !== null) {
    if (series) throw AppError.badParameter(M.seriesAsChild);
    if (row && doc.parentId === row.id) throw AppError.badParameter(M.parentSelf);
    if (row && row.parentId !== null && row.parentId !== doc.parentId) throw AppError.badParameter(M.childMoved);
    const [parent] = await executor.select({ parentId: lessons.parentId, subjectSerType: lessons.subjectSerType }).from(lessons).where(eq(lessons.id, doc.parentId));
    if (!parent) throw AppError.badParameter(M.parentUnknown);
    if (!isSeries(parent.subjectSerType)) throw AppError.badParameter(M.parentNotSeries);
    if (parent.parentId !== null) throw AppError.badParameter(M.parentIsChild);
  }
  if (row && row.parentId !== null && doc.parentId === null) throw AppError.badParameter(M.childMoved);
  if (series) {
    if (doc.media.length) throw AppError.badParameter(M.seriesWithMedia);
  } else if (row && isSeries(row.subjectSerType)) {
    const [children] = await executor.select({ n: count() }).from(lessons).where(eq(lessons.parentId, row.id));
    if (Number(children?.n ?? 0) > 0) throw AppError.badParameter(M.seriesHasChildren);
  }
  if (!series && !doc.outsideChain) {
    // What a course page plays or shows: a video, an audio, or an image-text body.
    const imageText = doc.subjectSerType === 4 || doc.subjectType === 3;
    if (imageText) {
      if (!doc.content.replace(/<[^>]*>/g, '').trim() && !doc.media.some((m) => m.fileType === 'image')) throw AppError.badParameter(M.imageTextWithoutContent);
    } else if (doc.subjectType === 2) {
      if (!doc.media.some((m) => m.fileType === 'video')) throw AppError.badParameter(M.videoWithoutMedia);
    } else if (!doc.media.some((m) => m.fileType === 'audio')) throw AppError.badParameter(M.audioWithoutMedia);
  }
  return doc;
}

async function validateConference(executor: Executor, input: ConferenceDocument, _row: ConferenceRow | undefined): Promise<ConferenceDocument> {
  const doc: ConferenceDocument = {
    ...input,
    title: input.title.trim(),
    subhead: input.subhead.trim(),
    sponsor: input.sponsor.trim(),
    imgPc: input.imgPc.trim(),
    content: sanitizeEditorialHtml(input.content),
  };
  if (!doc.title) throw AppError.badParameter(M.conferenceTitleRequired);
  if (chars(doc.title) > COURSE_LIMITS.title) throw AppError.badParameter(M.conferenceTitleTooLong);
  if (chars(doc.subhead) > COURSE_LIMITS.subhead) throw AppError.badParameter(M.conferenceSubheadTooLong);
  if (chars(doc.sponsor) > COURSE_LIMITS.sponsor) throw AppError.badParameter(M.sponsorTooLong);
  if (doc.imgPc && !linkShape(doc.imgPc)) throw AppError.badParameter(M.imgPcInvalid);
  if (![1, 2].includes(doc.status)) throw AppError.badParameter(M.conferenceStatus);
  if (!doc.beginTime.trim()) throw AppError.badParameter(M.beginTimeRequired);
  const begin = parseShanghaiDateTime(doc.beginTime);
  if (!begin) throw AppError.badParameter(M.beginTimeInvalid);
  if (!doc.endTime.trim()) throw AppError.badParameter(M.endTimeRequired);
  const end = parseShanghaiDateTime(doc.endTime);
  if (!end) throw AppError.badParameter(M.endTimeInvalid);
  if (end < begin) throw AppError.badParameter(M.endBeforeBegin);
  doc.beginTime = shanghaiDateTime(begin);
  doc.endTime = shanghaiDateTime(end);
  doc.media = checkMedia(doc.media);
  doc.classIds = await checkClasses(executor, doc.classIds);
  return doc;
}

const lessonColumns = (doc: LessonDocument) => ({
  parentId: doc.parentId,
  title: doc.title,
  subhead: doc.subhead,
  subjectSerType: doc.subjectSerType,
  subjectType: doc.subjectType,
  ifViewAuth: doc.ifViewAuth,
  memberOnly: doc.memberOnly,
  classIds: doc.classIds,
  coverPc: coverJson(doc.coverPc),
  coverMobile: coverJson(doc.coverMobile),
  media: JSON.stringify(doc.media),
  content: doc.content,
  aboutcontent: doc.aboutcontent,
  outsideChain: doc.outsideChain,
  searchVector: lessonVector(doc),
});

const conferenceColumns = (doc: ConferenceDocument) => ({
  title: doc.title,
  subhead: doc.subhead,
  sponsor: doc.sponsor,
  imgPc: doc.imgPc,
  classIds: doc.classIds,
  beginTime: parseShanghaiDateTime(doc.beginTime)!,
  endTime: parseShanghaiDateTime(doc.endTime)!,
  content: doc.content,
  media: JSON.stringify(doc.media),
  status: doc.status,
});

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const lessonKind: WorkflowKind<LessonRow, LessonDocument> = {
  target: 'lesson',
  fields: Object.keys(EMPTY_LESSON) as (keyof LessonDocument)[],
  read: readLesson,
  documentOf: lessonDocumentOf,
  validate: validateLesson,
  async write(executor, id, doc, extra) {
    await executor.update(lessons).set({ ...lessonColumns(doc), ...extra }).where(eq(lessons.id, id));
  },
  async setState(executor, id, change) {
    await executor.update(lessons).set(change).where(eq(lessons.id, id));
  },
  // A lesson never published before is dated by its publication; one withdrawn and published again keeps its date.
  live: (row, at) => ({ editorialState: 'published', status: 1, publishAt: null, ...(row.editorialState === 'withdrawn' ? {} : { publishdate: at }) }),
  offline: () => ({ status: 0 }),
  stateOf: (row) => ({ state: row.editorialState, status: row.status, publishAt: iso(row.publishAt) }),
  due: (executor, at, limit) =>
    executor
      .select()
      .from(lessons)
      .where(and(eq(lessons.editorialState, 'scheduled'), lte(lessons.publishAt, at)))
      .orderBy(asc(lessons.publishAt), asc(lessons.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  messages: { conflict: M.lessonConflict, stale: M.lessonStale },
};

const conferenceKind: WorkflowKind<ConferenceRow, ConferenceDocument> = {
  target: 'conference',
  fields: Object.keys(EMPTY_CONFERENCE) as (keyof ConferenceDocument)[],
  read: readConference,
  documentOf: conferenceDocumentOf,
  validate: validateConference,
  async write(executor, id, doc, extra) {
    await executor.update(conferences).set({ ...conferenceColumns(doc), ...extra }).where(eq(conferences.id, id));
  },
  async setState(executor, id, change) {
    await executor.update(conferences).set(change).where(eq(conferences.id, id));
  },
  live: () => ({ editorialState: 'published', publishAt: null }),
  offline: () => ({}),
  stateOf: (row) => ({ state: row.editorialState, publishAt: iso(row.publishAt) }),
  due: (executor, at, limit) =>
    executor
      .select()
      .from(conferences)
      .where(and(eq(conferences.editorialState, 'scheduled'), lte(conferences.publishAt, at)))
      .orderBy(asc(conferences.publishAt), asc(conferences.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  messages: { conflict: M.conferenceConflict, stale: M.conferenceStale },
};

const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CourseEditorService = ReturnType<typeof createCourseEditorService>;

export function createCourseEditorService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, editorial } = deps;
  const lessonFlow = createContentWorkflow(deps, lessonKind);
  const conferenceFlow = createContentWorkflow(deps, conferenceKind);
  const staffOf = (memberId: number | undefined) => editorial.requireStaff(memberId);
  const stateRole = (action: Transition) => (action === 'submit' || action === 'toDraft' ? 'contributor' : 'editor');

  async function childrenOf(id: number): Promise<ChildLesson[]> {
    const rows = await db
      .select({
        id: lessons.id,
        lessonResId: lessons.lessonResId,
        title: lessons.title,
        state: lessons.editorialState,
        subjectSerType: lessons.subjectSerType,
        ifViewAuth: lessons.ifViewAuth,
        memberOnly: lessons.memberOnly,
        sort: lessons.sort,
      })
      .from(lessons)
      .where(eq(lessons.parentId, id))
      .orderBy(asc(lessons.sort), asc(lessons.publishdate), asc(lessons.id));
    return rows.map((r) => ({ ...r, stateLabel: STATE_LABELS[r.state] }));
  }

  async function lessonReply(staff: Staff, row: LessonRow): Promise<EditorLesson> {
    return {
      ...stateFields(row, await lessonFlow.creatorName(row)),
      lessonResId: row.lessonResId,
      document: lessonDocumentOf(row),
      children: isSeries(row.subjectSerType) ? await childrenOf(row.id) : [],
      can: permissionsOf(staff, row),
    };
  }

  async function conferenceReply(staff: Staff, row: ConferenceRow): Promise<EditorConference> {
    return { ...stateFields(row, await conferenceFlow.creatorName(row)), document: conferenceDocumentOf(row), can: permissionsOf(staff, row) };
  }

  /** Readable by the caller (editors: all; a contributor: their own). */
  const readable = (staff: Staff, row: LessonRow | ConferenceRow) => allow(articleAccess.read(staff, { state: row.editorialState, createdBy: row.createdBy }));
  const mineOnly = (staff: Staff) => !atLeast(staff, 'editor');

  async function names(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
    if (!wanted.length) return new Map();
    const rows = await db.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, wanted));
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  return {
    /** Single lessons and series (not their children), newest change first; a contributor sees their own. */
    async listLessons(memberId: number | undefined, query: LessonListBody) {
      const staff = await staffOf(memberId);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [isNull(lessons.parentId)];
      if (query.state) conditions.push(eq(lessons.editorialState, query.state));
      if (query.subjectSerType) conditions.push(eq(lessons.subjectSerType, query.subjectSerType));
      if (mineOnly(staff)) conditions.push(eq(lessons.createdBy, staff.id));
      const title = query.title?.trim();
      if (title) conditions.push(ilike(lessons.title, escapeLike(title)));
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ row: lessons })
          .from(lessons)
          .where(where)
          .orderBy(desc(lessons.updatedAt), desc(lessons.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(lessons).where(where),
      ]);
      const who = await names(rows.map((r) => r.row.createdBy));
      // Counted apart: a correlated subquery among the select fields would name the outer id
      // unqualified, and inside the subquery that is the child's own id.
      const seriesIds = rows.map((r) => r.row.id);
      const childCounts = new Map(
        seriesIds.length === 0
          ? []
          : (
              await db
                .select({ parentId: lessons.parentId, n: count() })
                .from(lessons)
                .where(inArray(lessons.parentId, seriesIds))
                .groupBy(lessons.parentId)
            ).map((c) => [c.parentId, Number(c.n)]),
      );
      const results: LessonListItem[] = rows.map(({ row }) => ({
        ...stateFields(row, row.createdBy === null ? '' : (who.get(row.createdBy) ?? '')),
        lessonResId: row.lessonResId,
        title: row.title,
        subjectSerType: row.subjectSerType,
        subjectType: row.subjectType,
        ifViewAuth: row.ifViewAuth,
        memberOnly: row.memberOnly,
        outsideChain: row.outsideChain,
        childCount: childCounts.get(row.id) ?? 0,
      }));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    async getLesson(memberId: number | undefined, id: number): Promise<EditorLesson> {
      const staff = await staffOf(memberId);
      const row = await readLesson(db, id);
      readable(staff, row);
      return lessonReply(staff, row);
    },

    /**
     * A new draft lesson, series or child lesson (revision 1, owned by the caller, unseen by
     * readers until published). Its lessonResId (the reader URL key) is the next free one; a child
     * goes last in its series.
     */
    async createLesson(memberId: number | undefined, input: LessonInput): Promise<EditorLesson> {
      const staff = await staffOf(memberId);
      if (input.parentId) {
        // Adding a chapter is an edit of its series.
        const [parent] = await db.select().from(lessons).where(eq(lessons.id, input.parentId));
        if (!parent) throw AppError.badParameter(M.parentUnknown);
        allow(articleAccess.update(staff, { state: parent.editorialState, createdBy: parent.createdBy }));
      }
      const row = await lessonFlow.create(staff, input, EMPTY_LESSON, async (tx, doc, at) => {
        // One creator at a time picks the next lessonResId (readers' selects are not blocked).
        await tx.execute(sql`lock table ${lessons} in share row exclusive mode`);
        const [next] = await tx.select({ resId: sql<number>`coalesce(max(${lessons.lessonResId}), 10000)::int + 1` }).from(lessons);
        const [last] = doc.parentId === null ? [] : await tx.select({ sort: sql<number>`coalesce(max(${lessons.sort}), 0)::int` }).from(lessons).where(eq(lessons.parentId, doc.parentId));
        const [inserted] = await tx
          .insert(lessons)
          .values({
            ...lessonColumns(doc),
            lessonResId: Number(next!.resId),
            publishdate: at,
            status: 0,
            editorialState: 'draft',
            revision: 1,
            sort: last ? Number(last.sort) + 1 : 0,
            createdBy: staff.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: lessons.id });
        return inserted!.id;
      });
      return lessonReply(staff, row);
    },

    async saveLesson(memberId: number | undefined, id: number, baseRevision: number, input: LessonInput): Promise<EditorLesson> {
      const staff = await staffOf(memberId);
      return lessonReply(staff, await lessonFlow.save(staff, id, baseRevision, input));
    },

    async changeLessonState(memberId: number | undefined, action: Transition, input: { id: number; revision: number; note?: string; publishAt?: string }): Promise<EditorLesson> {
      const staff = await editorial.requireStaff(memberId, stateRole(action));
      return lessonReply(staff, await lessonFlow.transition(staff, action, input));
    },

    /** Puts a series' child lessons in a new order (all of them, each once): an edit of the series, audited. */
    async orderLessons(memberId: number | undefined, input: LessonOrderBody): Promise<EditorLesson> {
      const staff = await staffOf(memberId);
      const at = deps.now();
      const row = await db.transaction(async (tx) => {
        const series = await readLesson(tx, input.id, true);
        allow(articleAccess.update(staff, { state: series.editorialState, createdBy: series.createdBy }));
        if (!isSeries(series.subjectSerType)) throw AppError.badParameter(M.orderNotSeries);
        if (series.revision !== input.revision) throw conflict(M.lessonStale(series.revision), { currentRevision: series.revision });
        const children = await tx.select({ id: lessons.id, title: lessons.title, sort: lessons.sort }).from(lessons).where(eq(lessons.parentId, series.id)).orderBy(asc(lessons.sort), asc(lessons.publishdate), asc(lessons.id));
        const have = new Set(children.map((c) => c.id));
        if (input.childIds.length !== children.length || new Set(input.childIds).size !== input.childIds.length || input.childIds.some((id) => !have.has(id))) {
          throw AppError.badParameter(M.orderMismatch);
        }
        const before = children.map((c) => c.id);
        if (before.join(',') === input.childIds.join(',') && children.every((c, i) => c.sort === i + 1)) return series;
        for (const [i, id] of input.childIds.entries()) await tx.update(lessons).set({ sort: i + 1 }).where(eq(lessons.id, id));
        await tx.update(lessons).set({ revision: series.revision + 1, updatedAt: at }).where(eq(lessons.id, series.id));
        await audit(tx, { actor: staff, action: 'reorder', targetType: 'lesson', targetId: series.id, targetLabel: series.title, before: { childIds: before, revision: series.revision }, after: { childIds: input.childIds, revision: series.revision + 1 }, at });
        return readLesson(tx, series.id);
      });
      return lessonReply(staff, row);
    },

    async lessonRevisions(memberId: number | undefined, id: number) {
      const staff = await staffOf(memberId);
      readable(staff, await readLesson(db, id));
      return lessonFlow.listRevisions(id);
    },
    async lessonRevision(memberId: number | undefined, id: number, revisionId: number) {
      const staff = await staffOf(memberId);
      readable(staff, await readLesson(db, id));
      return lessonFlow.getRevision(id, revisionId, EMPTY_LESSON);
    },
    async restoreLesson(memberId: number | undefined, id: number, revisionId: number, baseRevision: number): Promise<EditorLesson> {
      const staff = await staffOf(memberId);
      readable(staff, await readLesson(db, id));
      const stored = await lessonFlow.storedRevision(id, revisionId);
      return lessonReply(staff, await lessonFlow.save(staff, id, baseRevision, stored.document, { revisionId, revision: stored.revision }));
    },

    /** Conference notices and reviews, newest change first; a contributor sees their own. */
    async listConferences(memberId: number | undefined, query: ConferenceListBody) {
      const staff = await staffOf(memberId);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [];
      if (query.state) conditions.push(eq(conferences.editorialState, query.state));
      if (query.status) conditions.push(eq(conferences.status, query.status));
      if (mineOnly(staff)) conditions.push(eq(conferences.createdBy, staff.id));
      const title = query.title?.trim();
      if (title) conditions.push(ilike(conferences.title, escapeLike(title)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db.select().from(conferences).where(where).orderBy(desc(conferences.updatedAt), desc(conferences.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(conferences).where(where),
      ]);
      const who = await names(rows.map((r) => r.createdBy));
      const results: ConferenceListItem[] = rows.map((row) => ({
        ...stateFields(row, row.createdBy === null ? '' : (who.get(row.createdBy) ?? '')),
        title: row.title,
        sponsor: row.sponsor,
        status: row.status,
        beginTime: shanghaiDateTime(row.beginTime),
        endTime: shanghaiDateTime(row.endTime),
      }));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    async getConference(memberId: number | undefined, id: number): Promise<EditorConference> {
      const staff = await staffOf(memberId);
      const row = await readConference(db, id);
      readable(staff, row);
      return conferenceReply(staff, row);
    },

    async createConference(memberId: number | undefined, input: ConferenceInput): Promise<EditorConference> {
      const staff = await staffOf(memberId);
      const row = await conferenceFlow.create(staff, input, EMPTY_CONFERENCE, async (tx, doc, at) => {
        const [inserted] = await tx
          .insert(conferences)
          .values({ ...conferenceColumns(doc), editorialState: 'draft', revision: 1, createdBy: staff.id, createdAt: at, updatedAt: at })
          .returning({ id: conferences.id });
        return inserted!.id;
      });
      return conferenceReply(staff, row);
    },

    async saveConference(memberId: number | undefined, id: number, baseRevision: number, input: ConferenceInput): Promise<EditorConference> {
      const staff = await staffOf(memberId);
      return conferenceReply(staff, await conferenceFlow.save(staff, id, baseRevision, input));
    },

    async changeConferenceState(memberId: number | undefined, action: Transition, input: { id: number; revision: number; note?: string; publishAt?: string }): Promise<EditorConference> {
      const staff = await editorial.requireStaff(memberId, stateRole(action));
      return conferenceReply(staff, await conferenceFlow.transition(staff, action, input));
    },

    async conferenceRevisions(memberId: number | undefined, id: number) {
      const staff = await staffOf(memberId);
      readable(staff, await readConference(db, id));
      return conferenceFlow.listRevisions(id);
    },
    async conferenceRevision(memberId: number | undefined, id: number, revisionId: number) {
      const staff = await staffOf(memberId);
      readable(staff, await readConference(db, id));
      return conferenceFlow.getRevision(id, revisionId, EMPTY_CONFERENCE);
    },
    async restoreConference(memberId: number | undefined, id: number, revisionId: number, baseRevision: number): Promise<EditorConference> {
      const staff = await staffOf(memberId);
      readable(staff, await readConference(db, id));
      const stored = await conferenceFlow.storedRevision(id, revisionId);
      return conferenceReply(staff, await conferenceFlow.save(staff, id, baseRevision, stored.document, { revisionId, revision: stored.revision }));
    },

    /** The scheduler's run: scheduled lessons and conferences whose time has come. */
    async publishDue(): Promise<number> {
      return (await lessonFlow.publishDue()) + (await conferenceFlow.publishDue());
    },
  };
}
