// The editorial console's service (issue "The editorial console", docs/decisions.md "Editorial
// console"): articles as editorial documents, their workflow, revisions, the scheduler, staff roles
// and the audit trail. Nothing else writes articles: every write and its audit entry happen here,
// in one transaction.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  articleClasses,
  articleFilters,
  articleRevisions,
  articleSources,
  articles,
  articleTypes,
  editorialAudit,
  editorialMedia,
  members,
  staffRoles,
  weeklyIssues,
  type AuditAction,
  type AuditTarget,
  type EditorialState,
  type StaffRole,
} from '../../db/schema/index.js';
import { dayRange, parseShanghaiDateTime, shanghaiDateTime } from '../../lib/dates.js';
import { uniqueViolation } from '../../lib/dbErrors.js';
import { AppError, ErrorCode } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { articleVectors } from '../search/vectors.js';
import { articleAccess, atLeast, auditAccess, roleRefusal, staffAccess, type ArticleFacts, type Staff } from './access.js';
import { ACTION_LABELS, EditorialMessages as M, STATE_LABELS } from './messages.js';
import { sanitizeDocument } from './sanitize.js';
import {
  DOCUMENT_FIELDS,
  type ArticleDocument,
  type AuditEntry,
  type AuditListBody,
  type DocumentInput,
  type EditorArticle,
  type EditorListBody,
  type EditorListItem,
  type RevisionDetail,
  type RevisionItem,
  type StaffMember,
} from './schemas.js';

export type EditorialService = ReturnType<typeof createEditorialService>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Articles published by one scheduler run at most (the rest go in the next run, seconds later). */
const SCHEDULER_BATCH = 100;
/** Revisions listed for an article, newest first. */
const REVISIONS_LISTED = 200;

export const forbidden = (msg: string) => new AppError(ErrorCode.forbidden, msg);
export const conflict = (msg: string, data: Record<string, unknown> | null = null) => new AppError(ErrorCode.conflict, msg, 200, data);

/** State changes and the states each may start from. */
export const TRANSITIONS = {
  submit: ['draft'],
  toDraft: ['in_review', 'scheduled', 'withdrawn'],
  publish: ['draft', 'in_review', 'scheduled', 'withdrawn'],
  schedule: ['draft', 'in_review', 'scheduled', 'withdrawn'],
  withdraw: ['published'],
} as const satisfies Record<keyof typeof ACTION_LABELS, readonly EditorialState[]>;
export type Transition = keyof typeof TRANSITIONS;

/**
 * The publication time a schedule asks for: required, a real Beijing time, and in the future
 * (undefined for the other actions).
 */
export function scheduledTime(action: Transition, text: string | undefined, at: Date): Date | undefined {
  if (action !== 'schedule') return undefined;
  if (!text?.trim()) throw AppError.badParameter(M.publishAtRequired);
  const publishAt = parseShanghaiDateTime(text);
  if (!publishAt) throw AppError.badParameter(M.publishAtInvalid);
  if (publishAt <= at) throw AppError.badParameter(M.publishAtPast);
  return publishAt;
}

/**
 * What a workflow action writes and how the audit trail names it, for every kind of content the
 * console publishes (articles, lessons, conferences): `live` and `offline` are the kind's own
 * columns that put it on the site and take it off.
 */
export function transitionChange<Live extends object, Offline extends object>(
  action: Transition,
  from: EditorialState,
  publishAt: Date | undefined,
  live: () => Live,
  offline: () => Offline,
): { change: { editorialState: EditorialState; publishAt?: Date | null } | Live | ({ editorialState: 'withdrawn' } & Offline); audited: AuditAction } {
  switch (action) {
    case 'submit':
      return { change: { editorialState: 'in_review' }, audited: 'submit' };
    case 'toDraft':
      return { change: { editorialState: 'draft', publishAt: null }, audited: from === 'scheduled' ? 'unschedule' : 'to_draft' };
    case 'schedule':
      return { change: { editorialState: 'scheduled', publishAt }, audited: 'schedule' };
    case 'publish':
      return { change: live(), audited: 'publish' };
    case 'withdraw':
      return { change: { editorialState: 'withdrawn', ...offline() }, audited: 'withdraw' };
  }
}

/** The columns the console reads of an article: its document and where it stands. */
const editorColumns = {
  id: articles.id,
  sourceId: articles.sourceId,
  filterId: articles.filterId,
  typeId: articles.typeId,
  weeklyIssueId: articles.weeklyIssueId,
  classIds: articles.classIds,
  permalinks: articles.permalinks,
  title: articles.title,
  outtitle: articles.outtitle,
  author: articles.author,
  pcauthor: articles.pcauthor,
  intro: articles.intro,
  content: articles.content,
  wantsay: articles.wantsay,
  wantsayTitle: articles.wantsayTitle,
  coi: articles.coi,
  keyword: articles.keyword,
  aboutcontent: articles.aboutcontent,
  appendix: articles.appendix,
  thank: articles.thank,
  pubdate: articles.pubdate,
  thumb: articles.thumb,
  videoUrl: articles.videoUrl,
  outlink: articles.outlink,
  relationArticleIds: articles.relationArticleIds,
  accessLevel: articles.accessLevel,
  linkOnly: articles.linkOnly,
  enAuthors: articles.enAuthors,
  enAbstract: articles.enAbstract,
  enBody: articles.enBody,
  enReferences: articles.enReferences,
  status: articles.status,
  editorialState: articles.editorialState,
  publishAt: articles.publishAt,
  firstPublishedAt: articles.firstPublishedAt,
  revision: articles.revision,
  createdBy: articles.createdBy,
  postdate: articles.postdate,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type ArticleRow = {
  [K in keyof typeof editorColumns]: (typeof editorColumns)[K]['_']['notNull'] extends true
    ? (typeof editorColumns)[K]['_']['data']
    : (typeof editorColumns)[K]['_']['data'] | null;
};

/** Throws the refusal (10403) an access rule answered, if any. */
export const allow = (refusal: string | undefined) => {
  if (refusal) throw forbidden(refusal);
};

export const factsOf = (row: Pick<ArticleRow, 'editorialState' | 'createdBy'>): ArticleFacts => ({ state: row.editorialState, createdBy: row.createdBy });

/** An article's editorial columns (locked FOR UPDATE when `lock`), or not found (10004). */
export async function readArticle(executor: Executor, id: number, lock = false): Promise<ArticleRow> {
  const query = executor.select(editorColumns).from(articles).where(eq(articles.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound();
  return row as ArticleRow;
}

/** Appends an entry to the audit trail, in the caller's transaction. */
export async function audit(
  executor: Executor,
  entry: {
    actor: Staff | null;
    action: AuditAction;
    targetType: AuditTarget;
    targetId: number;
    targetLabel: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    note?: string;
    at: Date;
  },
) {
  await executor.insert(editorialAudit).values({
    at: entry.at,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.username ?? M.scheduler,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    before: entry.before,
    after: entry.after,
    note: entry.note ?? '',
  });
}

/** The editable document of a row. */
export function documentOf(row: ArticleRow): ArticleDocument {
  return {
    sourceId: row.sourceId,
    filterId: row.filterId,
    typeId: row.typeId,
    weeklyIssueId: row.weeklyIssueId,
    classIds: row.classIds,
    permalinks: row.permalinks,
    title: row.title,
    outtitle: row.outtitle,
    author: row.author,
    pcauthor: row.pcauthor,
    intro: row.intro,
    content: row.content,
    wantsay: row.wantsay,
    wantsayTitle: row.wantsayTitle,
    coi: row.coi,
    keyword: row.keyword,
    aboutcontent: row.aboutcontent,
    appendix: row.appendix,
    thank: row.thank,
    pubdate: row.pubdate ?? '',
    thumb: row.thumb,
    videoUrl: row.videoUrl,
    outlink: row.outlink,
    relationArticleIds: row.relationArticleIds,
    accessLevel: row.accessLevel as ArticleDocument['accessLevel'],
    linkOnly: row.linkOnly,
    enAuthors: row.enAuthors,
    enAbstract: row.enAbstract,
    enBody: row.enBody,
    enReferences: row.enReferences,
  };
}

/** The document fields of a stored revision (a document written by an older build may lack some). */
function documentFields(stored: Record<string, unknown>): DocumentInput {
  return Object.fromEntries(DOCUMENT_FIELDS.filter((f) => f in stored).map((f) => [f, stored[f]])) as DocumentInput;
}

/** The columns a document writes (haswantsay follows the commentary; the search vectors the text). */
function columnsOf(doc: ArticleDocument, postdate: Date) {
  return {
    ...doc,
    pubdate: doc.pubdate === '' ? null : doc.pubdate,
    haswantsay: doc.wantsay.trim() === '' ? 0 : 1,
    ...articleVectors({ ...doc, postdate }),
  };
}

/** Names of the fields whose values differ. */
function changedFields(a: ArticleDocument, b: DocumentInput): string[] {
  return DOCUMENT_FIELDS.filter((f) => f in b && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** Where an article stands, as lists and replies show it (the creator's name is joined by the caller). */
function stateFieldsOf(row: ArticleRow, creatorName: string) {
  return {
    id: row.id,
    state: row.editorialState,
    stateLabel: STATE_LABELS[row.editorialState],
    revision: row.revision,
    publishAt: iso(row.publishAt),
    publishAtShanghai: row.publishAt ? shanghaiDateTime(row.publishAt) : '',
    postdate: row.postdate.toISOString(),
    firstPublishedAt: iso(row.firstPublishedAt),
    createdBy: row.createdBy === null ? null : { id: row.createdBy, username: creatorName },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A new draft's document before the caller's fields. */
const EMPTY_DOCUMENT: Omit<ArticleDocument, 'sourceId' | 'permalinks' | 'title'> = {
  filterId: null,
  typeId: null,
  weeklyIssueId: null,
  classIds: [],
  outtitle: '',
  author: '',
  pcauthor: '',
  intro: '',
  content: '',
  wantsay: '',
  wantsayTitle: '',
  coi: '',
  keyword: '',
  aboutcontent: '',
  appendix: '',
  thank: '',
  pubdate: '',
  thumb: '',
  videoUrl: '',
  outlink: '',
  relationArticleIds: [],
  accessLevel: 'public',
  linkOnly: false,
  enAuthors: '',
  enAbstract: '',
  enBody: '',
  enReferences: '',
};

export function createEditorialService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** The caller as staff, or the refusal: no session (10002), no role or too low a role (10403). */
  async function requireStaff(memberId: number | undefined, minimum: StaffRole = 'contributor'): Promise<Staff> {
    if (memberId === undefined) throw AppError.noSession();
    const [row] = await db
      .select({ id: members.id, username: members.username, role: staffRoles.role })
      .from(staffRoles)
      .innerJoin(members, eq(members.id, staffRoles.memberId))
      .where(eq(staffRoles.memberId, memberId))
      .limit(1);
    if (!row) throw forbidden(M.notStaff);
    if (!atLeast(row, minimum)) throw forbidden(roleRefusal(minimum));
    return row;
  }


  /** Checks a whole document against the reference data; returns it with class ids deduplicated. */
  async function validate(executor: Executor, doc: ArticleDocument, id?: number): Promise<ArticleDocument> {
    if (doc.title.trim() === '') throw AppError.badParameter(M.titleRequired);
    if (doc.pubdate !== '' && Number.isNaN(Date.parse(`${doc.pubdate}T00:00:00Z`))) throw AppError.badParameter(M.pubdateInvalid);
    if (doc.pubdate !== '' && new Date(`${doc.pubdate}T00:00:00Z`).toISOString().slice(0, 10) !== doc.pubdate) {
      throw AppError.badParameter(M.pubdateInvalid);
    }
    const classIds = [...new Set(doc.classIds)];
    const related = [...new Set(doc.relationArticleIds)];
    const [source] = await executor.select({ id: articleSources.id }).from(articleSources).where(eq(articleSources.id, doc.sourceId));
    if (!source) throw AppError.badParameter(M.sourceUnknown(doc.sourceId));
    if (doc.filterId !== null) {
      const [filter] = await executor.select({ sourceId: articleFilters.sourceId }).from(articleFilters).where(eq(articleFilters.id, doc.filterId));
      if (filter?.sourceId !== doc.sourceId) throw AppError.badParameter(M.filterMismatch);
    }
    if (doc.typeId !== null) {
      const [type] = await executor.select({ sourceId: articleTypes.sourceId }).from(articleTypes).where(eq(articleTypes.id, doc.typeId));
      if (type?.sourceId !== doc.sourceId) throw AppError.badParameter(M.typeMismatch);
    }
    if (classIds.length > 0) {
      const known = new Set((await executor.select({ id: articleClasses.id }).from(articleClasses).where(inArray(articleClasses.id, classIds))).map((r) => r.id));
      const unknown = classIds.filter((c) => !known.has(c));
      if (unknown.length > 0) throw AppError.badParameter(M.classUnknown(unknown));
    }
    if (doc.weeklyIssueId !== null) {
      const [issue] = await executor.select({ id: weeklyIssues.id }).from(weeklyIssues).where(eq(weeklyIssues.id, doc.weeklyIssueId));
      if (!issue) throw AppError.badParameter(M.issueUnknown(doc.weeklyIssueId));
    }
    if (related.length > 0) {
      const known = new Set((await executor.select({ id: articles.id }).from(articles).where(inArray(articles.id, related))).map((r) => r.id));
      const unknown = related.filter((r) => !known.has(r) || r === id);
      if (unknown.length > 0) throw AppError.badParameter(M.relatedUnknown(unknown));
    }
    // Video or audio of the media library at a public address may not play for an article readers
    // must log in or be members to read: only member media (signed URLs) may (docs/decisions.md "Editorial media").
    if (doc.accessLevel !== 'public' && doc.videoUrl !== '') {
      const [open] = await executor
        .select({ id: editorialMedia.id })
        .from(editorialMedia)
        .where(and(eq(editorialMedia.url, doc.videoUrl), eq(editorialMedia.access, 'public')))
        .limit(1);
      if (open) throw AppError.badParameter(M.publicMediaOnGated);
    }
    return { ...doc, classIds, relationArticleIds: related };
  }

  async function permalinksFree(executor: Executor, permalinks: string, id?: number) {
    const [taken] = await executor
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.permalinks, permalinks), ...(id === undefined ? [] : [ne(articles.id, id)])))
      .limit(1);
    if (taken) throw AppError.badParameter(M.permalinksTaken(permalinks));
  }

  /** A unique violation of the permalinks (two saves racing for one key) as the same message. */
  async function permalinksGuard<T>(permalinks: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) === 'articles_permalinks_key') throw AppError.badParameter(M.permalinksTaken(permalinks ?? ''));
      throw err;
    }
  }

  const stateOf = (row: Pick<ArticleRow, 'editorialState' | 'status' | 'publishAt'>) => ({
    state: row.editorialState,
    status: row.status,
    publishAt: iso(row.publishAt),
  });

  /**
   * The columns that put a row live at `at`: published (status 1, or 2 by link only); a first
   * publication dates it (postdate) and indexes its text with that date; an article published
   * before keeps its date.
   */
  function goLive(row: ArticleRow, at: Date) {
    const first = row.firstPublishedAt === null;
    const postdate = first ? at : row.postdate;
    return {
      editorialState: 'published' as const,
      status: row.linkOnly ? 2 : 1,
      publishAt: null,
      firstPublishedAt: row.firstPublishedAt ?? at,
      postdate,
      ...(first ? articleVectors({ ...documentOf(row), postdate }) : {}),
    };
  }

  const staffRef = alias(members, 'staff_ref');

  function permissionsOf(staff: Staff, row: ArticleRow): EditorArticle['can'] {
    const facts = factsOf(row);
    const may = (action: Transition) =>
      articleAccess[action](staff, facts) === undefined && (TRANSITIONS[action] as readonly EditorialState[]).includes(row.editorialState);
    return {
      update: articleAccess.update(staff, facts) === undefined,
      submit: may('submit'),
      toDraft: may('toDraft'),
      publish: may('publish'),
      schedule: may('schedule'),
      withdraw: may('withdraw'),
      restore: articleAccess.restore(staff, facts) === undefined,
    };
  }

  async function replyOf(staff: Staff, row: ArticleRow): Promise<EditorArticle> {
    const [creator] =
      row.createdBy === null ? [] : await db.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, row.createdBy));
    return {
      ...stateFieldsOf(row, creator?.username ?? ''),
      createdAt: row.createdAt.toISOString(),
      document: documentOf(row),
      can: permissionsOf(staff, row),
    };
  }

  /**
   * Writes a document over an article: a save (fields of the document) or a restore (a revision's
   * whole document). `baseRevision` is the revision the caller's text was based on: when someone
   * else saved since, nothing is applied, the caller's text is kept as a revision marked not
   * applied, and the refusal (10409) names it.
   */
  async function writeDocument(
    staff: Staff,
    id: number,
    baseRevision: number,
    fields: DocumentInput,
    restore?: { revisionId: number; revision: number | null },
  ): Promise<EditorArticle> {
    fields = sanitizeDocument(fields);
    const at = now();
    const outcome = await permalinksGuard(fields.permalinks, () =>
      db.transaction(async (tx) => {
        const row = await readArticle(tx, id, true);
        allow(restore ? articleAccess.restore(staff, factsOf(row)) : articleAccess.update(staff, factsOf(row)));
        const current = documentOf(row);
        const changed = changedFields(current, fields);
        if (changed.length === 0) return { row };
        if (baseRevision !== row.revision) {
          const [kept] = await tx
            .insert(articleRevisions)
            .values({
              articleId: id,
              revision: null,
              baseRevision,
              applied: false,
              kind: 'conflict',
              restoredFrom: restore?.revisionId ?? null,
              memberId: staff.id,
              memberName: staff.username,
              changed,
              document: { ...current, ...fields },
              createdAt: at,
            })
            .returning({ id: articleRevisions.id });
          return { conflict: { currentRevision: row.revision, revisionId: kept!.id } };
        }
        const next = await validate(tx, { ...current, ...fields }, id);
        if (next.permalinks !== current.permalinks) {
          await permalinksFree(tx, next.permalinks, id);
          // A weekly issue names its catalogue by permalinks: it follows the new one.
          await tx.update(weeklyIssues).set({ catalogPermalinks: next.permalinks }).where(eq(weeklyIssues.catalogPermalinks, current.permalinks));
        }
        const revision = row.revision + 1;
        await tx
          .update(articles)
          .set({ ...columnsOf(next, row.postdate), revision, updatedAt: at })
          .where(eq(articles.id, id));
        await tx.insert(articleRevisions).values({
          articleId: id,
          revision,
          baseRevision,
          applied: true,
          kind: restore ? 'restore' : 'save',
          restoredFrom: restore?.revisionId ?? null,
          memberId: staff.id,
          memberName: staff.username,
          changed,
          document: next,
          createdAt: at,
        });
        if (restore) {
          await audit(tx, {
            actor: staff,
            action: 'restore',
            targetType: 'article',
            targetId: id,
            targetLabel: next.title,
            before: { revision: row.revision },
            after: { revision, restoredRevisionId: restore.revisionId, restoredRevision: restore.revision, changed },
            at,
          });
        }
        return { row: await readArticle(tx, id) };
      }),
    );
    if (outcome.conflict) throw conflict(M.saveConflict(outcome.conflict.currentRevision), outcome.conflict);
    return replyOf(staff, outcome.row!);
  }

  async function transition(
    staff: Staff,
    action: Transition,
    input: { id: number; revision: number; note?: string; publishAt?: string },
  ): Promise<EditorArticle> {
    const at = now();
    const publishAt = scheduledTime(action, input.publishAt, at);
    const row = await db.transaction(async (tx) => {
      const row = await readArticle(tx, input.id, true);
      allow(articleAccess[action](staff, factsOf(row)));
      if (row.revision !== input.revision) throw conflict(M.staleRevision(row.revision), { currentRevision: row.revision });
      if (!(TRANSITIONS[action] as readonly EditorialState[]).includes(row.editorialState)) {
        throw conflict(M.badTransition(row.editorialState, ACTION_LABELS[action]), { state: row.editorialState });
      }
      // Rows published before the console learn their first publication as they are withdrawn (their postdate).
      const { change, audited } = transitionChange(action, row.editorialState, publishAt, () => goLive(row, at), () => ({
        status: 0,
        firstPublishedAt: row.firstPublishedAt ?? row.postdate,
      }));
      await tx
        .update(articles)
        .set({ ...change, updatedAt: at })
        .where(eq(articles.id, row.id));
      const after = await readArticle(tx, row.id);
      await audit(tx, {
        actor: staff,
        action: audited,
        targetType: 'article',
        targetId: row.id,
        targetLabel: row.title,
        before: stateOf(row),
        after: stateOf(after),
        note: input.note,
        at,
      });
      return after;
    });
    return replyOf(staff, row);
  }

  const revisionColumns = {
    id: articleRevisions.id,
    revision: articleRevisions.revision,
    baseRevision: articleRevisions.baseRevision,
    applied: articleRevisions.applied,
    kind: articleRevisions.kind,
    restoredFrom: articleRevisions.restoredFrom,
    memberId: articleRevisions.memberId,
    memberName: articleRevisions.memberName,
    changed: articleRevisions.changed,
    createdAt: articleRevisions.createdAt,
  };
  const revisionItem = (r: { [K in keyof typeof revisionColumns]: unknown } & Record<string, unknown>): RevisionItem => ({
    id: r.id as number,
    revision: r.revision as number | null,
    baseRevision: r.baseRevision as number,
    applied: r.applied as boolean,
    kind: r.kind as RevisionItem['kind'],
    restoredFrom: r.restoredFrom as number | null,
    member: r.memberId === null ? null : { id: r.memberId as number, username: r.memberName as string },
    changed: r.changed as string[],
    createdAt: (r.createdAt as Date).toISOString(),
  });

  return {
    requireStaff,

    /** The caller's role and what it opens in the console. */
    async me(memberId: number | undefined) {
      const staff = await requireStaff(memberId);
      return {
        id: staff.id,
        username: staff.username,
        role: staff.role,
        can: {
          createArticle: articleAccess.create(staff) === undefined,
          publish: atLeast(staff, 'editor'),
          manageStaff: staffAccess.setRole(staff) === undefined,
          readAudit: auditAccess.read(staff) === undefined,
        },
      };
    },

    /** Articles in any state, newest change first; a contributor sees their own only. */
    async listArticles(memberId: number | undefined, query: EditorListBody) {
      const staff = await requireStaff(memberId);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [];
      if (query.state) conditions.push(eq(articles.editorialState, query.state));
      if (query.sourceId !== undefined) conditions.push(eq(articles.sourceId, query.sourceId));
      if (query.mine || !atLeast(staff, 'editor')) conditions.push(eq(articles.createdBy, staff.id));
      const title = query.title?.trim();
      if (title) conditions.push(ilike(articles.title, `%${title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            ...editorColumns,
            sourceName: articleSources.name,
            creatorName: staffRef.username,
          })
          .from(articles)
          .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
          .leftJoin(staffRef, eq(staffRef.id, articles.createdBy))
          .where(where)
          .orderBy(desc(articles.updatedAt), desc(articles.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(articles).where(where),
      ]);
      const results: EditorListItem[] = rows.map((r) => ({
        ...stateFieldsOf(r, r.creatorName ?? ''),
        title: r.title,
        sourceId: r.sourceId,
        sourceName: r.sourceName,
        permalinks: r.permalinks,
        accessLevel: r.accessLevel as EditorListItem['accessLevel'],
      }));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /** One article's document and state, whatever the state. */
    async getArticle(memberId: number | undefined, id: number): Promise<EditorArticle> {
      const staff = await requireStaff(memberId);
      const row = await readArticle(db, id);
      allow(articleAccess.read(staff, factsOf(row)));
      return replyOf(staff, row);
    },

    /** An article the caller may edit now (read and update rules), or the refusal: checked before an import reads its file. */
    async editableArticle(memberId: number | undefined, id: number): Promise<EditorArticle> {
      const staff = await requireStaff(memberId);
      const row = await readArticle(db, id);
      allow(articleAccess.read(staff, factsOf(row)));
      allow(articleAccess.update(staff, factsOf(row)));
      return replyOf(staff, row);
    },

    /** A new draft (revision 1), owned by the caller. A source and a title are needed. */
    async createArticle(memberId: number | undefined, input: DocumentInput): Promise<EditorArticle> {
      const staff = await requireStaff(memberId);
      allow(articleAccess.create(staff));
      const fields = sanitizeDocument(input);
      if (fields.sourceId === undefined) throw AppError.badParameter(M.sourceRequired);
      if (fields.title === undefined) throw AppError.badParameter(M.titleRequired);
      const at = now();
      const row = await permalinksGuard(fields.permalinks, () =>
        db.transaction(async (tx) => {
          const reserved = (await tx.execute(sql`select nextval(pg_get_serial_sequence('articles', 'id'))::integer as id`)) as unknown as {
            rows: { id: number }[];
          };
          const id = Number(reserved.rows[0]!.id);
          const doc = await validate(
            tx,
            {
              ...EMPTY_DOCUMENT,
              permalinks: `QYN${String(id).padStart(6, '0')}`,
              ...fields,
              sourceId: fields.sourceId!,
              title: fields.title!,
            } as ArticleDocument,
            id,
          );
          await permalinksFree(tx, doc.permalinks);
          await tx.insert(articles).values({
            id,
            ...columnsOf(doc, at),
            status: 0,
            editorialState: 'draft',
            postdate: at,
            revision: 1,
            createdBy: staff.id,
            createdAt: at,
            updatedAt: at,
          });
          await tx.insert(articleRevisions).values({
            articleId: id,
            revision: 1,
            baseRevision: 0,
            applied: true,
            kind: 'create',
            memberId: staff.id,
            memberName: staff.username,
            changed: Object.keys(fields),
            document: doc,
            createdAt: at,
          });
          return readArticle(tx, id);
        }),
      );
      return replyOf(staff, row);
    },

    /** Saves fields of the document over the revision they were based on (see writeDocument). */
    async saveArticle(memberId: number | undefined, id: number, baseRevision: number, fields: DocumentInput): Promise<EditorArticle> {
      const staff = await requireStaff(memberId);
      return writeDocument(staff, id, baseRevision, fields);
    },

    /** Sends a draft for review, back to draft, publishes, schedules or withdraws (editors but the first two). */
    async changeState(
      memberId: number | undefined,
      action: Transition,
      input: { id: number; revision: number; note?: string; publishAt?: string },
    ): Promise<EditorArticle> {
      const staff = await requireStaff(memberId, action === 'submit' || action === 'toDraft' ? 'contributor' : 'editor');
      return transition(staff, action, input);
    },

    /** An article's revisions, newest first (without their documents). */
    async listRevisions(memberId: number | undefined, id: number): Promise<RevisionItem[]> {
      const staff = await requireStaff(memberId);
      allow(articleAccess.read(staff, factsOf(await readArticle(db, id))));
      const rows = await db
        .select(revisionColumns)
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, id))
        .orderBy(desc(articleRevisions.id))
        .limit(REVISIONS_LISTED);
      return rows.map(revisionItem);
    },

    /** One revision with its whole document. */
    async getRevision(memberId: number | undefined, id: number, revisionId: number): Promise<RevisionDetail> {
      const staff = await requireStaff(memberId);
      allow(articleAccess.read(staff, factsOf(await readArticle(db, id))));
      const [row] = await db
        .select({ ...revisionColumns, document: articleRevisions.document })
        .from(articleRevisions)
        .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
      if (!row) throw AppError.notFound(M.revisionUnknown);
      return { ...revisionItem(row), document: { ...EMPTY_DOCUMENT, ...(documentFields(row.document) as ArticleDocument) } };
    },

    /** Applies a revision's document again as a new revision (audited); a conflict as for a save. */
    async restoreRevision(memberId: number | undefined, id: number, revisionId: number, baseRevision: number): Promise<EditorArticle> {
      const staff = await requireStaff(memberId);
      const [stored] = await db
        .select({ revision: articleRevisions.revision, document: articleRevisions.document })
        .from(articleRevisions)
        .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
      if (!stored) throw AppError.notFound(M.revisionUnknown);
      return writeDocument(staff, id, baseRevision, documentFields(stored.document), { revisionId, revision: stored.revision });
    },

    /**
     * Publishes every scheduled article whose time has come, once however many instances run this
     * at the same moment: the due rows are claimed with FOR UPDATE SKIP LOCKED in one transaction
     * with their audit entries, and a row another run has published no longer matches. Returns how
     * many it published.
     */
    async publishDue(): Promise<number> {
      const at = now();
      return db.transaction(async (tx) => {
        const due = (await tx
          .select(editorColumns)
          .from(articles)
          .where(and(eq(articles.editorialState, 'scheduled'), lte(articles.publishAt, at)))
          .orderBy(asc(articles.publishAt), asc(articles.id))
          .limit(SCHEDULER_BATCH)
          .for('update', { skipLocked: true })) as ArticleRow[];
        for (const row of due) {
          // Dated at its scheduled time, not at the run that noticed it.
          await tx
            .update(articles)
            .set({ ...goLive(row, row.publishAt!), updatedAt: at })
            .where(eq(articles.id, row.id));
          const after = await readArticle(tx, row.id);
          await audit(tx, {
            actor: null,
            action: 'publish',
            targetType: 'article',
            targetId: row.id,
            targetLabel: row.title,
            before: stateOf(row),
            after: stateOf(after),
            note: M.scheduler,
            at,
          });
        }
        return due.length;
      });
    },

    /** Staff accounts and their roles (admins). */
    async listStaff(memberId: number | undefined): Promise<StaffMember[]> {
      allow(staffAccess.list(await requireStaff(memberId, 'admin')));
      const rows = await db
        .select({
          memberId: staffRoles.memberId,
          username: members.username,
          truename: members.truename,
          role: staffRoles.role,
          grantedAt: staffRoles.grantedAt,
          grantedById: staffRoles.grantedBy,
          grantedByName: staffRef.username,
        })
        .from(staffRoles)
        .innerJoin(members, eq(members.id, staffRoles.memberId))
        .leftJoin(staffRef, eq(staffRef.id, staffRoles.grantedBy))
        .orderBy(asc(staffRoles.role), asc(members.username));
      return rows.map((r) => ({
        memberId: r.memberId,
        username: r.username,
        truename: r.truename,
        role: r.role,
        grantedAt: r.grantedAt.toISOString(),
        grantedBy: r.grantedById === null ? null : { id: r.grantedById, username: r.grantedByName ?? '' },
      }));
    },

    /**
     * Gives an account a staff role, changes it, or takes it away (role null), audited. The last
     * admin cannot stop being one (admins are locked while counted, so two admins demoting each
     * other at once cannot both succeed). Takes effect on the account's next call: roles are read
     * on every staff call.
     */
    async setRole(memberId: number | undefined, input: { account: string; role: StaffRole | null; note?: string }) {
      const staff = await requireStaff(memberId, 'admin');
      allow(staffAccess.setRole(staff));
      const name = input.account.trim();
      const [target] = await db
        .select({ id: members.id, username: members.username })
        .from(members)
        .where(or(eq(members.username, name), eq(members.mobile, name), eq(members.email, name.toLowerCase())))
        .limit(1);
      if (!target) throw AppError.badParameter(M.memberUnknown);
      const at = now();
      await db.transaction(async (tx) => {
        const admins = await tx.select({ memberId: staffRoles.memberId }).from(staffRoles).where(eq(staffRoles.role, 'admin')).for('update');
        const [current] = await tx.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.memberId, target.id)).for('update');
        const before = current?.role ?? null;
        if (before === input.role) return;
        if (before === 'admin' && admins.length <= 1) throw AppError.badParameter(M.lastAdmin);
        if (input.role === null) {
          await tx.delete(staffRoles).where(eq(staffRoles.memberId, target.id));
        } else {
          await tx
            .insert(staffRoles)
            .values({ memberId: target.id, role: input.role, grantedAt: at, grantedBy: staff.id })
            .onConflictDoUpdate({ target: staffRoles.memberId, set: { role: input.role, grantedAt: at, grantedBy: staff.id } });
        }
        await audit(tx, {
          actor: staff,
          action: 'role',
          targetType: 'member',
          targetId: target.id,
          targetLabel: target.username,
          before: { role: before },
          after: { role: input.role },
          note: input.note,
          at,
        });
      });
      return { memberId: target.id, username: target.username, role: input.role };
    },

    /** The audit trail, newest first, filtered (admins). actorId 0 is the scheduler. */
    async listAudit(memberId: number | undefined, query: AuditListBody) {
      allow(auditAccess.read(await requireStaff(memberId, 'admin')));
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const range = dayRange(query.startDate, query.endDate);
      const conditions: SQL[] = [];
      if (query.action) conditions.push(eq(editorialAudit.action, query.action));
      if (query.actorId !== undefined) conditions.push(query.actorId === 0 ? isNull(editorialAudit.actorId) : eq(editorialAudit.actorId, query.actorId));
      if (query.targetType) conditions.push(eq(editorialAudit.targetType, query.targetType));
      if (query.targetId !== undefined) conditions.push(eq(editorialAudit.targetId, query.targetId));
      if (range) conditions.push(gte(editorialAudit.at, range.from), lt(editorialAudit.at, range.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db.select().from(editorialAudit).where(where).orderBy(desc(editorialAudit.at), desc(editorialAudit.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(editorialAudit).where(where),
      ]);
      const results: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actorId,
        actorName: r.actorName,
        action: r.action,
        targetType: r.targetType as AuditEntry['targetType'],
        targetId: r.targetId,
        targetLabel: r.targetLabel,
        before: r.before ?? null,
        after: r.after ?? null,
        note: r.note,
      }));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },
  };
}
