// 数据看板 (editors and admins): what is happening on the site over the last 7, 30 or 90 days —
// sign-ups by day and identity, members by plan and the expiries coming, revenue by day and
// provider (admins only: the server sends none to editors), free reads claimed, the week's most
// read articles and lessons, and the searches that found nothing. Every figure is counted by the
// server when asked; the charts are ECharts (see Chart.tsx), loaded with this screen only.
import { useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { freeReadsChart, membersChart, revenueChart, signupsChart } from './chartOptions';
import { DASHBOARD_WINDOWS, dashboardApi, PROVIDER_NAMES, yuanOf, type Dashboard } from './dashboardApi';
import './dashboard.css';

// ECharts is a chunk of its own: the figures and tables show while it loads.
const Chart = lazy(() => import('./Chart'));

export const DM = {
  title: '数据看板',
  window: (days: number) => `近 ${days} 天`,
  refresh: '刷新',
  generated: (at: string) => `统计于 ${at}（北京时间）`,
  signups: '新注册',
  activeMembers: '在期会员',
  expiring7: '7 天内到期',
  expiring30: '30 天内到期',
  paid: '收入',
  refunded: '退款',
  freeReads: '免费阅读领取',
  signupsChart: '每日注册（按身份）',
  membersChart: '在期会员（按方案）',
  revenueChart: '每日收入（按支付渠道）',
  freeReadsChart: '每日免费阅读领取',
  mostRead: '本周最多阅读',
  mostReadNote: '近 7 天内阅读过的登录读者人数',
  misses: '无结果的搜索',
  missesNote: '近 7 天读者搜索却没有找到的内容',
  kinds: { article: '文章', lesson: '课程' } as Record<string, string>,
  readers: '读者',
  query: '搜索词',
  times: '次数',
  lastDay: '最近一次',
  none: '暂无数据',
  loadFailed: '看板加载失败',
  orders: (n: number) => `${n} 笔`,
};

function ChartCard({ title, label, option, empty }: { title: string; label: string; option: object; empty: boolean }) {
  return (
    <Card title={title} size="small" className="qy-dash-card">
      {empty ? (
        <Empty description={DM.none} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Suspense fallback={<Spin className="qy-dash-chart-wait" />}>
          <Chart option={option} label={label} />
        </Suspense>
      )}
    </Card>
  );
}

export function DashboardView({ data }: { data: Dashboard }) {
  const signups = useMemo(() => signupsChart(data), [data]);
  const members = useMemo(() => membersChart(data), [data]);
  const freeReads = useMemo(() => freeReadsChart(data), [data]);
  const revenue = useMemo(() => data.revenue && revenueChart(data.revenue, data.days), [data]);
  const first = data.days[0];
  const last = data.days.at(-1);

  return (
    <>
      <Row gutter={[16, 16]} className="qy-dash-figures">
        <Col xs={12} md={8} xl={4}>
          <Card size="small"><Statistic title={DM.signups} value={data.signups.total} /></Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small"><Statistic title={DM.activeMembers} value={data.members.active} /></Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small"><Statistic title={DM.expiring7} value={data.members.expiringIn7Days} /></Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small"><Statistic title={DM.expiring30} value={data.members.expiringIn30Days} /></Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small"><Statistic title={DM.freeReads} value={data.freeReads.total} /></Card>
        </Col>
        {data.revenue && (
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={DM.paid} value={yuanOf(data.revenue.paidFen)} />
              <Typography.Text type="secondary" className="qy-dash-sub">
                {DM.refunded} {yuanOf(data.revenue.refundedFen)}
              </Typography.Text>
            </Card>
          </Col>
        )}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard title={DM.signupsChart} label={`${DM.signupsChart} ${first}–${last}`} option={signups} empty={data.signups.total === 0} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={DM.membersChart} label={DM.membersChart} option={members} empty={data.members.byPlan.length === 0} />
        </Col>
        {data.revenue && revenue && (
          <Col xs={24} xl={12}>
            <Card
              title={DM.revenueChart}
              size="small"
              className="qy-dash-card"
              extra={data.revenue.byProvider.map((p) => (
                <Tag key={p.provider}>
                  {PROVIDER_NAMES[p.provider] ?? p.provider} {yuanOf(p.totalFen)} · {DM.orders(p.orders)}
                </Tag>
              ))}
            >
              {data.revenue.byProvider.length === 0 ? (
                <Empty description={DM.none} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <Suspense fallback={<Spin className="qy-dash-chart-wait" />}>
                  <Chart option={revenue} label={`${DM.revenueChart} ${first}–${last}`} />
                </Suspense>
              )}
            </Card>
          </Col>
        )}
        <Col xs={24} xl={12}>
          <ChartCard title={DM.freeReadsChart} label={`${DM.freeReadsChart} ${first}–${last}`} option={freeReads} empty={data.freeReads.total === 0} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={DM.mostRead} size="small" className="qy-dash-card" extra={<Typography.Text type="secondary">{DM.mostReadNote}</Typography.Text>}>
            <Table
              size="small"
              pagination={false}
              rowKey={(r) => `${r.kind}-${r.id}`}
              dataSource={data.mostRead}
              locale={{ emptyText: DM.none }}
              columns={[
                { title: '', dataIndex: 'kind', width: 64, render: (k: string) => <Tag>{DM.kinds[k] ?? k}</Tag> },
                { title: '', dataIndex: 'title', ellipsis: true },
                { title: DM.readers, dataIndex: 'readers', width: 72, align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={DM.misses} size="small" className="qy-dash-card" extra={<Typography.Text type="secondary">{DM.missesNote}</Typography.Text>}>
            <Table
              size="small"
              pagination={false}
              rowKey="query"
              dataSource={data.searchMisses}
              locale={{ emptyText: DM.none }}
              columns={[
                { title: DM.query, dataIndex: 'query', ellipsis: true },
                { title: DM.times, dataIndex: 'count', width: 72, align: 'right' },
                { title: DM.lastDay, dataIndex: 'lastDay', width: 120 },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

export default function DashboardPage() {
  useDocumentTitle(`${DM.title} · ${ED_MSG.consoleName}`);
  const [days, setDays] = useState<number>(30);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (window: number) => {
    setLoading(true);
    setError(null);
    try {
      setData(await dashboardApi.get(window, { silent: true }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(days), [load, days]);

  return (
    <section className="qy-ed-page qy-dash" aria-labelledby="qy-dash-h">
      <div className="qy-ed-page__head qy-dash-head">
        <Typography.Title level={3} id="qy-dash-h" style={{ margin: 0 }}>
          {DM.title}
        </Typography.Title>
        <Segmented
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={DASHBOARD_WINDOWS.map((n) => ({ value: n, label: DM.window(n) }))}
        />
        <Button onClick={() => void load(days)} loading={loading}>
          {DM.refresh}
        </Button>
        {data && <Typography.Text type="secondary">{DM.generated(data.generatedAtShanghai)}</Typography.Text>}
      </div>
      {error && <Alert type="error" showIcon message={DM.loadFailed} description={error} className="qy-dash-error" />}
      {data ? <DashboardView data={data} /> : !error && <Spin className="qy-dash-chart-wait" />}
    </section>
  );
}
