import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@qianyan/shared/core';
import { renderAt } from '@qianyan/shared/testing';
import { Route, Routes } from 'react-router-dom';
import { consoleApi } from '../../consoleApi';
import MemberDetailPage, { MemberActionModal, memberChange } from './MemberDetailPage';
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

describe('the reader\'s 操作记录', () => {
  it('says what each change did in words', () => {
    expect(
      memberChange({
        action: 'member_extend',
        before: { serviceType: 1, serviceEndDate: '2026-12-28 06:59:21' },
        after: { serviceType: 1, serviceEndDate: '2027-01-27 06:59:21', days: 30 },
      }),
    ).toBe('延长30天；到期时间：2026-12-28 06:59:21 → 2027-01-27 06:59:21');
    expect(
      memberChange({ action: 'member_grant', before: { serviceType: 0, serviceEndDate: '' }, after: { serviceType: 1, serviceEndDate: '2026-12-28 06:59:21', planTitle: '月度会员', months: 1 } }),
    ).toBe('开通“月度会员”1个月；会员：非会员 → 月度会员；到期时间：— → 2026-12-28 06:59:21');
    expect(memberChange({ action: 'end_sessions', before: { liveSessions: 2 }, after: { liveSessions: 0 } })).toBe('结束2个登录会话');
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

describe('ending the sessions', () => {
  it('asks for a confirm and sends no reason when none is given', async () => {
    const end = jest.spyOn(membersApi, 'endSessions').mockResolvedValue({ ...result, action: 'end_sessions', sessionsEnded: 1 });
    const onDone = jest.fn();
    render(<MemberActionModal action="endSessions" detail={detail(true)} onDone={onDone} onCancel={() => undefined} />);
    expect(screen.getByText(/读者将立即退出登录/)).toBeInTheDocument();
    fireEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(end).toHaveBeenCalledWith({ memberId: 7, requestId: expect.any(String) }, { silent: true });
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
});
