import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, qyStore, sessionAtom } from '@qianyan/shared/core';
import { renderAt, sessionUser } from '@qianyan/shared/testing';
import dayjs from 'dayjs';
import { editorApi, type StaffMe } from '../../api';
import { EditorialRoutes } from '../../App';
import { RefundModal, reasonProblem } from './OrderDrawer';
import { filterOf, ReconcileRuns, TotalsRow } from './OrdersPage';
import { filenameOf, filterPayload, ordersApi, type ConsoleOrder } from './ordersApi';

afterEach(() => jest.restoreAllMocks());

const paid: ConsoleOrder = {
  id: 7,
  ordersn: 'QY202611271200001234',
  memberId: 42,
  username: 'reader42',
  mobile: '13900000042',
  planId: 1,
  serviceTitle: '月度会员',
  serviceType: 1,
  priceFen: 3500,
  status: 1,
  statusLabel: '已支付',
  kind: 'purchase',
  payProvider: 'sandbox',
  payChannel: 'wechat',
  tradeNo: 'T1',
  refundNo: '',
  createdAt: '2026-11-27 12:00',
  paidAt: '2026-11-27 12:01',
  closedAt: '',
  refundedAt: '',
  hiddenByMember: false,
};

describe('order helpers', () => {
  it('sends only the filters that are set, dates as a pair of YYYYMMDD days', () => {
    expect(filterPayload({ status: 0, provider: '', keyword: '  139 ', startDate: '20261101' })).toEqual({ status: 0, keyword: '139' });
    expect(filterOf({ dates: [dayjs('2026-11-01'), dayjs('2026-11-27')], planId: 2 })).toEqual({
      status: undefined,
      provider: undefined,
      planId: 2,
      startDate: '20261101',
      endDate: '20261127',
      keyword: undefined,
    });
    expect(filenameOf('attachment; filename="orders-202611271200.csv"', 'x')).toBe('orders-202611271200.csv');
    expect(filenameOf(undefined, 'orders.xlsx')).toBe('orders.xlsx');
  });
  it('requires a refund reason of at most 200 characters', () => {
    expect(reasonProblem('  ')).toBe('请填写退款原因');
    expect(reasonProblem('退'.repeat(201))).toBe('退款原因不能超过200个字符');
    expect(reasonProblem('读者申请')).toBeNull();
  });
});

describe('the totals row and the reconciler panel', () => {
  it('shows the count and sum of every matching order, per status', () => {
    render(
      <TotalsRow
        totals={{
          count: 3,
          sumFen: 41_000,
          byStatus: [
            { status: 0, label: '待支付', count: 0, sumFen: 0 },
            { status: 1, label: '已支付', count: 2, sumFen: 39_300 },
            { status: 2, label: '已关闭', count: 0, sumFen: 0 },
            { status: 3, label: '已退款', count: 1, sumFen: 1_700 },
          ],
        }}
      />,
    );
    expect(screen.getByText('合计：3 笔，¥410.00')).toBeInTheDocument();
    expect(screen.getByText('2 笔，¥393.00')).toBeInTheDocument();
  });
  it('lists what each run fixed, and a run that never finished', () => {
    render(
      <ReconcileRuns
        onRefresh={() => undefined}
        runs={[
          {
            id: 2,
            startedAt: '2026-11-27 12:05:00',
            finishedAt: '',
            checked: 0,
            fulfilled: 0,
            agreementsSigned: 0,
            attemptsClosed: 0,
            ordersClosed: 0,
            qrExpired: 0,
            errors: 0,
            error: '',
            fixed: [],
          },
          {
            id: 1,
            startedAt: '2026-11-27 12:00:00',
            finishedAt: '2026-11-27 12:00:01',
            checked: 1,
            fulfilled: 1,
            agreementsSigned: 0,
            attemptsClosed: 0,
            ordersClosed: 0,
            qrExpired: 0,
            errors: 0,
            error: '',
            fixed: [{ action: 'fulfilled', label: '补单：确认已支付', ordersn: 'QY1', outTradeNo: 'QY1A' }],
          },
        ]}
      />,
    );
    expect(screen.getByText('补单：确认已支付：QY1')).toBeInTheDocument();
    expect(screen.getByText('进行中或已中断')).toBeInTheDocument();
  });
});

describe('the refund modal', () => {
  it('refuses an empty reason without sending, then sends the trimmed reason once', async () => {
    const refund = jest.spyOn(ordersApi, 'refund').mockResolvedValue({ order: { ...paid, status: 3, statusLabel: '已退款' }, revokedDays: 29.98, providerStatus: 'SUCCESS' });
    const onDone = jest.fn();
    render(<RefundModal order={paid} open onClose={() => undefined} onDone={onDone} />);
    fireEvent.click(screen.getByText('确认退款'));
    expect(await screen.findByText('请填写退款原因')).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '  读者申请退款 ' } });
    fireEvent.click(screen.getByText('确认退款'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(paid.ordersn, '读者申请退款', { silent: true });
  });
  it("shows the server's refusal of a second refund", async () => {
    jest.spyOn(ordersApi, 'refund').mockRejectedValue(new ApiError(10409, '该订单已退款，不能重复退款'));
    const onDone = jest.fn();
    render(<RefundModal order={paid} open onClose={() => undefined} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '重复' } });
    fireEvent.click(screen.getByText('确认退款'));
    expect(await screen.findByText('该订单已退款，不能重复退款')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the 订单 screen’s role gate', () => {
  const staff = (role: StaffMe['role']): StaffMe => ({
    id: 30,
    username: `demo_${role}`,
    role,
    can: { createArticle: true, publish: role !== 'contributor', manageStaff: role === 'admin', readAudit: role === 'admin' },
  });
  beforeEach(() => {
    qyStore.set(sessionAtom, { token: 'token-abc', user: sessionUser({ membername: 'demo_editor' }), savedAt: Date.now() });
    jest.spyOn(editorApi, 'list').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 20 } });
  });
  afterEach(() => act(() => qyStore.set(sessionAtom, null)));

  it('keeps an editor out of 订单, in the menu and by its address, without asking the server', async () => {
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff('editor'));
    const list = jest.spyOn(ordersApi, 'list');
    renderAt('/editor/orders', <EditorialRoutes />);
    expect(await screen.findByText('没有权限', {}, { timeout: 10_000 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation');
    expect([...nav.querySelectorAll('[role=menuitem]')].map((i) => i.textContent)).not.toContain('订单');
    expect(list).not.toHaveBeenCalled();
  }, 30_000);
});
