import { index, integer, pgTable, primaryKey, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * About pages (spec §2.5), listed by article/selectAbout. `type` is the section key the /about
 * route's `type` query opens (about, editorial, ..., contact, download); `serviceKey` is the value a
 * registration terms link leaves in session storage (2 terms of service, 9 privacy policy).
 */
export const aboutPages = pgTable('about_pages', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 32 }).notNull().unique(),
  title: varchar('title', { length: 64 }).notNull(),
  content: text('content').notNull().default(''),
  serviceKey: smallint('service_key'),
  sort: smallint('sort').notNull().default(0),
  ifPublish: smallint('if_publish').notNull().default(1),
});

/** Plays counted by user/addVideoCount, one row per played item (relation type 10 article media, 20 lesson video). */
export const videoPlays = pgTable(
  'video_plays',
  {
    relationType: smallint('relation_type').notNull(),
    relationId: integer('relation_id').notNull(),
    plays: integer('plays').notNull().default(0),
    lastPlayedAt: at('last_played_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.relationType, t.relationId] }), index('video_plays_last_idx').on(t.lastPlayedAt)],
);
