import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { at, createdAt } from './columns.js';
import { articles } from './content.js';

// The editorial console's own tables (server/src/modules/editorial, docs/decisions.md "Editorial
// console"). The articles themselves stay in `articles`; what is written here is who may edit,
// every saved version of an article, and the trail of what was published, withdrawn and granted.

export const STAFF_ROLES = ['contributor', 'editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff role of an account (readers have no row); one login for readers and staff. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 12 }).$type<StaffRole>().notNull(),
    grantedAt: at('granted_at').notNull().defaultNow(),
    grantedBy: integer('granted_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [check('staff_roles_role_check', sql`${t.role} in ('contributor', 'editor', 'admin')`)],
);

/**
 * Every save of an article's editable document, whole (as Payload keeps versions): applied ones
 * carry the article revision they made; a save refused because someone else saved first is kept
 * too, not applied (revision null), so its text is never lost and can be restored.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The article's revision this save made; null when it was not applied. */
    revision: integer('revision'),
    /** The revision the editor's text was based on. */
    baseRevision: integer('base_revision').notNull(),
    applied: boolean('applied').notNull(),
    /** create, save, restore, or conflict (not applied: someone else saved first). */
    kind: varchar('kind', { length: 12 }).notNull(),
    /** For a restore: the revision row whose document was applied again. */
    restoredFrom: integer('restored_from'),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** The saver's username as it was then (kept if the account goes). */
    memberName: varchar('member_name', { length: 64 }).notNull().default(''),
    /** Names of the document fields this save changed (against the revision it was based on). */
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('article_revisions_article_idx').on(t.articleId, t.id.desc().nullsFirst()),
    uniqueIndex('article_revisions_article_revision_key').on(t.articleId, t.revision).where(sql`${t.revision} is not null`),
    check('article_revisions_kind_check', sql`${t.kind} in ('create', 'save', 'restore', 'conflict')`),
    check('article_revisions_applied_check', sql`${t.applied} = (${t.revision} is not null)`),
  ],
);

/** Audited actions; `save` is a weekly issue's, a glossary term's or the site furniture's (an article's saves are its revisions), `preview` a preview link made, `delete` a glossary term, banner or advert removed, `upload` a media file added to the library, `reorder` adverts of a position put in a new order, `refund` an order refunded from the console, `export` the listed orders exported (CSV or Excel), `member_extend`, `member_grant`, `member_end` a reader's membership extended, granted or ended by an admin, `end_sessions` all of a reader's sessions ended (modules/editorial/members.ts). */
export const AUDIT_ACTIONS = ['submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export', 'member_extend', 'member_grant', 'member_end', 'end_sessions', 'test_send', 'send'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** `banner` a code's pictures, `advert` one advert (or a position's order), `hot_read` the hot reads list, `module_switch` a module switch (modules/editorial/site.ts); `plan` a service plan, `benefit` the benefits list, `subscribe_text` the FAQ or the agreement (modules/editorial/plans.ts); `order` a service order (its refund) or, with target id 0, the orders listed by an export (modules/editorial/orders.ts); `lesson` a lesson or series, `conference` a conference notice or review (modules/editorial/courses.ts); `newsletter` a weekly newsletter job, `test_send` its test mail to the sender, `send` its send to the readers (modules/editorial/newsletter.ts). */
export const AUDIT_TARGETS = ['article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order', 'lesson', 'conference', 'newsletter'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * The append-only audit trail (ARCHITECTURE §3.6): who did what to which item, when, with the state
 * before and after. A trigger refuses every UPDATE, DELETE and TRUNCATE (migration 0015); actor and
 * target are plain ids, not foreign keys, so nothing cascades into it.
 */
export const editorialAudit = pgTable(
  'editorial_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    /** The staff account, or null for the scheduler. */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    action: varchar('action', { length: 16 }).$type<AuditAction>().notNull(),
    /** article or member (a role change). */
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The target's title or username then, so the trail reads without joins. */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('editorial_audit_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('editorial_audit_target_idx').on(t.targetType, t.targetId, t.id),
    index('editorial_audit_actor_idx').on(t.actorId, t.id),
    index('editorial_audit_action_idx').on(t.action, t.id),
    check(
      'editorial_audit_action_check',
      sql`${t.action} in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export', 'member_extend', 'member_grant', 'member_end', 'end_sessions', 'test_send', 'send')`,
    ),
    check('editorial_audit_target_type_check', sql`${t.targetType} in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order', 'lesson', 'conference', 'newsletter')`),
  ],
);

/**
 * The request ids (idempotency keys) of staff actions that change a reader's membership or
 * sessions: the console sends one per action; the first call with it applies the change in the same
 * transaction that writes this row, a repeat (a double click, a retry) gets the stored result back.
 */
export const staffRequests = pgTable(
  'staff_requests',
  {
    requestId: varchar('request_id', { length: 64 }).primaryKey(),
    actorId: integer('actor_id').notNull(),
    action: varchar('action', { length: 16 }).$type<AuditAction>().notNull(),
    targetType: varchar('target_type', { length: 16 }).$type<AuditTarget>().notNull(),
    targetId: integer('target_id').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_requests_target_idx').on(t.targetType, t.targetId)],
);

export const PREVIEW_AUDIENCES = ['visitor', 'reader', 'member'] as const;
/** Whom a preview shows the article as: a visitor, a logged-in reader who is not a member, or a member. */
export type PreviewAudience = (typeof PREVIEW_AUDIENCES)[number];

/**
 * Preview links of an article (`/article-info?permalinks=…&prev=<token>`, read through
 * getArticleDetail2): the token is kept as its SHA-256 only, opens this article only, as one
 * audience, until it expires or is revoked.
 */
export const articlePreviews = pgTable(
  'article_previews',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token; the token itself is shown once, to its maker. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    audience: varchar('audience', { length: 8 }).$type<PreviewAudience>().notNull(),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('article_previews_token_key').on(t.tokenHash),
    index('article_previews_article_idx').on(t.articleId, t.id.desc().nullsFirst()),
    check('article_previews_audience_check', sql`${t.audience} in ('visitor', 'reader', 'member')`),
  ],
);
