// Toasts last 2.5 s and at most 3 show at once (spec §8). They are antd messages, but antd's message
// code is fetched at the first toast, so a page that shows none carries no antd for it (this module
// is part of @qianyan/shared/core, which every page loads).
import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST_MAX_COUNT, TOAST_SECONDS } from './constants';

type Kind = 'success' | 'error' | 'warning' | 'info';

let loading: Promise<MessageInstance> | null = null;

/** antd's message, configured once; every caller waits on the same promise, so toasts keep their order. */
function loadMessage(): Promise<MessageInstance> {
  loading ??= import('antd').then(
    ({ message }) => {
      message.config({ duration: TOAST_SECONDS, maxCount: TOAST_MAX_COUNT, top: 72 });
      return message;
    },
    (err: unknown) => {
      // A failed chunk load (network): the next toast tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}

function show(kind: Kind, text: string) {
  loadMessage().then(
    (message) => void message[kind](text),
    (err: unknown) => console.error('[qy] toast unavailable:', text, err),
  );
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
