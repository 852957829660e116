import { act, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { api } from '../api';
import { ApiError, CODE_CAPTCHA_REQUIRED } from '../api/http';
import { CODE_TYPE } from '../constants';
import { captchaRequestAtom, resolveCaptcha } from '../session/dialogs';
import { qyStore } from '../session/store';
import { toast } from '../toast';
import { AppProviders } from './AppProviders';
import { SendCodeButton, sendVerificationCode, type SendCodeButtonHandle } from './SendCodeButton';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const button = () => screen.getByRole('button');
const click = async () => {
  await act(async () => {
    button().click();
  });
};

describe('SendCodeButton (§4 send-code button)', () => {
  it('is disabled while sending, says 发送成功, then counts down from 59 s and is disabled until 0', async () => {
    const send = deferred<void>();
    const onSend = jest.fn(() => send.promise);
    render(
      <AppProviders>
        <SendCodeButton onSend={onSend} />
      </AppProviders>,
    );
    expect(button()).toHaveTextContent('获取验证码');
    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button()).toHaveTextContent('发送中');
    expect(button()).toHaveClass('ant-btn-loading');

    await act(async () => send.resolve());
    expect(toast.success).toHaveBeenCalledWith('发送成功');
    expect(button()).toHaveTextContent('重新发送(59s)');
    expect(button()).toBeDisabled();

    await act(async () => jest.advanceTimersByTime(1000));
    expect(button()).toHaveTextContent('重新发送(58s)');
    await act(async () => jest.advanceTimersByTime(57_000));
    expect(button()).toHaveTextContent('重新发送(1s)');
    expect(button()).toBeDisabled();
    await act(async () => jest.advanceTimersByTime(1000));
    expect(button()).toHaveTextContent('获取验证码');
    expect(button()).toBeEnabled();
  });

  it('does not count down when nothing was sent (false) or the send failed', async () => {
    const onSend = jest.fn().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('10029'));
    render(<SendCodeButton onSend={onSend} />);
    await click();
    expect(button()).toHaveTextContent('获取验证码');
    expect(button()).toBeEnabled();
    await click();
    expect(button()).toHaveTextContent('获取验证码');
    expect(button()).toBeEnabled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('resets the countdown when resetKey changes (a tab switch)', async () => {
    function Tabs() {
      const [tab, setTab] = useState('mobile');
      return (
        <>
          <SendCodeButton onSend={async () => undefined} resetKey={tab} />
          <a onClick={() => setTab('email')}>邮箱注册</a>
        </>
      );
    }
    render(<Tabs />);
    await click();
    expect(button()).toHaveTextContent('重新发送(59s)');
    await act(async () => screen.getByText('邮箱注册').click());
    expect(button()).toHaveTextContent('获取验证码');
    expect(button()).toBeEnabled();
  });

  it('resets through its handle, and a send still running at the reset starts no countdown', async () => {
    const ref = createRef<SendCodeButtonHandle>();
    const send = deferred<void>();
    render(<SendCodeButton ref={ref} onSend={() => send.promise} />);
    await click();
    act(() => ref.current?.reset());
    expect(button()).toHaveTextContent('获取验证码');
    await act(async () => send.resolve());
    expect(button()).toHaveTextContent('获取验证码');
    expect(button()).toBeEnabled();
  });

  it('ends on time even when timers were throttled (reads the clock)', async () => {
    render(<SendCodeButton onSend={async () => undefined} />);
    await click();
    // The clock moves 40 s while only one timer tick runs (a background tab).
    await act(async () => {
      jest.setSystemTime(Date.now() + 40_000);
      jest.advanceTimersByTime(250);
    });
    expect(button()).toHaveTextContent('重新发送(19s)');
  });
});

describe('sendVerificationCode', () => {
  it('asks for the image captcha before an SMS and sends its uuid and answer', async () => {
    const sms = jest.spyOn(api.base, 'sendCode').mockResolvedValue(null);
    const pending = sendVerificationCode({ phoneNo: '13900000000' }, CODE_TYPE.register);
    expect(qyStore.get(captchaRequestAtom)).not.toBeNull();
    expect(sms).not.toHaveBeenCalled();
    resolveCaptcha({ uuid: 'u-9', code: '15' });
    await expect(pending).resolves.toBe(true);
    expect(sms).toHaveBeenCalledWith({ phoneNo: '13900000000', uuid: 'u-9', code: '15', codeType: 0 });
  });

  it('sends nothing when the captcha is cancelled', async () => {
    const sms = jest.spyOn(api.base, 'sendCode');
    const pending = sendVerificationCode({ phoneNo: '13900000000' }, CODE_TYPE.reset);
    resolveCaptcha(null);
    await expect(pending).resolves.toBe(false);
    expect(sms).not.toHaveBeenCalled();
  });

  it('sends an e-mail code without a captcha', async () => {
    const mail = jest.spyOn(api.base, 'sendCode2').mockResolvedValue(null);
    await expect(sendVerificationCode({ email: 'a@b.cn' }, CODE_TYPE.login)).resolves.toBe(true);
    expect(mail).toHaveBeenCalledWith({ email: 'a@b.cn', codeType: 3 });
    expect(qyStore.get(captchaRequestAtom)).toBeNull();
  });

  it('asks for the captcha when the server does (a busy shared address) and sends again with its answer', async () => {
    const mail = jest
      .spyOn(api.base, 'sendCode2')
      .mockRejectedValueOnce(new ApiError(CODE_CAPTCHA_REQUIRED, '请输入图片验证码'))
      .mockResolvedValueOnce(null);
    const pending = sendVerificationCode({ email: 'a@b.cn' }, CODE_TYPE.register);
    await act(async () => {});
    expect(qyStore.get(captchaRequestAtom)).not.toBeNull();
    resolveCaptcha({ uuid: 'u-3', code: '7' });
    await expect(pending).resolves.toBe(true);
    expect(mail).toHaveBeenLastCalledWith({ email: 'a@b.cn', codeType: 0, uuid: 'u-3', code: '7' });
  });

  it('sends no e-mail code when that captcha is cancelled', async () => {
    const mail = jest.spyOn(api.base, 'sendCode2').mockRejectedValueOnce(new ApiError(CODE_CAPTCHA_REQUIRED, '请输入图片验证码'));
    const pending = sendVerificationCode({ email: 'a@b.cn' }, CODE_TYPE.register);
    await act(async () => {});
    resolveCaptcha(null);
    await expect(pending).resolves.toBe(false);
    expect(mail).toHaveBeenCalledTimes(1);
  });
});
