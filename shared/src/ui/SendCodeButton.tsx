// The send-code button of §4: disabled while sending; after a successful send it counts down from
// 59 s and stays disabled until 0. Used by registration, the login dialogs and the personal centre.
import { Button, type ButtonProps } from 'antd';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { api, CODE_COUNTDOWN_SECONDS, MSG, requestCaptcha, toast, withCaptchaWhenAsked, type CodeType } from '@qianyan/shared/core';

export const SEND_CODE_MSG = {
  send: '获取验证码',
  sending: '发送中',
  /** The label while counting down, e.g. 重新发送(59s). */
  countdown: (seconds: number) => `重新发送(${seconds}s)`,
} as const;

export interface SendCodeButtonHandle {
  /** Stops the countdown and enables the button again (e.g. on a tab switch). */
  reset: () => void;
}

export interface SendCodeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children' | 'ref'> {
  /**
   * Performs the send: validate, ask for the captcha, call the API. Resolve `false` when nothing
   * was sent (invalid input, captcha cancelled); a rejection also counts as not sent (the API
   * client has already shown its message). Anything else starts the countdown.
   */
  onSend: () => Promise<boolean | void>;
  /** Any change of this value resets the countdown (the tab key, the phone number…). */
  resetKey?: unknown;
  /** Countdown length; the spec's 59 s by default. */
  seconds?: number;
  ref?: Ref<SendCodeButtonHandle>;
}

/** Remaining whole seconds until `endsAt` (ms), never below 0. */
function remaining(endsAt: number) {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

export function SendCodeButton({
  onSend,
  resetKey,
  seconds = CODE_COUNTDOWN_SECONDS,
  ref,
  disabled,
  ...buttonProps
}: SendCodeButtonProps) {
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const endsAt = useRef(0);
  // A send that finishes after a reset (tab switch) must not start a countdown for the old tab.
  const generation = useRef(0);

  const reset = useCallback(() => {
    generation.current += 1;
    endsAt.current = 0;
    setLeft(0);
    setSending(false);
  }, []);
  useImperativeHandle(ref, () => ({ reset }), [reset]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reset();
  }, [resetKey, reset]);

  const counting = left > 0;
  useEffect(() => {
    if (!counting) return undefined;
    // Read against the clock, so a throttled background tab still ends on time.
    const timer = setInterval(() => setLeft(remaining(endsAt.current)), 250);
    return () => clearInterval(timer);
  }, [counting]);

  const click = async () => {
    const gen = generation.current;
    setSending(true);
    let sent = false;
    try {
      sent = (await onSend()) !== false;
    } catch {
      sent = false;
    }
    if (gen !== generation.current) return;
    setSending(false);
    if (!sent) return;
    toast.success(MSG.sendSuccess);
    endsAt.current = Date.now() + seconds * 1000;
    setLeft(seconds);
  };

  return (
    <Button
      {...buttonProps}
      disabled={disabled || counting}
      loading={sending}
      onClick={click}
      aria-live="polite"
    >
      {counting ? SEND_CODE_MSG.countdown(left) : sending ? SEND_CODE_MSG.sending : SEND_CODE_MSG.send}
    </Button>
  );
}

/**
 * Sends a code for `codeType` to a phone (the image captcha is asked first, then base/sendCode) or
 * to an e-mail (base/sendCode2; the captcha only when the server asks for it: an address that has
 * sent many e-mail codes, such as a hospital's). Resolves false when the captcha was cancelled;
 * rejects when the server refuses (it has shown the message). Fits SendCodeButton's onSend.
 */
export async function sendVerificationCode(
  target: { phoneNo: string } | { email: string },
  codeType: CodeType,
): Promise<boolean> {
  if ('phoneNo' in target) {
    const captcha = await requestCaptcha();
    if (!captcha) return false;
    await api.base.sendCode({ phoneNo: target.phoneNo, uuid: captcha.uuid, code: captcha.code, codeType });
    return true;
  }
  const sent = await withCaptchaWhenAsked((captcha) => api.base.sendCode2({ email: target.email, codeType, ...captcha }));
  return sent !== null;
}
