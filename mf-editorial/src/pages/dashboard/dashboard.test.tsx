import { render, screen } from '@testing-library/react';
import { freeReadsChart, membersChart, revenueChart, signupsChart } from './chartOptions';
import { DashboardView } from './DashboardPage';
import { yuanOf, type Dashboard } from './dashboardApi';

// The chart box stands in for ECharts (no layout in jsdom): it shows its label and series' data.
jest.mock('./Chart', () => ({
  __esModule: true,
  default: ({ label, option }: { label: string; option: { series: { name: string; data: number[] }[] } }) => (
    <div role="img" aria-label={label}>
      {option.series.map((s) => `${s.name}:${s.data.join(',')}`).join(' ')}
    </div>
  ),
}));

const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
const admin: Dashboard = {
  days,
  generatedAtShanghai: '2026-11-27 10:00',
  signups: {
    total: 5,
    byIdentity: [
      { identity: '执业医师', perDay: [0, 1, 0, 0, 2, 0, 0], total: 3 },
      { identity: '医学生', perDay: [0, 0, 0, 0, 0, 0, 2], total: 2 },
      { identity: '其他', perDay: [0, 0, 0, 0, 0, 0, 0], total: 0 },
      { identity: '未填写', perDay: [0, 0, 0, 0, 0, 0, 0], total: 0 },
    ],
  },
  members: { active: 4, byPlan: [{ serviceType: 1, title: '月度会员', active: 3 }, { serviceType: 2, title: '年度会员', active: 1 }], expiringIn7Days: 1, expiringIn30Days: 2 },
  revenue: {
    paidFen: 12_400,
    refundedFen: 4_800,
    byProvider: [
      { provider: 'alipay', perDayFen: [0, 0, 0, 0, 0, 9_900, 0], totalFen: 9_900, orders: 1 },
      { provider: 'sandbox', perDayFen: [0, 0, 0, 0, 0, 0, 2_500], totalFen: 2_500, orders: 1 },
    ],
  },
  freeReads: { total: 1, perDay: [0, 0, 0, 0, 0, 0, 1] },
  mostRead: [
    { kind: 'article', id: 7, title: '司美格鲁肽与心血管结局', readers: 12 },
    { kind: 'lesson', id: 3001, title: '心电图入门', readers: 4 },
  ],
  searchMisses: [{ query: '罕见病新药', count: 6, lastDay: '2026-11-27' }],
};

describe('dashboard charts', () => {
  it('stacks sign-ups by identity, leaving out identities with none', () => {
    const o = signupsChart(admin);
    expect(o.xAxis.data).toEqual(['11-21', '11-22', '11-23', '11-24', '11-25', '11-26', '11-27']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['执业医师', 'signups', [0, 1, 0, 0, 2, 0, 0]],
      ['医学生', 'signups', [0, 0, 0, 0, 0, 0, 2]],
    ]);
  });

  it('draws revenue in yuan per provider, members per plan and free reads per day', () => {
    expect(revenueChart(admin.revenue!, days).series.map((s) => [s.name, s.data.at(-2), s.data.at(-1)])).toEqual([
      ['支付宝', 99, 0],
      ['沙箱', 0, 25],
    ]);
    const m = membersChart(admin);
    expect([m.yAxis.data, m.series[0]!.data]).toEqual([['月度会员', '年度会员'], [3, 1]]);
    expect(freeReadsChart(admin).series[0]!.data).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(yuanOf(123_456)).toBe('¥1,234.56');
  });
});

describe('dashboard screen', () => {
  it('shows an admin every figure, the charts, the most read and the searches that found nothing', async () => {
    render(<DashboardView data={admin} />);
    expect(screen.getByText('¥124.00')).toBeInTheDocument();
    expect(screen.getByText(/退款 ¥48\.00/)).toBeInTheDocument();
    expect(await screen.findByLabelText('每日注册（按身份） 2026-11-21–2026-11-27')).toHaveTextContent('医学生:0,0,0,0,0,0,2');
    expect(await screen.findByLabelText('每日收入（按支付渠道） 2026-11-21–2026-11-27')).toHaveTextContent('沙箱:0,0,0,0,0,0,25');
    expect(screen.getByText('司美格鲁肽与心血管结局')).toBeInTheDocument();
    expect(screen.getByText('罕见病新药')).toBeInTheDocument();
    expect(screen.getByText('在期会员')).toBeInTheDocument();
  });

  it('shows an editor no money (the server sends none)', async () => {
    render(<DashboardView data={{ ...admin, revenue: null }} />);
    expect(await screen.findByLabelText('在期会员（按方案）')).toBeInTheDocument();
    expect(screen.queryByText('收入')).toBeNull();
    expect(screen.queryByText(/每日收入/)).toBeNull();
  });
});
