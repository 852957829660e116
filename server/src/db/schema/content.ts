import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { at, createdAt, updatedAt, classIds } from './columns.js';
import { tsvector } from './search.js';

/**
 * Where an article stands in the editorial workflow (server/src/modules/editorial): draft → in
 * review → scheduled → published → withdrawn. Only a published article is reachable by readers
 * (status 1, or 2 when linkOnly); every other state has status 0.
 */
export const EDITORIAL_STATES = ['draft', 'in_review', 'scheduled', 'published', 'withdrawn'] as const;
export type EditorialState = (typeof EDITORIAL_STATES)[number];

/** Content families (spec §3 Source ids): 5 journal, 6 digest, 7 animation, 8 audio, 9 clinical research writing, 10 catalyst, 11 evidence, 1 commentary. */
export const articleSources = pgTable('article_sources', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  logo: text('logo').notNull().default(''),
  sort: smallint('sort').notNull().default(0),
});

/** The seven disease areas; code is the professional-field code (spec §2.3). */
export const articleClasses = pgTable(
  'article_classes',
  {
    id: integer('id').primaryKey(),
    classname: varchar('classname', { length: 32 }).notNull(),
    code: smallint('code').notNull(),
    xcxIconSe: text('xcx_icon_se').notNull().default(''),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('article_classes_code_key').on(t.code)],
);

/** Per-source article filters, the list tabs (spec §2.10, §3 Filter ids). */
export const articleFilters = pgTable(
  'article_filters',
  {
    id: integer('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => articleSources.id),
    filtername: varchar('filtername', { length: 32 }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('article_filters_source_idx').on(t.sourceId)],
);

/** Article types of the clinical research writing source (spec §3 "Article type ids"). */
export const articleTypes = pgTable('article_types', {
  id: integer('id').primaryKey(),
  sourceId: integer('source_id')
    .notNull()
    .references(() => articleSources.id),
  typename: varchar('typename', { length: 32 }).notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** A weekly issue is built as a draft and shown to readers once published (modules/editorial). */
export const ISSUE_STATES = ['draft', 'published'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/** A weekly issue (articleWeeklyPo: title, thedate) grouping journal, digest and animation items. */
export const weeklyIssues = pgTable(
  'weekly_issues',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 128 }).notNull(),
    thedate: date('thedate', { mode: 'string' }).notNull(),
    /** Catalogue (contents) article permalinks, when there is one. */
    catalogPermalinks: varchar('catalog_permalinks', { length: 64 }),
    /** Readers see a published issue only (with at least one published article); rows before the console are published. */
    state: varchar('state', { length: 12 }).$type<IssueState>().notNull().default('published'),
    /**
     * The order editors gave the issue's articles (ids; the articles name their issue in
     * weekly_issue_id). An article of the issue missing here follows, newest first.
     */
    articleOrder: integer('article_order').array().notNull().default(sql`'{}'::integer[]`),
    /** Raised by every applied change of the issue (optimistic versioning, as for articles). */
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('weekly_issues_thedate_key').on(t.thedate),
    check('weekly_issues_state_check', sql`${t.state} in ('draft', 'published')`),
  ],
);

/** Articles of every source (spec §3 Article). Gated fields are only sent by detail endpoints. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => articleSources.id),
    filterId: integer('filter_id').references(() => articleFilters.id),
    typeId: integer('type_id').references(() => articleTypes.id),
    weeklyIssueId: integer('weekly_issue_id').references(() => weeklyIssues.id),
    /** Disease areas (article_classes.id). */
    classIds: classIds(),
    permalinks: varchar('permalinks', { length: 64 }).notNull(),
    title: text('title').notNull(),
    outtitle: text('outtitle').notNull().default(''),
    author: text('author').notNull().default(''),
    pcauthor: text('pcauthor').notNull().default(''),
    intro: text('intro').notNull().default(''),
    content: text('content').notNull().default(''),
    /** Commentary; the part before the first <hr> is free (ARCHITECTURE §3.3). */
    wantsay: text('wantsay').notNull().default(''),
    haswantsay: smallint('haswantsay').notNull().default(0),
    wantsayTitle: text('wantsay_title').notNull().default(''),
    coi: text('coi').notNull().default(''),
    keyword: text('keyword').notNull().default(''),
    /** References. */
    aboutcontent: text('aboutcontent').notNull().default(''),
    appendix: text('appendix').notNull().default(''),
    thank: text('thank').notNull().default(''),
    postdate: at('postdate').notNull(),
    /** Publication date of the original. */
    pubdate: date('pubdate', { mode: 'string' }),
    thumb: text('thumb').notNull().default(''),
    videoUrl: text('video_url').notNull().default(''),
    outlink: text('outlink').notNull().default(''),
    relationArticleIds: integer('relation_article_ids').array().notNull().default(sql`'{}'::integer[]`),
    accessLevel: varchar('access_level', { length: 8 }).notNull().default('public'),
    /**
     * What readers reach: 1 published, 2 published by link only (weekly catalogues, never listed),
     * 0 not reachable (any editorial state but published). Written with editorialState.
     */
    status: smallint('status').notNull().default(1),
    /** Editorial workflow state (EDITORIAL_STATES); rows written before the console are published. */
    editorialState: varchar('editorial_state', { length: 12 }).$type<EditorialState>().notNull().default('published'),
    /** Published by link only (status 2 rather than 1 when published), remembered while withdrawn. */
    linkOnly: boolean('link_only').notNull().default(false),
    /** When a scheduled article goes live (set in the scheduled state only). */
    publishAt: at('publish_at'),
    /** First time it went live (rows published before the console: filled when first withdrawn). */
    firstPublishedAt: at('first_published_at'),
    /** The document's revision, raised by every applied save (optimistic versioning). */
    revision: integer('revision').notNull().default(1),
    /** The staff account that created it in the console (owner of a contributor's draft). */
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    // The English original beside the Chinese translation (its title is outtitle).
    enAuthors: text('en_authors').notNull().default(''),
    enAbstract: text('en_abstract').notNull().default(''),
    enBody: text('en_body').notNull().default(''),
    /** The commentary's English (bilingual reading); its free part, like wantsay's, ends at its first <hr>. */
    enWantsay: text('en_wantsay').notNull().default(''),
    enReferences: text('en_references').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Search (server/src/modules/search): lexemes segmented by the application. search_title holds
     * the title; search_head the title (weight A), keywords, English title and authors (B);
     * search_vector those, the intro (C) and the body and commentary (D). NULL means not indexed
     * yet: a write that changes the text without them sets them to NULL (triggers, migrations 0009
     * and 0010) and search indexes such rows.
     */
    searchTitle: tsvector('search_title'),
    searchHead: tsvector('search_head'),
    searchVector: tsvector('search_vector'),
    /**
     * search_vector's title-to-intro lexemes (weights A to C, positions kept), kept by PostgreSQL:
     * the relevance tiers read this small vector instead of the whole text's, whose body makes it
     * tens of kilobytes to fetch and decompress per row (docs/decisions.md "Search under
     * concurrency").
     */
    searchAbc: tsvector('search_abc').generatedAlwaysAs(sql`ts_filter(search_vector, '{a,b,c}')`),
  },
  // The list indexes (ARCHITECTURE §6, docs/decisions.md "Article list performance"): partial on
  // published rows, ordered as the three sorts, and covering every list filter column after the
  // order columns, so a page and a count are index-only scans that never read the wide rows.
  // DESC NULLS FIRST is what a plain `ORDER BY x DESC` means, so the list queries can walk these
  // indexes (Drizzle's .desc() alone would give NULLS LAST, which the planner cannot use for them).
  (t) => {
    // Functions: each index needs its own ordered column objects.
    const newest = () => [t.postdate.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
    const filters = [t.filterId, t.typeId, t.haswantsay, t.classIds] as const;
    const published = sql`${t.status} = 1`;
    return [
      uniqueIndex('articles_permalinks_key').on(t.permalinks),
      index('articles_pub_postdate_idx').on(...newest(), t.sourceId, ...filters).where(published),
      index('articles_pub_source_postdate_idx').on(t.sourceId, ...newest(), ...filters).where(published),
      index('articles_class_ids_idx').using('gin', t.classIds),
      index('articles_weekly_issue_idx').on(t.weeklyIssueId),
      index('articles_search_vector_idx').using('gin', t.searchVector).where(published),
      index('articles_search_stale_idx').on(t.id).where(sql`${t.searchVector} is null`),
      check('articles_access_level_check', sql`${t.accessLevel} in ('public', 'login', 'member')`),
      check('articles_editorial_state_check', sql`${t.editorialState} in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn')`),
      // Readers never reach an article that is not published; a scheduled one knows its time.
      check('articles_reachable_published_check', sql`${t.status} = 0 or ${t.editorialState} = 'published'`),
      check('articles_scheduled_time_check', sql`${t.editorialState} <> 'scheduled' or ${t.publishAt} is not null`),
      // The console's lists (all states, newest change first; one state; a contributor's own) and the scheduler.
      index('articles_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('articles_editorial_state_idx').on(t.editorialState, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('articles_created_by_idx').on(t.createdBy).where(sql`${t.createdBy} is not null`),
      index('articles_due_idx').on(t.publishAt).where(sql`${t.editorialState} = 'scheduled'`),
      check('articles_haswantsay_check', sql`${t.haswantsay} in (0, 1)`),
    ];
  },
);

/**
 * How many times each article was read (the "most read" order). Apart from `articles` so that the
 * views written every second are rows of two integers, not new versions of a wide article row with
 * its indexes and triggers (migration 0028); an article never read has no row.
 */
export const articleReads = pgTable(
  'article_reads',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    readCount: integer('read_count').notNull().default(0),
  },
  // The most-read order of a search walks it from the top (search/service.ts).
  (t) => [index('article_reads_read_count_idx').on(t.readCount.desc().nullsFirst(), t.articleId.desc().nullsFirst())],
);

/**
 * One row whose version goes up whenever anything an article list shows may have changed: triggers
 * on articles (any change but updated_at alone) and on sources, filters, types and classes (migration
 * 0005). List pages and totals are cached per version, so a cached total is never stale.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_version_one_row', sql`${t.id} = 1`)],
);

/**
 * Banners fetched by code (home, classroom); content is a JSON list of {pic, title, intro, url}.
 * The console saves a code's whole list at the revision the editor had (modules/editorial/site.ts).
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    content: text('content').notNull().default('[]'),
    revision: integer('revision').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [uniqueIndex('banners_code_key').on(t.code)],
);

/** Adverts (spec §3 Advert); position: bottom, right-one, right-two, 页眉. */
export const adverts = pgTable(
  'adverts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 128 }).notNull(),
    adUrl: text('ad_url').notNull().default(''),
    /** JSON list of {url}. */
    imgUrl: text('img_url').notNull().default('[]'),
    advertPosition: varchar('advert_position', { length: 16 }).notNull(),
    ifPublish: smallint('if_publish').notNull().default(1),
    sort: smallint('sort').notNull().default(0),
    /** Shown from this instant (none: at once) until before end_at (none: no end), when published. */
    startAt: at('start_at'),
    endAt: at('end_at'),
    /** Optimistic revision of the console's saves (modules/editorial/site.ts). */
    revision: integer('revision').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    index('adverts_position_idx').on(t.advertPosition, t.ifPublish),
    check('adverts_dates_check', sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} >= ${t.startAt}`),
  ],
);

/** Hot reads on the home page; relation_type 10 lesson, 20 meeting notice, 30 meeting review, 40 article. */
export const hotReads = pgTable('hot_reads', {
  id: serial('id').primaryKey(),
  relationType: smallint('relation_type').notNull(),
  relationId: integer('relation_id').notNull(),
  permalinks: varchar('permalinks', { length: 64 }),
  sort: smallint('sort').notNull().default(0),
});

/** Feature switches read by getModularSwitch (e.g. advert, hot_read). */
export const moduleSwitches = pgTable('module_switches', {
  moduleName: varchar('module_name', { length: 32 }).primaryKey(),
  switchValue: smallint('switch_value').notNull().default(1),
});
