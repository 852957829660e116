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
