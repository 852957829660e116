import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, api, getSession, MSG, onLoggedIn, openLoginDialog } from '@qianyan/shared';
import { act } from 'react';
import { chromeTestSetup, here, makeUser, renderChrome } from '../testUtils';

jest.setTimeout(60_000);

chromeTestSetup();

async function openLogin() {
  const user = userEvent.setup({ delay: null });
  renderChrome();
  await user.click(screen.getByRole('button', { name: '登录' }));
  const dialog = await screen.findByRole('dialog', { name: '用户登录' });
  return { user, dialog };
}

describe('login dialog', () => {
  it('opens from the user icon with the title 用户登录 and its fields', async () => {
    const { dialog } = await openLogin();
    expect(within(dialog).getByPlaceholderText('用户名/手机/邮箱')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('密码')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: '登录' })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('link', { name: '立即注册' })).toHaveAttribute('href', '/register');
    expect(within(dialog).getByRole('button', { name: '忘记密码' })).toBeInTheDocument();
  });

  it('opens when another app calls openLoginDialog()', async () => {
    renderChrome();
    act(() => openLoginDialog());
    expect(await screen.findByRole('dialog', { name: MSG.loginTitle })).toBeInTheDocument();
  });

  it('asks for the account and the password when both are empty', async () => {
    const login = jest.spyOn(api.login, 'login');
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await within(dialog).findByText('请输入用户名、手机或邮箱')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入密码')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('asks for at least 6 characters of password', async () => {
    const login = jest.spyOn(api.login, 'login');
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('账号'), 'wangyi');
    await user.type(within(dialog).getByLabelText('密码'), '12345{Enter}');
    expect(await within(dialog).findByText('请至少输入6位')).toBeInTheDocument();
    expect(within(dialog).queryByText('请输入用户名、手机或邮箱')).not.toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in on Enter, closes, notifies the apps, and shows the name in the header', async () => {
    const login = jest
      .spyOn(api.login, 'login')
      .mockResolvedValue({ ...makeUser({ membername: '李主任' }), token: 'tok-1' });
    const loggedIn = jest.fn();
    const unsubscribe = onLoggedIn(loggedIn);
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('账号'), ' 13800000000 ');
    await user.type(within(dialog).getByLabelText('密码'), 'secret123{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户登录' })).not.toBeInTheDocument());
    expect(login).toHaveBeenCalledWith({ accountName: '13800000000', password: 'secret123' });
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(getSession()?.token).toBe('tok-1');
    expect(within(screen.getByRole('banner')).getByText('李主任')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
    expect(await screen.findByText(MSG.loginSuccess)).toBeInTheDocument();
    unsubscribe();
  });

  it('stays open when the server refuses the login', async () => {
    jest.spyOn(api.login, 'login').mockRejectedValue(new ApiError(10001, '账号或密码错误'));
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('账号'), 'wangyi');
    await user.type(within(dialog).getByLabelText('密码'), 'wrongpass');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '登录' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: '用户登录' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('goes to /register and closes from 立即注册', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('link', { name: '立即注册' }));
    expect(here()).toBe('/register');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户登录' })).not.toBeInTheDocument());
  });

  it('opens the forgot-password dialog, which leads back to 用户登录', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: '忘记密码' }));
    const forgot = await screen.findByRole('dialog', { name: '忘记密码' });
    expect(within(forgot).getByRole('tab', { name: '手机找回' })).toBeInTheDocument();
    await user.click(within(forgot).getByRole('button', { name: '返回登录' }));
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeInTheDocument();
  });

  it('offers code login and WeChat login', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: '验证码登录' }));
    // The code-login dialog's module loads on its first opening.
    expect(await screen.findByRole('dialog', { name: '验证码登录' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('checks a changed field again at each change, and ties the message to the field', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    const account = within(dialog).getByLabelText('账号');
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAccessibleDescription('请输入用户名、手机或邮箱');
    await user.type(account, 'w');
    expect(within(dialog).queryByText('请输入用户名、手机或邮箱')).not.toBeInTheDocument();
    expect(account).toHaveAttribute('aria-invalid', 'false');
    await user.clear(account);
    expect(within(dialog).getByText('请输入用户名、手机或邮箱')).toBeInTheDocument();
  });

  it('shows the password on demand', async () => {
    const { user, dialog } = await openLogin();
    const password = within(dialog).getByLabelText('密码');
    const eye = within(dialog).getByRole('button', { name: '显示' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    await user.click(eye);
    expect(password).toHaveAttribute('type', 'text');
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    await user.click(eye);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('is busy and refuses a second submit while the login is under way', async () => {
    let refuse: (err: unknown) => void = () => undefined;
    const login = jest.spyOn(api.login, 'login').mockImplementation(
      () => new Promise((_, reject) => (refuse = reject)),
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('账号'), 'wangyi');
    await user.type(within(dialog).getByLabelText('密码'), 'secret123{Enter}');
    const submit = within(dialog).getByRole('button', { name: '登录' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('密码'), '{Enter}');
    expect(login).toHaveBeenCalledTimes(1);
    act(() => refuse(new ApiError(10001, '账号或密码错误')));
    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit).toHaveAttribute('aria-busy', 'false');
  });

  it('is modal: focus moves in and stays in, the page does not scroll, Escape closes and focus goes back', async () => {
    const { user, dialog } = await openLogin();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('账号')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    // Tab from the last control comes back to the first, Shift+Tab from the first to the last.
    within(dialog).getByRole('button', { name: '微信登录' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: '微信登录' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户登录' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '登录' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes from × and from a click on the mask, not from a click inside', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByText('其他登录方式'));
    expect(screen.getByRole('dialog', { name: '用户登录' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户登录' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '登录' }));
    const again = await screen.findByRole('dialog', { name: '用户登录' });
    await user.click(again.parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户登录' })).not.toBeInTheDocument());
  });
});
