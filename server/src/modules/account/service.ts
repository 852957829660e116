import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { LoginThrottle } from '../../config.js';
import type { Db } from '../../db/client.js';
import { favourites, members, readingRecords } from '../../db/schema/index.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import { isLimited, type RateLimiter } from '../../plugins/rateLimit.js';
import type { SessionMember, SessionStore } from '../../plugins/session.js';
import type { MembershipService } from '../membership/service.js';
import { verifyAgainstDummy, verifyPassword } from './password.js';
import type { LoginBody, LoginReply, SessionUser } from './schemas.js';

export type FavouriteKind = 'article' | 'lesson' | 'meeting';

export interface AccountServiceDeps {
  db: Db;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  membership: MembershipService;
  now: () => Date;
}

/** The personal-centre lists of items a member kept: favourites (by collect time) or reading records (by last read). */
export type MemberItemList = 'favourites' | 'reading';

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService({ db, sessions, rateLimiter, loginThrottle, membership, now }: AccountServiceDeps) {
  const accountRule = { limit: loginThrottle.maxFailuresPerAccount, windowMs: loginThrottle.windowMs };
  const ipRule = { limit: loginThrottle.maxFailuresPerIp, windowMs: loginThrottle.windowMs };

  async function findByAccountName(accountName: string) {
    const rows = await db
      .select()
      .from(members)
      .where(or(eq(members.username, accountName), eq(members.mobile, accountName), eq(members.email, accountName.toLowerCase())))
      .limit(3);
    // A username wins over someone else's mobile or e-mail spelled the same way.
    return rows.find((r) => r.username === accountName) ?? rows.find((r) => r.mobile === accountName) ?? rows[0];
  }

  async function toSessionUser(member: typeof members.$inferSelect): Promise<SessionUser> {
    const sub = await membership.subscriptionOf(member.id);
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
      subscribe_info: { service_type: sub.serviceType, service_end_date: serviceEndDate },
      subscribePo: { serviceEndDate, ...(sub.serviceTitle ? { serviceTitle: sub.serviceTitle } : {}) },
      ifNeedUpdate: member.ifNeedUpdate === 1 ? 1 : 0,
    };
  }

  return {
    /**
     * Checks the throttle first (failures per account name and per IP), then the password. Every
     * failure gets the same reply whether or not the account exists.
     */
    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<LoginReply> {
      const accountName = body.accountName?.trim() ?? '';
      const password = body.password ?? '';
      if (!accountName) throw AppError.badParameter('请输入用户名、手机或邮箱');
      if (!password) throw AppError.badParameter('请输入密码');

      const accountKey = `login:account:${accountName.toLowerCase()}`;
      const ipKey = `login:ip:${meta.ip}`;
      if ((await isLimited(rateLimiter, accountKey, accountRule)) || (await isLimited(rateLimiter, ipKey, ipRule))) {
        throw AppError.rateLimited();
      }

      const member = await findByAccountName(accountName);
      const valid = member ? await verifyPassword(member.passwordHash, password) : await verifyAgainstDummy(password);
      if (!member || !valid) {
        await Promise.all([rateLimiter.hit(accountKey, accountRule), rateLimiter.hit(ipKey, ipRule)]);
        throw new AppError(ErrorCode.wrongCredentials, Messages.wrongCredentials);
      }
      await rateLimiter.reset(accountKey);

      const { token } = await sessions.issue(member.id, meta);
      return { ...(await toSessionUser(member)), token };
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
      const rows = await db
        .select({ itemId: favourites.itemId })
        .from(favourites)
        .where(and(eq(favourites.memberId, memberId), eq(favourites.kind, kind), inArray(favourites.itemId, itemIds)));
      return new Set(rows.map((r) => r.itemId));
    },

    /** Adds an item to the member's favourites; collecting it again changes nothing. */
    async collect(memberId: number, kind: FavouriteKind, itemId: number): Promise<void> {
      await db
        .insert(favourites)
        .values({ memberId, kind, itemId, createdAt: now() })
        .onConflictDoNothing({ target: [favourites.memberId, favourites.kind, favourites.itemId] });
    },

    /** Removes an item from the member's favourites; removing one that is not there changes nothing. */
    async cancelCollect(memberId: number, kind: FavouriteKind, itemId: number): Promise<void> {
      await db
        .delete(favourites)
        .where(and(eq(favourites.memberId, memberId), eq(favourites.kind, kind), eq(favourites.itemId, itemId)));
    },

    /** Records that the member read an item now (one row per item, last read time). */
    async recordReading(memberId: number, kind: FavouriteKind, itemId: number): Promise<void> {
      const at = now();
      await db
        .insert(readingRecords)
        .values({ memberId, kind, itemId, readAt: at })
        .onConflictDoUpdate({
          target: [readingRecords.memberId, readingRecords.kind, readingRecords.itemId],
          set: { readAt: at },
        });
    },

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
