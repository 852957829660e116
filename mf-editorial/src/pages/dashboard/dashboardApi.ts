// 数据看板: the dashboard route of the editorial console (server/src/modules/editorial/dashboardRoutes.ts,
// /api/editor/dashboard, editors and admins; revenue for admins only).
import { post, type CallOptions } from '@qianyan/shared/core';

export interface Dashboard {
  /** Every day of the window, oldest first (YYYY-MM-DD, Asia/Shanghai). */
  days: string[];
  generatedAtShanghai: string;
  signups: { total: number; byIdentity: { identity: string; perDay: number[]; total: number }[] };
  members: { active: number; byPlan: { serviceType: number; title: string; active: number }[]; expiringIn7Days: number; expiringIn30Days: number };
  /** null for editors: money is for admins. */
  revenue: { paidFen: number; refundedFen: number; byProvider: { provider: string; perDayFen: number[]; totalFen: number; orders: number }[] } | null;
  freeReads: { total: number; perDay: number[] };
  mostRead: { kind: 'article' | 'lesson' | string; id: number; title: string; readers: number }[];
  searchMisses: { query: string; count: number; lastDay: string }[];
}

export const DASHBOARD_WINDOWS = [7, 30, 90] as const;

export const dashboardApi = {
  get: (days: number, options?: CallOptions) => post<Dashboard>('/api/editor/dashboard', { days }, options),
};

/** Fen as yuan with two decimals: 123456 → ¥1,234.56. */
export const yuanOf = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the payment providers are called on the console. */
export const PROVIDER_NAMES: Record<string, string> = { sandbox: '沙箱', wechatpay: '微信支付', alipay: '支付宝', 未知: '未知' };
