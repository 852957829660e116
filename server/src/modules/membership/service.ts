import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { equityItems, memberships, servicePlans } from '../../db/schema/index.js';
import type { EquityItem, ServicePlan } from './schemas.js';

export type ServiceType = 0 | 1 | 2 | 3 | 4 | 6;

export interface Subscription {
  serviceType: ServiceType;
  /** End of the current period (active) or of the last one (expired); null when never subscribed. */
  serviceEndDate: Date | null;
  serviceTitle: string;
}

export type MembershipService = ReturnType<typeof createMembershipService>;

export const priceYuan = (fen: number) => (fen / 100).toFixed(2);

export function createMembershipService({ db, now }: { db: Db; now: () => Date }) {
  return {
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
