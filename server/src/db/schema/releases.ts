import { bigserial, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, updatedAt } from './columns.js';

// The live releases of the front end when several server instances share them (RELEASE_STATE=database,
// modules/releases): what scripts/lib/releases.mjs keeps in the releases folder's JSON files on one
// machine. The releases themselves (their files) stay in the releases folder or on the static host.

/** The live release of each app (shell, mf-content, …) and the remote's canary, if one runs. */
export const releaseLive = pgTable('release_live', {
  app: varchar('app', { length: 64 }).primaryKey(),
  version: varchar('version', { length: 128 }).notNull(),
  canaryVersion: varchar('canary_version', { length: 128 }),
  canaryPercent: integer('canary_percent'),
  updatedAt: updatedAt(),
});

/** Every change of a live release or a canary, appended, never changed: who, when, from and to. */
export const releaseHistory = pgTable(
  'release_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    app: varchar('app', { length: 64 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    fromVersion: varchar('from_version', { length: 128 }),
    toVersion: varchar('to_version', { length: 128 }),
    percent: integer('percent'),
    removed: jsonb('removed').$type<string[]>(),
    by: varchar('by', { length: 128 }).notNull(),
    note: text('note'),
  },
  (t) => [index('release_history_app_idx').on(t.app, t.id)],
);

/** A tester's preview of a release on the live site: the link's token, kept only as its hash. */
export const releasePreviews = pgTable('release_previews', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  app: varchar('app', { length: 64 }).notNull(),
  version: varchar('version', { length: 128 }).notNull(),
  createdBy: varchar('created_by', { length: 128 }).notNull(),
  expiresAt: at('expires_at').notNull(),
});
