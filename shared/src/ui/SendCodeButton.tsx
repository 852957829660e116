// The send-code button of §4 in antd's look (useSendCode holds the rules): disabled while sending;
// after a successful send it counts down from 59 s and stays disabled until 0. Used by the login
// dialogs and the personal centre.
import { Button, type ButtonProps } from 'antd';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { CODE_COUNTDOWN_SECONDS } from '@qianyan/shared/core';
import { useSendCode } from './sendCode';

export { SEND_CODE_MSG, sendVerificationCode } from './sendCode';

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

export function SendCodeButton({
  onSend,
  resetKey,
  seconds = CODE_COUNTDOWN_SECONDS,
  ref,
  disabled,
  ...buttonProps
}: SendCodeButtonProps) {
  const { sending, counting, label, send, reset } = useSendCode(onSend, seconds);
  useImperativeHandle(ref, () => ({ reset }), [reset]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reset();
  }, [resetKey, reset]);

  return (
    <Button {...buttonProps} disabled={disabled || counting} loading={sending} onClick={send} aria-live="polite">
      {label}
    </Button>
  );
}
