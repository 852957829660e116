// The send-code button of §4 without antd (the shared SendCodeButton draws antd's): disabled while
// sending; after a successful send it counts down from 59 s and stays disabled until 0. Give its
// form a new `key` to start over.
import { api, CODE_COUNTDOWN_SECONDS, MSG, requestCaptcha, toast, withCaptchaWhenAsked, type CodeType } from '@qianyan/shared/core';
import { PlainButton } from '@qianyan/shared/plain';
import { useEffect, useRef, useState } from 'react';

export const SEND_CODE_TEXT = {
  send: '获取验证码',
  sending: '发送中',
  countdown: (seconds: number) => `重新发送(${seconds}s)`,
} as const;

const remaining = (endsAt: number) => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

export function PlainSendCodeButton({
  onSend,
  className,
  seconds = CODE_COUNTDOWN_SECONDS,
}: {
  /** Resolves false when nothing was sent; a rejection also counts as not sent (the API client said why). */
  onSend: () => Promise<boolean | void>;
  className?: string;
  seconds?: number;
}) {
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const endsAt = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const counting = left > 0;
  useEffect(() => {
    if (!counting) return undefined;
    // Read against the clock, so a throttled background tab still ends on time.
    const timer = setInterval(() => setLeft(remaining(endsAt.current)), 250);
    return () => clearInterval(timer);
  }, [counting]);

  const click = async () => {
    setSending(true);
    let sent = false;
    try {
      sent = (await onSend()) !== false;
    } catch {
      sent = false;
    }
    if (!mounted.current) return;
    setSending(false);
    if (!sent) return;
    toast.success(MSG.sendSuccess);
    endsAt.current = Date.now() + seconds * 1000;
    setLeft(seconds);
  };

  return (
    <PlainButton size="large" className={className} disabled={counting} loading={sending} onClick={click} aria-live="polite">
      {counting ? SEND_CODE_TEXT.countdown(left) : sending ? SEND_CODE_TEXT.sending : SEND_CODE_TEXT.send}
    </PlainButton>
  );
}

/**
 * Sends a code for `codeType` to a phone (the image captcha first, then base/sendCode) or an e-mail
 * (base/sendCode2; the captcha only when the server asks). False when the captcha was cancelled.
 */
export async function sendVerificationCode(target: { phoneNo: string } | { email: string }, codeType: CodeType): Promise<boolean> {
  if ('phoneNo' in target) {
    const captcha = await requestCaptcha();
    if (!captcha) return false;
    await api.base.sendCode({ phoneNo: target.phoneNo, uuid: captcha.uuid, code: captcha.code, codeType });
    return true;
  }
  const sent = await withCaptchaWhenAsked((captcha) => api.base.sendCode2({ email: target.email, codeType, ...captcha }));
  return sent !== null;
}
