import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths.js';
import type { Db } from './client.js';

interface JournalEntry {
  tag: string;
  when: number;
}

const journals = new Map<string, JournalEntry[]>();

/** The committed migrations of this build, oldest first (drizzle's meta/_journal.json). */
export function committedMigrations(folder: string = migrationsFolder): JournalEntry[] {
  let entries = journals.get(folder);
  if (!entries) {
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    entries = journal.entries.map(({ tag, when }) => ({ tag, when }));
    journals.set(folder, entries);
  }
  return entries;
}

/**
 * The migrations of this build the database has not applied, by drizzle's own rule: a migration is
 * applied when the newest row of drizzle.__drizzle_migrations is at least as new as it. A database
 * that never ran a migration has them all pending; a database error (it is down) is thrown.
 */
export async function pendingMigrations(db: Db, folder: string = migrationsFolder): Promise<string[]> {
  const committed = committedMigrations(folder);
  let last = -1;
  try {
    const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const row = (result as unknown as { rows: { last: string | number | null }[] }).rows[0];
    if (row?.last !== null && row?.last !== undefined) last = Number(row.last);
  } catch (err) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: no migration has ever run here.
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw err;
  }
  return committed.filter((m) => m.when > last).map((m) => m.tag);
}
