// The console's dashboard (issue 20, item 7): sign-ups by day and identity, members by plan and the
// expiries coming, revenue by day and provider (admins only: money), free reads claimed, the week's
// most read articles and lessons, and the searches that found nothing. Every figure is counted in
// the database when asked, from the tables the site itself writes, so it cannot drift from them
// (a test compares each figure with the same rows counted one by one).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shanghaiDate, shanghaiDateTime, shanghaiDayStart } from '../../lib/dates.js';
import { atLeast } from './access.js';
import { DASHBOARD_DAYS, type DashboardBody, type DashboardData } from './dashboardSchemas.js';
import type { EditorialService } from './service.js';

const DAY_MS = 86_400_000;
/** The most read list and the missed searches cover the last 7 days, today included. */
const WEEK_DAYS = 7;
const MOST_READ_PER_KIND = 10;
const MISSES_SHOWN = 20;
const IDENTITIES = ['执业医师', '医学生', '其他'] as const;
const NO_IDENTITY = '未填写';

const rowsOf = async <T>(result: Promise<unknown>): Promise<T[]> => ((await result) as { rows: T[] }).rows;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of a timestamptz column, in SQL. */
const shanghaiDay = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The days from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
function daysBetween(from: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shanghaiDate(new Date(from.getTime() + i * DAY_MS)));
}

export function createDashboardService(deps: {
  db: Db;
  now: () => Date;
  editorial: EditorialService;
  /** Writes what this process still buffers (the searches that found nothing) before counting. */
  settle?: () => Promise<void>;
}) {
  const { db, now, editorial } = deps;

  /** A daily series over `days` from rows of (day, value). */
  const series = (days: string[], rows: { day: string; n: number | string }[]) => {
    const at = new Map(rows.map((r) => [r.day, Number(r.n)]));
    return days.map((d) => at.get(d) ?? 0);
  };

  return {
    async dashboard(memberId: number | undefined, body: DashboardBody): Promise<DashboardData> {
      const staff = await editorial.requireStaff(memberId, 'editor');
      await deps.settle?.();
      const at = now();
      const count = body.days ?? DASHBOARD_DAYS.default;
      const today = shanghaiDate(at);
      const todayStart = shanghaiDayStart(today.replaceAll('-', ''))!;
      const from = new Date(todayStart.getTime() - (count - 1) * DAY_MS);
      const to = new Date(todayStart.getTime() + DAY_MS);
      const weekFrom = new Date(todayStart.getTime() - (WEEK_DAYS - 1) * DAY_MS);
      const days = daysBetween(from, count);
      const inWindow = (column: SQL) => sql`${column} >= ${instant(from)} and ${column} < ${instant(to)}`;

      const signupRows = await rowsOf<{ day: string; identity: string; n: number }>(
        db.execute(sql`select ${shanghaiDay(sql`created_at`)} as day, identity, count(*)::int as n
          from members where ${inWindow(sql`created_at`)} group by 1, 2`),
      );
      const identityOf = (v: string) => ((IDENTITIES as readonly string[]).includes(v) ? v : v === '' ? NO_IDENTITY : '其他');
      // Identities outside the spec's three (none are written today) count as 其他; several raw
      // values of one day are added up.
      const byIdentity = [...IDENTITIES, NO_IDENTITY].map((identity) => {
        const rows = signupRows.filter((r) => identityOf(r.identity) === identity);
        const perDay = days.map((d) => rows.filter((r) => r.day === d).reduce((a, r) => a + Number(r.n), 0));
        return { identity, perDay, total: perDay.reduce((a, b) => a + b, 0) };
      });

      // Each active member once, under the plan of their period that ends last.
      const activeRows = await rowsOf<{ service_type: number; n: number }>(
        db.execute(sql`select service_type, count(*)::int as n from (
            select distinct on (member_id) member_id, service_type from memberships
            where starts_at <= ${instant(at)} and ends_at > ${instant(at)} order by member_id, ends_at desc) m
          group by service_type order by service_type`),
      );
      const planTitles = new Map(
        (await rowsOf<{ type: number; title: string }>(db.execute(sql`select distinct on (type) type, title from service_plans order by type, id`))).map((r) => [
          Number(r.type),
          r.title,
        ]),
      );
      const [expiring] = await rowsOf<{ in7: number; in30: number }>(
        db.execute(sql`select count(*) filter (where last_end <= ${instant(new Date(at.getTime() + 7 * DAY_MS))})::int as in7, count(*)::int as in30
          from (select member_id, max(ends_at) as last_end from memberships group by member_id
                having bool_or(starts_at <= ${instant(at)} and ends_at > ${instant(at)})) x
          where last_end <= ${instant(new Date(at.getTime() + 30 * DAY_MS))}`),
      );

      let revenue: DashboardData['revenue'] = null;
      if (atLeast(staff, 'admin')) {
        const paidRows = await rowsOf<{ day: string; provider: string; fen: string | number; orders: number }>(
          db.execute(sql`select ${shanghaiDay(sql`paid_at`)} as day, coalesce(pay_provider, '') as provider,
              sum(price_fen)::bigint as fen, count(*)::int as orders
            from service_orders where status in (1, 3) and ${inWindow(sql`paid_at`)} group by 1, 2`),
        );
        const [refunded] = await rowsOf<{ fen: string | number }>(
          db.execute(sql`select coalesce(sum(price_fen), 0)::bigint as fen from service_orders where status = 3 and ${inWindow(sql`refunded_at`)}`),
        );
        const providers = [...new Set(paidRows.map((r) => r.provider))].sort();
        const byProvider = providers.map((provider) => {
          const rows = paidRows.filter((r) => r.provider === provider);
          const perDayFen = series(
            days,
            rows.map((r) => ({ day: r.day, n: r.fen })),
          );
          return { provider: provider || '未知', perDayFen, totalFen: perDayFen.reduce((a, b) => a + b, 0), orders: rows.reduce((a, r) => a + Number(r.orders), 0) };
        });
        revenue = { paidFen: byProvider.reduce((a, p) => a + p.totalFen, 0), refundedFen: Number(refunded?.fen ?? 0), byProvider };
      }

      const freeReadRows = await rowsOf<{ day: string; n: number }>(
        db.execute(sql`select ${shanghaiDay(sql`created_at`)} as day, count(*)::int as n from free_read_claims where ${inWindow(sql`created_at`)} group by 1`),
      );
      const freePerDay = series(days, freeReadRows);

      const readRows = await rowsOf<{ kind: string; item_id: number; n: number; title: string | null }>(
        db.execute(sql`select r.kind, r.item_id, r.n,
              case when r.kind = 'article' then (select title from articles where id = r.item_id)
                   else (select title from lessons where lesson_res_id = r.item_id order by id limit 1) end as title
            from (select kind, item_id, count(*)::int as n, row_number() over (partition by kind order by count(*) desc, item_id) as place
                  from reading_records where kind in ('article', 'lesson') and read_at >= ${instant(weekFrom)} and read_at < ${instant(to)}
                  group by kind, item_id) r
            where r.place <= ${MOST_READ_PER_KIND} order by r.kind, r.n desc, r.item_id`),
      );

      const missRows = await rowsOf<{ query: string; n: number; last_day: string }>(
        db.execute(sql`select query, sum(count)::int as n, to_char(max(day), 'YYYY-MM-DD') as last_day from search_misses
            where day >= ${shanghaiDate(weekFrom)}::date group by query order by n desc, query limit ${MISSES_SHOWN}`),
      );

      return {
        days,
        generatedAtShanghai: shanghaiDateTime(at),
        signups: { total: byIdentity.reduce((a, g) => a + g.total, 0), byIdentity },
        members: {
          active: activeRows.reduce((a, r) => a + Number(r.n), 0),
          byPlan: activeRows.map((r) => ({ serviceType: Number(r.service_type), title: planTitles.get(Number(r.service_type)) ?? `方案 ${r.service_type}`, active: Number(r.n) })),
          expiringIn7Days: Number(expiring?.in7 ?? 0),
          expiringIn30Days: Number(expiring?.in30 ?? 0),
        },
        revenue,
        freeReads: { total: freePerDay.reduce((a, b) => a + b, 0), perDay: freePerDay },
        mostRead: readRows.map((r) => ({ kind: r.kind, id: Number(r.item_id), title: r.title ?? '（已删除）', readers: Number(r.n) })),
        searchMisses: missRows.map((r) => ({ query: r.query, count: Number(r.n), lastDay: r.last_day })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
