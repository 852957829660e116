import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articleEntitlements, equityItems, freeReadClaims, memberships, payAgreements, servicePlans, subscribeTexts } from '../../db/schema/index.js';
import { shanghaiDate } from '../../lib/dates.js';
import type { EquityItem, ServicePlan } from './schemas.js';

export type ServiceType = 0 | 1 | 2 | 3 | 4 | 6;

export interface Subscription {
  serviceType: ServiceType;
  /** End of the current period (active) or of the last one (expired); null when never subscribed. */
  serviceEndDate: Date | null;
  serviceTitle: string;
}

export type MembershipService = ReturnType<typeof createMembershipService>;

/** Service types 1..4 are a paid period covering now; 0 (none) and 6 (expired) are not. */
export const isActiveMember = (serviceType: ServiceType) => serviceType >= 1 && serviceType <= 4;

/** The free-read month of an instant: YYYYMM in Asia/Shanghai (ARCHITECTURE §3.3). */
export const freeReadMonth = (instant: Date) => shanghaiDate(instant).slice(0, 7).replace('-', '');

/**
 * When the month's free read renews: the first day of the next free-read month, YYYY-MM-DD in
 * Asia/Shanghai (the month boundary freeReadMonth draws).
 */
export const freeReadRenewsOn = (instant: Date) => {
  const [year, month] = shanghaiDate(instant).split('-').map(Number) as [number, number];
  const [y, m] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${y}-${String(m).padStart(2, '0')}-01`;
};

/** A non-member's free reads (SessionUser.free_read): left this month (one a month), and when they renew. */
export interface FreeReadState {
  remaining: 0 | 1;
  renews_on: string;
}

/** What a free-read claim did: granted the article now, or found this month's read already used. */
export type FreeReadOutcome = 'granted' | 'used';

export const priceYuan = (fen: number) => (fen / 100).toFixed(2);

export function createMembershipService({ db, now }: { db: Db; now: () => Date }) {
  /** Whether the member has not yet used the free read of `at`'s month (spec §6: one per month). */
  async function hasMonthChance(memberId: number, at: Date = now()): Promise<boolean> {
    const [row] = await db
      .select({ id: freeReadClaims.id })
      .from(freeReadClaims)
      .where(and(eq(freeReadClaims.memberId, memberId), eq(freeReadClaims.month, freeReadMonth(at))))
      .limit(1);
    return !row;
  }

  return {
    /** The clock every membership rule reads (config.now). */
    now,

    /** The subscription FAQ (kind qa) and agreement (kind xieyi), in display order. */
    async subscribeTexts() {
      return db.select().from(subscribeTexts).orderBy(asc(subscribeTexts.sort), asc(subscribeTexts.id));
    },

    /**
     * service_type from the membership periods: a period covering now gives its plan type (1..4),
     * only ended periods give 6, none gives 0.
     */
    async subscriptionOf(memberId: number): Promise<Subscription> {
      const periods = await db
        .select({
          serviceType: memberships.serviceType,
          startsAt: memberships.startsAt,
          endsAt: memberships.endsAt,
          title: servicePlans.title,
        })
        .from(memberships)
        .leftJoin(servicePlans, eq(servicePlans.type, memberships.serviceType))
        .where(eq(memberships.memberId, memberId))
        .orderBy(desc(memberships.endsAt));
      if (periods.length === 0) return { serviceType: 0, serviceEndDate: null, serviceTitle: '' };
      const t = now().getTime();
      const latestEnd = periods[0]!.endsAt;
      const active = periods.find((p) => p.startsAt.getTime() <= t && t < p.endsAt.getTime());
      if (active) {
        return {
          serviceType: active.serviceType as ServiceType,
          // Renewals already paid for extend the visible end date.
          serviceEndDate: latestEnd,
          serviceTitle: active.title ?? '',
        };
      }
      if (latestEnd.getTime() <= t) {
        return { serviceType: 6, serviceEndDate: latestEnd, serviceTitle: periods[0]!.title ?? '' };
      }
      // Only a period that has not started yet: not a member for now.
      return { serviceType: 0, serviceEndDate: null, serviceTitle: '' };
    },

    /**
     * subscribe_info.auto_renew: 1 while a continuous plan's agreement is signed and will renew the
     * membership, 0 otherwise (never signed, cancelled by the member or at the provider, lapsed).
     */
    async autoRenewOf(memberId: number): Promise<0 | 1> {
      const [row] = await db
        .select({ id: payAgreements.id })
        .from(payAgreements)
        .where(and(eq(payAgreements.memberId, memberId), eq(payAgreements.status, 1), isNull(payAgreements.stoppedAt)))
        .limit(1);
      return row ? 1 : 0;
    },

    hasMonthChance,

    /** The member's free reads this month and their renewal, from the same claims as is_month_chance. */
    async freeReadState(memberId: number): Promise<FreeReadState> {
      // One instant for both, so a reply read at a month's turn never pairs the old count with the new date.
      const at = now();
      return { remaining: (await hasMonthChance(memberId, at)) ? 1 : 0, renews_on: freeReadRenewsOn(at) };
    },

    /** Which of `articleIds` the member may read for good (claimed free reads). */
    async entitledArticleIds(memberId: number | undefined, articleIds: number[]): Promise<Set<number>> {
      if (!memberId || articleIds.length === 0) return new Set();
      const rows = await db
        .select({ articleId: articleEntitlements.articleId })
        .from(articleEntitlements)
        .where(and(eq(articleEntitlements.memberId, memberId), inArray(articleEntitlements.articleId, articleIds)));
      return new Set(rows.map((r) => r.articleId));
    },

    /**
     * Uses the month's free read on an article. Atomic without a prior check: the unique
     * (member_id, month) key lets exactly one concurrent claim insert; the entitlement is written in
     * the same transaction, so a granted claim always comes with its entitlement.
     */
    async claimFreeRead(memberId: number, articleId: number): Promise<FreeReadOutcome> {
      const at = now();
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(freeReadClaims)
          .values({ memberId, month: freeReadMonth(at), kind: 'article', itemId: articleId, createdAt: at })
          .onConflictDoNothing({ target: [freeReadClaims.memberId, freeReadClaims.month] })
          .returning({ id: freeReadClaims.id });
        if (claimed.length === 0) return 'used';
        await tx
          .insert(articleEntitlements)
          .values({ memberId, articleId, source: 'free_read', createdAt: at })
          .onConflictDoNothing({ target: [articleEntitlements.memberId, articleEntitlements.articleId] });
        return 'granted';
      });
    },

    /** Whether the member claimed a free read on this lesson (by lessonResId): such a lesson stays open to them. */
    async lessonFreeReadClaimed(memberId: number | undefined, lessonResId: number): Promise<boolean> {
      if (!memberId) return false;
      const [row] = await db
        .select({ id: freeReadClaims.id })
        .from(freeReadClaims)
        .where(and(eq(freeReadClaims.memberId, memberId), eq(freeReadClaims.kind, 'lesson'), eq(freeReadClaims.itemId, lessonResId)))
        .limit(1);
      return !!row;
    },

    /**
     * Uses the month's free read on a lesson (articleUseMonthChance with type=1). The claim row is the
     * entitlement: the unique (member_id, month) key lets exactly one concurrent claim insert.
     */
    async claimLessonFreeRead(memberId: number, lessonResId: number): Promise<FreeReadOutcome> {
      const at = now();
      const claimed = await db
        .insert(freeReadClaims)
        .values({ memberId, month: freeReadMonth(at), kind: 'lesson', itemId: lessonResId, createdAt: at })
        .onConflictDoNothing({ target: [freeReadClaims.memberId, freeReadClaims.month] })
        .returning({ id: freeReadClaims.id });
      return claimed.length > 0 ? 'granted' : 'used';
    },

    async serviceList(): Promise<{ servicelsit: ServicePlan[]; equitylist: EquityItem[] }> {
      const [plans, equities] = await Promise.all([
        db.select().from(servicePlans).where(eq(servicePlans.enabled, 1)).orderBy(asc(servicePlans.sort), asc(servicePlans.id)),
        db.select().from(equityItems).orderBy(asc(equityItems.sort), asc(equityItems.id)),
      ]);
      return {
        servicelsit: plans.map((p) => ({
          id: p.id,
          type: p.type as ServicePlan['type'],
          title: p.title,
          price: priceYuan(p.priceFen),
          price_fen: p.priceFen,
          pc_img: p.pcImg,
          mobile_img: p.mobileImg,
          member_equity_id: p.memberEquityId,
          intro: p.intro,
        })),
        equitylist: equities.map((e) => ({ id: e.id, icon: e.icon, title: e.title, infos: e.infos })),
      };
    },
  };
}
