import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { memberRef } from './account.js';

// Tables of the auth module: captchas, verification codes, the proofs checkCode hands out, the
// local outbox, used single-sign-on tickets and exchanged messaging-app (WeChat) authorisations.

/** Arithmetic picture captchas: single use, 2 minutes; only an HMAC of the answer is kept. */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * 6-digit codes sent by SMS or e-mail, bound to one phone or e-mail (`target`) and one purpose
 * (CODE_TYPE). Only an HMAC of the code is kept; dead after 5 wrong tries, 10 minutes or one use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(),
    target: varchar('target', { length: 254 }).notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt.desc().nullsFirst()),
    check('verification_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
  ],
);

/** Proofs handed out by base/checkCode: single use, 15 minutes, for one target and purpose. SHA-256 only. */
export const verifyTokens = pgTable(
  'verify_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    target: varchar('target', { length: 254 }).notNull(),
    purpose: smallint('purpose').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('verify_tokens_token_hash_key').on(t.tokenHash), index('verify_tokens_expires_idx').on(t.expiresAt)],
);

/** What the local SMS and mail providers "sent" (read on /dev/outbox outside production). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    body: text('body').notNull(),
    code: varchar('code', { length: 16 }),
    /** An e-mail's HTML part, when it has one. */
    html: text('html'),
    /** An e-mail's extra header fields (List-Unsubscribe, List-Unsubscribe-Post), when it has any. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.id.desc().nullsFirst()),
    check('outbox_messages_channel_check', sql`${t.channel} in ('sms', 'email')`),
  ],
);

/** Single-sign-on tickets already exchanged (SHA-256 of the ticket), kept until they expire. */
export const ssoTicketsUsed = pgTable(
  'sso_tickets_used',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    memberId: memberRef(),
    usedAt: at('used_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sso_tickets_used_expires_idx').on(t.expiresAt)],
);

/**
 * A messaging-app authorisation code already exchanged for the user's identity (codes are single use
 * at WeChat), kept about 10 minutes so wechat/wxlogin can bind it after wechat/checkCode.
 */
export const wechatAuthorizations = pgTable(
  'wechat_authorizations',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    /** 'open' (website app, QR login) or 'mp' (official account, in-app browser). */
    app: varchar('app', { length: 8 }).notNull(),
    /** unionid when WeChat gives one, else `openid:<openid>`; stored in members.wechat_union_id. */
    wechatId: varchar('wechat_id', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('wechat_authorizations_expires_idx').on(t.expiresAt)],
);
