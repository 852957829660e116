import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { at, createdAt, updatedAt } from './columns.js';
import { weeklyIssues } from './content.js';

// The weekly newsletter (周刊邮件, modules/editorial/newsletter.ts): a send of a published weekly issue
// to the readers who consented, as a background job whose state lives here, so a job left running
// resumes when a server starts and no reader is mailed twice (one delivery row per job and reader,
// claimed in a transaction before its message is sent).

/** The mailing lists of the profile's consents: nejm ifReceiveNejm (the weekly), jh ifReceiveJh, dsf ifReceiveDsf. */
export const NEWSLETTER_LISTS = ['nejm', 'jh', 'dsf'] as const;
export type NewsletterList = (typeof NEWSLETTER_LISTS)[number];

export const NEWSLETTER_JOB_STATES = ['running', 'done'] as const;
export type NewsletterJobState = (typeof NEWSLETTER_JOB_STATES)[number];

/** One send of an issue to a list (one per issue and list, so an issue is never sent twice). */
export const newsletterJobs = pgTable(
  'newsletter_jobs',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => weeklyIssues.id),
    list: varchar('list', { length: 8 }).$type<NewsletterList>().notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    intro: text('intro').notNull().default(''),
    state: varchar('state', { length: 8 }).$type<NewsletterJobState>().notNull(),
    /** Messages per second, across every worker of the job. */
    ratePerSecond: integer('rate_per_second').notNull(),
    /** The time the next message may leave (each claim moves it on by 1/rate s). */
    nextSlotAt: at('next_slot_at').notNull().defaultNow(),
    total: integer('total').notNull().default(0),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('newsletter_jobs_issue_list_key').on(t.issueId, t.list),
    index('newsletter_jobs_state_idx').on(t.state, t.id),
    check('newsletter_jobs_list_check', sql`${t.list} in ('nejm', 'jh', 'dsf')`),
    check('newsletter_jobs_state_check', sql`${t.state} in ('running', 'done')`),
    check('newsletter_jobs_rate_check', sql`${t.ratePerSecond} between 1 and 100`),
  ],
);

export const NEWSLETTER_DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NewsletterDeliveryState = (typeof NEWSLETTER_DELIVERY_STATES)[number];

/**
 * One reader of a job: pending until a worker claims it (sending, committed before the message
 * leaves), then sent, failed, or skipped (no article of the issue in the reader's areas). A claim
 * left sending by a worker that died is never sent again (failed, 发送中断).
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => newsletterJobs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The address when the job was made. */
    email: varchar('email', { length: 254 }).notNull(),
    status: varchar('status', { length: 8 }).$type<NewsletterDeliveryState>().notNull().default('pending'),
    claimedAt: at('claimed_at'),
    /** When the message was handed to the mail provider. */
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_job_member_key').on(t.jobId, t.memberId),
    index('newsletter_deliveries_job_status_idx').on(t.jobId, t.status, t.id),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
  ],
);
