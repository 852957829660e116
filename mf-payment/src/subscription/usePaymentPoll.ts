// Polls pay/notifypay every PAYMENT_POLL_MS until the order is paid (spec §4). Stops on unmount,
// when the order is closed or refunded, or when `ordersn` becomes null.
import { api, ApiError, PAYMENT_POLL_MS, type PayStatusReply } from '@qianyan/shared/core';
import { useEffect, useRef } from 'react';

export type PollEnd = { paid: true } | { paid: false; message: string };

export function usePaymentPoll(ordersn: string | null, onEnd: (end: PollEnd) => void) {
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (!ordersn) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        await api.pay.notifypay(ordersn, { silent: true });
        if (!stopped) onEndRef.current({ paid: true });
        return;
      } catch (err) {
        if (stopped) return;
        const reply = err instanceof ApiError ? (err.data as PayStatusReply | undefined) : undefined;
        // 2 closed, 3 refunded: this order will never be paid.
        if (reply?.status === 2 || reply?.status === 3) {
          onEndRef.current({ paid: false, message: reply.msg });
          return;
        }
      }
      if (!stopped) timer = setTimeout(tick, PAYMENT_POLL_MS);
    };
    timer = setTimeout(tick, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [ordersn]);
}

/** After a payment: the session's subscription is refreshed from the server. */
export async function refreshMembership(update: (user: Awaited<ReturnType<typeof api.user.getMemberInfo>>) => void) {
  try {
    update(await api.user.getMemberInfo({ silent: true }));
  } catch {
    /* the next page load reads it again */
  }
}
