import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { createdAt } from './columns.js';

// The editorial console's media library (server/src/modules/editorial/media.ts, docs/decisions.md
// "Editorial media"): pictures, MP4 video and MP3/M4A audio editors uploaded, with what was read from
// each file. Articles keep the URL of the media they use in their own fields (thumb, videoUrl).

export const MEDIA_KIND_VALUES = ['image', 'video', 'audio'] as const;
export const MEDIA_ACCESS_VALUES = ['public', 'member'] as const;
export type MediaAccess = (typeof MEDIA_ACCESS_VALUES)[number];

export const editorialMedia = pgTable(
  'editorial_media',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).$type<(typeof MEDIA_KIND_VALUES)[number]>().notNull(),
    /**
     * public: in the uploads store, read at its public URL. member: in the gated media store, its
     * `url` an /api/media/ path that replies sign for readers who may see the item (never public).
     */
    access: varchar('access', { length: 8 }).$type<MediaAccess>().notNull(),
    /** The file as uploaded, in its store. */
    storageKey: text('storage_key').notNull(),
    /** What an article's field holds to use it: the public URL, or /api/media/<key> for member media. */
    url: text('url').notNull(),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    bytes: integer('bytes').notNull(),
    /** Read from the file; null for pictures. */
    durationMs: integer('duration_ms'),
    /** Pixels (pictures and video); null for audio. */
    width: integer('width'),
    height: integer('height'),
    /** Pictures: the 1200 px cover and the 300 px thumbnail (public, like the picture). */
    coverKey: text('cover_key'),
    coverUrl: text('cover_url'),
    thumbKey: text('thumb_key'),
    thumbUrl: text('thumb_url'),
    /** The file name on the editor's computer (shown in the library; never used as a key). */
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('editorial_media_kind_idx').on(t.kind, t.id.desc()),
    check('editorial_media_kind_check', sql`${t.kind} in ('image', 'video', 'audio')`),
    check('editorial_media_access_check', sql`${t.access} in ('public', 'member')`),
    // Member media live in the gated store only; pictures (covers shown on every list) are public.
    check('editorial_media_member_check', sql`${t.access} = 'public' or (${t.kind} <> 'image' and ${t.url} like '/api/media/%')`),
  ],
);
