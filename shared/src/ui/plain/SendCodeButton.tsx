// The send-code button of §4 without antd (useSendCode holds the rules; the shared SendCodeButton
// draws antd's). Give its form a new `key` to start over.
import { CODE_COUNTDOWN_SECONDS } from '@qianyan/shared/core';
import { useSendCode } from '../sendCode';
import { PlainButton } from './Button';

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
  const { sending, counting, label, send } = useSendCode(onSend, seconds);
  return (
    <PlainButton size="large" className={className} disabled={counting} loading={sending} onClick={send} aria-live="polite">
      {label}
    </PlainButton>
  );
}
