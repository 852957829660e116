// The dashboard's charts as ECharts options: pure functions of the server's figures, so what each
// chart draws is tested without a browser.
import type { Dashboard } from './dashboardApi';
import { PROVIDER_NAMES } from './dashboardApi';

/** The console's palette (its theme colour first), kept apart from ECharts' default blue. */
export const PALETTE = ['#b8232f', '#2f6f9f', '#d9822b', '#4f8a3c', '#7a5195', '#8c8c8c'];

/** MM-DD labels of the x axis. */
const shortDays = (days: string[]) => days.map((d) => d.slice(5));

const base = (days: string[]) => ({
  color: PALETTE,
  aria: { enabled: true },
  tooltip: { trigger: 'axis' as const },
  legend: { top: 0 },
  grid: { left: 48, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category' as const, data: shortDays(days) },
});

export interface ChartSeries {
  name: string;
  type: 'bar' | 'line';
  data: number[];
  stack?: string;
}

export interface DailyChart {
  color: string[];
  aria: { enabled: boolean };
  title?: { text: string };
  tooltip: { trigger: 'axis' };
  legend: { top: number };
  grid: Record<string, number>;
  xAxis: { type: 'category'; data: string[] };
  yAxis: { type: 'value'; minInterval?: number; name?: string };
  series: ChartSeries[];
}

/** Sign-ups per day, one stacked bar per identity (identities with none in the window left out). */
export function signupsChart(d: Dashboard): DailyChart {
  return {
    ...base(d.days),
    yAxis: { type: 'value', minInterval: 1 },
    series: d.signups.byIdentity.filter((g) => g.total > 0).map((g) => ({ name: g.identity, type: 'bar', stack: 'signups', data: g.perDay })),
  };
}

/** Revenue per day in yuan, a line per provider. */
export function revenueChart(revenue: NonNullable<Dashboard['revenue']>, days: string[]): DailyChart {
  return {
    ...base(days),
    yAxis: { type: 'value', name: '元' },
    series: revenue.byProvider.map((p) => ({ name: PROVIDER_NAMES[p.provider] ?? p.provider, type: 'line', data: p.perDayFen.map((f) => f / 100) })),
  };
}

/** Free reads claimed per day. */
export function freeReadsChart(d: Dashboard): DailyChart {
  return { ...base(d.days), yAxis: { type: 'value', minInterval: 1 }, series: [{ name: '免费阅读领取', type: 'bar', data: d.freeReads.perDay }] };
}

/** Active members per plan, as horizontal bars. */
export function membersChart(d: Dashboard) {
  return {
    color: PALETTE,
    aria: { enabled: true },
    tooltip: { trigger: 'item' as const },
    grid: { left: 96, right: 24, top: 8, bottom: 24 },
    xAxis: { type: 'value' as const, minInterval: 1 },
    yAxis: { type: 'category' as const, data: d.members.byPlan.map((p) => p.title) },
    series: [{ name: '在期会员', type: 'bar' as const, barMaxWidth: 28, data: d.members.byPlan.map((p) => p.active), label: { show: true, position: 'right' as const } }],
  };
}
