import { waitFor, within } from '@testing-library/react';
import { api, getSession, MSG, onLoggedIn, openDialog, toast, type SessionUser } from '@qianyan/shared';
import { act } from 'react';
import { button, fill, findDialog, renderDialogs, resetDialogs, setupUser, tab } from './testing';
import { answerCaptcha, captchaRequest, requestedDialog, sessionUser } from '@qianyan/shared/testing';

jest.setTimeout(60_000);

const member: SessionUser = sessionUser({ id: 5, membername: 'code_user' });

beforeEach(() => {
  resetDialogs();
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function openCodeLogin() {
  const user = setupUser();
  renderDialogs();
  act(() => openDialog('codeLogin'));
  return { user, dialog: await findDialog('验证码登录') };
}

describe('code login dialog (§2.6)', () => {
  it('asks for the phone and the code', async () => {
    const login = jest.spyOn(api.login, 'loginWithoutPwd');
    const { user, dialog } = await openCodeLogin();
    await user.click(button(dialog, '登录'));
    expect(await within(dialog).findByText(MSG.mobileRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.codeRequired)).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('sends a login code (codeType 3) after the captcha, logs in like a password login and tells the apps', async () => {
    const sms = jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
    jest.spyOn(api.login, 'captchaImage').mockResolvedValue({ img: 'data:image/png;base64,AAA', uuid: 'c-1' });
    const login = jest.spyOn(api.login, 'loginWithoutPwd').mockResolvedValue({ ...member, token: 'tok-code' });
    const loggedIn = jest.fn();
    const off = onLoggedIn(loggedIn);
    const { user, dialog } = await openCodeLogin();
    await fill(user, within(dialog).getByLabelText('请输入手机号码'), '13912345678');
    await user.click(button(dialog, '获取验证码'));
    await waitFor(() => expect(captchaRequest()).not.toBeNull());
    await answerCaptcha({ uuid: 'c-1', code: '3' });
    await waitFor(() => expect(sms).toHaveBeenCalledWith({ phoneNo: '13912345678', uuid: 'c-1', code: '3', codeType: 3 }));
    await fill(user, within(dialog).getByLabelText('验证码'), '246810');
    await user.click(button(dialog, '登录'));
    await waitFor(() => expect(getSession()?.token).toBe('tok-code'));
    off();
    expect(login).toHaveBeenCalledWith({ phoneNo: '13912345678', code: '246810' });
    expect(getSession()?.user.membername).toBe('code_user');
    expect(toast.success).toHaveBeenCalledWith(MSG.loginSuccess);
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(requestedDialog()).toBeNull();
  });

  it('logs in with an e-mail code', async () => {
    const mail = jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    const login = jest.spyOn(api.login, 'loginWithoutPwd').mockResolvedValue({ ...member, token: 'tok-mail' });
    const { user, dialog } = await openCodeLogin();
    await user.click(tab(dialog, '邮箱验证码'));
    await user.click(button(dialog, '获取验证码'));
    expect(await within(dialog).findByText(MSG.emailRequiredOnSend)).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('请输入邮箱'), 'li@example.com');
    await user.click(button(dialog, '获取验证码'));
    await waitFor(() => expect(mail).toHaveBeenCalledWith({ email: 'li@example.com', codeType: 3 }));
    await fill(user, within(dialog).getByLabelText('验证码'), '135790');
    await user.click(button(dialog, '登录'));
    await waitFor(() => expect(login).toHaveBeenCalledWith({ email: 'li@example.com', code: '135790' }));
  });

  it('stays open without a session when the code is refused', async () => {
    jest.spyOn(api.login, 'loginWithoutPwd').mockRejectedValue(new Error('验证码错误'));
    const { user, dialog } = await openCodeLogin();
    await fill(user, within(dialog).getByLabelText('请输入手机号码'), '13912345678');
    await fill(user, within(dialog).getByLabelText('验证码'), '111111');
    await user.click(button(dialog, '登录'));
    await waitFor(() => expect(button(dialog, '登录')).toBeEnabled());
    expect(getSession()).toBeNull();
    expect(requestedDialog()?.name).toBe('codeLogin');
  });
});
