import { screen, waitFor } from '@testing-library/react';
import { api, getSession, MSG, onLoggedIn, toast, type LoginReply } from '@qianyan/shared';
import { answerCaptcha, captchaRequest, requestedDialog } from '@qianyan/shared/testing';
import { button, field, fill, renderFlow, resetFlow, visitedPaths } from '../register/testing';

// The profile form has its own tests; its stand-in shows what the bind page hands it.
jest.mock('../profile/ProfileForm');

jest.setTimeout(60_000);

const wxMember: LoginReply = {
  id: 44,
  token: 'tok-wx',
  membername: 'wx_4f2a',
  truename: '',
  identity: '',
  roleid: 0,
  avatar: '',
  mobile: '13700000000',
  subscribe_info: { service_type: 0, service_end_date: null },
  ifNeedUpdate: 0,
};

beforeEach(() => {
  resetFlow();
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('/wechat/wxlogin (§4 messaging-app login)', () => {
  it('sends an unbound WeChat account to bind a phone, checking the code once', async () => {
    const check = jest.spyOn(api.wechat, 'checkCode').mockResolvedValue({ result: true });
    renderFlow('/wechat/wxlogin?code=wx-c1&state=st-1');
    await waitFor(() => expect(visitedPaths()).toContain('/wxloginBindPhone?code=wx-c1&state=st-1'));
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith({ code: 'wx-c1', state: 'st-1', iswx: 0 });
    expect(getSession()).toBeNull();
    expect(await screen.findByText('绑定并登录')).toBeInTheDocument();
  });

  it('logs a bound account in, says 登录成功 and returns to where the login began', async () => {
    sessionStorage.setItem('qy.loginReturn', '/personal?type=flag2');
    jest.spyOn(api.wechat, 'checkCode').mockResolvedValue({ ...wxMember, token: 'tok-wx', tokenString: 'tok-wx', result: false });
    const loggedIn = jest.fn();
    const off = onLoggedIn(loggedIn);
    renderFlow('/wechat/wxlogin?code=wx-c2&state=st-2');
    await waitFor(() => expect(visitedPaths()).toContain('/personal?type=flag2'));
    off();
    expect(getSession()).toMatchObject({ token: 'tok-wx', user: { id: 44, membername: 'wx_4f2a' } });
    expect(getSession()?.user).not.toHaveProperty('tokenString');
    expect(getSession()?.user).not.toHaveProperty('result');
    expect(toast.success).toHaveBeenCalledWith(MSG.loginSuccess);
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('qy.loginReturn')).toBeNull();
  });

  it('goes home after the login when no page was remembered', async () => {
    jest.spyOn(api.wechat, 'checkCode').mockResolvedValue({ ...wxMember, tokenString: 'tok-wx', result: false });
    renderFlow('/wechat/wxlogin?code=wx-c3&state=st-3');
    await waitFor(() => expect(visitedPaths()).toContain('/index'));
  });

  it('says what went wrong and offers the login again when the code is refused', async () => {
    jest.spyOn(api.wechat, 'checkCode').mockRejectedValue(new Error('授权已失效'));
    const { user } = renderFlow('/wechat/wxlogin?code=old&state=st-4');
    expect(await screen.findByText('微信登录未完成')).toBeInTheDocument();
    await user.click(button('重新登录'));
    expect(requestedDialog()).toEqual({ name: 'login' });
  });

  it('asks nothing of the server without a code', async () => {
    const check = jest.spyOn(api.wechat, 'checkCode');
    renderFlow('/wechat/wxlogin?state=st-5');
    expect(await screen.findByText('缺少微信授权信息')).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
  });
});

describe('/wxloginBindPhone (§2.7 messaging-app variant)', () => {
  it('shows the WeChat steps and asks for the phone on send and on submit', async () => {
    const bind = jest.spyOn(api.wechat, 'wxlogin');
    const { user } = renderFlow('/wxloginBindPhone?code=wx-b1&state=st');
    for (const s of ['微信登录', '绑定手机', '完善信息']) expect(screen.getAllByText(s).length).toBeGreaterThan(0);
    await user.click(button('获取验证码'));
    expect(await screen.findByText(MSG.mobileRequiredOnSend)).toBeInTheDocument();
    await user.click(button('绑定并登录'));
    expect(await screen.findByText(MSG.mobileRequired)).toBeInTheDocument();
    expect(await screen.findByText(MSG.codeRequired)).toBeInTheDocument();
    await fill(user, field('手机号码'), '1370000000x');
    await user.click(button('绑定并登录'));
    expect(await screen.findByText(MSG.mobileInvalid)).toBeInTheDocument();
    expect(bind).not.toHaveBeenCalled();
  });

  it('binds a new member: captcha, SMS (codeType 4), wxlogin, 绑定手机成功！请继续完善信息, then the profile and home', async () => {
    const sms = jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
    const bind = jest.spyOn(api.wechat, 'wxlogin').mockResolvedValue({ ...wxMember, newFlag: 1 });
    const { user } = renderFlow('/wxloginBindPhone?code=wx-b2&state=st');
    await fill(user, field('手机号码'), '13700000000');
    await user.click(button('获取验证码'));
    await waitFor(() => expect(captchaRequest()).not.toBeNull());
    await answerCaptcha({ uuid: 'cap-b', code: '4' });
    await waitFor(() => expect(sms).toHaveBeenCalledWith({ phoneNo: '13700000000', uuid: 'cap-b', code: '4', codeType: 4 }));
    await fill(user, field('验证码'), '202611');
    await user.click(button('绑定并登录'));
    const form = await screen.findByTestId('profile-form');
    expect(bind).toHaveBeenCalledWith({ code: 'wx-b2', phone: '13700000000', verifyCode: '202611', iswx: 0 });
    expect(getSession()).toMatchObject({ token: 'tok-wx', user: { id: 44 } });
    expect(getSession()?.user).not.toHaveProperty('newFlag');
    expect(toast.success).toHaveBeenCalledWith('绑定手机成功！请继续完善信息');
    expect(form).toHaveAttribute('data-mobile', '13700000000');
    await user.click(button('保存并进入首页'));
    expect(visitedPaths()).toContain('/index');
  });

  it('sends a returning member straight home', async () => {
    jest.spyOn(api.wechat, 'wxlogin').mockResolvedValue({ ...wxMember, newFlag: 0 });
    const { user } = renderFlow('/wxloginBindPhone?code=wx-b3');
    await fill(user, field('手机号码'), '13700000000');
    await fill(user, field('验证码'), '202611');
    await user.click(button('绑定并登录'));
    await waitFor(() => expect(visitedPaths()).toContain('/index'));
    expect(toast.success).toHaveBeenCalledWith(MSG.loginSuccess);
    expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument();
  });

  it('says the authorisation is missing without a code', async () => {
    renderFlow('/wxloginBindPhone');
    expect(await screen.findByText('缺少微信授权信息')).toBeInTheDocument();
    expect(screen.queryByText('绑定并登录')).not.toBeInTheDocument();
  });
});
