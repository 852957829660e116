import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@qianyan/shared/core';
import { renderAt } from '@qianyan/shared/testing';
import { Route, Routes } from 'react-router-dom';
import { consoleApi } from '../../consoleApi';
import MemberDetailPage, { MemberActionModal } from './MemberDetailPage';
import MembersPage from './MembersPage';
import { membersApi, type MemberDetail } from './membersApi';

afterEach(() => jest.restoreAllMocks());

const row = {
  id: 7,
  username: 'demo_member',
  truename: '周明远',
  mobile: '13800000002',
  email: 'demo_member@example.com',
  identity: '医学生',
  createdAt: '2026-01-01 09:00:00',
  serviceType: 2,
  serviceTitle: '年度会员',
  serviceEndDate: '2027-01-01 09:00:00',
};
const detail = (change: boolean): MemberDetail => ({
  profile: { ...row, roleid: 5, region: '上海市/市辖区/徐汇区', organisation: '复旦大学上海医学院 · 临床医学', jobname: '' },
  subscription: { serviceType: 2, serviceTitle: '年度会员', serviceEndDate: '2027-01-01 09:00:00', autoRenew: 0, open: true },
  periods: [{ id: 1, serviceType: 2, title: '年度会员', kind: 'seed', startsAt: '2026-01-01 09:00:00', endsAt: '2027-01-01 09:00:00', ordersn: '', current: true }],
  orders: [],
  freeReads: [],
  sessions: [{ id: 3, createdAt: '2026-06-01 10:00:00', expiresAt: '2026-06-01 16:00:00', ip: '10.0.0.1', device: 'Mozilla/5.0 TestBrowser' }],
  plans: [{ id: 2, type: 2, title: '年度会员', months: 12 }],
  can: { change },
});
const result = { action: 'member_extend', memberId: 7, serviceType: 2, serviceEndDate: '2027-01-31 09:00:00', sessionsEnded: 0, replayed: false };
const okButton = () => screen.getByText(/^确\s*定$/);

describe('会员 search', () => {
  it('searches by the text in the address and links each reader to their page', async () => {
    const search = jest.spyOn(membersApi, 'search').mockResolvedValue({ results: [row], page: { total: 1, pages: 1, pageNo: 1, pageSize: 20 } });
    renderAt('/editor/members?q=13800000002', <MembersPage />);
    expect(await screen.findByText('demo_member')).toHaveAttribute('href', '/editor/members/7');
    expect(search).toHaveBeenCalledWith({ q: '13800000002', pageNo: 1, pageSize: 20 });
    expect(screen.getByText('年度会员')).toBeInTheDocument();
  });
});

describe('the membership actions', () => {
  it('refuses an empty reason without sending; a retry after a refusal sends the same request id', async () => {
    const extend = jest.spyOn(membersApi, 'extend').mockRejectedValueOnce(new ApiError(10001, '网络繁忙')).mockResolvedValue(result);
    const onDone = jest.fn();
    render(<MemberActionModal action="extend" detail={detail(true)} onDone={onDone} onCancel={() => undefined} />);
    fireEvent.click(okButton());
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    expect(extend).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText(/客服补偿/), { target: { value: '客服补偿' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('网络繁忙')).toBeInTheDocument();
    fireEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(extend).toHaveBeenCalledTimes(2);
    expect(extend.mock.calls[0]![0]).toEqual(expect.objectContaining({ memberId: 7, days: 30, reason: '客服补偿' }));
    expect(extend.mock.calls[1]![0].requestId).toBe(extend.mock.calls[0]![0].requestId);
  });
});

describe('the reader page', () => {
  const at = (ui: React.ReactNode) =>
    renderAt(
      '/editor/members/7',
      <Routes>
        <Route path="/editor/members/:id" element={ui} />
      </Routes>,
    );

  it('shows editors the reader without the actions', async () => {
    jest.spyOn(membersApi, 'detail').mockResolvedValue(detail(false));
    const audit = jest.spyOn(consoleApi, 'audit');
    at(<MemberDetailPage />);
    expect(await screen.findByText('Mozilla/5.0 TestBrowser')).toBeInTheDocument();
    expect(screen.queryByText('延长会员')).not.toBeInTheDocument();
    expect(audit).not.toHaveBeenCalled();
  });

  it('ends the sessions after a confirm and shows the reader again', async () => {
    const load = jest.spyOn(membersApi, 'detail').mockResolvedValueOnce(detail(true)).mockResolvedValue({ ...detail(true), sessions: [] });
    jest.spyOn(consoleApi, 'audit').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 50 } });
    const end = jest.spyOn(membersApi, 'endSessions').mockResolvedValue({ ...result, action: 'end_sessions', sessionsEnded: 1 });
    at(<MemberDetailPage />);
    fireEvent.click(await screen.findByText('结束全部会话'));
    expect(await screen.findByText(/读者将立即退出登录/)).toBeInTheDocument();
    fireEvent.click(okButton());
    await waitFor(() => expect(end).toHaveBeenCalledWith(expect.objectContaining({ memberId: 7, requestId: expect.any(String) }), { silent: true }));
    expect(await screen.findByText('没有有效的登录会话')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
