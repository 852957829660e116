// The article workflow generalised to other editorial documents (lessons and conferences,
// modules/editorial/courses.ts): the same states and transitions (TRANSITIONS of service.ts), the
// same access rules (articleAccess: a contributor drafts their own, editors publish, schedule and
// withdraw), the same optimistic revisions (every save kept whole in content_revisions, a save
// based on an old revision kept but not applied, 10409), the same scheduler claim (FOR UPDATE SKIP
// LOCKED) and the audit trail with who did it, each change in one transaction.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentRevisions, members, type AuditAction, type ContentRevisionTarget, type EditorialState } from '../../db/schema/index.js';
import { parseShanghaiDateTime, shanghaiDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { articleAccess, type ArticleFacts, type Staff } from './access.js';
import { ACTION_LABELS, EditorialMessages as M, STATE_LABELS } from './messages.js';
import type { RevisionItem } from './coursesSchemas.js';
import { allow, audit, conflict, scheduledTime, transitionChange, TRANSITIONS, type Executor, type Transition } from './service.js';

/** What the workflow needs of a row. */
export interface WorkflowRow {
  id: number;
  title: string;
  editorialState: EditorialState;
  publishAt: Date | null;
  revision: number;
  createdBy: number | null;
  updatedAt: Date;
}

export interface WorkflowKind<Row extends WorkflowRow, Doc extends Record<string, unknown>> {
  target: ContentRevisionTarget;
  fields: readonly (keyof Doc & string)[];
  /** The row (FOR UPDATE when `lock`), or not found. */
  read(executor: Executor, id: number, lock?: boolean): Promise<Row>;
  documentOf(row: Row): Doc;
  /** The whole document checked and cleaned (throws 10001 naming the field). */
  validate(executor: Executor, doc: Doc, row: Row | undefined): Promise<Doc>;
  /** Writes a document's columns (and anything derived from them) with the given extra columns. */
  write(executor: Executor, id: number, doc: Doc, extra: Record<string, unknown>): Promise<void>;
  /** Writes state columns only. */
  setState(executor: Executor, id: number, change: Record<string, unknown>): Promise<void>;
  /** The columns that put a row live at `at`, and those that take it off. */
  live(row: Row, at: Date): Record<string, unknown>;
  offline(row: Row): Record<string, unknown>;
  /** What the audit trail keeps of a row's state. */
  stateOf(row: Row): Record<string, unknown>;
  /** The rows due for publication at `at`, claimed FOR UPDATE SKIP LOCKED. */
  due(executor: Executor, at: Date, limit: number): Promise<Row[]>;
  messages: { conflict: (current: number) => string; stale: (current: number) => string };
}

export const factsOfRow = (row: WorkflowRow): ArticleFacts => ({ state: row.editorialState, createdBy: row.createdBy });

/** What the caller may do with a row now (the console hides the rest; the server refuses it anyway). */
export function permissionsOf(staff: Staff, row: WorkflowRow) {
  const facts = factsOfRow(row);
  const may = (action: Transition) => articleAccess[action](staff, facts) === undefined && (TRANSITIONS[action] as readonly EditorialState[]).includes(row.editorialState);
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

/** Where a row stands, as lists and replies show it. */
export function stateFields(row: WorkflowRow, creatorName: string) {
  return {
    id: row.id,
    state: row.editorialState,
    stateLabel: STATE_LABELS[row.editorialState],
    revision: row.revision,
    publishAtShanghai: row.publishAt ? shanghaiDateTime(row.publishAt) : '',
    createdBy: row.createdBy === null ? null : { id: row.createdBy, username: creatorName },
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SCHEDULER_BATCH = 100;
const REVISIONS_LISTED = 200;

export function createContentWorkflow<Row extends WorkflowRow, Doc extends Record<string, unknown>>(deps: { db: Db; now: () => Date }, kind: WorkflowKind<Row, Doc>) {
  const { db, now } = deps;
  const changedFields = (a: Doc, b: Partial<Doc>) => kind.fields.filter((f) => f in b && b[f] !== undefined && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
  const only = (input: Partial<Doc>): Partial<Doc> => {
    const out: Partial<Doc> = {};
    for (const f of kind.fields) if (input[f] !== undefined) out[f] = input[f];
    return out;
  };

  const revisionColumns = {
    id: contentRevisions.id,
    revision: contentRevisions.revision,
    baseRevision: contentRevisions.baseRevision,
    applied: contentRevisions.applied,
    kind: contentRevisions.kind,
    restoredFrom: contentRevisions.restoredFrom,
    memberId: contentRevisions.memberId,
    memberName: contentRevisions.memberName,
    changed: contentRevisions.changed,
    createdAt: contentRevisions.createdAt,
  };
  const revisionItem = (r: {
    id: number;
    revision: number | null;
    baseRevision: number;
    applied: boolean;
    kind: string;
    restoredFrom: number | null;
    memberId: number | null;
    memberName: string;
    changed: string[];
    createdAt: Date;
  }): RevisionItem => ({
    id: r.id,
    revision: r.revision,
    baseRevision: r.baseRevision,
    applied: r.applied,
    kind: r.kind as RevisionItem['kind'],
    restoredFrom: r.restoredFrom,
    member: r.memberId === null ? null : { id: r.memberId, username: r.memberName },
    changed: r.changed,
    createdAt: r.createdAt.toISOString(),
  });

  async function creatorName(row: WorkflowRow): Promise<string> {
    if (row.createdBy === null) return '';
    const [m] = await db.select({ username: members.username }).from(members).where(eq(members.id, row.createdBy));
    return m?.username ?? '';
  }

  return {
    creatorName,

    /**
     * A new draft (revision 1) owned by the caller; `insert` writes the row of the checked document
     * and returns its id. Audited as a save.
     */
    async create(staff: Staff, input: Partial<Doc>, empty: Doc, insert: (tx: Executor, doc: Doc, at: Date) => Promise<number>): Promise<Row> {
      allow(articleAccess.create(staff));
      const fields = only(input);
      const at = now();
      return db.transaction(async (tx) => {
        const doc = await kind.validate(tx, { ...empty, ...fields }, undefined);
        const id = await insert(tx, doc, at);
        await tx.insert(contentRevisions).values({
          targetType: kind.target,
          targetId: id,
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
        const row = await kind.read(tx, id);
        await audit(tx, { actor: staff, action: 'save', targetType: kind.target, targetId: id, targetLabel: row.title, before: null, after: { revision: 1, state: row.editorialState }, at });
        return row;
      });
    },

    /**
     * Writes fields over a row at the revision the caller's text was based on (a restore: a
     * revision's whole document). Someone else saved since: nothing applied, the caller's text kept
     * as a revision not applied, and 10409 names it. A save that changes nothing makes no revision.
     */
    async save(staff: Staff, id: number, baseRevision: number, input: Partial<Doc>, restore?: { revisionId: number; revision: number | null }): Promise<Row> {
      const fields = only(input);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const row = await kind.read(tx, id, true);
        allow(restore ? articleAccess.restore(staff, factsOfRow(row)) : articleAccess.update(staff, factsOfRow(row)));
        const current = kind.documentOf(row);
        const changed = changedFields(current, fields);
        if (changed.length === 0) return { row };
        if (baseRevision !== row.revision) {
          const [kept] = await tx
            .insert(contentRevisions)
            .values({
              targetType: kind.target,
              targetId: id,
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
            .returning({ id: contentRevisions.id });
          return { conflict: { currentRevision: row.revision, revisionId: kept!.id } };
        }
        const next = await kind.validate(tx, { ...current, ...fields }, row);
        const revision = row.revision + 1;
        await kind.write(tx, id, next, { revision, updatedAt: at });
        await tx.insert(contentRevisions).values({
          targetType: kind.target,
          targetId: id,
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
        const before: Record<string, unknown> = { revision: row.revision };
        const after: Record<string, unknown> = { revision, changed };
        for (const f of changed) {
          const text = (v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…` : v);
          before[f] = text(current[f]);
          after[f] = text(next[f]);
        }
        if (restore) Object.assign(after, { restoredRevisionId: restore.revisionId, restoredRevision: restore.revision });
        await audit(tx, { actor: staff, action: restore ? 'restore' : 'save', targetType: kind.target, targetId: id, targetLabel: next.title as string, before, after, at });
        return { row: await kind.read(tx, id) };
      });
      if (outcome.conflict) throw conflict(kind.messages.conflict(outcome.conflict.currentRevision), outcome.conflict);
      return outcome.row!;
    },

    /** Sends for review, back to draft, publishes, schedules or withdraws, as an article (same rules). */
    async transition(staff: Staff, action: Transition, input: { id: number; revision: number; note?: string; publishAt?: string }): Promise<Row> {
      const at = now();
      const publishAt = scheduledTime(action, input.publishAt, at);
      return db.transaction(async (tx) => {
        const row = await kind.read(tx, input.id, true);
        allow(articleAccess[action](staff, factsOfRow(row)));
        if (row.revision !== input.revision) throw conflict(kind.messages.stale(row.revision), { currentRevision: row.revision });
        if (!(TRANSITIONS[action] as readonly EditorialState[]).includes(row.editorialState)) {
          throw conflict(M.badTransition(row.editorialState, ACTION_LABELS[action]), { state: row.editorialState });
        }
        // A document published or scheduled must be complete: checked again as it goes out.
        if (action === 'publish' || action === 'schedule') await kind.validate(tx, kind.documentOf(row), row);
        const { change, audited } = transitionChange(action, row.editorialState, publishAt, () => kind.live(row, at), () => kind.offline(row));
        await kind.setState(tx, row.id, { ...change, updatedAt: at });
        const after = await kind.read(tx, row.id);
        await audit(tx, {
          actor: staff,
          action: audited,
          targetType: kind.target,
          targetId: row.id,
          targetLabel: row.title,
          before: kind.stateOf(row),
          after: kind.stateOf(after),
          note: input.note,
          at,
        });
        return after;
      });
    },

    /** Publishes the scheduled rows whose time has come, once however many instances run it. */
    async publishDue(): Promise<number> {
      const at = now();
      return db.transaction(async (tx) => {
        const due = await kind.due(tx, at, SCHEDULER_BATCH);
        for (const row of due) {
          await kind.setState(tx, row.id, { ...kind.live(row, row.publishAt!), updatedAt: at });
          const after = await kind.read(tx, row.id);
          await audit(tx, { actor: null, action: 'publish', targetType: kind.target, targetId: row.id, targetLabel: row.title, before: kind.stateOf(row), after: kind.stateOf(after), note: M.scheduler, at });
        }
        return due.length;
      });
    },

    async listRevisions(id: number): Promise<RevisionItem[]> {
      const rows = await db
        .select(revisionColumns)
        .from(contentRevisions)
        .where(and(eq(contentRevisions.targetType, kind.target), eq(contentRevisions.targetId, id)))
        .orderBy(desc(contentRevisions.id))
        .limit(REVISIONS_LISTED);
      return rows.map(revisionItem);
    },

    async getRevision(id: number, revisionId: number, empty: Doc): Promise<RevisionItem & { document: Doc }> {
      const [row] = await db
        .select({ ...revisionColumns, document: contentRevisions.document })
        .from(contentRevisions)
        .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.targetType, kind.target), eq(contentRevisions.targetId, id)));
      if (!row) throw AppError.notFound(M.revisionUnknown);
      return { ...revisionItem(row), document: { ...empty, ...only(row.document as Partial<Doc>) } };
    },

    /** A revision's stored document and number, for a restore. */
    async storedRevision(id: number, revisionId: number): Promise<{ revision: number | null; document: Partial<Doc> }> {
      const [row] = await db
        .select({ revision: contentRevisions.revision, document: contentRevisions.document })
        .from(contentRevisions)
        .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.targetType, kind.target), eq(contentRevisions.targetId, id)));
      if (!row) throw AppError.notFound(M.revisionUnknown);
      return { revision: row.revision, document: only(row.document as Partial<Doc>) };
    },
  };
}


