import { waitFor, within } from '@testing-library/react';
import { api, captchaRequestAtom, dialogAtom, MSG, openDialog, qyStore, resolveCaptcha, toast } from '@qianyan/shared';
import { act } from 'react';
import { button, fill, findButton, findDialog, renderDialogs, resetDialogs, setupUser, tab } from './testing';

jest.setTimeout(60_000);

beforeEach(() => {
  resetDialogs();
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function openForgot() {
  const user = setupUser();
  renderDialogs();
  act(() => openDialog('forgotPassword'));
  const dialog = await findDialog('忘记密码');
  return { user, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('forgot password dialog (§2.6, §5)', () => {
  it('asks for the phone on send (请输入手机号), and checks its shape', async () => {
    const sms = jest.spyOn(api.base, 'sendCode');
    const { user, dialog } = await openForgot();
    await user.click(button(dialog, '获取验证码'));
    expect(await within(dialog).findByText(MSG.mobileRequiredOnSend)).toBeInTheDocument();
    await fill(user, field(dialog, '请输入手机号码'), '23800000000');
    await user.click(button(dialog, '获取验证码'));
    expect(await within(dialog).findByText(MSG.mobileInvalid)).toBeInTheDocument();
    expect(sms).not.toHaveBeenCalled();
    expect(qyStore.get(captchaRequestAtom)).toBeNull();
  });

  it('shows every §5 message of the phone form when submitted empty or wrong', async () => {
    const check = jest.spyOn(api.base, 'checkCode');
    const { user, dialog } = await openForgot();
    await user.click(button(dialog, '重置密码'));
    for (const text of [MSG.mobileRequired, MSG.codeRequired, MSG.passwordRequired, MSG.confirmRequired]) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    await fill(user, field(dialog, '新密码'), '12345');
    await fill(user, field(dialog, '确认新密码'), '123456');
    expect(await within(dialog).findByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(await within(dialog).findByText(MSG.confirmMismatch)).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
  });

  it('shows the image captcha before the SMS, then checks the code and resets the password', async () => {
    const sms = jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
    const check = jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'vt-1' });
    const reset = jest.spyOn(api.user, 'forgetPasswordPhone').mockResolvedValue(null);
    jest.spyOn(api.login, 'captchaImage').mockResolvedValue({ img: 'data:image/png;base64,AAA', uuid: 'cap-1' });
    const { user, dialog } = await openForgot();
    await fill(user, field(dialog, '请输入手机号码'), '13912345678');
    await user.click(button(dialog, '获取验证码'));
    expect(await findDialog('图片验证码')).toBeInTheDocument();
    expect(sms).not.toHaveBeenCalled();
    await act(async () => resolveCaptcha({ uuid: 'cap-1', code: '8' }));
    await waitFor(() => expect(sms).toHaveBeenCalledWith({ phoneNo: '13912345678', uuid: 'cap-1', code: '8', codeType: 2 }));
    expect(await findButton(dialog, /重新发送\(59s\)/)).toBeDisabled();
    expect(toast.success).toHaveBeenCalledWith(MSG.sendSuccess);

    await fill(user, field(dialog, '验证码'), '123456');
    await fill(user, field(dialog, '新密码'), 'newpass1');
    await fill(user, field(dialog, '确认新密码'), 'newpass1');
    await user.click(button(dialog, '重置密码'));
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ phoneNo: '13912345678', verifyToken: 'vt-1', password: 'newpass1' }));
    expect(check).toHaveBeenCalledWith({ phoneNo: '13912345678', code: '123456', codeType: 2 });
    expect(toast.success).toHaveBeenCalledWith(MSG.passwordReset);
    expect(await findDialog('用户登录')).toBeInTheDocument();
  });

  it('resets by e-mail without a captcha, asking for the e-mail on send (请输入邮箱号码)', async () => {
    const mail = jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'vt-2' });
    const reset = jest.spyOn(api.user, 'forgetPasswordEmail').mockResolvedValue(null);
    const { user, dialog } = await openForgot();
    await user.click(tab(dialog, '邮箱找回'));
    await user.click(button(dialog, '获取验证码'));
    expect(await within(dialog).findByText(MSG.emailRequiredOnSend)).toBeInTheDocument();
    await fill(user, field(dialog, '请输入邮箱'), 'wang@');
    await user.click(button(dialog, '重置密码'));
    expect(await within(dialog).findByText(MSG.emailInvalid)).toBeInTheDocument();
    await fill(user, field(dialog, '请输入邮箱'), 'wang@example.com');
    await user.click(button(dialog, '获取验证码'));
    await waitFor(() => expect(mail).toHaveBeenCalledWith({ email: 'wang@example.com', codeType: 2 }));
    expect(qyStore.get(captchaRequestAtom)).toBeNull();
    await fill(user, field(dialog, '验证码'), '654321');
    await fill(user, field(dialog, '新密码'), 'newpass2');
    await fill(user, field(dialog, '确认新密码'), 'newpass2');
    await user.click(button(dialog, '重置密码'));
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ email: 'wang@example.com', verifyToken: 'vt-2', password: 'newpass2' }));
    expect(toast.success).toHaveBeenCalledWith(MSG.passwordReset);
  });

  it('asks for the e-mail (请输入邮箱) when the e-mail form is submitted empty', async () => {
    const { user, dialog } = await openForgot();
    await user.click(tab(dialog, '邮箱找回'));
    await user.click(button(dialog, '重置密码'));
    expect(await within(dialog).findByText(MSG.emailRequired)).toBeInTheDocument();
  });

  it('clears the fields and the countdown when the tab changes', async () => {
    jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    const { user, dialog } = await openForgot();
    await user.click(tab(dialog, '邮箱找回'));
    await fill(user, field(dialog, '请输入邮箱'), 'wang@example.com');
    await fill(user, field(dialog, '新密码'), 'abcdef');
    await user.click(button(dialog, '获取验证码'));
    expect(await findButton(dialog, /重新发送/)).toBeDisabled();
    await user.click(tab(dialog, '手机找回'));
    expect(field(dialog, '请输入手机号码')).toHaveValue('');
    expect(field(dialog, '新密码')).toHaveValue('');
    expect(button(dialog, '获取验证码')).toBeEnabled();
  });

  it('stays open when the code is wrong', async () => {
    jest.spyOn(api.base, 'checkCode').mockRejectedValue(new Error('验证码错误'));
    const reset = jest.spyOn(api.user, 'forgetPasswordPhone');
    const { user, dialog } = await openForgot();
    await fill(user, field(dialog, '请输入手机号码'), '13912345678');
    await fill(user, field(dialog, '验证码'), '000000');
    await fill(user, field(dialog, '新密码'), 'newpass1');
    await fill(user, field(dialog, '确认新密码'), 'newpass1');
    await user.click(button(dialog, '重置密码'));
    await waitFor(() => expect(button(dialog, '重置密码')).toBeEnabled());
    expect(reset).not.toHaveBeenCalled();
    expect(qyStore.get(dialogAtom)?.name).toBe('forgotPassword');
  });
});
