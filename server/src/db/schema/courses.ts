import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, classIds } from './columns.js';
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
    /** 1 published, 0 draft (lessonStatus). */
    status: smallint('status').notNull().default(1),
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
    createdAt: createdAt(),
  },
  (t) => [index('conferences_begin_idx').on(t.beginTime.desc().nullsFirst())],
);
