import { date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * A PostgreSQL tsvector, written by the application as a tsvector literal (the search module
 * segments the text itself, so PGlite and PostgreSQL index the same lexemes; docs/decisions.md
 * "Search"). Read back as its text form, which the application never needs.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * Searches that found nothing, per query and day (Asia/Shanghai): what readers look for and the
 * site lacks (the console's dashboard). Only the query's text is kept, never who asked.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    /** The query as the search understood it: trimmed, blanks folded, lower-cased, at most 64 characters. */
    query: varchar('query', { length: 64 }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(1),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.query, t.day] }), index('search_misses_day_idx').on(t.day)],
);

/**
 * The words the project added to the segmenter's dictionary that this database's search vectors
 * were written with (search/dictionary.ts): a word of the build missing here is one whose rows are
 * indexed again at migration.
 */
export const searchWords = pgTable('search_words', {
  word: varchar('word', { length: 64 }).primaryKey(),
});
