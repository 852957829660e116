import { waitFor, within } from '@testing-library/react';
import { api, dialogAtom, openDialog, openLoginDialog, qyStore } from '@qianyan/shared';
import { act } from 'react';
import { hardNavigate } from '../navigation';
import { button, findDialog, renderDialogs, resetDialogs, setupUser } from './testing';

jest.mock('../navigation', () => ({ ...jest.requireActual('../navigation'), hardNavigate: jest.fn() }));

jest.setTimeout(60_000);

const AUTHORIZE = 'http://localhost/api/wechat/simulator/authorize?state=s-1&redirect_uri=%2Fwechat%2Fwxlogin';
const realUserAgent = navigator.userAgent;

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

beforeEach(() => {
  resetDialogs();
  jest.mocked(hardNavigate).mockClear();
  window.history.replaceState(null, '', '/article-info?permalinks=nejm-1');
});
afterEach(() => {
  setUserAgent(realUserAgent);
  jest.restoreAllMocks();
});

describe('WeChat login (§2.6, §4 messaging-app login)', () => {
  it('shows a QR code of the authorisation URL and opens it here with 在本机打开, remembering the page', async () => {
    const authorize = jest.spyOn(api.wechat, 'authorizeUrl').mockResolvedValue({ url: AUTHORIZE, state: 's-1' });
    const user = setupUser();
    renderDialogs();
    act(() => openDialog('wechatQrLogin'));
    const dialog = await findDialog('微信登录');
    const qr = await within(dialog).findByAltText('微信登录二维码');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(authorize).toHaveBeenCalledWith({ iswx: 0 }, { silent: true });
    const local = within(dialog).getByText('在本机打开');
    expect(local).toHaveAttribute('href', AUTHORIZE);
    await user.click(local);
    expect(hardNavigate).toHaveBeenCalledWith(AUTHORIZE);
    expect(sessionStorage.getItem('qy.loginReturn')).toBe('/article-info?permalinks=nejm-1');
  });

  it('offers a retry when the URL cannot be had', async () => {
    jest
      .spyOn(api.wechat, 'authorizeUrl')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ url: AUTHORIZE, state: 's-2' });
    const user = setupUser();
    renderDialogs();
    act(() => openDialog('wechatQrLogin'));
    const dialog = await findDialog('微信登录');
    expect(await within(dialog).findByText('二维码加载失败')).toBeInTheDocument();
    await user.click(button(dialog, '刷新二维码'));
    expect(await within(dialog).findByAltText('微信登录二维码')).toBeInTheDocument();
  });

  it('opens the QR dialog from 用户登录 in an ordinary browser', async () => {
    jest.spyOn(api.wechat, 'authorizeUrl').mockResolvedValue({ url: AUTHORIZE, state: 's-1' });
    const user = setupUser();
    renderDialogs();
    act(() => openLoginDialog());
    const login = await findDialog('用户登录');
    await user.click(button(login, '微信登录'));
    await waitFor(() => expect(qyStore.get(dialogAtom)?.name).toBe('wechatQrLogin'));
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('goes straight to the authorisation URL (iswx=1) inside WeChat’s browser', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 MicroMessenger/8.0.50');
    const authorize = jest.spyOn(api.wechat, 'authorizeUrl').mockResolvedValue({ url: AUTHORIZE, state: 's-3' });
    const user = setupUser();
    renderDialogs();
    act(() => openLoginDialog());
    const login = await findDialog('用户登录');
    await user.click(button(login, '微信登录'));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(AUTHORIZE));
    expect(authorize).toHaveBeenCalledWith({ iswx: 1 });
    expect(sessionStorage.getItem('qy.loginReturn')).toBe('/article-info?permalinks=nejm-1');
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
  });
});
