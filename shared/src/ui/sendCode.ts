// The send-code rules of §4, without any look: disabled while sending; after a successful send a
// countdown from 59 s, read against the clock. SendCodeButton (antd) and PlainSendCodeButton
// (@qianyan/shared/plain) draw it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, CODE_COUNTDOWN_SECONDS, MSG, requestCaptcha, toast, withCaptchaWhenAsked, type CodeType } from '@qianyan/shared/core';

export const SEND_CODE_MSG = {
  send: '获取验证码',
  sending: '发送中',
  /** The label while counting down, e.g. 重新发送(59s). */
  countdown: (seconds: number) => `重新发送(${seconds}s)`,
} as const;

/** Remaining whole seconds until `endsAt` (ms), never below 0. */
function remaining(endsAt: number) {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

/**
 * The state of a send-code button. `onSend` performs the send and resolves `false` when nothing was
 * sent (a rejection also counts as not sent: the API client has said why); anything else starts the
 * countdown. `reset` stops it; a send that finishes after a reset or after the button has gone does
 * not start one.
 */
export function useSendCode(onSend: () => Promise<boolean | void>, seconds: number = CODE_COUNTDOWN_SECONDS) {
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const endsAt = useRef(0);
  const generation = useRef(0);

  const reset = useCallback(() => {
    generation.current += 1;
    endsAt.current = 0;
    setLeft(0);
    setSending(false);
  }, []);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const counting = left > 0;
  useEffect(() => {
    if (!counting) return undefined;
    // Read against the clock, so a throttled background tab still ends on time.
    const timer = setInterval(() => setLeft(remaining(endsAt.current)), 250);
    return () => clearInterval(timer);
  }, [counting]);

  const send = async () => {
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

  const label = counting ? SEND_CODE_MSG.countdown(left) : sending ? SEND_CODE_MSG.sending : SEND_CODE_MSG.send;
  return { sending, counting, label, send, reset };
}

/**
 * Sends a code for `codeType` to a phone (the image captcha is asked first, then base/sendCode) or
 * to an e-mail (base/sendCode2; the captcha only when the server asks for it: an address that has
 * sent many e-mail codes, such as a hospital's). Resolves false when the captcha was cancelled;
 * rejects when the server refuses (it has shown the message). Fits useSendCode's onSend.
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
