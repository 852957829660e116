import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './account.js';
import { articles } from './content.js';

/** Paid plans (spec §3 Service plan). type 1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly. */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: integer('id').primaryKey(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    /** Number of months one payment buys. */
    months: smallint('months').notNull(),
    pcImg: text('pc_img').notNull().default(''),
    mobileImg: text('mobile_img').notNull().default(''),
    /** Comma list of equity_items ids. */
    memberEquityId: varchar('member_equity_id', { length: 128 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    sort: smallint('sort').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
  },
  (t) => [
    uniqueIndex('service_plans_type_key').on(t.type),
    check('service_plans_type_check', sql`${t.type} between 1 and 4`),
    check('service_plans_price_check', sql`${t.priceFen} > 0`),
  ],
);

/** Benefits listed beside the plans (spec §3: id, icon, title, infos). */
export const equityItems = pgTable('equity_items', {
  id: integer('id').primaryKey(),
  icon: text('icon').notNull().default(''),
  title: varchar('title', { length: 64 }).notNull(),
  infos: text('infos').notNull().default(''),
  sort: smallint('sort').notNull().default(0),
});

/**
 * Membership periods, one row per paid period. The member's service_type is derived from them:
 * a period covering now gives its type, only past periods give 6 (expired), none gives 0.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    serviceType: smallint('service_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_member_ends_idx').on(t.memberId, t.endsAt.desc().nullsFirst()),
    check('memberships_service_type_check', sql`${t.serviceType} between 1 and 4`),
    check('memberships_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Orders for plans (spec §3 Order). status: 0 created, 1 paid, 2 closed. */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    ordersn: varchar('ordersn', { length: 40 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    servicePlanId: integer('service_plan_id')
      .notNull()
      .references(() => servicePlans.id),
    serviceType: smallint('service_type').notNull(),
    serviceTitle: varchar('service_title', { length: 64 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    payChannel: varchar('pay_channel', { length: 16 }),
    status: smallint('status').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_orders_ordersn_key').on(t.ordersn),
    index('service_orders_member_idx').on(t.memberId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The one free read per member per calendar month (Asia/Shanghai). The unique key makes the
 * claim atomic: a second claim in the same month fails on insert (ARCHITECTURE §3.3).
 */
export const freeReadClaims = pgTable(
  'free_read_claims',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** YYYYMM in Asia/Shanghai time. */
    month: varchar('month', { length: 6 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('free_read_claims_member_month_key').on(t.memberId, t.month),
    index('free_read_claims_member_item_idx').on(t.memberId, t.kind, t.itemId),
  ],
);

/**
 * Articles a member may read for good whatever their membership, granted by a claimed free read.
 * Written in the same transaction as the claim (membership service, claimFreeRead).
 */
export const articleEntitlements = pgTable(
  'article_entitlements',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** How it was granted: free_read (the only way for now). */
    source: varchar('source', { length: 16 }).notNull().default('free_read'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('article_entitlements_member_article_key').on(t.memberId, t.articleId)],
);
