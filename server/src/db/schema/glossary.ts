import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns.js';

/**
 * The medical glossary (issue 21, items 2 and 3): one term a row, in Chinese and English, with its
 * abbreviations and synonyms (Chinese short forms such as 心衰 and English ones such as HF), a short
 * Chinese definition and its disease area. Readers see the terms marked in an article (mf-content);
 * site search expands a query with the forms of a term it names (modules/search/synonyms.ts).
 * Editors keep it in the console (/api/editor/glossary/…, audited). Any change raises the content
 * version (migration 0017), so search and the reader's copy follow it on every instance.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: serial('id').primaryKey(),
    /** The Chinese term, e.g. 心力衰竭. */
    term: varchar('term', { length: 64 }).notNull(),
    /** The English term, e.g. heart failure. */
    english: varchar('english', { length: 128 }).notNull().default(''),
    /** Abbreviations and synonyms, Chinese and English (心衰, HF). */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    /** A short definition in Chinese. */
    definition: text('definition').notNull(),
    /** The disease area (article_classes id). */
    classId: integer('class_id').notNull(),
    /** Optimistic versioning: a save names the revision it was based on (10409 when replaced). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The staff account that last changed it (null for the seed). */
    updatedBy: integer('updated_by'),
  },
  (t) => [
    uniqueIndex('glossary_terms_term_key').on(t.term),
    index('glossary_terms_class_idx').on(t.classId, t.id),
    check('glossary_terms_term_check', sql`length(btrim(${t.term})) > 0`),
  ],
);

export type GlossaryRow = typeof glossaryTerms.$inferSelect;
