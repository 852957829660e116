// 订单 (admins only: money): the orders with filters (status, provider, plan, created days, order
// number or phone), a totals row for every order the filters match (not only this page), exports
// of the same orders as CSV or Excel, an order's detail with 退款 in a drawer, and the payment
// reconciler's recent runs with the orders each fixed.
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import '../../consoleScreens.css';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { OrderDrawer, STATUS_COLOURS } from './OrderDrawer';
import { OM } from './messages';
import { ordersApi, yuan, type OrderFilter, type OrderPage, type ReconcileRun } from './ordersApi';
import './orders.css';

const PAGE_SIZE = 20;

interface FilterForm {
  status?: number;
  provider?: string;
  planId?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
}

/** The form's values as the list's filters (days as YYYYMMDD). */
export function filterOf(values: FilterForm): OrderFilter {
  const [from, to] = values.dates ?? [];
  return {
    status: values.status,
    provider: values.provider,
    planId: values.planId,
    startDate: from && to ? from.format('YYYYMMDD') : undefined,
    endDate: from && to ? to.format('YYYYMMDD') : undefined,
    keyword: values.keyword,
  };
}

export function TotalsRow({ totals }: { totals: OrderPage['totals'] }) {
  return (
    <div className="qy-ed-orders__totals" aria-label={OM.totals}>
      <strong>
        {OM.totals}：{OM.totalLine(totals.count, yuan(totals.sumFen))}
      </strong>
      {totals.byStatus.map((s) => (
        <span key={s.status}>
          <Tag color={STATUS_COLOURS[s.status]}>{s.label}</Tag>
          {OM.totalLine(s.count, yuan(s.sumFen))}
        </span>
      ))}
    </div>
  );
}

export function ReconcileRuns({ runs, onRefresh }: { runs: ReconcileRun[] | null; onRefresh: () => void }) {
  return (
    <Card
      size="small"
      title={OM.runsTitle}
      extra={
        <Button size="small" onClick={onRefresh}>
          {OM.refresh}
        </Button>
      }
      className="qy-ed-orders__runs"
    >
      {runs && runs.length === 0 ? <Typography.Text type="secondary">{OM.runsEmpty}</Typography.Text> : null}
      {runs && runs.length > 0 ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={runs.slice(0, 10)}
          columns={[
            { title: OM.runStarted, dataIndex: 'startedAt', width: 170 },
            { title: OM.runFinished, width: 170, render: (_v, r) => r.finishedAt || <Typography.Text type="warning">{OM.running}</Typography.Text> },
            { title: OM.runChecked, dataIndex: 'checked', width: 60 },
            { title: OM.runFulfilled, dataIndex: 'fulfilled', width: 60 },
            { title: OM.runClosed, width: 60, render: (_v, r) => r.attemptsClosed + r.ordersClosed },
            { title: OM.runErrors, width: 60, render: (_v, r) => (r.errors > 0 || r.error ? <Typography.Text type="danger">{r.errors || r.error}</Typography.Text> : 0) },
            {
              title: OM.runFixed,
              render: (_v, r) =>
                r.fixed.length === 0
                  ? OM.nothingFixed
                  : r.fixed.map((f) => (
                      <div key={`${f.action}-${f.ordersn}-${f.outTradeNo}`}>
                        {f.label}：{f.ordersn}
                      </div>
                    )),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

export default function OrdersPage() {
  useDocumentTitle(OM.title);
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<OrderFilter>({});
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<OrderPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [runs, setRuns] = useState<ReconcileRun[] | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [plans, setPlans] = useState<{ value: number; label: string }[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    setProblem(null);
    try {
      setData(await ordersApi.list(filter, pageNo, PAGE_SIZE, { silent: true }));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setLoading(false);
    }
  }, [filter, pageNo]);
  useEffect(() => void load(), [load]);

  const loadRuns = useCallback(async () => {
    try {
      setRuns((await ordersApi.runs({ silent: true })).runs);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, []);
  useEffect(() => void loadRuns(), [loadRuns]);

  // The plan filter's choices: the plans the orders name (titles kept with each order).
  useEffect(() => {
    if (!data) return;
    setPlans((prev) => {
      const seen = new Map(prev.map((p) => [p.value, p.label]));
      for (const o of data.results) if (!seen.has(o.planId)) seen.set(o.planId, o.serviceTitle);
      return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.value - b.value);
    });
  }, [data]);

  const search = (values: FilterForm) => {
    setPageNo(1);
    setFilter(filterOf(values));
  };

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    setProblem(null);
    try {
      toast.success(OM.exported(await ordersApi.download(filter, format)));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="qy-ed-orders">
      <Typography.Title level={3}>{OM.title}</Typography.Title>
      <p className="qy-ed-site__hint">{OM.hint}</p>
      <Form form={form} layout="inline" onFinish={search} className="qy-ed-orders__filters">
        <Form.Item name="keyword" label={OM.keyword}>
          <Input allowClear maxLength={40} style={{ width: 200 }} aria-label={OM.keyword} />
        </Form.Item>
        <Form.Item name="status" label={OM.status}>
          <Select
            allowClear
            placeholder={OM.all}
            style={{ width: 110 }}
            options={Object.entries(OM.statuses).map(([value, label]) => ({ value: Number(value), label }))}
          />
        </Form.Item>
        <Form.Item name="provider" label={OM.provider}>
          <Select allowClear placeholder={OM.all} style={{ width: 130 }} options={Object.entries(OM.providers).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="planId" label={OM.plan}>
          <Select allowClear placeholder={OM.all} style={{ width: 130 }} options={plans} />
        </Form.Item>
        <Form.Item name="dates" label={OM.dates}>
          <DatePicker.RangePicker allowEmpty={[false, false]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {OM.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {OM.reset}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ProblemAlert problem={problem} />
      <div className="qy-ed-orders__bar">
        {data ? <TotalsRow totals={data.totals} /> : <span />}
        <Space>
          <Button onClick={() => void download('csv')} loading={exporting === 'csv'}>
            {OM.exportCsv}
          </Button>
          <Button onClick={() => void download('xlsx')} loading={exporting === 'xlsx'}>
            {OM.exportXlsx}
          </Button>
        </Space>
      </div>
      <Table
        size="middle"
        rowKey="ordersn"
        loading={loading}
        dataSource={data?.results ?? []}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: data?.page.total ?? 0, showSizeChanger: false, onChange: setPageNo }}
        columns={[
          {
            title: OM.ordersn,
            dataIndex: 'ordersn',
            render: (v: string) => (
              <Typography.Link onClick={() => setOpen(v)} className="qy-ed-orders__sn">
                {v}
              </Typography.Link>
            ),
          },
          { title: OM.member, render: (_v, o) => `${o.username}${o.mobile ? `（${o.mobile}）` : ''}` },
          { title: OM.plan, dataIndex: 'serviceTitle', width: 110 },
          { title: OM.amount, render: (_v, o) => yuan(o.priceFen), align: 'right', width: 100 },
          { title: OM.status, width: 90, render: (_v, o) => <Tag color={STATUS_COLOURS[o.status]}>{o.statusLabel}</Tag> },
          { title: OM.provider, width: 110, render: (_v, o) => OM.providers[o.payProvider] ?? (o.payProvider || '—') },
          { title: OM.createdAt, dataIndex: 'createdAt', width: 150 },
          { title: OM.paidAt, width: 150, render: (_v, o) => o.paidAt || '—' },
          {
            title: OM.actions,
            width: 80,
            render: (_v, o) => (
              <Button size="small" onClick={() => setOpen(o.ordersn)}>
                {OM.view}
              </Button>
            ),
          },
        ]}
      />
      <ReconcileRuns runs={runs} onRefresh={() => void loadRuns()} />
      <OrderDrawer
        ordersn={open}
        onClose={() => setOpen(null)}
        onChanged={() => {
          void load();
        }}
      />
    </div>
  );
}
