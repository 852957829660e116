import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

// Column shapes several tables repeat. Each helper returns a new builder, so no two tables share one.

/** An instant: timestamptz (the schema keeps every instant with its time zone). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written: timestamptz not null default now(). */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed: timestamptz not null default now(). */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** The disease areas (article_classes ids) an item belongs to: integer[] not null default '{}'. */
export const classIds = () => integer('class_ids').array().notNull().default(sql`'{}'::integer[]`);
