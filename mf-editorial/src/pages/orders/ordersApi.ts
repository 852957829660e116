// 订单: the orders routes of the editorial console (server/src/modules/editorial/ordersRoutes.ts,
// /api/editor/orders/*, admins only): the list with its filters and totals, an order's detail, the
// refund, the reconciler's runs and the exports (a file, fetched with the session like every call).
import { ApiError, http, post, type CallOptions } from '@qianyan/shared/core';

const P = '/api/editor/orders';

export interface ConsoleOrder {
  id: number;
  ordersn: string;
  memberId: number;
  username: string;
  mobile: string;
  planId: number;
  serviceTitle: string;
  serviceType: number;
  priceFen: number;
  status: number;
  statusLabel: string;
  kind: string;
  payProvider: string;
  payChannel: string;
  tradeNo: string;
  refundNo: string;
  createdAt: string;
  paidAt: string;
  closedAt: string;
  refundedAt: string;
  hiddenByMember: boolean;
}

export interface StatusTotal {
  status: number;
  label: string;
  count: number;
  sumFen: number;
}

export interface OrderTotals {
  count: number;
  sumFen: number;
  byStatus: StatusTotal[];
}

export interface OrderFilter {
  status?: number;
  provider?: string;
  planId?: number;
  /** YYYYMMDD */
  startDate?: string;
  endDate?: string;
  keyword?: string;
}

export interface OrderPage {
  results: ConsoleOrder[];
  page: { total: number; pages: number; pageNo: number; pageSize: number };
  totals: OrderTotals;
}

export interface OrderDetail {
  order: ConsoleOrder;
  attempts: {
    outTradeNo: string;
    provider: string;
    channel: string;
    method: string;
    amountFen: number;
    status: number;
    statusLabel: string;
    tradeNo: string;
    createdAt: string;
    paidAt: string;
  }[];
  events: { id: number; provider: string; kind: string; outTradeNo: string; outcome: string; detail: string; createdAt: string }[];
  periods: { kind: string; startsAt: string; endsAt: string }[];
  audit: { action: string; actorName: string; at: string; note: string }[];
}

export interface ReconcileRun {
  id: number;
  startedAt: string;
  finishedAt: string;
  checked: number;
  fulfilled: number;
  agreementsSigned: number;
  attemptsClosed: number;
  ordersClosed: number;
  qrExpired: number;
  errors: number;
  error: string;
  fixed: { action: string; label: string; ordersn: string; outTradeNo: string }[];
}

export interface RefundResult {
  order: ConsoleOrder;
  revokedDays: number;
  providerStatus: string;
}

/** The filters as the server takes them: empty values left out. */
export function filterPayload(filter: OrderFilter): OrderFilter {
  const out: OrderFilter = {};
  if (filter.status !== undefined && filter.status !== null) out.status = filter.status;
  if (filter.provider) out.provider = filter.provider;
  if (filter.planId) out.planId = filter.planId;
  if (filter.startDate && filter.endDate) {
    out.startDate = filter.startDate;
    out.endDate = filter.endDate;
  }
  const keyword = (filter.keyword ?? '').trim();
  if (keyword) out.keyword = keyword;
  return out;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function filenameOf(disposition: string | undefined, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/** Fetches an export and hands it to the browser as a download; a refusal (JSON) becomes an ApiError. */
async function download(filter: OrderFilter, format: 'csv' | 'xlsx'): Promise<string> {
  const res = await http.post<Blob>(`${P}/export`, { ...filterPayload(filter), format }, { responseType: 'blob', timeout: 120_000 });
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    const body = JSON.parse(await res.data.text()) as { code: number; msg: string };
    throw new ApiError(body.code, body.msg);
  }
  const name = filenameOf(res.headers['content-disposition'] as string | undefined, `orders.${format}`);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const ordersApi = {
  list: (filter: OrderFilter, pageNo: number, pageSize: number, opts?: CallOptions) =>
    post<OrderPage>(`${P}/list`, { ...filterPayload(filter), pageNo, pageSize }, opts),
  get: (ordersn: string, opts?: CallOptions) => post<OrderDetail>(`${P}/get`, { ordersn }, opts),
  refund: (ordersn: string, reason: string, opts?: CallOptions) => post<RefundResult>(`${P}/refund`, { ordersn, reason }, opts),
  runs: (opts?: CallOptions) => post<{ runs: ReconcileRun[] }>(`${P}/reconcile/runs`, {}, opts),
  download,
};

/** Fen as yuan with two decimals: 3500 → ¥35.00. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
