import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, getSession, readStoredSession, updateSessionUser } from '@qianyan/shared';
import { hardNavigate } from '../navigation';
import { chromeTestSetup, here, makeUser, renderChrome, signIn } from '../testUtils';

jest.mock('../navigation', () => ({ ...jest.requireActual('../navigation'), hardNavigate: jest.fn() }));
jest.setTimeout(30_000);

chromeTestSetup();
beforeEach(() => {
  jest.spyOn(api.user, 'getMemberInfo').mockImplementation(() => new Promise(() => undefined));
  jest.mocked(hardNavigate).mockClear();
});

async function openUserMenu(name: string) {
  const user = userEvent.setup({ delay: null });
  renderChrome();
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name }));
  return user;
}

describe('user menu', () => {
  it('shows the member with the end date and links to the personal centre', async () => {
    signIn(makeUser({ membername: '王医生', subscribe_info: { service_type: 2, service_end_date: '2099-12-31' } }));
    await openUserMenu('王医生');
    expect(await screen.findByText('会员 · 有效期至 2099-12-31')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/personal');
    expect(screen.getByRole('link', { name: '我的订阅' })).toHaveAttribute('href', '/personal?type=flag4');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });

  it('uses the real name when there is no member name, and says 普通用户 without a plan', async () => {
    signIn(makeUser({ membername: '', truename: '赵敏', subscribe_info: { service_type: 0, service_end_date: null } }));
    await openUserMenu('赵敏');
    expect(await screen.findByText('普通用户')).toBeInTheDocument();
  });

  it("shows a non-member the server's free reads left and when they renew, and follows the session user", async () => {
    const reader = makeUser({
      subscribe_info: { service_type: 0, service_end_date: null },
      free_read: { remaining: 1, renews_on: '2026-08-01' },
    });
    signIn(reader);
    await openUserMenu('王医生');
    expect(await screen.findByText('本月剩余免费阅读 1 篇')).toBeInTheDocument();
    expect(screen.getByText('8月1日更新')).toBeInTheDocument();
    // After the free read is used the page refreshes the session user; the open menu follows it.
    act(() => updateSessionUser({ ...reader, free_read: { remaining: 0, renews_on: '2026-08-01' } }));
    expect(await screen.findByText('本月剩余免费阅读 0 篇')).toBeInTheDocument();
    expect(screen.queryByText('本月剩余免费阅读 1 篇')).toBeNull();
  });

  it('shows no free-read line to a member (the server sends none)', async () => {
    signIn(makeUser({ subscribe_info: { service_type: 2, service_end_date: '2099-12-31' } }));
    await openUserMenu('王医生');
    expect(await screen.findByText('会员 · 有效期至 2099-12-31')).toBeInTheDocument();
    expect(screen.queryByText(/本月剩余免费阅读/)).toBeNull();
  });

  it('says 会员已过期 once the plan has ended', async () => {
    signIn(makeUser({ subscribe_info: { service_type: 1, service_end_date: '2020-01-01' } }));
    await openUserMenu('王医生');
    expect(await screen.findByText('会员已过期')).toBeInTheDocument();
  });

  it('goes to 我的订阅 inside the page', async () => {
    signIn();
    const user = await openUserMenu('王医生');
    await user.click(await screen.findByRole('link', { name: '我的订阅' }));
    expect(here()).toBe('/personal?type=flag4');
  });

  it('logs out: calls the server, clears the session, and reloads the home page', async () => {
    const userLogout = jest.spyOn(api.login, 'userLogout').mockResolvedValue(null);
    signIn();
    const user = await openUserMenu('王医生');
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/index'));
    expect(userLogout).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
    expect(readStoredSession()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('ends the local session even when the server call fails', async () => {
    jest.spyOn(api.login, 'userLogout').mockRejectedValue(new Error('down'));
    signIn();
    const user = await openUserMenu('王医生');
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/index'));
    expect(getSession()).toBeNull();
  });
});
