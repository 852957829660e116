import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns.js';

/** Registered users with their profile (spec §3 User and Profile). Owned by the account module. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    /** 11-digit mainland mobile number. */
    mobile: varchar('mobile', { length: 20 }),
    /** Stored lower-cased so the unique index is case-insensitive. */
    email: varchar('email', { length: 254 }),
    passwordHash: text('password_hash').notNull(),
    truename: varchar('truename', { length: 64 }).notNull().default(''),
    /** '' (not chosen), 执业医师, 医学生 or 其他. */
    identity: varchar('identity', { length: 16 }).notNull().default(''),
    /** 1 practising doctor, 5 medical student, 0 other. */
    roleid: smallint('roleid').notNull().default(0),
    avatar: text('avatar').notNull().default(''),
    // Profile (spec §3): region ids, the joined id string (cityidspliter) and the joined name path.
    provinceId: integer('province_id'),
    cityId: integer('city_id'),
    districtId: integer('district_id'),
    cityIdPath: varchar('city_id_path', { length: 64 }),
    cityNamePath: varchar('city_name_path', { length: 128 }),
    hospital: varchar('hospital', { length: 128 }),
    division: varchar('division', { length: 128 }),
    joblevel: varchar('joblevel', { length: 32 }),
    jobname: varchar('jobname', { length: 32 }),
    university: varchar('university', { length: 128 }),
    majors: varchar('majors', { length: 64 }),
    entranceYear: smallint('entrance_year'),
    qualification: varchar('qualification', { length: 32 }),
    otherCompany: varchar('other_company', { length: 128 }),
    otherDepartment: varchar('other_department', { length: 64 }),
    otherJobname: varchar('other_jobname', { length: 64 }),
    important: text('important'),
    ifReceiveNejm: smallint('if_receive_nejm').notNull().default(1),
    ifReceiveJh: smallint('if_receive_jh').notNull().default(1),
    ifReceiveDsf: smallint('if_receive_dsf').notNull().default(1),
    /** Messaging-app (WeChat) union id once bound. */
    wechatUnionId: varchar('wechat_union_id', { length: 64 }),
    ifNeedUpdate: smallint('if_need_update').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_username_key').on(t.username),
    uniqueIndex('members_mobile_key').on(t.mobile),
    uniqueIndex('members_email_key').on(t.email),
    uniqueIndex('members_wechat_union_id_key').on(t.wechatUnionId),
    check('members_roleid_check', sql`${t.roleid} in (0, 1, 5)`),
  ],
);

/** The member a row belongs to: member_id not null, deleted with the member. */
export const memberRef = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/** Login sessions: only the SHA-256 of the opaque token is stored (ARCHITECTURE §3.1). */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    /** Hex SHA-256 of the token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** created_at + 6 h, absolute. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [
    uniqueIndex('member_sessions_token_hash_key').on(t.tokenHash),
    index('member_sessions_member_idx').on(t.memberId),
  ],
);

/** Items a member collected. kind: article (articles.id), lesson (lessons.lesson_res_id), meeting. */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_member_kind_item_key').on(t.memberId, t.kind, t.itemId),
    check('favourites_kind_check', sql`${t.kind} in ('article', 'lesson', 'meeting')`),
  ],
);

/** Reading records for the personal centre (one row per member and item, last read time). */
export const readingRecords = pgTable(
  'reading_records',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reading_records_member_kind_item_key').on(t.memberId, t.kind, t.itemId),
    index('reading_records_member_read_at_idx').on(t.memberId, t.readAt.desc().nullsFirst()),
  ],
);

/** Shipping address for the yearly plans' gifts (spec §3 Shipping address); one per member. */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    proId: integer('pro_id').notNull(),
    cityId: integer('city_id').notNull(),
    areaId: integer('area_id').notNull(),
    proName: varchar('pro_name', { length: 32 }).notNull(),
    cityName: varchar('city_name', { length: 32 }).notNull(),
    areaName: varchar('area_name', { length: 32 }).notNull(),
    shName: varchar('sh_name', { length: 64 }).notNull(),
    shPhone: varchar('sh_phone', { length: 20 }).notNull(),
    shAddress: varchar('sh_address', { length: 256 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_addresses_member_key').on(t.memberId)],
);
