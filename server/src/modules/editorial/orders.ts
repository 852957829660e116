// Orders and money in the business console (issue 20, item 5). Admins only (money): the orders list
// with its filters and totals (counted by the same query as the rows, so they always agree with the
// listed orders), an order's payments, provider events and the membership it bought, refunds through
// the provider (payments.refundOrder: once, under a claim; the member loses what the order bought;
// the audit entry is written in the refund's transaction), the reconciler's recent runs, and
// exports of the filtered orders as CSV (UTF-8 with BOM, formula cells neutralised) or Excel
// (exceljs, its streaming writer: a full export of 50 000 rows adds about 15 MiB to the heap, not the
// 150 MiB and more a whole workbook in memory would, which a server run with a heap limit cannot
// spare; docs/performance.md). Every refund and export is in the audit trail with who did it.
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { editorialAudit, members, memberships, payAgreements, paymentAttempts, paymentEvents, reconcileRuns, serviceOrders } from '../../db/schema/index.js';
import { dayRange, shanghaiDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { PayMessages, PayRefusal } from '../membership/messages.js';
import type { PaymentsService } from '../membership/payments.js';
import type { Staff } from './access.js';
import { CHANNEL_LABELS, FIX_LABELS, ORDER_LIMITS, ORDER_PROVIDERS, ORDER_STATUS_LABELS, OrderMessages as M, PROVIDER_LABELS } from './ordersMessages.js';
import type { ConsoleOrder, ExportBody, OrderDetail, OrderFilter, OrderListBody, OrderTotals, RefundBody, ReconcileRun } from './ordersSchemas.js';
import { audit, conflict, type EditorialService } from './service.js';

type OrderRow = typeof serviceOrders.$inferSelect;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD HH:mm', or '' for no time. */
const minute = (d: Date | null | undefined) => (d ? shanghaiDateTime(d) : '');
/** 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai), or ''. */
const second = (d: Date | null | undefined) => (d ? new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ') : '');
const chars = (v: string) => [...v].length;

/**
 * A CSV cell that a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * before one) is prefixed with an apostrophe (OWASP "CSV injection"); then quoted as RFC 4180 asks.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export's columns, in order: header and how a row fills it. */
const EXPORT_COLUMNS: { header: string; width: number; money?: boolean; value: (o: ConsoleOrder) => string | number }[] = [
  { header: '订单号', width: 26, value: (o) => o.ordersn },
  { header: '状态', width: 8, value: (o) => o.statusLabel },
  { header: '会员ID', width: 8, value: (o) => o.memberId },
  { header: '用户名', width: 18, value: (o) => o.username },
  { header: '手机号', width: 14, value: (o) => o.mobile },
  { header: '会员方案', width: 14, value: (o) => o.serviceTitle },
  { header: '金额（元）', width: 10, money: true, value: (o) => o.priceFen / 100 },
  { header: '金额（分）', width: 10, value: (o) => o.priceFen },
  { header: '支付平台', width: 10, value: (o) => PROVIDER_LABELS[o.payProvider] ?? o.payProvider },
  { header: '支付方式', width: 8, value: (o) => CHANNEL_LABELS[o.payChannel] ?? o.payChannel },
  { header: '平台交易号', width: 28, value: (o) => o.tradeNo },
  { header: '下单时间', width: 17, value: (o) => o.createdAt },
  { header: '支付时间', width: 17, value: (o) => o.paidAt },
  { header: '退款时间', width: 17, value: (o) => o.refundedAt },
  { header: '退款单号', width: 28, value: (o) => o.refundNo },
];

/**
 * The orders as an .xlsx workbook, written row by row with exceljs's streaming writer (inline strings,
 * no shared-string table): only the compressed file is held, never the whole sheet's cells.
 */
async function xlsxOf(orders: ConsoleOrder[], at: Date): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  workbook.creator = '千言医学';
  workbook.created = at;
  const sheet = workbook.addWorksheet('订单', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width, style: c.money ? { numFmt: '0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  // Every value is a plain string or number cell: text is never read as a formula in .xlsx.
  for (const o of orders) sheet.addRow(EXPORT_COLUMNS.map((c) => c.value(o))).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

export interface OrdersExport {
  filename: string;
  contentType: string;
  body: Buffer;
  count: number;
}

export function createOrdersService(deps: { db: Db; now: () => Date; editorial: EditorialService; payments: PaymentsService }) {
  const { db, now, editorial, payments } = deps;

  /** Admins only: money. Others get 10403 (readers: not staff; editors and contributors: admin only). */
  const admin = (memberId: number | undefined): Promise<Staff> => editorial.requireStaff(memberId, 'admin');

  /** The WHERE of the filters, checked again here (callers that skip the route schema). */
  function whereOf(filter: OrderFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (filter.status !== undefined) {
      if (!Number.isInteger(filter.status) || filter.status < 0 || filter.status > 3) throw AppError.badParameter(M.statusInvalid);
      parts.push(eq(serviceOrders.status, filter.status));
    }
    if (filter.provider) {
      if (!(ORDER_PROVIDERS as readonly string[]).includes(filter.provider)) throw AppError.badParameter(M.providerInvalid);
      parts.push(eq(serviceOrders.payProvider, filter.provider));
    }
    if (filter.planId !== undefined) {
      if (!Number.isInteger(filter.planId) || filter.planId < 1) throw AppError.badParameter(M.planInvalid);
      parts.push(eq(serviceOrders.servicePlanId, filter.planId));
    }
    const range = dayRange(filter.startDate, filter.endDate);
    if (range) parts.push(gte(serviceOrders.createdAt, range.from), lt(serviceOrders.createdAt, range.to));
    const keyword = (filter.keyword ?? '').trim();
    if (chars(keyword) > ORDER_LIMITS.keyword) throw AppError.badParameter(M.keywordTooLong);
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(serviceOrders.ordersn, like), ilike(members.mobile, like), ilike(members.username, like))!);
    }
    return parts.length > 0 ? and(...parts) : undefined;
  }

  const orderSelect = { order: serviceOrders, username: members.username, mobile: members.mobile };
  const baseQuery = (where: SQL | undefined) => db.select(orderSelect).from(serviceOrders).innerJoin(members, eq(members.id, serviceOrders.memberId)).where(where);

  const orderOf = (o: OrderRow, username: string, mobile: string | null): ConsoleOrder => ({
    id: o.id,
    ordersn: o.ordersn,
    memberId: o.memberId,
    username,
    mobile: mobile ?? '',
    planId: o.servicePlanId,
    serviceTitle: o.serviceTitle,
    serviceType: o.serviceType,
    priceFen: o.priceFen,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status] ?? String(o.status),
    kind: o.kind,
    payProvider: o.payProvider ?? '',
    payChannel: o.payChannel ?? '',
    tradeNo: o.tradeNo ?? '',
    refundNo: o.refundNo ?? '',
    createdAt: minute(o.createdAt),
    paidAt: minute(o.paidAt),
    closedAt: minute(o.closedAt),
    refundedAt: minute(o.refundedAt),
    hiddenByMember: o.deletedAt !== null,
  });

  /** Count and sum of the filtered orders, per status: the same join and WHERE as the rows. */
  async function totalsOf(where: SQL | undefined): Promise<OrderTotals> {
    const rows = await db
      .select({ status: serviceOrders.status, n: sql<string>`count(*)`, fen: sql<string>`coalesce(sum(${serviceOrders.priceFen}), 0)` })
      .from(serviceOrders)
      .innerJoin(members, eq(members.id, serviceOrders.memberId))
      .where(where)
      .groupBy(serviceOrders.status);
    const byStatus = [0, 1, 2, 3].map((status) => {
      const r = rows.find((x) => x.status === status);
      return { status, label: ORDER_STATUS_LABELS[status]!, count: Number(r?.n ?? 0), sumFen: Number(r?.fen ?? 0) };
    });
    return { count: byStatus.reduce((a, s) => a + s.count, 0), sumFen: byStatus.reduce((a, s) => a + s.sumFen, 0), byStatus };
  }

  async function list(memberId: number | undefined, query: OrderListBody) {
    await admin(memberId);
    const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
    const where = whereOf(query);
    const [rows, totals] = await Promise.all([
      baseQuery(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(pageSize).offset(offset),
      totalsOf(where),
    ]);
    return { results: rows.map((r) => orderOf(r.order, r.username, r.mobile)), page: pageOf(totals.count, pageNo, pageSize), totals };
  }

  async function findOrder(ordersn: string) {
    const [row] = await baseQuery(eq(serviceOrders.ordersn, ordersn.trim())).limit(1);
    if (!row) throw AppError.notFound(M.orderNotFound);
    return row;
  }

  async function detail(memberId: number | undefined, ordersn: string): Promise<OrderDetail> {
    await admin(memberId);
    const row = await findOrder(ordersn);
    const o = row.order;
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, o.id)).orderBy(paymentAttempts.id);
    const refs = attempts.map((a) => a.outTradeNo);
    if (o.agreementId) {
      const [agreement] = await db.select({ no: payAgreements.externalAgreementNo }).from(payAgreements).where(eq(payAgreements.id, o.agreementId));
      if (agreement) refs.push(agreement.no);
    }
    const events = refs.length > 0 ? await db.select().from(paymentEvents).where(inArray(paymentEvents.outTradeNo, refs)).orderBy(paymentEvents.createdAt, paymentEvents.id) : [];
    const periods = await db.select().from(memberships).where(eq(memberships.orderId, o.id)).orderBy(memberships.startsAt);
    const trail = await db
      .select()
      .from(editorialAudit)
      .where(and(eq(editorialAudit.targetType, 'order'), eq(editorialAudit.targetId, o.id)))
      .orderBy(desc(editorialAudit.at), desc(editorialAudit.id));
    const attemptLabels: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已关闭' };
    return {
      order: orderOf(o, row.username, row.mobile),
      attempts: attempts.map((a) => ({
        outTradeNo: a.outTradeNo,
        provider: a.provider,
        channel: a.channel,
        method: a.method,
        amountFen: a.amountFen,
        status: a.status,
        statusLabel: attemptLabels[a.status] ?? String(a.status),
        tradeNo: a.tradeNo ?? '',
        createdAt: second(a.createdAt),
        paidAt: second(a.paidAt),
      })),
      events: events.map((e) => ({
        id: e.id,
        provider: e.provider,
        kind: e.kind,
        outTradeNo: e.outTradeNo ?? '',
        outcome: e.outcome,
        detail: e.detail,
        createdAt: second(e.createdAt),
      })),
      periods: periods.map((p) => ({ kind: p.kind, startsAt: minute(p.startsAt), endsAt: minute(p.endsAt) })),
      audit: trail.map((a) => ({ action: a.action, actorName: a.actorName, at: second(a.at), note: a.note })),
    };
  }

  /**
   * Refunds a paid order through its provider and takes back the membership it bought. Applied
   * once: concurrent calls (a double click, two admins) get 该订单正在退款 or 该订单已退款 (10409).
   */
  async function refund(memberId: number | undefined, input: RefundBody) {
    const staff = await admin(memberId);
    const reason = (input.reason ?? '').trim();
    if (!reason) throw AppError.badParameter(M.reasonRequired);
    if (chars(reason) > ORDER_LIMITS.reason) throw AppError.badParameter(M.reasonTooLong);
    const ordersn = (input.ordersn ?? '').trim();
    if (!ordersn) throw AppError.badParameter(M.ordersnRequired);
    const row = await findOrder(ordersn);
    try {
      const result = await payments.refundOrder(ordersn, reason, {
        inTx: async (tx, order, revokedMs) => {
          await audit(tx, {
            actor: staff,
            action: 'refund',
            targetType: 'order',
            targetId: order.id,
            targetLabel: order.ordersn,
            before: { status: row.order.status, priceFen: row.order.priceFen, payProvider: row.order.payProvider, paidOutTradeNo: row.order.paidOutTradeNo },
            after: { status: order.status, refundNo: order.refundNo, revokedMs },
            note: reason,
            at: order.refundedAt ?? now(),
          });
        },
      });
      return {
        order: orderOf(result.order, row.username, row.mobile),
        revokedDays: Math.round((result.revokedMs / DAY_MS) * 100) / 100,
        providerStatus: result.providerStatus,
      };
    } catch (err) {
      if (!(err instanceof PayRefusal)) throw err;
      if (err.message === PayMessages.orderRefunded) throw conflict(M.refundTwice);
      if (err.message === PayMessages.refundInProgress) throw conflict(M.refundInProgress);
      if (err.message === PayMessages.orderUnpaid) throw AppError.badParameter(M.refundUnpaid);
      if (err.message === PayMessages.orderNotFound) throw AppError.notFound(M.orderNotFound);
      if (err.message === PayMessages.refundFailed || err.message === PayMessages.providerDown) throw new AppError(10503, M.refundFailed);
      throw AppError.badParameter(err.message);
    }
  }

  /** The reconciler's latest runs, newest first, with what each fixed. */
  async function runs(memberId: number | undefined): Promise<{ runs: ReconcileRun[] }> {
    await admin(memberId);
    const rows = await db.select().from(reconcileRuns).orderBy(desc(reconcileRuns.startedAt), desc(reconcileRuns.id)).limit(ORDER_LIMITS.runs);
    return {
      runs: rows.map((r) => ({
        id: r.id,
        startedAt: second(r.startedAt),
        finishedAt: second(r.finishedAt),
        checked: r.checked,
        fulfilled: r.fulfilled,
        agreementsSigned: r.agreementsSigned,
        attemptsClosed: r.attemptsClosed,
        ordersClosed: r.ordersClosed,
        qrExpired: r.qrExpired,
        errors: r.errors,
        error: r.error ?? '',
        fixed: r.fixed.map((f) => ({ action: f.action, label: FIX_LABELS[f.action] ?? f.action, ordersn: f.ordersn, outTradeNo: f.outTradeNo ?? '' })),
      })),
    };
  }

  /** The filtered orders (every page, newest first) as CSV or .xlsx; audited with the filters and count. */
  async function exportOrders(memberId: number | undefined, input: ExportBody): Promise<OrdersExport> {
    const staff = await admin(memberId);
    if (input.format !== 'csv' && input.format !== 'xlsx') throw AppError.badParameter(M.formatInvalid);
    const { format, ...filter } = input;
    const where = whereOf(filter);
    const rows = await baseQuery(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(ORDER_LIMITS.exportRows + 1);
    if (rows.length > ORDER_LIMITS.exportRows) throw AppError.badParameter(M.exportTooMany);
    const orders = rows.map((r) => orderOf(r.order, r.username, r.mobile));
    const at = now();
    const stamp = second(at).replace(/[-: ]/g, '').slice(0, 12);
    let body: Buffer;
    if (format === 'csv') {
      const lines = [EXPORT_COLUMNS.map((c) => csvCell(c.header)).join(',')];
      for (const o of orders) lines.push(EXPORT_COLUMNS.map((c) => csvCell(c.money ? (o.priceFen / 100).toFixed(2) : c.value(o))).join(','));
      // The BOM makes Excel read the file as UTF-8 (the Chinese headers and titles).
      body = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
    } else {
      body = await xlsxOf(orders, at);
    }
    const sumFen = orders.reduce((a, o) => a + o.priceFen, 0);
    await audit(db, {
      actor: staff,
      action: 'export',
      targetType: 'order',
      targetId: 0,
      targetLabel: `订单导出（${format === 'csv' ? 'CSV' : 'Excel'}）`,
      before: null,
      after: { format, filter, count: orders.length, sumFen },
      at,
    });
    return {
      filename: `orders-${stamp}.${format}`,
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body,
      count: orders.length,
    };
  }

  return { list, detail, refund, runs, exportOrders };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
