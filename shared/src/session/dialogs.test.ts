import {
  captchaRequestAtom,
  closeDialog,
  dialogAtom,
  openLoginDialog,
  requestCaptcha,
  resolveCaptcha,
} from './dialogs';
import { qyStore } from './store';

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
