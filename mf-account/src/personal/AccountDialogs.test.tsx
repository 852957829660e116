import {
  AppProviders,
  ApiError,
  api,
  captchaRequestAtom,
  CODE_CAPTCHA_REQUIRED,
  CODE_TYPE,
  MSG,
  qyStore,
  requestCaptcha,
  resolveCaptcha,
  toast,
} from '@qianyan/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EmailDialog, MobileDialog, PasswordDialog, UsernameDialog } from './AccountDialogs';
import { profile } from '../profile/testData';

jest.mock('@qianyan/shared', () => ({
  ...jest.requireActual('@qianyan/shared'),
  requestCaptcha: jest.fn(),
}));
const captcha = requestCaptcha as jest.MockedFunction<typeof requestCaptcha>;

jest.setTimeout(90_000);

beforeEach(() => {
  captcha.mockReset();
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const settle = () => act(async () => {});
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const WAIT = { timeout: 15_000 };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = async () => {
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await settle();
};

function open(node: React.ReactNode) {
  render(<AppProviders>{node}</AppProviders>);
}

describe('change username', () => {
  it('requires a username (请输入用户名)', async () => {
    const call = jest.spyOn(api.user, 'updateSignAccount');
    open(<UsernameDialog open current="" onClose={jest.fn()} onDone={jest.fn()} />);
    await confirm();
    await waitFor(() => expect(errors()).toEqual([MSG.usernameRequired]), WAIT);
    expect(call).not.toHaveBeenCalled();
  });

  it('saves, says 修改成功 and reports the profile', async () => {
    const saved = profile({ membername: 'dr_li' });
    const call = jest.spyOn(api.user, 'updateSignAccount').mockResolvedValue(saved);
    const onDone = jest.fn();
    open(<UsernameDialog open current="demo_doctor" onClose={jest.fn()} onDone={onDone} />);
    type('新用户名', '  dr_li ');
    await confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved), WAIT);
    expect(call).toHaveBeenCalledWith({ membername: 'dr_li' }, { silent: true });
    expect(toast.success).toHaveBeenCalledWith(MSG.modifySuccess);
  });

  it('keeps the dialog with the server reason when the name is taken', async () => {
    jest.spyOn(api.user, 'updateSignAccount').mockRejectedValue(new Error('该用户名已被使用'));
    const onDone = jest.fn();
    open(<UsernameDialog open current="demo_doctor" onClose={jest.fn()} onDone={onDone} />);
    await confirm();
    expect(await screen.findByText('该用户名已被使用', undefined, WAIT)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('change password', () => {
  it('requires all three', async () => {
    open(<PasswordDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    await confirm();
    await waitFor(() => expect(errors()).toEqual([MSG.passwordRequired, MSG.passwordRequired, MSG.confirmRequired]), WAIT);
  });

  it('asks for at least 6 characters in each (密码至少6位)', async () => {
    open(<PasswordDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    type('原密码', '12345');
    type('新密码', 'abc');
    type('确认新密码', 'abc');
    await confirm();
    await waitFor(
      () => expect(errors()).toEqual([MSG.passwordTooShortPersonal, MSG.passwordTooShortPersonal, MSG.passwordTooShortPersonal]),
      WAIT,
    );
  });

  it('asks for the same new password twice (两次输入密码不一致!)', async () => {
    const call = jest.spyOn(api.user, 'updatePassword');
    open(<PasswordDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    type('原密码', 'old-secret');
    type('新密码', 'new-secret');
    type('确认新密码', 'new-secreT');
    await confirm();
    await waitFor(() => expect(errors()).toEqual([MSG.confirmMismatchPersonal]), WAIT);
    expect(call).not.toHaveBeenCalled();
  });

  it('says 修改密码成功 on success', async () => {
    const call = jest.spyOn(api.user, 'updatePassword').mockResolvedValue(null);
    const onDone = jest.fn();
    open(<PasswordDialog open onClose={jest.fn()} onDone={onDone} />);
    type('原密码', 'old-secret');
    type('新密码', 'new-secret');
    type('确认新密码', 'new-secret');
    await confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(null), WAIT);
    expect(call).toHaveBeenCalledWith({ oldPassword: 'old-secret', newPassword: 'new-secret', checknewPassword: 'new-secret' }, { silent: true });
    expect(toast.success).toHaveBeenCalledWith(MSG.passwordChanged);
  });

  it('says 修改密码失败 and shows the reason when the server refuses', async () => {
    jest.spyOn(api.user, 'updatePassword').mockRejectedValue(new Error('原密码不正确'));
    const onDone = jest.fn();
    open(<PasswordDialog open onClose={jest.fn()} onDone={onDone} />);
    type('原密码', 'wrong-one');
    type('新密码', 'new-secret');
    type('确认新密码', 'new-secret');
    await confirm();
    expect(await screen.findByText('原密码不正确', undefined, WAIT)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(MSG.passwordChangeFailed);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('past the failure limits, sends the change again with the 图片验证码 (uuid and code)', async () => {
    jest.spyOn(toast, 'warning').mockImplementation(() => {});
    const call = jest
      .spyOn(api.user, 'updatePassword')
      .mockRejectedValueOnce(new ApiError(CODE_CAPTCHA_REQUIRED, MSG.captchaRequired))
      .mockResolvedValueOnce(null);
    const onDone = jest.fn();
    open(<PasswordDialog open onClose={jest.fn()} onDone={onDone} />);
    type('原密码', 'old-secret');
    type('新密码', 'new-secret');
    type('确认新密码', 'new-secret');
    await confirm();
    // The shell's 图片验证码 dialog is asked for through the shared bus; answer it as the shell would.
    await waitFor(() => expect(qyStore.get(captchaRequestAtom)).not.toBeNull(), WAIT);
    expect(toast.warning).toHaveBeenCalledWith(MSG.captchaRequired);
    await act(async () => resolveCaptcha({ uuid: 'u-1', code: '4' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(null), WAIT);
    expect(call).toHaveBeenLastCalledWith(
      { oldPassword: 'old-secret', newPassword: 'new-secret', checknewPassword: 'new-secret', uuid: 'u-1', code: '4' },
      { silent: true },
    );
    expect(toast.success).toHaveBeenCalledWith(MSG.passwordChanged);
  });
});

describe('change mobile', () => {
  it('checks the number before sending (请输入手机号 / 手机输入不正确，请重新输入)', async () => {
    const send = jest.spyOn(api.base, 'sendCode3');
    open(<MobileDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(errors()).toEqual([MSG.mobileRequiredOnSend]), WAIT);
    type('新手机号', '2380000000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(errors()).toEqual([MSG.mobileInvalid]), WAIT);
    expect(captcha).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('requires the number and the code on submit', async () => {
    open(<MobileDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    await confirm();
    await waitFor(() => expect(errors()).toEqual([MSG.mobileRequired, MSG.codeRequired]), WAIT);
  });

  it('asks the image captcha, sends codeType 1, then checks the code and changes the number', async () => {
    captcha.mockResolvedValue({ uuid: 'u-1', code: '7' });
    const send = jest.spyOn(api.base, 'sendCode3').mockResolvedValue(null);
    const check = jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'proof-1' });
    const saved = profile({ mobile: '13900000009' });
    const update = jest.spyOn(api.user, 'updatePhoneNoOrEmail').mockResolvedValue(saved);
    const onDone = jest.fn();
    open(<MobileDialog open onClose={jest.fn()} onDone={onDone} />);
    type('新手机号', '13900000009');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(send).toHaveBeenCalled(), WAIT);
    expect(captcha).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ phoneNo: '13900000009', uuid: 'u-1', code: '7', codeType: CODE_TYPE.change });
    expect(await screen.findByRole('button', { name: /重新发送\(\d+s\)/ }, WAIT)).toBeDisabled();
    type('验证码', '123456');
    await confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved), WAIT);
    expect(check).toHaveBeenCalledWith({ phoneNo: '13900000009', code: '123456', codeType: CODE_TYPE.change }, { silent: true });
    expect(update).toHaveBeenCalledWith({ phoneNo: '13900000009', verifyToken: 'proof-1' }, { silent: true });
    expect(toast.success).toHaveBeenCalledWith(MSG.mobileChanged);
  });

  it('sends nothing when the captcha is cancelled', async () => {
    captcha.mockResolvedValue(null);
    const send = jest.spyOn(api.base, 'sendCode3');
    open(<MobileDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    type('新手机号', '13900000009');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(captcha).toHaveBeenCalled(), WAIT);
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

describe('change e-mail', () => {
  it('checks the address (请输入邮箱 / 邮箱输入不正确，请重新输入) and the code', async () => {
    open(<EmailDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    await confirm();
    await waitFor(() => expect(errors()).toEqual([MSG.emailRequired, MSG.codeRequired]), WAIT);
    type('新邮箱', 'not-an-email');
    await settle();
    await waitFor(() => expect(errors()).toContain(MSG.emailInvalid), WAIT);
  });

  it('sends the code without a captcha, then changes the address and says 修改邮箱成功', async () => {
    const send = jest.spyOn(api.base, 'sendCode3').mockResolvedValue(null);
    jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'proof-2' });
    const saved = profile({ email: 'new@example.com' });
    const update = jest.spyOn(api.user, 'updatePhoneNoOrEmail').mockResolvedValue(saved);
    const onDone = jest.fn();
    open(<EmailDialog open onClose={jest.fn()} onDone={onDone} />);
    type('新邮箱', 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'new@example.com', codeType: CODE_TYPE.change }), WAIT);
    expect(captcha).not.toHaveBeenCalled();
    type('验证码', '654321');
    await confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved), WAIT);
    expect(update).toHaveBeenCalledWith({ email: 'new@example.com', verifyToken: 'proof-2' }, { silent: true });
    expect(toast.success).toHaveBeenCalledWith(MSG.emailChanged);
  });

  it('shows a wrong code in the dialog and changes nothing', async () => {
    jest.spyOn(api.base, 'checkCode').mockRejectedValue(new Error('验证码错误'));
    const update = jest.spyOn(api.user, 'updatePhoneNoOrEmail');
    open(<EmailDialog open onClose={jest.fn()} onDone={jest.fn()} />);
    type('新邮箱', 'new@example.com');
    type('验证码', '000000');
    await confirm();
    expect(await screen.findByText('验证码错误', undefined, WAIT)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});
