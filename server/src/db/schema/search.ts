import { customType } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL tsvector, written by the application as a tsvector literal (the search module
 * segments the text itself, so PGlite and PostgreSQL index the same lexemes; docs/decisions.md
 * "Search"). Read back as its text form, which the application never needs.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
