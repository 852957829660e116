// Members in the business console (issue 20, item 4): find a reader by phone, e-mail, username or
// name; see their profile, membership periods, orders, free reads and live sessions (editors and
// admins; editors see phone and e-mail masked); extend, grant or end a membership and end all of a
// reader's sessions (admins only), each with a required reason, in the audit trail.
//
// A change is applied once: every action carries a request id (idempotency key) written in the
// same transaction as the change (staff_requests), and the reader's membership changes are
// serialised by the same per-member advisory lock as payments (payments.ts MEMBERSHIP_LOCK), so a
// double click, a retry or two admins at once never extend twice or end twice.
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  articles,
  freeReadClaims,
  lessons,
  memberSessions,
  members,
  memberships,
  serviceOrders,
  servicePlans,
  staffRequests,
} from '../../db/schema/index.js';
import type { AuditAction } from '../../db/schema/editorial.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { addMonthsShanghai, MEMBERSHIP_LOCK, shanghaiDateTime } from '../membership/payments.js';
import { PayMessages, PayRefusal } from '../membership/messages.js';
import type { PaymentsService } from '../membership/payments.js';
import type { MembershipService } from '../membership/service.js';
import type { SessionStore } from '../../plugins/session.js';
import { atLeast, type Staff } from './access.js';
import { MEMBER_LIMITS, MemberMessages as M } from './membersMessages.js';
import type {
  EndBody,
  EndSessionsBody,
  ExtendBody,
  GrantBody,
  MemberActionResult,
  MemberDetail,
  MemberRow,
  MemberSearchBody,
  MemberSubscription,
} from './membersSchemas.js';
import { audit, conflict, type EditorialService } from './service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type MemberRecord = typeof members.$inferSelect;
type PeriodRow = typeof memberships.$inferSelect;

const DAY_MS = 86_400_000;
const chars = (v: string) => [...v].length;
const time = (d: Date | null | undefined) => (d ? shanghaiDateTime(d) : '');
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 138****0002: the first three and the last four digits. */
export const maskMobile = (v: string | null) => (!v ? '' : v.length <= 7 ? `${v.slice(0, 1)}****` : `${v.slice(0, 3)}****${v.slice(-4)}`);
/** de***@example.com: the first two characters of the name part. */
export const maskEmail = (v: string | null) => {
  if (!v) return '';
  const at = v.indexOf('@');
  return at < 0 ? `${v.slice(0, 2)}***` : `${v.slice(0, Math.min(2, at))}***${v.slice(at)}`;
};

/**
 * The membership of a set of periods at an instant, by the rule of membership/service.ts
 * subscriptionOf (a period covering now gives its type, only ended ones 6, none 0), read inside the
 * action's transaction for the audit trail's before and after.
 */
function standing(periods: Pick<PeriodRow, 'serviceType' | 'startsAt' | 'endsAt'>[], at: Date) {
  const sorted = [...periods].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());
  const latest = sorted[0];
  const active = sorted.find((p) => p.startsAt <= at && at < p.endsAt);
  const serviceType = active ? active.serviceType : latest && latest.endsAt <= at ? 6 : 0;
  return { serviceType, serviceEndDate: serviceType === 0 ? '' : time(latest?.endsAt) };
}

export type MembersService = ReturnType<typeof createMembersService>;

export function createMembersService(deps: {
  db: Db;
  now: () => Date;
  editorial: EditorialService;
  membership: MembershipService;
  payments: Pick<PaymentsService, 'cancelAutoRenew'>;
  sessions: SessionStore;
}) {
  const { db, now, editorial, membership, payments, sessions } = deps;

  /**
   * Stops the reader's auto-renewal agreement, unsigned at its provider ('none' when they have none
   * signed): ending a membership must not be followed by the next renewal charging and granting it
   * again. Safe to repeat: an agreement already stopped stays stopped.
   */
  async function stopAutoRenew(readerId: number): Promise<'stopped' | 'none'> {
    try {
      await payments.cancelAutoRenew(readerId);
      return 'stopped';
    } catch (err) {
      if (err instanceof PayRefusal && err.message === PayMessages.noAutoRenew) return 'none';
      if (err instanceof PayRefusal) throw new AppError(10503, M.autoRenewNotStopped);
      throw err;
    }
  }

  const subscriptionView = async (memberId: number): Promise<MemberSubscription> => {
    const s = await membership.subscriptionOf(memberId);
    return { serviceType: s.serviceType, serviceTitle: s.serviceTitle, serviceEndDate: time(s.serviceEndDate) };
  };

  const rowOf = (m: MemberRecord, staff: Staff, sub: MemberSubscription): MemberRow => {
    const whole = atLeast(staff, 'admin');
    return {
      id: m.id,
      username: m.username,
      truename: m.truename,
      mobile: whole ? (m.mobile ?? '') : maskMobile(m.mobile),
      email: whole ? (m.email ?? '') : maskEmail(m.email),
      identity: m.identity,
      createdAt: time(m.createdAt),
      ...sub,
    };
  };

  function checkReason(reason: string | undefined, required: boolean): string {
    const r = (reason ?? '').trim();
    if (required && !r) throw AppError.badParameter(M.reasonRequired);
    if (chars(r) > MEMBER_LIMITS.reason) throw AppError.badParameter(M.reasonTooLong);
    return r;
  }

  function checkRequestId(requestId: string): string {
    const id = requestId.trim();
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw AppError.badParameter(M.requestIdInvalid);
    return id;
  }

  /**
   * Runs one admin action on a reader once per request id: in one transaction, under the reader's
   * membership lock, a request id already applied returns its stored result (replayed) and changes
   * nothing; otherwise `apply` makes the change, and the request id and the audit entry are
   * written with it.
   */
  async function once(
    memberId: number | undefined,
    input: { memberId: number; requestId: string; reason?: string },
    action: AuditAction,
    reasonRequired: boolean,
    apply: (tx: Tx, target: MemberRecord, at: Date) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; result: Omit<MemberActionResult, 'replayed' | 'action' | 'memberId'> }>,
  ): Promise<MemberActionResult> {
    const staff = await editorial.requireStaff(memberId, 'admin');
    const reason = checkReason(input.reason, reasonRequired);
    const requestId = checkRequestId(input.requestId);
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK}, ${input.memberId})`);
      const [seen] = await tx.select().from(staffRequests).where(eq(staffRequests.requestId, requestId));
      if (seen) {
        if (seen.action !== action || seen.targetType !== 'member' || seen.targetId !== input.memberId) throw conflict(M.requestIdReused);
        return { ...(seen.result as Omit<MemberActionResult, 'replayed'>), replayed: true };
      }
      const [target] = await tx.select().from(members).where(eq(members.id, input.memberId));
      if (!target) throw AppError.badParameter(M.memberNotFound);
      const { before, after, result } = await apply(tx, target, at);
      const stored = { action, memberId: target.id, ...result };
      // The key's primary key is the last guard: a second writer of the same id fails here and rolls back.
      await tx.insert(staffRequests).values({ requestId, actorId: staff.id, action, targetType: 'member', targetId: target.id, result: stored, createdAt: at });
      await audit(tx, { actor: staff, action, targetType: 'member', targetId: target.id, targetLabel: target.username, before, after, note: reason, at });
      return { ...stored, replayed: false };
    });
    return outcome;
  }

  const periodsOf = (tx: Tx, memberId: number) => tx.select().from(memberships).where(eq(memberships.memberId, memberId));

  /** Adds a period given by staff (kind staff) and answers the before and after. */
  async function addPeriod(tx: Tx, target: MemberRecord, at: Date, serviceType: number, length: (start: Date) => Date, extra: Record<string, unknown>) {
    const periods = await periodsOf(tx, target.id);
    const before = standing(periods, at);
    // As a payment does (payments.ts fulfil): the new period starts where the latest one ends, or now.
    const latestEnd = periods.reduce<Date | null>((max, p) => (!max || p.endsAt > max ? p.endsAt : max), null);
    const startsAt = latestEnd && latestEnd > at ? latestEnd : at;
    const endsAt = length(startsAt);
    const [row] = await tx.insert(memberships).values({ memberId: target.id, serviceType, startsAt, endsAt, orderId: null, kind: 'staff', createdAt: at }).returning();
    const after = standing([...periods, row!], at);
    return {
      before,
      after: { ...after, ...extra, period: { id: row!.id, serviceType, startsAt: time(startsAt), endsAt: time(endsAt) } },
      result: { serviceType: after.serviceType, serviceEndDate: after.serviceEndDate, sessionsEnded: 0 },
    };
  }

  return {
    /** Readers whose phone, e-mail, username or name contains `q`, newest account first (editors and admins). */
    async search(memberId: number | undefined, query: MemberSearchBody) {
      const staff = await editorial.requireStaff(memberId, 'editor');
      const q = (query.q ?? '').trim();
      if (chars(q) > MEMBER_LIMITS.query) throw AppError.badParameter(M.queryTooLong);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      let where: SQL | undefined;
      if (q) {
        const p = like(q.toLowerCase());
        where = or(ilike(members.username, p), ilike(members.truename, p), ilike(members.email, p), ilike(members.mobile, p));
      }
      const [rows, [counted]] = await Promise.all([
        db.select().from(members).where(where).orderBy(desc(members.createdAt), desc(members.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(members).where(where),
      ]);
      const results: MemberRow[] = [];
      for (const m of rows) results.push(rowOf(m, staff, await subscriptionView(m.id)));
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /** One reader: profile, membership and its periods, orders, free reads, live sessions. */
    async detail(memberId: number | undefined, id: number): Promise<MemberDetail> {
      const staff = await editorial.requireStaff(memberId, 'editor');
      const [m] = await db.select().from(members).where(eq(members.id, id));
      if (!m) throw AppError.badParameter(M.memberNotFound);
      const at = now();
      const [sub, autoRenew, periods, orders, claims, live, plans] = await Promise.all([
        subscriptionView(id),
        membership.autoRenewOf(id),
        db
          .select({ p: memberships, title: servicePlans.title, ordersn: serviceOrders.ordersn })
          .from(memberships)
          .leftJoin(servicePlans, eq(servicePlans.type, memberships.serviceType))
          .leftJoin(serviceOrders, eq(serviceOrders.id, memberships.orderId))
          .where(eq(memberships.memberId, id))
          .orderBy(desc(memberships.endsAt), desc(memberships.id)),
        db.select().from(serviceOrders).where(eq(serviceOrders.memberId, id)).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(100),
        db
          .select({ c: freeReadClaims, articleTitle: articles.title, lessonTitle: lessons.title })
          .from(freeReadClaims)
          .leftJoin(articles, and(eq(freeReadClaims.kind, 'article'), eq(articles.id, freeReadClaims.itemId)))
          .leftJoin(lessons, and(eq(freeReadClaims.kind, 'lesson'), eq(lessons.lessonResId, freeReadClaims.itemId)))
          .where(eq(freeReadClaims.memberId, id))
          .orderBy(desc(freeReadClaims.month)),
        db
          .select()
          .from(memberSessions)
          .where(and(eq(memberSessions.memberId, id), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, at)))
          .orderBy(desc(memberSessions.createdAt), desc(memberSessions.id)),
        db.select().from(servicePlans).orderBy(asc(servicePlans.sort), asc(servicePlans.id)),
      ]);
      const organisation = [m.hospital, m.division, m.university, m.majors, m.otherCompany, m.otherDepartment].filter((v) => v).join(' · ');
      return {
        profile: {
          ...rowOf(m, staff, sub),
          roleid: m.roleid,
          region: m.cityNamePath ?? '',
          organisation,
          jobname: [m.joblevel, m.jobname, m.otherJobname].filter((v) => v).join(' · '),
        },
        subscription: { ...sub, autoRenew, open: periods.some(({ p }) => p.endsAt > at) },
        periods: periods.map(({ p, title, ordersn }) => ({
          id: p.id,
          serviceType: p.serviceType,
          title: title ?? '',
          kind: p.kind,
          startsAt: time(p.startsAt),
          endsAt: time(p.endsAt),
          ordersn: ordersn ?? '',
          current: p.startsAt <= at && at < p.endsAt,
        })),
        orders: orders.map((o) => ({
          ordersn: o.ordersn,
          title: o.serviceTitle,
          priceFen: o.priceFen,
          status: o.status,
          kind: o.kind,
          payProvider: o.payProvider ?? '',
          createdAt: time(o.createdAt),
          paidAt: time(o.paidAt),
          refundedAt: time(o.refundedAt),
        })),
        freeReads: claims.map(({ c, articleTitle, lessonTitle }) => ({
          month: c.month,
          kind: c.kind,
          itemId: c.itemId,
          title: articleTitle ?? lessonTitle ?? '',
          claimedAt: time(c.createdAt),
        })),
        sessions: live.map((s) => ({ id: s.id, createdAt: time(s.createdAt), expiresAt: time(s.expiresAt), ip: s.ip ?? '', device: s.userAgent ?? '' })),
        plans: plans.map((p) => ({ id: p.id, type: p.type, title: p.title, months: p.months })),
        can: { change: atLeast(staff, 'admin') },
      };
    },

    /** Extends the current (or coming) membership by `days`, in its type, after its latest end. */
    async extend(memberId: number | undefined, input: ExtendBody): Promise<MemberActionResult> {
      return once(memberId, input, 'member_extend', true, async (tx, target, at) => {
        const periods = await periodsOf(tx, target.id);
        const latest = [...periods].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
        if (!latest || latest.endsAt <= at) throw AppError.badParameter(M.nothingToExtend);
        return addPeriod(tx, target, at, latest.serviceType, (start) => new Date(start.getTime() + input.days * DAY_MS), { days: input.days });
      });
    },

    /**
     * Grants a membership of a plan's type: the plan's length (its months, as a payment buys) or
     * `days`, from the end of what the reader already has, or from now.
     */
    async grant(memberId: number | undefined, input: GrantBody): Promise<MemberActionResult> {
      return once(memberId, input, 'member_grant', true, async (tx, target, at) => {
        const [plan] = await tx.select().from(servicePlans).where(eq(servicePlans.id, input.planId));
        if (!plan) throw AppError.badParameter(M.planNotFound);
        const length = input.days !== undefined ? (start: Date) => new Date(start.getTime() + input.days! * DAY_MS) : (start: Date) => addMonthsShanghai(start, plan.months);
        return addPeriod(tx, target, at, plan.type, length, { planId: plan.id, planTitle: plan.title, ...(input.days !== undefined ? { days: input.days } : { months: plan.months }) });
      });
    },

    /**
     * Ends the membership now: the period covering now stops now, periods still to come are removed.
     * The reader's auto-renewal is stopped first, at its provider; when that fails nothing is ended.
     */
    async end(memberId: number | undefined, input: EndBody): Promise<MemberActionResult> {
      await editorial.requireStaff(memberId, 'admin');
      checkReason(input.reason, true);
      checkRequestId(input.requestId);
      const autoRenew = await stopAutoRenew(input.memberId);
      return once(memberId, input, 'member_end', true, async (tx, target, at) => {
        const periods = await periodsOf(tx, target.id);
        const open = periods.filter((p) => p.endsAt > at);
        if (open.length === 0) throw conflict(M.nothingToEnd);
        const before = standing(periods, at);
        for (const p of open) {
          if (p.startsAt >= at) await tx.delete(memberships).where(eq(memberships.id, p.id));
          else await tx.update(memberships).set({ endsAt: at }).where(eq(memberships.id, p.id));
        }
        // The agreement (if the reader signed one) was stopped before this transaction.
        const after = { ...standing(await periodsOf(tx, target.id), at), autoRenew: autoRenew === 'stopped' ? '已解约' : '未开通' };
        return {
          before: { ...before, periods: open.map((p) => ({ id: p.id, serviceType: p.serviceType, startsAt: time(p.startsAt), endsAt: time(p.endsAt) })) },
          after,
          result: { serviceType: after.serviceType, serviceEndDate: after.serviceEndDate, sessionsEnded: 0 },
        };
      });
    },

    /** Ends every live session of the reader: their token stops working at once. */
    async endSessions(memberId: number | undefined, input: EndSessionsBody): Promise<MemberActionResult> {
      const outcome = await once(memberId, input, 'end_sessions', false, async (tx, target, at) => {
        const [live] = await tx
          .select({ n: count() })
          .from(memberSessions)
          .where(and(eq(memberSessions.memberId, target.id), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, at)));
        const n = Number(live?.n ?? 0);
        await sessions.revokeAllOf(target.id, undefined, tx as unknown as Db);
        const s = standing(await periodsOf(tx, target.id), at);
        return { before: { liveSessions: n }, after: { liveSessions: 0 }, result: { serviceType: s.serviceType, serviceEndDate: s.serviceEndDate, sessionsEnded: n } };
      });
      // Once more after the commit: a lookup between the update and the commit may have cached a token.
      if (!outcome.replayed) await sessions.revokeAllOf(input.memberId);
      return outcome;
    },
  };
}
