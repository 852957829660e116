import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { at, createdAt, classIds, updatedAt } from './columns.js';
import type { EditorialState } from './content.js';
import { tsvector } from './search.js';

/**
 * Lessons and courses (spec §3 Lesson card and Lesson resource detail). A series (subject_ser_type
 * 2 or 5) is a lesson whose children point to it through parent_id.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    /** The lesson resource id used by /course-video?id= and by lesson favourites. */
    lessonResId: integer('lesson_res_id').notNull(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    subhead: text('subhead').notNull().default(''),
    /** 1 single video, 2 video series, 3 list-style card, 4 image-text, 5 image-text series. */
    subjectSerType: smallint('subject_ser_type').notNull(),
    /** Media kind: 1 or 4 audio, 2 video, 3 image-text. */
    subjectType: smallint('subject_type').notNull().default(2),
    /** 1 needs login and a completed profile, 2 needs login only. */
    ifViewAuth: smallint('if_view_auth').notNull().default(2),
    /** Full media and text only for active members (plus free reads). */
    memberOnly: smallint('member_only').notNull().default(0),
    classIds: classIds(),
    /** JSON text lists of {url}. */
    coverPc: text('cover_pc').notNull().default('[]'),
    coverMobile: text('cover_mobile').notNull().default('[]'),
    /** JSON text list of {url, fileType}; gated. */
    media: text('media').notNull().default('[]'),
    content: text('content').notNull().default(''),
    aboutcontent: text('aboutcontent').notNull().default(''),
    outsideChain: text('outside_chain').notNull().default(''),
    publishdate: at('publishdate').notNull(),
    /** 1 published, 0 draft (lessonStatus): 1 exactly while the editorial state is published. */
    status: smallint('status').notNull().default(1),
    /** Editorial workflow state, as an article's (modules/editorial/courses.ts); rows written before the console are published. */
    editorialState: varchar('editorial_state', { length: 12 }).$type<EditorialState>().notNull().default('published'),
    /** When a scheduled lesson goes live (set in the scheduled state only). */
    publishAt: at('publish_at'),
    /** Optimistic revision of the console's saves. */
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    sort: integer('sort').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    /**
     * Search lexemes (server/src/modules/search): title (A), subtitle (C), description (D). NULL
     * means not indexed yet, as for articles.search_vector.
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    uniqueIndex('lessons_lesson_res_id_key').on(t.lessonResId),
    index('lessons_list_idx').on(t.status, t.subjectSerType, t.publishdate.desc().nullsFirst()),
    index('lessons_parent_idx').on(t.parentId),
    index('lessons_class_ids_idx').using('gin', t.classIds),
    index('lessons_search_vector_idx').using('gin', t.searchVector),
    index('lessons_search_stale_idx').on(t.id).where(sql`${t.searchVector} is null`),
    check('lessons_subject_ser_type_check', sql`${t.subjectSerType} between 1 and 5`),
    check('lessons_if_view_auth_check', sql`${t.ifViewAuth} in (1, 2)`),
    check('lessons_editorial_state_check', sql`${t.editorialState} in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn')`),
    check('lessons_reachable_published_check', sql`${t.status} = 0 or ${t.editorialState} = 'published'`),
    check('lessons_scheduled_time_check', sql`${t.editorialState} <> 'scheduled' or ${t.publishAt} is not null`),
    index('lessons_due_idx').on(t.publishAt).where(sql`${t.editorialState} = 'scheduled'`),
  ],
);

/** Conference notices and reviews (spec §3 Conference). lessAdvStatus 2 = upcoming. */
export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subhead: text('subhead').notNull().default(''),
    sponsor: varchar('sponsor', { length: 128 }).notNull().default(''),
    imgPc: text('img_pc').notNull().default(''),
    classIds: classIds(),
    beginTime: at('begin_time').notNull(),
    endTime: at('end_time').notNull(),
    content: text('content').notNull().default(''),
    /** JSON text list of {url, fileType} (the review's video or image). */
    media: text('media').notNull().default('[]'),
    /** 1 review (past), 2 notice (upcoming). */
    status: smallint('status').notNull().default(2),
    /** Editorial workflow state, as an article's: readers see published conferences only. */
    editorialState: varchar('editorial_state', { length: 12 }).$type<EditorialState>().notNull().default('published'),
    publishAt: at('publish_at'),
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conferences_begin_idx').on(t.beginTime.desc().nullsFirst()),
    check('conferences_editorial_state_check', sql`${t.editorialState} in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn')`),
    check('conferences_scheduled_time_check', sql`${t.editorialState} <> 'scheduled' or ${t.publishAt} is not null`),
    index('conferences_due_idx').on(t.publishAt).where(sql`${t.editorialState} = 'scheduled'`),
  ],
);

export const CONTENT_REVISION_TARGETS = ['lesson', 'conference'] as const;
export type ContentRevisionTarget = (typeof CONTENT_REVISION_TARGETS)[number];

/**
 * Every save of a lesson's or a conference's editable document, whole, as article_revisions keeps
 * an article's: applied ones carry the revision they made; a save refused because someone else
 * saved first is kept, not applied (revision null).
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    targetType: varchar('target_type', { length: 12 }).$type<ContentRevisionTarget>().notNull(),
    /** lessons.id or conferences.id. */
    targetId: integer('target_id').notNull(),
    revision: integer('revision'),
    baseRevision: integer('base_revision').notNull(),
    applied: boolean('applied').notNull(),
    /** create, save, restore, or conflict (not applied). */
    kind: varchar('kind', { length: 12 }).notNull(),
    restoredFrom: integer('restored_from'),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    memberName: varchar('member_name', { length: 64 }).notNull().default(''),
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_revisions_target_idx').on(t.targetType, t.targetId, t.id.desc().nullsFirst()),
    uniqueIndex('content_revisions_target_revision_key').on(t.targetType, t.targetId, t.revision).where(sql`${t.revision} is not null`),
    check('content_revisions_target_type_check', sql`${t.targetType} in ('lesson', 'conference')`),
    check('content_revisions_kind_check', sql`${t.kind} in ('create', 'save', 'restore', 'conflict')`),
    check('content_revisions_applied_check', sql`${t.applied} = (${t.revision} is not null)`),
  ],
);
