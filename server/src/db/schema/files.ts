import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { memberRef } from './account.js';

/**
 * Pictures members uploaded (re-encoded, under server-made keys) with their 300 px thumbnails.
 * Owned by the files module; the profile accepts as avatar only a URL recorded here for the member.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    /** Storage key of the picture, e.g. 2026/11/<random>.jpg */
    storageKey: varchar('storage_key', { length: 128 }).notNull(),
    thumbKey: varchar('thumb_key', { length: 128 }).notNull(),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_member_url_idx').on(t.memberId, t.url),
  ],
);
