import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { LoginThrottle } from '../../config.js';
import type { Db } from '../../db/client.js';
import { favourites, members, readingRecords } from '../../db/schema/index.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import type { RateLimiter } from '../../plugins/rateLimit.js';
import type { SessionMember, SessionStore } from '../../plugins/session.js';
import { isActiveMember, type MembershipService } from '../membership/service.js';
import { uniqueViolation } from '../../lib/dbErrors.js';
import type { CaptchaService } from '../auth/captcha.js';
import { createLoginThrottle, type LoginSubject } from './loginThrottle.js';
import { createReadingLog } from './readingLog.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { LoginBody, LoginReply, SessionUser } from './schemas.js';

export type FavouriteKind = 'article' | 'lesson' | 'meeting';

export interface AccountServiceDeps {
  db: Db;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** The picture captcha asked for past the login throttle's limits. */
  captcha: CaptchaService;
  membership: MembershipService;
  now: () => Date;
  /** A batch of reading records that could not be written (kept and tried again). */
  onReadingError?: (err: unknown) => void;
}

/** The personal-centre lists of items a member kept: favourites (by collect time) or reading records (by last read). */
export type MemberItemList = 'favourites' | 'reading';

export type AccountService = ReturnType<typeof createAccountService>;

export type MemberRow = typeof members.$inferSelect;

/** How a member is found: mobile, e-mail (lower-cased) or the bound messaging-app (WeChat) id. */
export type Contact = { mobile: string } | { email: string } | { wechatId: string };

/** Request facts a new session records. */
export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

export interface UpdatePasswordInput {
  oldPassword?: string;
  newPassword?: string;
  checknewPassword?: string;
  /** The picture captcha, needed past the login throttle's limits. */
  uuid?: string;
  code?: string;
}

/** A unique field a new or changed member collides on. */
export class MemberConflict extends Error {
  constructor(readonly field: 'username' | 'mobile' | 'email' | 'wechat') {
    super(`member ${field} taken`);
    this.name = 'MemberConflict';
  }
}

const CONFLICT_BY_CONSTRAINT: Record<string, MemberConflict['field']> = {
  members_username_key: 'username',
  members_mobile_key: 'mobile',
  members_email_key: 'email',
  members_wechat_union_id_key: 'wechat',
};

/** How long a reader's favourite ids are reused for list marks (see favouriteSet). */
const FAVOURITES_CACHE_MS = 3_000;
const FAVOURITES_CACHE_ENTRIES = 10_000;

export function createAccountService({ db, sessions, rateLimiter, loginThrottle, captcha, membership, now, onReadingError }: AccountServiceDeps) {

  async function findByAccountName(accountName: string) {
    const rows = await db
      .select()
      .from(members)
      .where(or(eq(members.username, accountName), eq(members.mobile, accountName), eq(members.email, accountName.toLowerCase())))
      .limit(3);
    // A username wins over someone else's mobile or e-mail spelled the same way.
    return rows.find((r) => r.username === accountName) ?? rows.find((r) => r.mobile === accountName) ?? rows[0];
  }

  /**
   * Failed-login counters per account and per client address (login/login, loginWithoutPwd, a
   * wrong old password on updatePassword). Past either limit a try needs the picture captcha.
   */
  const throttle = createLoginThrottle({ rateLimiter, settings: loginThrottle, captcha });

  /** Members' reading records, written behind the reply in batches (readingLog.ts). */
  const readings = createReadingLog({ db, now, onError: (err) => onReadingError?.(err) });

  /** The account a typed name or contact stands for, else the name itself (see LoginSubject). */
  const subjectOf = (member: MemberRow | undefined, typedName: string): LoginSubject =>
    member ? { memberId: member.id } : { name: typedName };

  function contactWhere(contact: Contact) {
    if ('mobile' in contact) return eq(members.mobile, contact.mobile);
    if ('email' in contact) return eq(members.email, contact.email.toLowerCase());
    return eq(members.wechatUnionId, contact.wechatId);
  }

  async function findByContact(contact: Contact, tx: Db = db): Promise<MemberRow | undefined> {
    const [row] = await tx.select().from(members).where(contactWhere(contact)).limit(1);
    return row;
  }

  /** A new session (new token) for the member: the login reply. */
  async function startSession(member: MemberRow, meta: ClientMeta): Promise<LoginReply> {
    const { token } = await sessions.issue(member.id, meta);
    return { ...(await toSessionUser(member)), token };
  }

  async function findById(memberId: number, tx: Db = db): Promise<MemberRow | undefined> {
    const [row] = await tx.select().from(members).where(eq(members.id, memberId)).limit(1);
    return row;
  }

  /**
   * Sets a new password and ends the member's sessions: all of them (forgotten password), or all
   * but `keepSessionId` (a change made while logged in).
   */
  async function setPassword(memberId: number, password: string, options: { keepSessionId?: number } = {}): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(members).set({ passwordHash, updatedAt: now() }).where(eq(members.id, memberId));
      await sessions.revokeAllOf(memberId, options.keepSessionId, tx as unknown as Db);
    });
  }

  async function toSessionUser(member: typeof members.$inferSelect): Promise<SessionUser> {
    const [sub, autoRenew, freeRead] = await Promise.all([
      membership.subscriptionOf(member.id),
      membership.autoRenewOf(member.id),
      membership.freeReadState(member.id),
    ]);
    const serviceEndDate = sub.serviceEndDate?.toISOString() ?? null;
    return {
      id: member.id,
      membername: member.username,
      truename: member.truename,
      identity: member.identity,
      roleid: member.roleid as SessionUser['roleid'],
      avatar: member.avatar,
      mobile: member.mobile ?? '',
      email: member.email ?? '',
      subscribe_info: { service_type: sub.serviceType, service_end_date: serviceEndDate, auto_renew: autoRenew },
      subscribePo: { serviceEndDate, ...(sub.serviceTitle ? { serviceTitle: sub.serviceTitle } : {}) },
      ifNeedUpdate: member.ifNeedUpdate === 1 ? 1 : 0,
      // An active member reads everything: the free read is no concern of theirs.
      ...(isActiveMember(sub.serviceType) ? {} : { free_read: freeRead }),
    };
  }

  /**
   * Each recent reader's favourite ids of a kind, for the ifCollect marks of every list reply: one
   * query per reader and FAVOURITES_CACHE_MS instead of one per reply. Collecting or removing here
   * drops the entry at once; another server instance sharing the database shows it within
   * FAVOURITES_CACHE_MS (docs/decisions.md "Session lookups").
   */
  const recentFavourites = new Map<string, { ids: Promise<Set<number>>; until: number }>();
  async function favouriteSet(memberId: number, kind: FavouriteKind): Promise<Set<number>> {
    const key = `${memberId}:${kind}`;
    const t = Date.now();
    const hit = recentFavourites.get(key);
    if (hit && hit.until > t) return hit.ids;
    const ids = db
      .select({ itemId: favourites.itemId })
      .from(favourites)
      .where(and(eq(favourites.memberId, memberId), eq(favourites.kind, kind)))
      .then((rows) => new Set(rows.map((r) => r.itemId)));
    const entry = { ids, until: t + FAVOURITES_CACHE_MS };
    if (recentFavourites.size >= FAVOURITES_CACHE_ENTRIES) recentFavourites.delete(recentFavourites.keys().next().value!);
    recentFavourites.set(key, entry);
    ids.catch(() => {
      if (recentFavourites.get(key) === entry) recentFavourites.delete(key);
    });
    return ids;
  }

  return {
    /**
     * Resolves the typed name to its account, passes the throttle (past its limits: the captcha in
     * `uuid` and `code`, checked before the password), then checks the password. Every failure gets
     * the same reply whether or not the account exists.
     */
    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<LoginReply> {
      const accountName = body.accountName?.trim() ?? '';
      const password = body.password ?? '';
      if (!accountName) throw AppError.badParameter('请输入用户名、手机或邮箱');
      if (!password) throw AppError.badParameter('请输入密码');

      const member = await findByAccountName(accountName);
      const subject = subjectOf(member, accountName);
      await throttle.pass(subject, meta.ip, { uuid: body.uuid, code: body.code });
      const valid = member ? await verifyPassword(member.passwordHash, password) : await verifyAgainstDummy(password);
      if (!member || !valid) {
        await throttle.fail(subject, meta.ip);
        throw new AppError(ErrorCode.wrongCredentials, Messages.wrongCredentials);
      }
      await throttle.clear(subject);
      return startSession(member, meta);
    },

    throttle,

    subjectOf,

    startSession,

    findByContact,

    /** Whether an account uses this mobile or e-mail (for choosing between a code and a notice). */
    async contactTaken(contact: Contact): Promise<boolean> {
      return (await findByContact(contact)) !== undefined;
    },

    findById,

    /**
     * Inserts a member (already-hashed password). Throws MemberConflict naming the unique field
     * (username, mobile, email, wechat) another account holds; inside `tx`, the caller's
     * transaction is then rolled back by the caller.
     */
    async createMember(
      values: { username: string; passwordHash: string; mobile?: string; email?: string; wechatId?: string; avatar?: string },
      tx: Db = db,
    ): Promise<MemberRow> {
      try {
        const at = now();
        const [row] = await tx
          .insert(members)
          .values({
            username: values.username,
            passwordHash: values.passwordHash,
            mobile: values.mobile ?? null,
            email: values.email?.toLowerCase() ?? null,
            wechatUnionId: values.wechatId ?? null,
            avatar: values.avatar ?? '',
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        return row!;
      } catch (err) {
        const constraint = uniqueViolation(err);
        const field = constraint === undefined ? undefined : CONFLICT_BY_CONSTRAINT[constraint];
        if (field) throw new MemberConflict(field);
        throw err;
      }
    },

    /** Binds a messaging-app id to the member; MemberConflict('wechat') when another member holds it. */
    async bindWechat(memberId: number, wechatId: string, tx: Db = db): Promise<void> {
      try {
        await tx.update(members).set({ wechatUnionId: wechatId, updatedAt: now() }).where(eq(members.id, memberId));
      } catch (err) {
        if (uniqueViolation(err) === 'members_wechat_union_id_key') throw new MemberConflict('wechat');
        throw err;
      }
    },

    /** A username nobody has: the prefix and 8 random characters (messaging-app sign-ups). */
    async freeUsername(prefix: string): Promise<string> {
      const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
      for (;;) {
        const candidate = prefix + Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
        const [taken] = await db.select({ id: members.id }).from(members).where(eq(members.username, candidate)).limit(1);
        if (!taken) return candidate;
      }
    },

    setPassword,

    /**
     * POST /api/user/updatePassword: the old password (a wrong one counts as a failed login of the
     * account and the address; past the limits the captcha comes first), then the new one twice;
     * the other sessions end.
     */
    async updatePassword(member: SessionMember, input: UpdatePasswordInput, meta: ClientMeta): Promise<void> {
      const oldPassword = input.oldPassword ?? '';
      const newPassword = input.newPassword ?? '';
      const confirm = input.checknewPassword ?? '';
      if (!oldPassword) throw AppError.badParameter(Messages.oldPasswordRequired);
      if (oldPassword.length < 6) throw AppError.badParameter(Messages.passwordTooShortPersonal);
      if (!newPassword) throw AppError.badParameter(Messages.passwordRequired);
      if (newPassword.length < 6) throw AppError.badParameter(Messages.passwordTooShortPersonal);
      if (newPassword.length > 128) throw AppError.badParameter(Messages.passwordTooLong);
      if (!confirm) throw AppError.badParameter(Messages.confirmRequired);
      if (confirm !== newPassword) throw AppError.badParameter(Messages.confirmMismatchPersonal);

      const row = await findById(member.id);
      if (!row) throw AppError.noSession();
      const subject = subjectOf(row, row.username);
      await throttle.pass(subject, meta.ip, { uuid: input.uuid, code: input.code });
      if (!(await verifyPassword(row.passwordHash, oldPassword))) {
        await throttle.fail(subject, meta.ip);
        throw new AppError(ErrorCode.wrongCredentials, Messages.oldPasswordWrong);
      }
      if (oldPassword === newPassword) throw AppError.badParameter(Messages.samePassword);
      await setPassword(member.id, newPassword, { keepSessionId: member.sessionId });
    },

    async logout(member: SessionMember | null): Promise<void> {
      if (member) await sessions.revoke(member.sessionId);
    },

    async memberInfo(memberId: number): Promise<SessionUser> {
      const [member] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
      if (!member) throw AppError.noSession();
      return toSessionUser(member);
    },

    /** Which of `itemIds` the member collected (always none for visitors). */
    async collectedIds(memberId: number | undefined, kind: FavouriteKind, itemIds: number[]): Promise<Set<number>> {
      if (!memberId || itemIds.length === 0) return new Set();
      const all = await favouriteSet(memberId, kind);
      return new Set(itemIds.filter((id) => all.has(id)));
    },

    /** Adds an item to the member's favourites; collecting it again changes nothing. */
    async collect(memberId: number, kind: FavouriteKind, itemId: number): Promise<void> {
      recentFavourites.delete(`${memberId}:${kind}`);
      await db
        .insert(favourites)
        .values({ memberId, kind, itemId, createdAt: now() })
        .onConflictDoNothing({ target: [favourites.memberId, favourites.kind, favourites.itemId] });
      recentFavourites.delete(`${memberId}:${kind}`);
    },

    /** Removes an item from the member's favourites; removing one that is not there changes nothing. */
    async cancelCollect(memberId: number, kind: FavouriteKind, itemId: number): Promise<void> {
      recentFavourites.delete(`${memberId}:${kind}`);
      await db
        .delete(favourites)
        .where(and(eq(favourites.memberId, memberId), eq(favourites.kind, kind), eq(favourites.itemId, itemId)));
      recentFavourites.delete(`${memberId}:${kind}`);
    },

    /**
     * Records that the member read an item now (one row per item, last read time): written behind
     * the reply, within READING_FLUSH_MS (readingLog.ts); the caller does not wait.
     */
    recordReading(memberId: number, kind: FavouriteKind, itemId: number): void {
      readings.record(memberId, kind, itemId);
    },

    /** Before a member's reading records are listed: their views still buffered are written. */
    settleReadings: (memberId: number) => readings.settle(memberId),

    /** Writes every buffered reading record (the app's close runs it). */
    flushReadings: () => readings.flush(),

    /**
     * The member's favourites or reading records of one kind as a subquery (item_id, at), optionally
     * limited to [from, to) by collect or read time. The owning module joins it onto its own items,
     * so this module's tables are named here only.
     */
    memberItems(memberId: number, kind: FavouriteKind, list: MemberItemList, range?: { from: Date; to: Date }) {
      if (list === 'favourites') {
        return db
          .select({ itemId: favourites.itemId, at: favourites.createdAt })
          .from(favourites)
          .where(
            and(
              eq(favourites.memberId, memberId),
              eq(favourites.kind, kind),
              ...(range ? [gte(favourites.createdAt, range.from), lt(favourites.createdAt, range.to)] : []),
            ),
          )
          .as('member_items');
      }
      return db
        .select({ itemId: readingRecords.itemId, at: readingRecords.readAt })
        .from(readingRecords)
        .where(
          and(
            eq(readingRecords.memberId, memberId),
            eq(readingRecords.kind, kind),
            ...(range ? [gte(readingRecords.readAt, range.from), lt(readingRecords.readAt, range.to)] : []),
          ),
        )
        .as('member_items');
    },
  };
}
