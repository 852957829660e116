import {
  captchaRequestAtom,
  closeDialog,
  dialogAtom,
  isWechatBrowser,
  onLoggedIn,
  openLoginDialog,
  rememberLoginReturn,
  requestCaptcha,
  resolveCaptcha,
  startSession,
  takeLoginReturn,
} from './dialogs';
import { sessionUser } from '../testing';
import { clearSession, getSession, qyStore } from './store';

describe('image captcha request (§2.6 图片验证码)', () => {
  it('opens the captcha and resolves with the answer the dialog gives', async () => {
    const pending = requestCaptcha();
    expect(qyStore.get(captchaRequestAtom)).not.toBeNull();
    resolveCaptcha({ uuid: 'u-1', code: '7' });
    await expect(pending).resolves.toEqual({ uuid: 'u-1', code: '7' });
    expect(qyStore.get(captchaRequestAtom)).toBeNull();
  });

  it('resolves null on cancel, and a newer request cancels an older one', async () => {
    const first = requestCaptcha();
    const second = requestCaptcha();
    await expect(first).resolves.toBeNull();
    resolveCaptcha(null);
    await expect(second).resolves.toBeNull();
    expect(qyStore.get(captchaRequestAtom)).toBeNull();
  });

  it('keeps another open dialog open underneath', async () => {
    openLoginDialog();
    const pending = requestCaptcha();
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    resolveCaptcha(null);
    await pending;
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    closeDialog();
  });
});

describe('messaging-app login helpers', () => {
  it('recognises WeChat’s in-app browser by MicroMessenger', () => {
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50 NetType/WIFI')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Windows NT 10.0) Chrome/130')).toBe(false);
  });

  it('returns once to the page the login started from, else /index', () => {
    window.history.replaceState(null, '', '/article-info?permalinks=x');
    rememberLoginReturn();
    expect(takeLoginReturn()).toBe('/article-info?permalinks=x');
    expect(takeLoginReturn()).toBe('/index');
  });

  it('never returns to another site or to the login pages themselves', () => {
    sessionStorage.setItem('qy.loginReturn', '//evil.example/x');
    expect(takeLoginReturn()).toBe('/index');
    sessionStorage.setItem('qy.loginReturn', 'https://evil.example/x');
    expect(takeLoginReturn()).toBe('/index');
    rememberLoginReturn('/wxloginBindPhone?code=1');
    expect(takeLoginReturn()).toBe('/index');
  });
});

describe('startSession', () => {
  afterEach(() => clearSession());

  it('stores the session before the apps are told of the login', () => {
    const seen: (string | undefined)[] = [];
    const off = onLoggedIn(() => seen.push(getSession()?.token));
    startSession('tok-1', sessionUser({ membername: 'm3' }));
    off();
    expect(seen).toEqual(['tok-1']);
    expect(getSession()?.user.membername).toBe('m3');
  });
});
