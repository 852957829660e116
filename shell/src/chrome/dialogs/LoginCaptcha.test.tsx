// 用户登录 and 验证码登录 past the server's failure limits: the server answers code 10030 (请输入图片验证码),
// the 图片验证码 dialog opens, and the login is sent again with the captcha's uuid and answer. The API
// client runs for real over a scripted server, so its messages (toasts) are the ones users see.
import { screen, waitFor, within } from '@testing-library/react';
import { CODE_CAPTCHA_REQUIRED, getSession, http, MSG, onLoggedIn, openDialog, openLoginDialog, toast } from '@qianyan/shared';
import type { InternalAxiosRequestConfig } from 'axios';
import { act } from 'react';
import { makeUser } from '../testUtils';
import { button, fill, findDialog, renderDialogs, resetDialogs, setupUser } from './testing';

jest.setTimeout(60_000);

type Envelope = { code: number; msg: string; data: unknown };
const asked: Envelope = { code: CODE_CAPTCHA_REQUIRED, msg: MSG.captchaRequired, data: null };
const wrongAnswer: Envelope = { code: CODE_CAPTCHA_REQUIRED, msg: MSG.captchaWrong, data: null };
const wrongPassword: Envelope = { code: 10005, msg: '用户名或密码错误', data: null };
const loggedIn: Envelope = { code: 0, msg: 'success', data: { ...makeUser({ membername: '李主任' }), token: 'tok-9' } };

/** What the scripted server was sent: path and JSON body. */
let sent: { url: string; body: Record<string, unknown> }[] = [];
/** The next replies of the login calls, in order. */
let loginReplies: Envelope[] = [];
let pictures = 0;
const originalAdapter = http.defaults.adapter;

beforeEach(() => {
  resetDialogs();
  sent = [];
  pictures = 0;
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    sent.push({ url, body: typeof config.data === 'string' ? JSON.parse(config.data) : {} });
    let data: Envelope;
    if (url.startsWith('/api/captchaImage')) {
      pictures += 1;
      data = { code: 0, msg: 'success', data: { img: `data:image/png;base64,PIC${pictures}`, uuid: `u-${pictures}` } };
    } else if (url.startsWith('/api/login/')) {
      data = loginReplies.shift() ?? wrongPassword;
    } else {
      data = { code: 0, msg: 'success', data: null };
    }
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
});
afterEach(() => {
  http.defaults.adapter = originalAdapter;
  jest.restoreAllMocks();
});

const loginCalls = () => sent.filter((s) => s.url === '/api/login/login').map((s) => s.body);

async function submitLogin(account: string, password: string) {
  const user = setupUser();
  renderDialogs();
  act(() => openLoginDialog());
  const dialog = await screen.findByRole('dialog', { name: MSG.loginTitle });
  await user.type(within(dialog).getByLabelText('账号'), account);
  await user.type(within(dialog).getByLabelText('密码'), password);
  await user.click(within(dialog).getByRole('button', { name: '登录' }));
  return { user, dialog };
}

async function answerCaptcha(user: ReturnType<typeof setupUser>, answer: string, picture: string) {
  // An antd dialog: found by its title and labels (see ./testing).
  const captcha = await findDialog(MSG.captchaTitle);
  const img = await within(captcha).findByAltText(/图片验证码/);
  expect(img).toHaveAttribute('src', `data:image/png;base64,${picture}`);
  await fill(user, within(captcha).getByLabelText('计算结果'), answer);
  await user.click(button(captcha, '确定'));
}

describe('用户登录 when the server asks for the 图片验证码', () => {
  it('opens the 图片验证码 dialog and logs in with the same password, the uuid and the answer', async () => {
    loginReplies = [asked, loggedIn];
    const notified = jest.fn();
    const unsubscribe = onLoggedIn(notified);
    const { user, dialog } = await submitLogin('wangyi', 'secret123');

    expect(await screen.findByText(MSG.captchaRequired)).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: '登录' });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await answerCaptcha(user, '12', 'PIC1');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.loginTitle })).not.toBeInTheDocument());
    expect(loginCalls()).toEqual([
      { accountName: 'wangyi', password: 'secret123' },
      { accountName: 'wangyi', password: 'secret123', uuid: 'u-1', code: '12' },
    ]);
    expect(getSession()?.token).toBe('tok-9');
    expect(notified).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('shows the message and a new picture after a wrong answer', async () => {
    loginReplies = [asked, wrongAnswer, loggedIn];
    const { user } = await submitLogin('wangyi', 'secret123');
    await answerCaptcha(user, '11', 'PIC1');

    expect(await screen.findByText(MSG.captchaWrong)).toBeInTheDocument();
    await answerCaptcha(user, '12', 'PIC2');

    await waitFor(() => expect(getSession()?.token).toBe('tok-9'));
    expect(loginCalls().map((b) => [b.uuid, b.code])).toEqual([
      [undefined, undefined],
      ['u-1', '11'],
      ['u-2', '12'],
    ]);
  });

  it('ends the busy 登录 button and keeps the dialog when the captcha is cancelled', async () => {
    loginReplies = [asked];
    const { user, dialog } = await submitLogin('wangyi', 'secret123');
    const captcha = await findDialog(MSG.captchaTitle);
    await user.click(button(captcha, '取消'));

    const submit = within(dialog).getByRole('button', { name: '登录' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'false'));
    expect(submit).toBeEnabled();
    expect(screen.getByRole('dialog', { name: MSG.loginTitle })).toBeInTheDocument();
    expect(loginCalls()).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it('ends the busy 登录 button when the password is wrong after a right captcha', async () => {
    loginReplies = [asked, wrongPassword];
    const { user, dialog } = await submitLogin('wangyi', 'secret123');
    await answerCaptcha(user, '12', 'PIC1');

    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: '登录' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('dialog', { name: MSG.captchaTitle })).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});

describe('验证码登录 when the server asks for the 图片验证码', () => {
  it('sends the code again with the uuid and the answer as captchaCode', async () => {
    jest.spyOn(toast, 'success');
    loginReplies = [asked, loggedIn];
    const user = setupUser();
    renderDialogs();
    act(() => openDialog('codeLogin'));
    // antd's form: found by label and text (role queries over antd's styles are slow in jsdom).
    const dialog = await findDialog('验证码登录');
    await fill(user, within(dialog).getByLabelText('请输入手机号码'), '13800000002');
    await fill(user, within(dialog).getByLabelText('验证码'), '123456');
    await user.click(button(dialog, '登录'));
    await waitFor(() => expect(sent.some((s) => s.url === '/api/login/loginWithoutPwd')).toBe(true));
    await answerCaptcha(user, '5', 'PIC1');

    await waitFor(() => expect(getSession()?.token).toBe('tok-9'));
    expect(sent.filter((s) => s.url === '/api/login/loginWithoutPwd').map((s) => s.body)).toEqual([
      { phoneNo: '13800000002', code: '123456' },
      { phoneNo: '13800000002', code: '123456', uuid: 'u-1', captchaCode: '5' },
    ]);
  });
});
