// Weekly issues built in the console (issue "The editorial console", item 7): an editor creates the
// week's issue (title, date), chooses and orders its journal (5), digest (6) and animation (7)
// articles and its catalogue (a link-only contents article), and publishes it. Readers' periodical
// pages (/latest-periodical, /period-article, the home page's latest-issue box) show a published
// issue with the articles of it that are published, in the editors' order (modules/portal); a
// scheduled article joins its issue there when the scheduler publishes it.
//
// An article names its issue (weekly_issue_id, a field of its document): adding or removing one
// here is a change of that article, saved as a revision of it, so a later save or restore of the
// article never silently moves it back. The issue keeps the order and its own revision
// (optimistic versioning, as for articles); every save, publication and withdrawal is audited.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { articleRevisions, articleSources, articles, members, weeklyIssues } from '../../db/schema/index.js';
import { shanghaiDateTime } from '../../lib/dates.js';
import { uniqueViolation } from '../../lib/dbErrors.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { issueAccess, type Staff } from './access.js';
import { EditorialMessages as M, ISSUE_STATE_LABELS, STATE_LABELS } from './messages.js';
import type { IssueCreateBody, IssueDetail, IssueListBody, IssueListItem, IssueSaveBody, IssueTransitionBody } from './schemas.js';
import { allow, audit, conflict, documentOf, readArticle, type EditorialService, type Executor } from './service.js';

/** The sources a weekly issue holds: journal, digest, animation. */
export const ISSUE_SOURCES = [5, 6, 7];

type IssueRow = typeof weeklyIssues.$inferSelect;

const creator = alias(members, 'issue_creator');

const issueArticleColumns = {
  id: articles.id,
  title: articles.title,
  sourceId: articles.sourceId,
  sourceName: articleSources.name,
  permalinks: articles.permalinks,
  state: articles.editorialState,
  publishAt: articles.publishAt,
};
type IssueArticleRow = { [K in keyof typeof issueArticleColumns]: (typeof issueArticleColumns)[K]['_']['data'] | (K extends 'publishAt' ? null : never) };

const articleItem = (r: IssueArticleRow) => ({
  id: r.id,
  title: r.title,
  sourceId: r.sourceId,
  sourceName: r.sourceName,
  permalinks: r.permalinks,
  state: r.state,
  stateLabel: STATE_LABELS[r.state],
  publishAtShanghai: r.publishAt ? shanghaiDateTime(r.publishAt) : '',
});

/** A real calendar date in YYYY-MM-DD. */
const isDate = (ymd: string) => /^\d{4}-\d{2}-\d{2}$/.test(ymd) && !Number.isNaN(Date.parse(`${ymd}T00:00:00Z`)) && new Date(`${ymd}T00:00:00Z`).toISOString().startsWith(ymd);

/** What the audit trail keeps of an issue before and after a change. */
const auditState = (issue: Pick<IssueRow, 'title' | 'thedate' | 'state' | 'articleOrder' | 'catalogPermalinks' | 'revision'>) => ({
  title: issue.title,
  thedate: issue.thedate,
  state: issue.state,
  articleIds: issue.articleOrder,
  catalogue: issue.catalogPermalinks ?? '',
  revision: issue.revision,
});

export type IssueService = ReturnType<typeof createIssueService>;

export function createIssueService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, now, editorial } = deps;

  async function editor(memberId: number | undefined, rule: (staff: Staff) => string | undefined): Promise<Staff> {
    const staff = await editorial.requireStaff(memberId, 'editor');
    allow(rule(staff));
    return staff;
  }

  async function readIssue(executor: Executor, id: number, lock = false): Promise<IssueRow> {
    const query = executor.select().from(weeklyIssues).where(eq(weeklyIssues.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw AppError.notFound(M.issueNotFound);
    return row;
  }

  /** An issue's articles in the editors' order (any not in it after, newest first). */
  async function articlesOf(executor: Executor, issueId: number): Promise<IssueArticleRow[]> {
    return (await executor
      .select(issueArticleColumns)
      .from(articles)
      .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
      .innerJoin(weeklyIssues, eq(weeklyIssues.id, articles.weeklyIssueId))
      .where(eq(articles.weeklyIssueId, issueId))
      .orderBy(sql`array_position(${weeklyIssues.articleOrder}, ${articles.id}) nulls last`, desc(articles.postdate), desc(articles.id))) as IssueArticleRow[];
  }

  async function cataloguesByPermalinks(executor: Executor, permalinks: string[]) {
    if (permalinks.length === 0) return new Map<string, ReturnType<typeof articleItem>>();
    const rows = (await executor
      .select(issueArticleColumns)
      .from(articles)
      .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
      .where(inArray(articles.permalinks, permalinks))) as IssueArticleRow[];
    return new Map(rows.map((r) => [r.permalinks, articleItem(r)]));
  }

  /** The list fields of issues: counts, catalogue, creator. */
  async function listItems(executor: Executor, issues: IssueRow[]): Promise<IssueListItem[]> {
    if (issues.length === 0) return [];
    const ids = issues.map((i) => i.id);
    const [counts, catalogues, creators] = await Promise.all([
      executor
        .select({
          issueId: articles.weeklyIssueId,
          all: count(),
          live: sql<number>`count(*) filter (where ${articles.status} = 1)`,
        })
        .from(articles)
        .where(inArray(articles.weeklyIssueId, ids))
        .groupBy(articles.weeklyIssueId),
      cataloguesByPermalinks(executor, issues.map((i) => i.catalogPermalinks).filter((p): p is string => !!p)),
      executor
        .select({ id: creator.id, username: creator.username })
        .from(creator)
        .where(inArray(creator.id, issues.map((i) => i.createdBy).filter((c): c is number => c !== null).concat(0))),
    ]);
    return issues.map((issue) => {
      const counted = counts.find((c) => c.issueId === issue.id);
      const made = creators.find((c) => c.id === issue.createdBy);
      return {
        id: issue.id,
        title: issue.title,
        thedate: issue.thedate,
        state: issue.state,
        stateLabel: ISSUE_STATE_LABELS[issue.state],
        revision: issue.revision,
        articleCount: Number(counted?.all ?? 0),
        liveCount: Number(counted?.live ?? 0),
        catalogue: (issue.catalogPermalinks && catalogues.get(issue.catalogPermalinks)) || null,
        publishedAt: issue.publishedAt ? issue.publishedAt.toISOString() : '',
        createdBy: issue.createdBy === null ? null : { id: issue.createdBy, username: made?.username ?? '' },
        updatedAt: issue.updatedAt.toISOString(),
      };
    });
  }

  async function detailOf(executor: Executor, issue: IssueRow): Promise<IssueDetail> {
    const [[item], rows] = await Promise.all([listItems(executor, [issue]), articlesOf(executor, issue.id)]);
    return { ...item!, articles: rows.map(articleItem) };
  }

  /** A date free for this issue, or the refusal naming the issue that has it. */
  async function dateFree(executor: Executor, thedate: string, id?: number) {
    const [taken] = await executor
      .select({ title: weeklyIssues.title })
      .from(weeklyIssues)
      .where(and(eq(weeklyIssues.thedate, thedate), ...(id === undefined ? [] : [ne(weeklyIssues.id, id)])))
      .limit(1);
    if (taken) throw AppError.badParameter(M.issueDateTaken(taken.title));
  }

  /** Two writers racing for one date: the unique index answers, as the same message. */
  async function dateGuard<T>(thedate: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) === 'weekly_issues_thedate_key') {
        const [taken] = await db.select({ title: weeklyIssues.title }).from(weeklyIssues).where(eq(weeklyIssues.thedate, thedate));
        throw AppError.badParameter(M.issueDateTaken(taken?.title ?? thedate));
      }
      throw err;
    }
  }

  /**
   * Puts articles in the issue or takes them out: each changed article gets its weekly issue and a
   * new revision (by the editor, the field weeklyIssueId), in the caller's transaction. Rows are
   * locked in id order, so two saves touching the same articles cannot deadlock.
   */
  async function setMembership(tx: Executor, staff: Staff, issue: IssueRow, articleIds: number[], at: Date) {
    const repeated = articleIds.filter((id, i) => articleIds.indexOf(id) !== i);
    if (repeated.length > 0) throw AppError.badParameter(M.issueArticleDuplicate([...new Set(repeated)]));
    const involved = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(or(eq(articles.weeklyIssueId, issue.id), ...(articleIds.length ? [inArray(articles.id, articleIds)] : [])))
      .orderBy(asc(articles.id))
      .for('update');
    const rows = await Promise.all(involved.map((r) => readArticle(tx, r.id)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const unknown = articleIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) throw AppError.badParameter(M.issueArticleUnknown(unknown));
    for (const id of articleIds) {
      const row = byId.get(id)!;
      if (row.linkOnly) throw AppError.badParameter(M.issueArticleLinkOnly(row.title));
      if (!ISSUE_SOURCES.includes(row.sourceId)) throw AppError.badParameter(M.issueArticleSource(row.title));
      if (row.weeklyIssueId !== null && row.weeklyIssueId !== issue.id) {
        const other = await readIssue(tx, row.weeklyIssueId);
        throw AppError.badParameter(M.issueArticleElsewhere(row.title, other.title));
      }
    }
    const wanted = new Set(articleIds);
    for (const row of rows) {
      const target = wanted.has(row.id) ? issue.id : null;
      if (row.weeklyIssueId === target) continue;
      const revision = row.revision + 1;
      await tx.update(articles).set({ weeklyIssueId: target, revision, updatedAt: at }).where(eq(articles.id, row.id));
      await tx.insert(articleRevisions).values({
        articleId: row.id,
        revision,
        baseRevision: row.revision,
        applied: true,
        kind: 'save',
        memberId: staff.id,
        memberName: staff.username,
        changed: ['weeklyIssueId'],
        document: { ...documentOf(row), weeklyIssueId: target },
        createdAt: at,
      });
    }
  }

  /** The catalogue's permalinks: a link-only article, or null for none. */
  async function cataloguePermalinks(tx: Executor, catalogueId: number | null): Promise<string | null> {
    if (catalogueId === null) return null;
    const [row] = await tx.select({ title: articles.title, permalinks: articles.permalinks, linkOnly: articles.linkOnly }).from(articles).where(eq(articles.id, catalogueId));
    if (!row) throw AppError.badParameter(M.issueCatalogueUnknown(catalogueId));
    if (!row.linkOnly) throw AppError.badParameter(M.issueCatalogueNotLinkOnly(row.title));
    return row.permalinks;
  }

  /** Publishes (to 'published') or withdraws (to 'draft') an issue the caller saw at `revision`; audited. */
  async function changeState(memberId: number | undefined, input: IssueTransitionBody, to: IssueRow['state']): Promise<IssueDetail> {
    const staff = await editor(memberId, issueAccess.publish);
    const at = now();
    const issue = await db.transaction(async (tx) => {
      const issue = await readIssue(tx, input.id, true);
      if (issue.revision !== input.revision) throw conflict(M.issueStale(issue.revision), { currentRevision: issue.revision });
      if (issue.state === to) throw conflict(to === 'published' ? M.issueAlreadyPublished : M.issueNotPublished, { state: issue.state });
      if (to === 'published') {
        const [ready] = await tx
          .select({ n: count() })
          .from(articles)
          .where(and(eq(articles.weeklyIssueId, issue.id), inArray(articles.editorialState, ['published', 'scheduled'])));
        if (Number(ready?.n ?? 0) === 0) throw AppError.badParameter(M.issueEmpty);
      }
      const [next] = await tx
        .update(weeklyIssues)
        .set({ state: to, updatedAt: at, ...(to === 'published' ? { publishedAt: at } : {}) })
        .where(eq(weeklyIssues.id, issue.id))
        .returning();
      await audit(tx, {
        actor: staff,
        action: to === 'published' ? 'publish' : 'withdraw',
        targetType: 'issue',
        targetId: issue.id,
        targetLabel: issue.title,
        before: auditState(issue),
        after: auditState(next!),
        note: input.note,
        at,
      });
      return next!;
    });
    return detailOf(db, issue);
  }

  return {
    /** Issues newest date first, with their counts and catalogue (editors). */
    async list(memberId: number | undefined, query: IssueListBody) {
      await editor(memberId, issueAccess.read);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [];
      if (query.state) conditions.push(eq(weeklyIssues.state, query.state));
      if (query.year !== undefined) conditions.push(gte(weeklyIssues.thedate, `${query.year}-01-01`), lt(weeklyIssues.thedate, `${query.year + 1}-01-01`));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db.select().from(weeklyIssues).where(where).orderBy(desc(weeklyIssues.thedate)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(weeklyIssues).where(where),
      ]);
      return { results: await listItems(db, rows), page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /** One issue with its articles in order. */
    async get(memberId: number | undefined, id: number): Promise<IssueDetail> {
      await editor(memberId, issueAccess.read);
      return detailOf(db, await readIssue(db, id));
    },

    /** A new issue, not yet published (audited). */
    async create(memberId: number | undefined, input: IssueCreateBody): Promise<IssueDetail> {
      const staff = await editor(memberId, issueAccess.write);
      const title = input.title.trim();
      if (!title) throw AppError.badParameter(M.issueTitleRequired);
      if (!isDate(input.thedate)) throw AppError.badParameter(M.issueDateInvalid);
      const at = now();
      const issue = await dateGuard(input.thedate, () =>
        db.transaction(async (tx) => {
          await dateFree(tx, input.thedate);
          const [row] = await tx
            .insert(weeklyIssues)
            .values({ title, thedate: input.thedate, state: 'draft', revision: 1, createdBy: staff.id, createdAt: at, updatedAt: at })
            .returning();
          await audit(tx, { actor: staff, action: 'save', targetType: 'issue', targetId: row!.id, targetLabel: title, before: null, after: auditState(row!), at });
          return row!;
        }),
      );
      return detailOf(db, issue);
    },

    /**
     * Saves an issue's title, date, articles (in order) and catalogue over the revision the editor
     * had; based on a replaced revision it is refused (10409) and nothing changes. Audited.
     */
    async save(memberId: number | undefined, input: IssueSaveBody): Promise<IssueDetail> {
      const staff = await editor(memberId, issueAccess.write);
      const at = now();
      const saved = await dateGuard(input.thedate ?? '', () =>
        db.transaction(async (tx) => {
          const issue = await readIssue(tx, input.id, true);
          if (issue.revision !== input.baseRevision) throw conflict(M.issueConflict(issue.revision), { currentRevision: issue.revision });
          const title = input.title === undefined ? issue.title : input.title.trim();
          if (!title) throw AppError.badParameter(M.issueTitleRequired);
          const thedate = input.thedate ?? issue.thedate;
          if (!isDate(thedate)) throw AppError.badParameter(M.issueDateInvalid);
          if (thedate !== issue.thedate) await dateFree(tx, thedate, issue.id);
          if (input.articleIds !== undefined) await setMembership(tx, staff, issue, input.articleIds, at);
          const catalogPermalinks = input.catalogueId === undefined ? issue.catalogPermalinks : await cataloguePermalinks(tx, input.catalogueId);
          const [next] = await tx
            .update(weeklyIssues)
            .set({ title, thedate, articleOrder: input.articleIds ?? issue.articleOrder, catalogPermalinks, revision: issue.revision + 1, updatedAt: at })
            .where(eq(weeklyIssues.id, issue.id))
            .returning();
          await audit(tx, { actor: staff, action: 'save', targetType: 'issue', targetId: issue.id, targetLabel: title, before: auditState(issue), after: auditState(next!), at });
          return next!;
        }),
      );
      return detailOf(db, saved);
    },

    /**
     * Publishes an issue: the periodical pages show it (with its published articles) at once. It
     * needs an article that is published or scheduled. Audited.
     */
    publish: (memberId: number | undefined, input: IssueTransitionBody) => changeState(memberId, input, 'published'),

    /** Takes a published issue off the periodical pages at once (its articles stay as they are). Audited. */
    withdraw: (memberId: number | undefined, input: IssueTransitionBody) => changeState(memberId, input, 'draft'),
  };
}
