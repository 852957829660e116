import { screen, waitFor } from '@testing-library/react';
import { api, getSession, MSG, onLoggedIn, toast, type LoginReply } from '@qianyan/shared';
import { answerCaptcha, captchaRequest, requestedDialog } from '@qianyan/shared/testing';
import { button, field, fill, findButton, renderFlow, resetFlow, tab, visitedPaths } from './testing';

// The profile form has its own tests; its stand-in shows what registration hands it.
jest.mock('../profile/ProfileForm');

jest.setTimeout(60_000);

const registered: LoginReply = {
  id: 31,
  token: 'tok-new',
  membername: 'zhang_doc',
  truename: '',
  identity: '',
  roleid: 0,
  avatar: '',
  mobile: '13912345678',
  subscribe_info: { service_type: 0, service_end_date: null },
  ifNeedUpdate: 0,
};

beforeEach(() => {
  resetFlow();
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** Step 1 done by phone: captcha, SMS, code checked. */
async function verifyByPhone(user: ReturnType<typeof renderFlow>['user']) {
  jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
  jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'vt-reg' });
  await fill(user, field('手机号码'), '13912345678');
  await user.click(button('获取验证码'));
  await waitFor(() => expect(captchaRequest()).not.toBeNull());
  await answerCaptcha({ uuid: 'cap-1', code: '9' });
  await fill(user, field('验证码'), '123456');
  await user.click(button('下一步'));
  await screen.findByText('已验证：13912345678');
}

describe('/register step 1: verify (§2.7, §5)', () => {
  it('shows the three steps, with 身份验证 current', async () => {
    renderFlow('/register');
    expect(await screen.findByText('注册千言医学账号')).toBeInTheDocument();
    for (const s of ['身份验证', '账号注册', '完善信息']) expect(screen.getByText(s)).toBeInTheDocument();
    expect(document.title).toBe('注册 - 千言医学');
  });

  it('asks for the phone on send (请输入手机号), checks its shape, and asks nothing of the server', async () => {
    const sms = jest.spyOn(api.base, 'sendCode');
    const { user } = renderFlow('/register');
    await user.click(button('获取验证码'));
    expect(await screen.findByText(MSG.mobileRequiredOnSend)).toBeInTheDocument();
    await fill(user, field('手机号码'), '1391234567');
    await user.click(button('获取验证码'));
    expect(await screen.findByText(MSG.mobileInvalid)).toBeInTheDocument();
    expect(captchaRequest()).toBeNull();
    expect(sms).not.toHaveBeenCalled();
  });

  it('asks for the phone number and the code on 下一步', async () => {
    const check = jest.spyOn(api.base, 'checkCode');
    const { user } = renderFlow('/register');
    await user.click(button('下一步'));
    expect(await screen.findByText(MSG.mobileRequired)).toBeInTheDocument();
    expect(await screen.findByText(MSG.codeRequired)).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
  });

  it('opens the image captcha before the SMS (codeType 0), says 发送成功 and counts down', async () => {
    const sms = jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
    const { user } = renderFlow('/register');
    await fill(user, field('手机号码'), '13912345678');
    await user.click(button('获取验证码'));
    await waitFor(() => expect(captchaRequest()).not.toBeNull());
    expect(sms).not.toHaveBeenCalled();
    await answerCaptcha({ uuid: 'cap-1', code: '9' });
    await waitFor(() => expect(sms).toHaveBeenCalledWith({ phoneNo: '13912345678', uuid: 'cap-1', code: '9', codeType: 0 }));
    expect(await findButton(/重新发送\(59s\)/)).toBeDisabled();
    expect(toast.success).toHaveBeenCalledWith(MSG.sendSuccess);
  });

  it('sends nothing when the captcha is cancelled', async () => {
    const sms = jest.spyOn(api.base, 'sendCode');
    const { user } = renderFlow('/register');
    await fill(user, field('手机号码'), '13912345678');
    await user.click(button('获取验证码'));
    await waitFor(() => expect(captchaRequest()).not.toBeNull());
    await answerCaptcha(null);
    expect(button('获取验证码')).toBeEnabled();
    expect(sms).not.toHaveBeenCalled();
  });

  it('registers by e-mail: 请输入邮箱号码 on send, 请输入邮箱 and the shape on 下一步, sendCode2 without a captcha', async () => {
    const mail = jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    const check = jest.spyOn(api.base, 'checkCode').mockResolvedValue({ verified: true, verifyToken: 'vt-mail' });
    const { user } = renderFlow('/register');
    await user.click(tab('邮箱注册'));
    await user.click(button('获取验证码'));
    expect(await screen.findByText(MSG.emailRequiredOnSend)).toBeInTheDocument();
    await user.click(button('下一步'));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    await fill(user, field('邮箱'), 'zhang@example');
    await user.click(button('下一步'));
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
    await fill(user, field('邮箱'), 'zhang@example.com');
    await user.click(button('获取验证码'));
    await waitFor(() => expect(mail).toHaveBeenCalledWith({ email: 'zhang@example.com', codeType: 0 }));
    expect(captchaRequest()).toBeNull();
    await fill(user, field('验证码'), '654321');
    await user.click(button('下一步'));
    expect(await screen.findByText('已验证：zhang@example.com')).toBeInTheDocument();
    expect(check).toHaveBeenCalledWith({ email: 'zhang@example.com', code: '654321', codeType: 0 });
  });

  it('resets the form and the countdown when the tab changes', async () => {
    jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    const { user } = renderFlow('/register');
    await user.click(tab('邮箱注册'));
    await fill(user, field('邮箱'), 'zhang@example.com');
    await fill(user, field('验证码'), '111');
    await user.click(button('获取验证码'));
    expect(await findButton(/重新发送/)).toBeDisabled();
    await user.click(tab('手机注册'));
    expect(field('手机号码')).toHaveValue('');
    expect(field('验证码')).toHaveValue('');
    expect(button('获取验证码')).toBeEnabled();
    await user.click(tab('邮箱注册'));
    expect(field('邮箱')).toHaveValue('');
    expect(button('获取验证码')).toBeEnabled();
  });

  it('stays on step 1 when the code is wrong', async () => {
    jest.spyOn(api.base, 'checkCode').mockRejectedValue(new Error('验证码错误'));
    const { user } = renderFlow('/register');
    await fill(user, field('手机号码'), '13912345678');
    await fill(user, field('验证码'), '000000');
    await user.click(button('下一步'));
    await waitFor(() => expect(button('下一步')).toBeEnabled());
    expect(screen.queryByText(/已验证/)).not.toBeInTheDocument();
  });

  it('opens the login dialog from 立即登录', async () => {
    const { user } = renderFlow('/register');
    await user.click(button('立即登录'));
    expect(requestedDialog()).toEqual({ name: 'login' });
  });
});

describe('/register step 2: the account (§2.7, §5)', () => {
  it('shows every message of the account form, and re-checks the confirmation when the password changes', async () => {
    const register = jest.spyOn(api.user, 'register');
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await user.click(screen.getByText(/我已阅读并同意/));
    await user.click(button('注册'));
    for (const text of [MSG.usernameRequired, MSG.passwordRequired, MSG.confirmRequired]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await fill(user, field('密码'), '12345');
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    await fill(user, field('确认密码'), '123456');
    expect(await screen.findByText(MSG.confirmMismatch)).toBeInTheDocument();
    await fill(user, field('密码'), '123456');
    await waitFor(() => expect(screen.queryByText(MSG.confirmMismatch)).not.toBeInTheDocument());
    expect(register).not.toHaveBeenCalled();
  });

  it('keeps 注册 disabled until the terms are ticked', async () => {
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    expect(button('注册')).toBeDisabled();
    await user.click(screen.getByText(/我已阅读并同意/));
    expect(button('注册')).toBeEnabled();
    await user.click(screen.getByText(/我已阅读并同意/));
    expect(button('注册')).toBeDisabled();
  });

  it('opens the terms on /about in a new tab with service key 2 or 9, without ticking the box', async () => {
    const seen: Array<[string | URL | undefined, string | undefined, string | null]> = [];
    jest.spyOn(window, 'open').mockImplementation((url, target) => {
      seen.push([url, target, sessionStorage.getItem('serviceKey')]);
      return null;
    });
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await user.click(screen.getByText('《服务条款与隐私政策》'));
    await user.click(screen.getByText('《用户协议》'));
    expect(seen).toEqual([
      ['/about', '_blank', '2'],
      ['/about', '_blank', '9'],
    ]);
    expect(sessionStorage.getItem('serviceKey')).toBeNull();
    expect(button('注册')).toBeDisabled();
    // Opened by the reader in a new tab of their own, each link still names its section.
    expect(screen.getByRole('link', { name: '《服务条款与隐私政策》' })).toHaveAttribute('href', '/about?type=terms');
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/about?type=agreement');
  });

  it('goes back with 上一步 to an empty code form', async () => {
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await user.click(button('上一步'));
    expect(await screen.findByText('下一步')).toBeInTheDocument();
    expect(field('手机号码')).toHaveValue('');
    expect(field('验证码')).toHaveValue('');
    expect(button('获取验证码')).toBeEnabled();
  });

  it('registers with the verification, logs in, says 注册成功！请继续完善信息。 and moves to the profile', async () => {
    const register = jest.spyOn(api.user, 'register').mockResolvedValue(registered);
    const loggedIn = jest.fn();
    const off = onLoggedIn(loggedIn);
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await fill(user, field('用户名'), ' zhang_doc ');
    await fill(user, field('密码'), 'secret1');
    await fill(user, field('确认密码'), 'secret1');
    await user.click(screen.getByText(/我已阅读并同意/));
    await user.click(button('注册'));
    const form = await screen.findByTestId('profile-form');
    off();
    expect(register).toHaveBeenCalledWith({ mobile: '13912345678', membername: 'zhang_doc', password: 'secret1', verifyToken: 'vt-reg' });
    expect(getSession()).toMatchObject({ token: 'tok-new', user: { id: 31, membername: 'zhang_doc' } });
    expect(sessionStorage.getItem('memberId')).toBe('31');
    expect(toast.success).toHaveBeenCalledWith('注册成功！请继续完善信息。');
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(form).toHaveAttribute('data-membername', 'zhang_doc');
    expect(form).toHaveAttribute('data-mobile', '13912345678');

    await user.click(button('保存并进入首页'));
    expect(visitedPaths()).toContain('/index');
  });

  it('stays on the account step when the server refuses (a taken username)', async () => {
    jest.spyOn(api.user, 'register').mockRejectedValue(new Error('用户名已存在'));
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await fill(user, field('用户名'), 'taken');
    await fill(user, field('密码'), 'secret1');
    await fill(user, field('确认密码'), 'secret1');
    await user.click(screen.getByText(/我已阅读并同意/));
    await user.click(button('注册'));
    await waitFor(() => expect(button('注册')).toBeEnabled());
    expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('lets a new member skip the profile for now and go home', async () => {
    jest.spyOn(api.user, 'register').mockResolvedValue(registered);
    const { user } = renderFlow('/register');
    await verifyByPhone(user);
    await fill(user, field('用户名'), 'zhang_doc');
    await fill(user, field('密码'), 'secret1');
    await fill(user, field('确认密码'), 'secret1');
    await user.click(screen.getByText(/我已阅读并同意/));
    await user.click(button('注册'));
    await screen.findByTestId('profile-form');
    await user.click(button('跳过，稍后完善'));
    expect(visitedPaths()).toContain('/index');
  });
});
