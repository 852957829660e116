// The wire shape of the console's dashboard (/api/editor/dashboard): what is happening on the site,
// counted in the database when asked (nothing precomputed that could drift).
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';

export const DASHBOARD_DAYS = { min: 7, max: 90, default: 30 } as const;

export const DashboardBody = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: DASHBOARD_DAYS.min,
      maximum: DASHBOARD_DAYS.max,
      description: `Days the daily series cover, ending today (Asia/Shanghai); ${DASHBOARD_DAYS.default} when absent`,
      errorMessage: `统计天数须为 ${DASHBOARD_DAYS.min}–${DASHBOARD_DAYS.max} 的整数`,
    }),
  ),
});
export type DashboardBody = Static<typeof DashboardBody>;

const Day = Type.String({ description: 'YYYY-MM-DD (Asia/Shanghai)' });

const DashboardData = Type.Object({
  days: Type.Array(Day, { description: 'Every day of the window, oldest first: the x axis of each daily series' }),
  generatedAtShanghai: Type.String(),
  signups: Type.Object({
    total: Type.Integer({ description: 'Accounts created in the window' }),
    byIdentity: Type.Array(
      Type.Object({ identity: Type.String({ description: '执业医师, 医学生, 其他, or 未填写' }), perDay: Type.Array(Type.Integer()), total: Type.Integer() }),
    ),
  }),
  members: Type.Object({
    active: Type.Integer({ description: 'Readers with a membership period covering now' }),
    byPlan: Type.Array(Type.Object({ serviceType: Type.Integer(), title: Type.String(), active: Type.Integer() })),
    expiringIn7Days: Type.Integer({ description: 'Active members whose last period ends within 7 days' }),
    expiringIn30Days: Type.Integer(),
  }),
  revenue: Type.Union(
    [
      Type.Object({
        paidFen: Type.Integer({ description: 'Orders paid in the window, refunded later or not' }),
        refundedFen: Type.Integer({ description: 'Orders refunded in the window' }),
        byProvider: Type.Array(Type.Object({ provider: Type.String(), perDayFen: Type.Array(Type.Integer()), totalFen: Type.Integer(), orders: Type.Integer() })),
      }),
      Type.Null(),
    ],
    { description: 'Admins only (money); null for editors' },
  ),
  freeReads: Type.Object({ total: Type.Integer(), perDay: Type.Array(Type.Integer()) }),
  mostRead: Type.Array(
    Type.Object({
      kind: Type.String({ description: 'article or lesson' }),
      id: Type.Integer({ description: 'The article id, or the lesson resource id' }),
      title: Type.String(),
      readers: Type.Integer({ description: 'Logged-in readers whose last reading of it falls in the last 7 days' }),
    }),
    { description: 'The week’s most read articles and lessons, 10 of each at most' },
  ),
  searchMisses: Type.Array(Type.Object({ query: Type.String(), count: Type.Integer(), lastDay: Day }), {
    description: 'Searches that found nothing in the last 7 days, most asked first (20 at most)',
  }),
});
export type DashboardData = Static<typeof DashboardData>;

export const DashboardResponse = { 200: Envelope(DashboardData) };
